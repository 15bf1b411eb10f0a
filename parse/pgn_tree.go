// The move tree: the notation decision and the tree built from the tokens.

package parse

import (
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/notation"
)

// finish decides the notation and builds the move tree from the tokens.
func (g *pgnGame) finish() {
	rec := g.rec
	if len(g.tags) > 0 {
		// One allocation of the right size rather than a growing slice.
		rec.Tags = append(make(Tags, 0, len(g.tags)), g.tags...)
	}
	count, rank0, rank10 := g.classCount, g.rank0, g.rank10 // counted by addMove
	format := strings.ToLower(strings.TrimSpace(rec.Tags.Value("Format")))
	best, bestN := notation.Class(0), 0
	for b := 0; b < 4; b++ {
		if count[b] > bestN {
			best, bestN = 1<<b, count[b]
		}
	}
	// The Format tag breaks ties when the tokens agree with it.
	switch {
	case (format == "wxf" || format == "axf") && count[1] == bestN && bestN > 0:
		best = notation.ClassWXF
	case (format == "iccs" || format == "node" || format == "uci") && count[2] == bestN && bestN > 0:
		best = notation.ClassCoord
	case strings.EqualFold(rec.Tags.Value("Variant"), "xiangqi") && count[3] == bestN && bestN > 0:
		best = notation.ClassSAN
	}
	switch best {
	case notation.ClassChinese:
		rec.Notation = NotationChinese
	case notation.ClassWXF:
		rec.Notation = NotationWXF
	case notation.ClassCoord:
		switch {
		case rank10 && !rank0:
			rec.Notation = NotationUCI
		case rank0:
			rec.Notation = NotationICCS
		case format == "uci":
			rec.Notation = NotationUCI
		default:
			rec.Notation = NotationICCS
		}
	case notation.ClassSAN:
		rec.Notation = NotationSAN
	}
	nMoves := 0 // the moves of class best: a move's classes are a bit set
	for b := range count {
		if best == 1<<b {
			nMoves = count[b]
		}
	}
	g.build(best, nMoves)
}

// pgnFrame is a saved position in the tree while a variation is read.
type pgnFrame struct {
	cur, parent *Node
	lastNum     int
	pos         Pos
}

// build turns the tokens into the move tree with an explicit stack. nMoves
// is the number of moves of class: the nodes take one allocation of the
// right size.
func (g *pgnGame) build(class notation.Class, nMoves int) {
	rec := g.rec
	alloc := newNodeAlloc(nMoves, nMoves)
	defer alloc.giveTo(rec)
	cur, parent := &rec.Root, (*Node)(nil)
	var stack []pgnFrame
	var detached *Node // holder for variations with nothing to attach to (allocated when needed)
	// Comments that follow one another are joined at once (a long run of
	// them must not cost quadratic time).
	var comments []string
	var commentNode *Node
	flush := func() {
		if commentNode == nil || len(comments) == 0 {
			comments = comments[:0]
			return
		}
		if commentNode.Comment != "" {
			comments = append([]string{commentNode.Comment}, comments...)
		}
		commentNode.Comment = strings.Join(comments, "\n")
		comments = comments[:0]
	}
	lastNum := 0
	for i := range g.toks {
		t := &g.toks[i]
		switch t.kind {
		case pgnTokMove:
			if t.class&class == 0 {
				if !g.full() {
					g.problem(g.tokPos(t), g.s[t.start:t.end], fmt.Errorf("%w: move in another notation", ErrSyntax))
				}
				continue
			}
			// The node is zeroed: set only the fields that a move has
			// (cheaper than copying a whole Node while the GC runs).
			n := alloc.add(cur)
			n.Text, n.Number, n.Pos = g.text(t), int(t.number), g.tokPos(t)
			if t.mid < t.end {
				// Most moves have no suffix: leaving the field alone
				// saves a pointer write (and its write barrier).
				n.Suffix = g.suffix(t)
			}
			if num := int(t.number); len(stack) == 0 && num > 0 {
				if lastNum > 0 && num != lastNum && num != lastNum+1 {
					g.problem(n.Pos, fmt.Sprint(num), fmt.Errorf("%w: %d after %d", ErrMoveNumber, num, lastNum))
				}
				lastNum = num
			}
			parent, cur = cur, n
		case pgnTokComment:
			if t.start == t.mid {
				continue
			}
			if cur != commentNode {
				flush()
				commentNode = cur
			}
			comments = append(comments, g.text(t))
		case pgnTokNAG:
			if len(cur.Suffix) < 64 {
				cur.Suffix += g.text(t)
			}
		case pgnTokOpen:
			stack = append(stack, pgnFrame{cur: cur, parent: parent, lastNum: lastNum, pos: g.tokPos(t)})
			if parent == nil {
				if !g.full() {
					g.problem(g.tokPos(t), "(", fmt.Errorf("%w: variation before any move", ErrSyntax))
				}
				if detached == nil {
					detached = new(Node)
				}
				detached.Children = nil
				cur, parent = detached, nil
			} else {
				cur, parent = parent, nil
			}
		case pgnTokClose:
			if len(stack) == 0 {
				if !g.full() {
					g.problem(g.tokPos(t), ")", fmt.Errorf("%w: unmatched ')'", ErrSyntax))
				}
				continue
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cur, parent, lastNum = f.cur, f.parent, f.lastNum
		case pgnTokJunk:
			if !g.full() {
				g.problem(g.tokPos(t), g.text(t), fmt.Errorf("%w: unknown token", ErrSyntax))
			}
		}
	}
	flush()
	if len(stack) > 0 {
		g.problem(stack[len(stack)-1].pos, "(", fmt.Errorf("%w: %d unterminated variation(s)", ErrTruncated, len(stack)))
	}
}
