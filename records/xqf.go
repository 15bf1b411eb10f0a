package records

import (
	"errors"
	"io"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// ResolveRecord returns a copy of g's record whose move tree holds
// coordinate moves only (Node.Move set, Node.Text empty), as
// parse.WriteXQF needs: the tree is replayed on the board, each variation
// against its own position. Moves that cannot be played are dropped with
// what follows them in their line, and noted in the comment of the last
// playable move before them ("unplayable: …", as WritePGN does). The FEN
// is the normalized start position, "" for the standard one; the tags
// are the game's (Game.Tags). The copy shares no memory with the record.
func ResolveRecord(g *pipeline.Game) (*parse.Record, error) {
	r := g.Report()
	if r.Record == nil || r.ReadErr != nil {
		return nil, ErrUnreadable
	}
	src := r.Record
	out := &parse.Record{
		Source:   src.Source,
		Index:    src.Index,
		Format:   src.Format,
		Encoding: src.Encoding,
		Notation: parse.NotationCoords,
		Pos:      src.Pos,
		Tags:     cloneTags(g.Tags()),
		FEN:      src.FEN,
		Result:   src.Result,
		Root:     parse.Node{Comment: src.Root.Comment},
	}
	gm := r.Game
	if gm == nil || !gm.HasStart {
		if len(src.Root.Children) > 0 {
			out.Root.Comment = joinComment(out.Root.Comment, unplayablePrefix+restOfLine(src.Root.Children[0]))
		}
		return out, nil
	}
	out.FEN = ""
	if fen := gm.Start.FEN(); fen != board.StartFEN {
		out.FEN = fen
	}
	resolveTree(resolvedMoves(gm.Start, src), &src.Root, &out.Root)
	return out, nil
}

// ErrNoStart is returned by WriteXQF for a game without a usable start
// position (an XQF file always holds one).
var ErrNoStart = errors.New("export: no valid start position")

// WriteXQF writes g as a plain XQF 1.0 file (parse.WriteXQF) after
// resolving its moves with ResolveRecord.
func WriteXQF(w io.Writer, g *pipeline.Game) error {
	rec, err := ResolveRecord(g)
	if err != nil {
		return err
	}
	if gm := g.Replay(); gm == nil || !gm.HasStart {
		return ErrNoStart
	}
	return parse.WriteXQF(w, rec)
}

// cloneTags copies tags, strings included.
func cloneTags(tags parse.Tags) parse.Tags {
	out := make(parse.Tags, len(tags))
	for i, t := range tags {
		out[i] = parse.Tag{Name: strings.Clone(t.Name), Value: strings.Clone(t.Value)}
	}
	return out
}

// joinComment appends a note to a comment.
func joinComment(c, note string) string {
	if c == "" {
		return note
	}
	return c + "\n" + note
}

// resolveTree copies the playable subtree of src under dst, with the
// coordinate moves of moves (resolvedMoves). A main continuation that
// cannot be played ends the line (its alternatives go with it); an
// alternative that cannot be played is dropped. Both are noted in a
// comment.
func resolveTree(moves map[*parse.Node]board.Move, src, dst *parse.Node) {
	type item struct {
		src, dst *parse.Node
	}
	stack := []item{{src, dst}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range it.src.Children {
			m, ok := moves[c]
			if !ok {
				if i == 0 {
					it.dst.Comment = joinComment(it.dst.Comment, unplayablePrefix+restOfLine(c))
					break
				}
				c0 := it.dst.Children[0]
				c0.Comment = joinComment(c0.Comment, badVarPrefix+restOfLine(c))
				continue
			}
			nd := &parse.Node{Move: m, Number: c.Number, Suffix: c.Suffix, Comment: c.Comment, Pos: c.Pos}
			it.dst.Children = append(it.dst.Children, nd)
			if len(c.Children) > 0 {
				stack = append(stack, item{c, nd})
			}
		}
	}
}
