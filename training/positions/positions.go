package positions

import (
	"errors"
	"fmt"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/training"
)

// MateScore is the score of a side to move that is mated now (the
// trainers' VALUE_MATE).
const MateScore = 32000

// Score returns the score of an evaluation row from the side to move (see
// the package documentation), ok false for a row without an evaluation.
func Score(r *annotate.Row) (int, bool) {
	switch {
	case r.HasMate:
		m := r.MateRed
		if r.Side == board.Black {
			m = -m
		}
		switch {
		case m > 0:
			return MateScore - (2*m - 1), true
		case m < 0:
			return -(MateScore + 2*m), true
		}
		return -MateScore, true
	case r.HasCP:
		if r.Side == board.Black {
			return -r.ScoreRedCP, true
		}
		return r.ScoreRedCP, true
	}
	return 0, false
}

// Policy says which move a record carries.
type Policy uint8

// Policies.
const (
	// Played is the move played in the game.
	Played Policy = iota
	// Best is the engine's best move (needs evaluations).
	Best
)

// Cleaning are the position-level filters every format applies.
type Cleaning struct {
	// MinPly and MaxPly keep positions whose ply is in [MinPly, MaxPly]
	// (MaxPly 0: no upper bound).
	MinPly, MaxPly int
	// SkipCheck leaves out positions whose side to move is in check.
	SkipCheck bool
	// SkipCaptureBest leaves out positions whose best move (the engine's)
	// is a capture (needs evaluations).
	SkipCaptureBest bool
	// ScoreClamp limits scores to ±ScoreClamp (0: no limit).
	ScoreClamp int
}

// Skip says why a position is not written.
type Skip uint8

// Reasons a position is left out.
const (
	Written Skip = iota
	PlyRange
	InCheck
	CaptureBest
	NoEval
	NoBest
	Repeated
	numSkips
)

// String names the reason in a summary.
func (s Skip) String() string {
	return [...]string{"written", "outside min/max ply", "in check", "best move a capture", "without evaluation", "without best move", "repeated positions"}[s]
}

// Counts are the positions of the taken games: written, by split, and
// left out, by reason.
type Counts struct {
	Written [3]int
	Left    [numSkips]int
}

// In returns the positions of the taken games.
func (c Counts) In() int {
	n := c.Written[0] + c.Written[1] + c.Written[2]
	for _, v := range c.Left {
		n += v
	}
	return n
}

// Lines returns the counts as summary rows.
func (c Counts) Lines() []training.SummaryLine {
	out := []training.SummaryLine{{Label: "positions in", N: c.In()}}
	for s := training.Train; s <= training.Test; s++ {
		out = append(out, training.SummaryLine{Label: "  written " + s.String(), N: c.Written[s]})
	}
	for r := PlyRange; r < numSkips; r++ {
		if c.Left[r] > 0 {
			out = append(out, training.SummaryLine{Label: "  " + r.String(), N: c.Left[r]})
		}
	}
	return out
}

// Record is one position handed to a format's writer.
type Record struct {
	Game *training.Game
	// Line holds the positions of the game's main line up to this one
	// (Line[Ply] is the position; earlier ones are its history).
	Line []board.Position
	Ply  int
	// Move is the move the record carries (played or best, Options.Policy);
	// Played the move played; Best the engine's best move (NoMove without
	// an evaluation).
	Move, Played, Best board.Move
	// Score from the side to move (0 without evaluations), HasScore when
	// the position was evaluated.
	Score    int
	HasScore bool
	// Result is the game's result from the side to move.
	Result int8
}

// Pos returns the position of the record.
func (r *Record) Pos() *board.Position { return &r.Line[r.Ply] }

// ErrOptions is returned (wrapped) for options that do not go together.
var ErrOptions = errors.New("positions: bad options")

// Check validates the options: what needs evaluations, the bounds.
func (o *Options) Check() error {
	if o.Evals == nil {
		switch {
		case o.Policy == Best:
			return fmt.Errorf("%w: the best move needs evaluations", ErrOptions)
		case o.Clean.SkipCaptureBest:
			return fmt.Errorf("%w: skipping positions whose best move is a capture needs evaluations", ErrOptions)
		}
	}
	if o.Clean.MinPly < 0 || o.Clean.MaxPly < 0 || o.Clean.ScoreClamp < 0 {
		return fmt.Errorf("%w: negative ply bound or clamp", ErrOptions)
	}
	return nil
}
