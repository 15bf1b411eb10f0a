package explorer

import (
	"github.com/xqtool/xqtool/board"
)

// compareBoards compares two positions' boards point by point from a0
// (a0, b0, … i0, a1, … i9) by piece value (an empty point lowest). With
// --merge-mirrors the canonical side of a position and its mirror is the
// greater: Red's pieces that stand on their home points on the left (as
// Red sees the board) win, so the wing that moved first is Red's right,
// as in the books (炮二平五, not 炮八平五).
func compareBoards(a, b *board.Position) int {
	for sq := board.Square(0); sq < board.Squares; sq++ {
		pa, pb := a.Piece(sq), b.Piece(sq)
		if pa != pb {
			if pa > pb {
				return 1
			}
			return -1
		}
	}
	return 0
}

// line walks a game's moves and names each (position, move) as a row:
// the position's key and board and the move, in the canonical orientation
// when mirrors are merged.
type line struct {
	mirrors bool
	p, mp   board.Position // the game's position, and its mirror
}

func newLine(start board.Position, mirrors bool) (*line, error) {
	l := &line{mirrors: mirrors, p: start}
	if mirrors {
		mp, err := start.Mirror()
		if err != nil {
			return nil, err
		}
		l.mp = mp
	}
	return l, nil
}

// play plays m, which must be legal, and returns the row it makes: the
// position before it and the move, canonical when mirrors are merged.
func (l *line) play(m board.Move) (key uint64, b packedBoard, rm board.Move) {
	if !l.mirrors {
		key, b = l.p.Key(), packBoard(&l.p)
		l.p.MakeMove(m)
		return key, b, m
	}
	c := compareBoards(&l.p, &l.mp)
	mm := m.Mirror()
	switch {
	case c > 0:
		key, b, rm = l.p.Key(), packBoard(&l.p), m
	case c < 0:
		key, b, rm = l.mp.Key(), packBoard(&l.mp), mm
	default:
		key, b = l.p.Key(), packBoard(&l.p)
	}
	l.p.MakeMove(m)
	l.mp.MakeMove(mm)
	if c == 0 {
		// A symmetric position: m and its mirror lead to mirrored
		// positions; the row's move is the one leading to the canonical.
		rm = m
		if compareBoards(&l.p, &l.mp) < 0 {
			rm = mm
		}
	}
	return key, b, rm
}

// canonical returns the canonical orientation of p when mirrors are
// merged (p itself otherwise) and whether it is p's mirror.
func canonical(p board.Position, mirrors bool) (board.Position, bool, error) {
	if !mirrors {
		return p, false, nil
	}
	mp, err := p.Mirror()
	if err != nil {
		return p, false, err
	}
	if compareBoards(&p, &mp) < 0 {
		return mp, true, nil
	}
	return p, false, nil
}
