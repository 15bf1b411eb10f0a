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
	pair        pgnPair
	pos         Pos
}

// pgnPair is the numbered pair of moves a line is in: the token of its
// first move (the one its number was written before; -1 when the line has
// had no number) and the moves of the pair read since.
type pgnPair struct {
	first, more int
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
	pair := pgnPair{first: -1}
	// carry is the move number of a dropped word, for the next move, and
	// carryAt the word's token.
	carry, carryAt := 0, 0
	for i := range g.toks {
		t := &g.toks[i]
		switch t.kind {
		case pgnTokWord:
			if !g.inMoveSlot(i, pair, class) {
				if !g.full() {
					g.problem(g.tokPos(t), g.text(t), fmt.Errorf("%w: unknown token", ErrSyntax))
				}
				if t.number > 0 {
					carry, carryAt = int(t.number), i
				}
				continue
			}
			// The word stands where a move should: it becomes a move that
			// cannot be read (replay stops the line there) rather than
			// let the next move be played by the wrong side.
			fallthrough
		case pgnTokMove:
			if t.kind == pgnTokMove && t.class&class == 0 {
				if !g.full() {
					g.problem(g.tokPos(t), g.s[t.start:t.end], fmt.Errorf("%w: move in another notation", ErrSyntax))
				}
				continue
			}
			number := int(t.number)
			switch {
			case number > 0:
				pair = pgnPair{first: i}
			case carry > 0:
				number = carry
				pair = pgnPair{first: carryAt}
			default:
				pair.more++
			}
			carry = 0
			// The node is zeroed: set only the fields that a move has
			// (cheaper than copying a whole Node while the GC runs).
			n := alloc.add(cur)
			n.Text, n.Number, n.Pos = g.text(t), number, g.tokPos(t)
			if t.mid < t.end {
				// Most moves have no suffix: leaving the field alone
				// saves a pointer write (and its write barrier).
				n.Suffix = g.suffix(t)
			}
			if num := number; len(stack) == 0 && num > 0 {
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
			stack = append(stack, pgnFrame{cur: cur, parent: parent, lastNum: lastNum, pair: pair, pos: g.tokPos(t)})
			pair, carry = pgnPair{first: -1}, 0
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
			cur, parent, lastNum, pair, carry = f.cur, f.parent, f.lastNum, f.pair, 0
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

// pgnSlotLook bounds how far inMoveSlot looks for the moves after a word.
const pgnSlotLook = 64

// inMoveSlot reports whether the unknown word g.toks[i] stands where a
// move of the line should be, so that dropping it would shift the sides of
// the moves after it: it is in a numbered pair (right after the number, or
// after the pair's first move) that the moves after it do not fill, and a
// move follows it in the line. pair is the line's current pair; class is
// the game's notation.
func (g *pgnGame) inMoveSlot(i int, pair pgnPair, class notation.Class) bool {
	var before int // moves of the pair before the word
	switch {
	case g.toks[i].number > 0:
		before = g.blackNumber(i)
	case pair.first >= 0:
		before = g.blackNumber(pair.first) + 1 + pair.more
	default:
		return false
	}
	if before > 1 {
		return false
	}
	// The next moves of the line: a numbered one starts the next pair.
	k, numbered := g.nextMove(i+1, class)
	switch {
	case k < 0:
		return false
	case numbered:
		return true
	case before == 1:
		return false // the move after the word fills the pair
	}
	k, numbered = g.nextMove(k+1, class)
	return k < 0 || numbered
}

// blackNumber returns 1 if the move number before token i was written as
// black's ("12...", "12…"): its pair has one move, not two. Else 0.
func (g *pgnGame) blackNumber(i int) int {
	before := strings.TrimRight(g.s[:g.toks[i].start], " \t\r\n\u3000")
	if strings.HasSuffix(before, "..") || strings.HasSuffix(before, "…") || strings.HasSuffix(before, "‥") {
		return 1
	}
	return 0
}

// nextMove returns the index of the next move of the line from token i on
// (a move of class, or an unknown word, at the line's own depth) and
// whether a move number was written before it; -1 when the line ends
// first or the move is more than pgnSlotLook tokens away.
func (g *pgnGame) nextMove(i int, class notation.Class) (int, bool) {
	depth := 0
	for k := i; k < len(g.toks) && k < i+pgnSlotLook; k++ {
		u := &g.toks[k]
		switch u.kind {
		case pgnTokOpen:
			depth++
		case pgnTokClose:
			if depth == 0 {
				return -1, false
			}
			depth--
		case pgnTokMove, pgnTokWord:
			if depth == 0 && (u.kind == pgnTokWord || u.class&class != 0) {
				return k, u.number > 0
			}
		}
	}
	return -1, false
}
