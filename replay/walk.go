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
	walk(&start, root, 0, 0, start.InCheck(), nt, func(n *parse.Node, ply int, before *board.Position, m board.Move, err error) {
		visit(Step{Node: n, Ply: ply, Before: *before, Move: m, Err: err})
	})
}

// walk is Walk over the children of parent from index first on, whose
// moves are ply plies into the game, from position p, whose side to move
// is in check when inCheck is set (p is not changed). visit is Walk's,
// with the position before the move lent for the call only.
func walk(p *board.Position, parent *parse.Node, first, ply int, inCheck bool, nt parse.Notation,
	visit func(n *parse.Node, ply int, before *board.Position, m board.Move, err error)) {
	type item struct {
		pos     board.Position
		n       *parse.Node // first move of the line
		ply     int         // plies before n
		inCheck bool        // the side to move in pos is in check
	}
	var stack []item
	for _, alt := range parent.Children[first:] {
		stack = append(stack, item{*p, alt, ply, inCheck})
	}
	for len(stack) > 0 {
		it := &stack[len(stack)-1]
		pos, n, k, check := it.pos, it.n, it.ply, it.inCheck
		stack = stack[:len(stack)-1]
		for n != nil {
			m, err := resolveNode(&pos, n, nt, check)
			visit(n, k+1, &pos, m, err)
			if err != nil {
				break
			}
			pos.MakeMove(m)
			// As in Replay: only a start position may have left the
			// side that just moved attacked.
			check = pos.InCheckAfter(m, k == 0)
			if len(n.Children) > 1 {
				// n's children beyond the first are alternatives to
				// n.Children[0], played from the position after n.
				for _, alt := range n.Children[1:] {
					stack = append(stack, item{pos, alt, k + 1, check})
				}
			}
			k++
			if len(n.Children) == 0 {
				break
			}
			n = n.Children[0]
		}
	}
}
