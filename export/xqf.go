package export

import (
	"errors"
	"io"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
)

// ResolveRecord returns a copy of r's record whose move tree holds
// coordinate moves only (Node.Move set, Node.Text empty), as
// parse.WriteXQF needs: the tree is replayed on the board, each variation
// against its own position. Moves that cannot be played are dropped with
// what follows them in their line, and noted in the comment of the last
// playable move before them ("unplayable: …", as WritePGN does). The FEN
// is the normalized start position, "" for the standard one.
func ResolveRecord(r *analyze.Report) (*parse.Record, error) {
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
		Tags:     append(parse.Tags(nil), src.Tags...),
		FEN:      src.FEN,
		Result:   src.Result,
		Root:     parse.Node{Comment: src.Root.Comment},
	}
	g := r.Game
	if g == nil || !g.HasStart {
		if len(src.Root.Children) > 0 {
			out.Root.Comment = joinComment(out.Root.Comment, unplayablePrefix+restOfLine(src.Root.Children[0]))
		}
		return out, nil
	}
	out.FEN = ""
	if fen := g.Start.FEN(); fen != standardFEN {
		out.FEN = fen
	}
	resolveTree(resolvedMoves(g.Start, src), &src.Root, &out.Root)
	return out, nil
}

// ErrNoStart is returned by WriteXQF for a game without a usable start
// position (an XQF file always holds one).
var ErrNoStart = errors.New("export: no valid start position")

// WriteXQF writes the game of r as a plain XQF 1.0 file (parse.WriteXQF)
// after resolving its moves with ResolveRecord.
func WriteXQF(w io.Writer, r *analyze.Report) error {
	rec, err := ResolveRecord(r)
	if err != nil {
		return err
	}
	if r.Game == nil || !r.Game.HasStart {
		return ErrNoStart
	}
	return parse.WriteXQF(w, rec)
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
