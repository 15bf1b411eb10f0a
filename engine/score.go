package engine

import (
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// Score is an engine's evaluation of a position from the point of view of one
// side (the side to move, as engines print it, unless converted with Red).
//
// A centipawn score has Mate 0 and IsMate false. A mate score has IsMate
// true and Mate > 0 when that side mates in Mate moves (moves, not plies:
// "mate 1" is a mating move now), Mate < 0 when it is mated in -Mate moves.
// Mate 0 with IsMate true means that side has already been mated — in
// xiangqi also stalemated, which loses (困毙); it only appears in Result of a
// position without a legal move, never from an engine's search.
type Score struct {
	CP     int
	Mate   int
	IsMate bool
}

// CP returns a centipawn score.
func CP(cp int) Score { return Score{CP: cp} }

// MateIn returns a mate score: n > 0 mates in n moves, n < 0 is mated in -n
// moves.
func MateIn(n int) Score { return Score{Mate: n, IsMate: true} }

// Neg returns the score from the other side's point of view. A mated-now
// score (IsMate, Mate 0) has no sign to flip: it stays as it is, so callers
// that convert between sides look at Result.Outcome for it.
func (s Score) Neg() Score {
	return Score{CP: -s.CP, Mate: -s.Mate, IsMate: s.IsMate}
}

// Red returns s, given from the point of view of side, from red's point of
// view.
func (s Score) Red(side board.Color) Score {
	if side == board.Black {
		return s.Neg()
	}
	return s
}

// String returns the score as UCI prints it: "cp 28", "mate 3", "mate -2".
func (s Score) String() string {
	if s.IsMate {
		return "mate " + strconv.Itoa(s.Mate)
	}
	return "cp " + strconv.Itoa(s.CP)
}
