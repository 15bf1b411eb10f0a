package repair

import (
	"fmt"
	"slices"

	"github.com/xqtool/xqtool/parse"
)

// CommentPrefix starts the comment that says, at every move a repair
// changed, what the record wrote: written PGN and XQF keep it.
const CommentPrefix = "xqtool repair: "

// Record returns a copy of rec with the accepted repairs of res made on
// its main line, for the outputs of a run that applies repairs. Each
// changed move's comment starts with what the record wrote there
// (CommentPrefix, then "written 马二退三 (direction 进/退)"), so that a PGN
// or XQF written from the copy keeps it; a removed move is named in the
// comment of the move before it. Variations stay where they were: those
// of a move taken out move to the move that takes its place, those of the
// move an inserted one goes before stay with that move.
//
// The copy shares no storage with rec (either may be released without
// harm to the other). Record returns nil when res holds no repair.
func Record(rec *parse.Record, res Result) *parse.Record {
	if !res.Repaired() {
		return nil
	}
	out := &parse.Record{
		Source: rec.Source, Index: rec.Index, Format: rec.Format, Encoding: rec.Encoding,
		Notation: rec.Notation, Pos: rec.Pos, Tags: slices.Clone(rec.Tags), FEN: rec.FEN,
		Result: rec.Result, Replaced: rec.Replaced, Problems: slices.Clone(rec.Problems),
	}
	out.Root = copyNode(&rec.Root)
	coords := false
	for _, n := range rec.MainLine() {
		coords = n.Text == ""
		break
	}
	for _, e := range res.Repairs {
		applyTo(out, e, coords)
	}
	return out
}

// copyNode copies a node and its subtree onto the heap.
func copyNode(n *parse.Node) parse.Node {
	c := *n
	if len(n.Children) > 0 {
		c.Children = make([]*parse.Node, len(n.Children))
		for i, k := range n.Children {
			kc := copyNode(k)
			c.Children[i] = &kc
		}
	}
	return c
}

// note2 prepends a repair's note to a comment.
func note2(comment, text string) string {
	if comment == "" {
		return CommentPrefix + text
	}
	return CommentPrefix + text + "\n" + comment
}

// applyTo makes the edit e on the main line of rec (a copy of the
// record); coords tells a binary record, whose moves are coordinates.
func applyTo(rec *parse.Record, e Edit, coords bool) {
	line := rec.MainLine()
	parent := &rec.Root
	if e.Index > 0 {
		parent = line[e.Index-1]
	}
	switch e.Kind {
	case Missing:
		x := &parse.Node{Comment: note2("", "not in the record, inserted (missing ply)"), Children: parent.Children}
		if coords {
			x.Move = e.Move
		} else {
			x.Text = e.Text
		}
		parent.Children = []*parse.Node{x}
	case Extra:
		k := line[e.Index]
		what := fmt.Sprintf("%s written here and removed (extra ply)", e.Written)
		if k.Comment != "" {
			what += ", with its comment: " + k.Comment
		}
		if len(k.Children) == 0 {
			if n := len(parent.Children) - 1; n > 0 {
				what += fmt.Sprintf("; %d variation(s) of it dropped", n)
			}
			parent.Children = nil
		} else {
			kids := []*parse.Node{k.Children[0]}
			kids = append(kids, parent.Children[1:]...)
			kids = append(kids, k.Children[1:]...)
			parent.Children = kids
		}
		if parent.Comment == "" {
			parent.Comment = CommentPrefix + what
		} else {
			parent.Comment += "\n" + CommentPrefix + what
		}
	case Swapped:
		a, b := line[e.Index], line[e.Index+2]
		wa, wb := Written{Text: a.Text, Move: a.Move}, Written{Text: b.Text, Move: b.Move}
		a.Text, a.Move, b.Text, b.Move = wb.Text, wb.Move, wa.Text, wa.Move
		a.Comment = note2(a.Comment, fmt.Sprintf("written %s here (swapped with ply %d)", wa, e.Ply+2))
		b.Comment = note2(b.Comment, fmt.Sprintf("written %s here (swapped with ply %d)", wb, e.Ply))
	default:
		n := line[e.Index]
		if coords {
			n.Move = e.Move
		} else {
			n.Text = e.Text
		}
		n.Comment = note2(n.Comment, fmt.Sprintf("written %s (%s %s)", e.Written, e.Kind, e.Note))
	}
}
