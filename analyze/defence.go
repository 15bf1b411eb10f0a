package analyze

import (
	"errors"

	"github.com/xqtool/xqtool/board"
)

// This file holds the two readings of the chase rules that decide whether
// a defence counts: protection judged as if a check were answered, and
// the block (拦) exemption for interpositions.

// clsSquares is a set of squares as a 90-bit mask.
type clsSquares [2]uint64

func (s *clsSquares) add(sq board.Square) { s[sq>>6] |= 1 << (uint(sq) & 63) }

// subsetOf reports whether every square of s is in t.
func (s clsSquares) subsetOf(t clsSquares) bool {
	return s[0]&^t[0] == 0 && s[1]&^t[1] == 0
}

// clsCheckers returns the pieces of the side to move in p that attack the
// other side's king: each could capture it if it were an ordinary piece
// (a capture that would expose the attacker's own king still counts).
func clsCheckers(p *board.Position) clsSquares {
	var set clsSquares
	us := p.Side()
	k := p.King(us.Other())
	for sq := board.Square(0); sq < board.Squares; sq++ {
		pc := p.Piece(sq)
		if pc.IsEmpty() || pc.Color() != us || pc.Kind() == board.King {
			continue
		}
		if clsPseudo(p, board.NewMove(sq, k)) {
			set.add(sq)
		}
	}
	return set
}

// clsLegalAside reports whether the move r of the side to move in p, which
// is in check, is legal once that check is set aside: as if the check had
// been answered first. old is the set of the enemy pieces whose checks are
// set aside (the checks that stood before the capture r answers). r then
// counts unless it is illegal for a reason of its own: a path that is
// blocked, a king that steps onto an attacked point, the kings left facing,
// or a new attack on the king that r opens (a pinned piece leaving its
// line, a horse's leg or a cannon's screen taken away). The cycles that
// WXF rules 9, 13 and 32 allow ("one check, one idle", "one check, one
// threat") need protection judged this way: a check does not make a
// protected piece unprotected.
func clsLegalAside(p *board.Position, r board.Move, old clsSquares) bool {
	err := p.CheckMove(r)
	if err == nil {
		return true
	}
	if !errors.Is(err, board.ErrSelfCheck) || p.Piece(r.From()).Kind() == board.King {
		return false
	}
	d := *p
	d.MakeMove(r)
	return clsCheckers(&d).subsetOf(old)
}

// clsRecaptureAside reports whether, after the capture mv in p, the
// victim's side — in check — has a recapture on the capture square that is
// legal once the checks standing in p are set aside (clsLegalAside).
// c is p after mv.
func clsRecaptureAside(p, c *board.Position, mv board.Move) bool {
	old := clsCheckers(p)
	to := mv.To()
	them := c.Side()
	for sq := board.Square(0); sq < board.Squares; sq++ {
		pc := c.Piece(sq)
		if pc.IsEmpty() || pc.Color() != them || pc.Kind() == board.King {
			continue // the king's recaptures were judged as they are
		}
		if r := board.NewMove(sq, to); clsPseudo(c, r) && clsLegalAside(c, r, old) {
			return true
		}
	}
	return false
}

// clsInterposes reports whether the move m, played from before (after is
// the position it leads to), interposes against an enemy attack on one of
// the mover's own pieces: an enemy piece could capture it before m, and m
// lands on the path of that capture (between a rook or cannon and its
// target, on a horse's leg or an elephant's eye) and blocks it. Only such a
// move earns the block exemption (拦, 28.7: a block "without attacking
// effect"): it stands where it stands to defend, and a defender of the
// enemy's that it cuts off does not make a new chase. A move whose only effect on the line is to cut a
// defender off (the pawn of the book's "Example of Perpetual Chase",
// shuttling so that a rook's target stays unprotected) does make one.
func clsInterposes(before, after *board.Position, m board.Move) bool {
	nb, ok := before.Pass()
	if !ok {
		return false
	}
	us := before.Side()
	to := m.To()
	for e := board.Square(0); e < board.Squares; e++ {
		pe := nb.Piece(e)
		if pe.IsEmpty() || pe.Color() == us {
			continue
		}
		switch pe.Kind() {
		case board.Rook, board.Cannon, board.Knight, board.Bishop:
		default:
			continue // no path to block
		}
		for t := board.Square(0); t < board.Squares; t++ {
			pt := nb.Piece(t)
			if pt.IsEmpty() || pt.Color() != us || t == m.From() {
				continue
			}
			cap := board.NewMove(e, t)
			if !clsOnPath(pe.Kind(), cap, to) || !clsPseudo(&nb, cap) {
				continue
			}
			if !clsPseudo(after, cap) {
				return true // blocked: the rest of the path is unchanged
			}
		}
	}
	return false
}

// clsPseudo reports whether m follows the moving piece's rules in p (leg,
// eye, screen, path, palace, river), whether or not it exposes the mover's
// king. It does not allocate: only a piece whose geometry can reach the
// target has its moves generated.
func clsPseudo(p *board.Position, m board.Move) bool {
	from, to := m.From(), m.To()
	pc := p.Piece(from)
	if pc.IsEmpty() || pc.Color() != p.Side() {
		return false
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	adf, adr := max(df, -df), max(dr, -dr)
	switch pc.Kind() {
	case board.Rook, board.Cannon:
		if df != 0 && dr != 0 {
			return false
		}
	case board.Knight:
		if adf*adr != 2 {
			return false
		}
	case board.Bishop:
		if adf != 2 || adr != 2 {
			return false
		}
	case board.Advisor:
		if adf != 1 || adr != 1 {
			return false
		}
	default: // king, pawn
		if adf+adr != 1 {
			return false
		}
	}
	var buf [32]board.Move
	for _, g := range p.AppendPseudoMovesFrom(buf[:0], from) {
		if g == m {
			return true
		}
	}
	return false
}
