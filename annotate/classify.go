package annotate

import (
	"fmt"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
)

// Flag codes of this package. They join analyze's codes in reports; the
// lead's single table of flag codes will take them over.
const (
	// CodeResultContradicted: the declared result disagrees with a
	// decisive evaluation of the final position (warning when the
	// declared winner is the side the engine sees losing, info when a
	// draw is declared in a decided position).
	CodeResultContradicted = "result_contradicted"
	// CodeSuspectMove: a move throws away a won position and the reply
	// gives it straight back: two blunders in a row, more often a
	// transcription slip than play (warning).
	CodeSuspectMove = "suspect_move"
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
// rows[i] is the position before move i (rows[len-1] the final one).
func (t Thresholds) classify(g *Game, rows []Row, evals []*Eval) []analyze.Flag {
	var flags []analyze.Flag
	for i := 0; i+1 < len(rows); i++ {
		mover := rows[i].Side
		before, ok1 := t.value(evals[i], rows[i].Side, mover)
		after, ok2 := t.value(evals[i+1], rows[i+1].Side, mover)
		if !ok1 || !ok2 {
			continue
		}
		rows[i].Loss, rows[i].HasLoss = before-after, true
		rows[i].Class = t.Class(before - after)
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
		f := analyze.Flag{
			Code: CodeSuspectMove, Ply: i + 1, Side: sideName(mover), Severity: analyze.SevWarning,
			Detail: fmt.Sprintf("ply %d (move %d, %s) %s drops a won position (%+d to %+d for %s) and the reply %s gives it back (%+d): a likely transcription slip",
				i+1, i/2+1, sideName(mover), r.Move, before, after, sideName(mover), reply.Move, back),
		}
		r.Flags = append(r.Flags, f.Code)
		flags = append(flags, f)
	}
	// result_contradicted: a decisive final evaluation against the
	// declared result.
	last := len(rows) - 1
	if winner, ok := t.decisive(evals[last], rows[last].Side); ok {
		var f analyze.Flag
		switch g.Result {
		case "1-0", "0-1":
			declared := board.Red
			if g.Result == "0-1" {
				declared = board.Black
			}
			if declared != winner {
				f = analyze.Flag{Severity: analyze.SevWarning, Detail: fmt.Sprintf("declared %s, but the final position is won for %s (%s)",
					g.Result, sideName(winner), scoreText(evals[last], rows[last].Side))}
			}
		case "1/2-1/2":
			f = analyze.Flag{Severity: analyze.SevInfo, Detail: fmt.Sprintf("declared a draw, but the final position is won for %s (%s)",
				sideName(winner), scoreText(evals[last], rows[last].Side))}
		}
		if f.Severity != "" {
			f.Code, f.Ply = CodeResultContradicted, len(g.Moves)
			rows[last].Flags = append(rows[last].Flags, f.Code)
			flags = append(flags, f)
		}
	}
	return flags
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
