package annotate

import (
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
)

// Move classes.
const (
	ClassInaccuracy = "inaccuracy"
	ClassMistake    = "mistake"
	ClassBlunder    = "blunder"
)

// Thresholds are the centipawn bounds of the move classes and flags. All
// are from the point of view of the side that moved.
type Thresholds struct {
	// Clamp bounds every evaluation before differences are taken: a score
	// beyond it, and every mate, counts as ±Clamp. A move from +1500 to
	// +1100 loses nothing that matters, and a slower mate is no blunder.
	Clamp int
	// Inaccuracy, Mistake and Blunder are the least loss of each class.
	Inaccuracy, Mistake, Blunder int
	// Won is the least evaluation of a won position (suspect_move).
	Won int
	// Decisive is the least final evaluation that decides the game
	// (result_contradicted); a mate score always does.
	Decisive int
}

// DefaultThresholds are the defaults (README, "Engine annotation").
var DefaultThresholds = Thresholds{Clamp: 1000, Inaccuracy: 50, Mistake: 100, Blunder: 300, Won: 500, Decisive: 1000}

// Class returns the class of a move that lost loss centipawns ("" below
// Inaccuracy).
func (t Thresholds) Class(loss int) string {
	switch {
	case loss >= t.Blunder:
		return ClassBlunder
	case loss >= t.Mistake:
		return ClassMistake
	case loss >= t.Inaccuracy:
		return ClassInaccuracy
	}
	return ""
}

// value returns e's evaluation from c's point of view, clamped; ok is false
// when e holds none.
func (t Thresholds) value(e *Eval, side, c board.Color) (int, bool) {
	if e == nil || !e.Evaluated() {
		return 0, false
	}
	var v int
	switch {
	case e.Outcome != board.Ongoing:
		v = -t.Clamp // the side to move has lost
	case e.Score.IsMate && e.Score.Mate > 0:
		v = t.Clamp
	case e.Score.IsMate:
		v = -t.Clamp
	default:
		v = max(-t.Clamp, min(t.Clamp, e.Score.CP))
	}
	if side != c {
		v = -v
	}
	return v, true
}

// decisive returns the side a final evaluation decides the game for.
func (t Thresholds) decisive(e *Eval, side board.Color) (board.Color, bool) {
	if e == nil || !e.Evaluated() || e.Outcome != board.Ongoing {
		return 0, false
	}
	other := side ^ 1
	switch {
	case e.Score.IsMate && e.Score.Mate > 0, !e.Score.IsMate && e.Score.CP >= t.Decisive:
		return side, true
	case e.Score.IsMate, e.Score.CP <= -t.Decisive:
		return other, true
	}
	return 0, false
}

// classify fills the rows' losses and classes and returns the game's flags.
// rows[i] is the position before move i (rows[len-1] the final one, unless
// the game was cut short).
func (t Thresholds) classify(g *Game, rows []Row, evals []*Eval, cut bool) []flags.Flag {
	var out []flags.Flag
	for i := 0; i+1 < len(rows); i++ {
		mover := rows[i].Side
		before, ok1 := t.value(evals[i], rows[i].Side, mover)
		after, ok2 := t.value(evals[i+1], rows[i+1].Side, mover)
		if !ok1 || !ok2 {
			continue
		}
		loss := before - after
		if loss > 0 && rows[i].Move == evals[i].Best {
			// The engine's own best move: a drop is the horizon of
			// searches made position by position, not the move's fault.
			loss = 0
		}
		rows[i].Loss, rows[i].HasLoss = loss, true
		rows[i].Class = t.Class(loss)
	}
	// suspect_move: move i (by S) drops S's won position by a blunder, and
	// the reply i+1 (by the other side) gives it back.
	for i := 0; i+2 < len(rows); i++ {
		r, reply := &rows[i], &rows[i+1]
		if !r.HasLoss || !reply.HasLoss || r.Loss < t.Blunder || reply.Loss < t.Blunder {
			continue
		}
		mover := r.Side
		before, _ := t.value(evals[i], rows[i].Side, mover)
		after, _ := t.value(evals[i+1], rows[i+1].Side, mover)
		back, _ := t.value(evals[i+2], rows[i+2].Side, mover)
		if before < t.Won || after >= t.Won || back < t.Won {
			continue
		}
		f := flags.New(flags.SuspectMove, i+1, sideName(mover),
			fmt.Sprintf("%s drops a won position (%+d to %+d cp for %s) and the reply %s gives it back (%+d): a likely transcription slip",
				r.Move, before, after, sideName(mover), reply.Move, back))
		r.Flags = append(r.Flags, string(f.Code))
		out = append(out, f)
	}
	// result_contradicted, draw_contradicted: a decisive final evaluation
	// against the declared result (not for a game cut short by MaxPly:
	// its last row is not its final position).
	last := len(rows) - 1
	winner, ok := t.decisive(evals[last], rows[last].Side)
	if !ok || cut {
		return out
	}
	var f flags.Flag
	switch g.Result {
	case "1-0", "0-1":
		declared := board.Red
		if g.Result == "0-1" {
			declared = board.Black
		}
		if declared == winner {
			return out
		}
		f = flags.New(flags.ResultContradicted, len(g.Moves), "", fmt.Sprintf("declared %s, but the final position is won for %s (%s)",
			g.Result, sideName(winner), scoreText(evals[last], rows[last].Side)))
	case "1/2-1/2":
		f = flags.New(flags.DrawContradicted, len(g.Moves), "", fmt.Sprintf("declared a draw, but the final position is won for %s (%s)",
			sideName(winner), scoreText(evals[last], rows[last].Side)))
	default:
		return out
	}
	rows[last].Flags = append(rows[last].Flags, string(f.Code))
	return append(out, f)
}

// scoreText writes an evaluation from red's point of view, as the table
// stores it.
func scoreText(e *Eval, side board.Color) string {
	s := e.Score.Red(side)
	if s.IsMate {
		if s.Mate > 0 {
			return fmt.Sprintf("red mates in %d", s.Mate)
		}
		return fmt.Sprintf("black mates in %d", -s.Mate)
	}
	return fmt.Sprintf("%+d cp for red", s.CP)
}
