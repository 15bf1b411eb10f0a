package annotate

import (
	"errors"
	"fmt"
	"io"

	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/records"
)

// FindEvalsAll returns the evals tables under each of paths (files or
// directories, see FindEvals), in order.
func FindEvalsAll(paths []string) ([]string, error) {
	var tables []string
	for _, p := range paths {
		t, err := FindEvals(p)
		if err != nil {
			return nil, err
		}
		tables = append(tables, t...)
	}
	return tables, nil
}

// GameNotes gives the PGN sink the notes of each game from evals tables
// (convert --evals: records.PGNSink.Notes) and counts the games with
// evaluations, without, and with evaluations of other positions.
type GameNotes struct {
	ev                      *Evals
	notation                records.Notation
	with, without, mismatch int
	firstMismatch           string
}

// NewGameNotes returns the notes of the games in ev, their moves written
// in notation n; closing them closes ev.
func NewGameNotes(ev *Evals, n records.Notation) *GameNotes {
	return &GameNotes{ev: ev, notation: n}
}

// Notes returns the notes of g (none when ev has no rows of g, or rows
// of other positions: those are counted and the game written without).
func (e *GameNotes) Notes(g *pipeline.Game) ([]records.PlyNote, error) {
	rows, ok, err := e.ev.Rows(g.ID())
	if err != nil || !ok {
		e.without++
		return nil, err
	}
	notes, err := PGNNotes(g, rows, e.notation)
	if errors.Is(err, ErrRowsMismatch) {
		e.mismatch++
		if e.firstMismatch == "" {
			e.firstMismatch = fmt.Sprintf("%s#%d: %v", g.Source(), g.Index()+1, err)
		}
		return nil, nil
	}
	e.with++
	return notes, err
}

// Close closes the evals tables.
func (e *GameNotes) Close() error { return e.ev.Close() }

// WriteSummary writes, on one line, how many games got evaluations.
func (e *GameNotes) WriteSummary(w io.Writer) {
	fmt.Fprintf(w, "%d game(s) with evaluations, %d without", e.with, e.without)
	if e.mismatch > 0 {
		fmt.Fprintf(w, ", %d whose evaluations are of other positions (first: %s)", e.mismatch, e.firstMismatch)
	}
	fmt.Fprintln(w)
}
