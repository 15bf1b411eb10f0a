package training

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/pipeline"
)

// Options are what a run that writes training data asks for (xqtool
// export --training): which games, the split, the mirror. The key of the
// split groups is the run's own duplicate MinPlies (--dup-min-plies,
// pipeline.Info.Duplicates), so that the groups contain every copy the run
// finds.
type Options struct {
	// Filter selects the games (the zero value: the default set).
	Filter Filter
	// Proportions of train, valid and test (the zero value:
	// DefaultProportions).
	Proportions Proportions
	// Seed of the split (--split-seed).
	Seed uint64
	// Mirror adds the left-right mirror of every game (--mirror).
	Mirror bool
}

// Splitter returns the splitter of the options.
func (o Options) Splitter() Splitter {
	p := o.Proportions
	if p == (Proportions{}) {
		p = DefaultProportions
	}
	return NewSplitter(p, o.Seed)
}

// Reason says why a game is, or is not, in the training data: Taken, or
// the first reason in this order that leaves it out.
type Reason uint8

// Reasons.
const (
	// Taken: the game is in the training data.
	Taken Reason = iota
	// HasErrors: the game has an error flag (Filter.WithErrors keeps it).
	HasErrors
	// IsCopy: the game is a copy of its cluster's kept copy
	// (Filter.WithCopies keeps it).
	IsCopy
	// NoMoves: the game has no move (nothing to train on).
	NoMoves
	// TooShort: the main line is shorter than Filter.MinPlies.
	TooShort
	// UnknownResult: the result is unknown (Filter.RequireResult; the
	// alphazero-csv files always leave such games out, see ErrNoResultCSV).
	UnknownResult
	// NotStandardStart: alphazero-csv only (ErrNotStandardStart).
	NotStandardStart
	// UnreadableMove: alphazero-csv only (ErrUnreadableMove).
	UnreadableMove

	numReasons
)

// String returns how a summary names the reason (at most 22 characters).
func (r Reason) String() string {
	switch r {
	case Taken:
		return "taken"
	case HasErrors:
		return "with an error flag"
	case IsCopy:
		return "copies"
	case NoMoves:
		return "without moves"
	case TooShort:
		return "shorter than min-plies"
	case UnknownResult:
		return "result unknown"
	case NotStandardStart:
		return "non-standard start"
	case UnreadableMove:
		return "misread by the learner"
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// reasonOf returns the reason of an error of AlphaZeroWriter.Write, ok
// false for any other error (an I/O error).
func reasonOf(err error) (Reason, bool) {
	for _, e := range []struct {
		err error
		r   Reason
	}{{ErrNotStandardStart, NotStandardStart}, {ErrNoResultCSV, UnknownResult}, {ErrUnreadableMove, UnreadableMove}, {ErrNoMoves, NoMoves}} {
		if errors.Is(err, e.err) {
			return e.r, true
		}
	}
	return 0, false
}

// Counts are what a run wrote as training data: the games taken, by
// split, and the games left out, by reason; and the mirrors written
// (--mirror), and those left out (alphazero-csv only: a mirror with a move
// the learner misreads, see AlphaZeroSink).
type Counts struct {
	Split       [3]int
	Left        [numReasons]int
	Mirrored    int
	MirrorsLeft int
}

// Add counts one game: taken into split s, or left out for r.
func (c *Counts) Add(r Reason, s Split) {
	if r == Taken {
		c.Split[s]++
		return
	}
	c.Left[r]++
}

// Taken returns the number of games taken.
func (c *Counts) Taken() int { return c.Split[0] + c.Split[1] + c.Split[2] }

// LeftOut returns the number of games left out.
func (c *Counts) LeftOut() int {
	n := 0
	for _, v := range c.Left {
		n += v
	}
	return n
}

// Lines returns the counts as the rows of a summary table: a label (sub
// rows indented by two spaces) and a number; reasons that left no game
// out are not listed.
func (c *Counts) Lines() []SummaryLine {
	out := []SummaryLine{{"training games", c.Taken()}}
	for s := Train; s <= Test; s++ {
		out = append(out, SummaryLine{"  " + s.String(), c.Split[s]})
	}
	if c.Mirrored > 0 || c.MirrorsLeft > 0 {
		out = append(out, SummaryLine{"  mirrored", c.Mirrored})
	}
	if c.MirrorsLeft > 0 {
		out = append(out, SummaryLine{"  mirrors left out", c.MirrorsLeft})
	}
	out = append(out, SummaryLine{"left out (training)", c.LeftOut()})
	for r := HasErrors; r < numReasons; r++ {
		if c.Left[r] > 0 {
			out = append(out, SummaryLine{"  " + r.String(), c.Left[r]})
		}
	}
	return out
}

// SummaryLine is one row of Counts.Lines.
type SummaryLine struct {
	Label string
	N     int
}

// WriteSummary writes summary rows (Counts.Lines, the positions' counts)
// as the rows of xqtool's summary tables.
func WriteSummary(w io.Writer, lines []SummaryLine) {
	for _, l := range lines {
		fmt.Fprintf(w, "%-24s %10d\n", l.Label, l.N)
	}
}

// GameOf copies what the training data needs of a game of the pipeline
// into dst (reusing its moves): its id, start position, main line, result
// (the one the final position decides, else the declared one) and Clean
// from its own flags. Kept is set true: only the verdicts can say
// otherwise (Dup.Kind), and Clean may still turn false with their flags.
// A game without a start position has no moves.
func GameOf(g *pipeline.Game, dst *Game) {
	r := g.Report()
	*dst = Game{ID: g.ID(), Moves: dst.Moves[:0], Clean: g.Status() != analyze.StatusError, Kept: true}
	res := r.ResultByPosition
	if res == "" {
		res = r.Declared()
	}
	dst.Result = ParseResult(strings.TrimSpace(res))
	if gm := g.Replay(); gm != nil && gm.HasStart {
		dst.Start = gm.Start
		for _, p := range gm.Plies {
			dst.Moves = append(dst.Moves, p.Move)
		}
	}
}

// Verdict completes a game copied by GameOf with its duplicate verdict:
// Kept, and Clean from the game's final state.
func Verdict(g *Game, d pipeline.Dup) {
	g.Kept = d.Kind == dedupe.None
	g.Clean = d.State != analyze.StatusError
}
