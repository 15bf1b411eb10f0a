package replay

import (
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
)

// Step is one move of a record's tree met by Walk.
type Step struct {
	Node   *parse.Node
	Ply    int            // 1-based ply of the move from the start position
	Before board.Position // the position the move is played from
	Move   board.Move     // the move, when Err is nil
	Err    error          // why the move cannot be played (as ResolveNode)
}

// Walk resolves every move of the tree under root, whose children are
// moves from start, in the record's notation nt, and calls visit for each
// with its position. It owns the rule for moves that cannot be played: such
// a move is visited with its error and ends its line (nothing under it is
// walked), while its alternatives are walked all the same, each from the
// position before it. The lines that branch at one node are walked last
// first, each to its end before the lines that branch off it.
func Walk(start board.Position, root *parse.Node, nt parse.Notation, visit func(s Step)) {
	walk(start, root, 0, 0, nt, visit)
}

// walk is Walk over the children of parent from index first on, whose
// moves are ply plies into the game.
func walk(p board.Position, parent *parse.Node, first, ply int, nt parse.Notation, visit func(s Step)) {
	type item struct {
		pos board.Position
		n   *parse.Node // first move of the line
		ply int         // plies before n
	}
	var stack []item
	for _, alt := range parent.Children[first:] {
		stack = append(stack, item{p, alt, ply})
	}
	var s Step
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pos := it.pos
		n := it.n
		k := it.ply
		for n != nil {
			m, err := ResolveNode(&pos, n, nt)
			s = Step{Node: n, Ply: k + 1, Before: pos, Move: m, Err: err}
			visit(s)
			if err != nil {
				break
			}
			if len(n.Children) > 1 {
				// n's children beyond the first are alternatives to
				// n.Children[0], played from the position after n.
				after := pos
				after.MakeMove(m)
				for _, alt := range n.Children[1:] {
					stack = append(stack, item{after, alt, k + 1})
				}
			}
			pos.MakeMove(m)
			k++
			if len(n.Children) == 0 {
				break
			}
			n = n.Children[0]
		}
	}
}
