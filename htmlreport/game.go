// Package htmlreport renders the report of a validate run as one
// self-contained HTML page for a person to look at: the run's counts and a
// bar chart of games per flag code, a table of every flagged and
// unreadable game, and for each flagged game (up to a limit) its tags, its
// flags, its main line in the record's own notation and in Chinese
// notation, and a board diagram (package svgboard) of the position before
// the flagged move, with the move drawn as an arrow (the moves of a
// repetition cycle as numbered arrows).
//
// The table starts with the worst games (by the worst severity of their
// flags, an unreadable game counting as an error), sorts by any column,
// filters by severity, code and text, pages through any number of rows,
// and downloads the rows shown as CSV. Sources are shown after the
// directory they all share, which the page names once (each row's whole
// path is its tooltip and is in the CSV).
//
// Words: a flag says where it is once ("at ply 3 (move 2, Red)", counted
// from the start position), its code's meaning is the code's tooltip, and
// a repetition verdict is told in plain language: which side, which of its
// pieces attack which enemy piece (the pieces that could capture a chased
// piece after the chasing moves, found by replaying), over which plies,
// under which rules, and what follows; the analyzer's detail stays as the
// flag's tooltip. A game's title leaves out empty players, event and
// date, and empty tags are not listed.
//
// The page needs nothing outside itself: inline CSS, inline SVG, the
// board font as data: URLs (svgboard.FontFaceCSS) and a little inline
// script for the table (without script the page says so). It has no
// horizontal scroll at phone widths. It is built from Game values, which
// are the lines of a validate --report file written with --with-moves, so
// a saved report renders the same page as the run that wrote it; from a
// report written without --with-moves the page lists and describes the
// games but says that it has no moves to draw diagrams from. Games are
// added in input order to a Builder, which keeps every table row but the
// details of only the games that may get a diagram, so memory stays
// bounded for any run.
package htmlreport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/replay"
)

// Game is what the page shows of one game: the fields of a validate
// --report line that it uses.
type Game struct {
	Source string            `json:"source"`
	Index  int               `json:"index"`
	Format string            `json:"format"`
	Tags   map[string]string `json:"tags"`
	// FEN is the start position (as replayed: a relaxed position for an
	// invalid start).
	FEN string `json:"fen"`
	// Moves is the valid main-line prefix in ICCS; Line the whole main
	// line as written in the record, when that differs from Moves.
	Moves []string `json:"moves"`
	Line  []string `json:"line,omitempty"`
	// Tried lists, in ICCS, the moves the first main-line move that could
	// not be played may have meant (the illegal move of the shape it
	// describes, or the candidates of an ambiguous one).
	Tried   []string       `json:"tried,omitempty"`
	Result  string         `json:"result"`
	Status  analyze.Status `json:"status"`
	Rules   string         `json:"rules,omitempty"`
	Flags   []analyze.Flag `json:"flags"`
	Classes []Class        `json:"classes,omitempty"`
	Cycles  []Cycle        `json:"cycles,omitempty"`
}

// Class is one classified move of a judged repetition cycle (a "classes"
// entry of the report line).
type Class struct {
	Ply    int      `json:"ply"`
	Move   string   `json:"move"`
	Side   string   `json:"side"`
	Class  string   `json:"class"`
	Chased []string `json:"chased,omitempty"`
}

// Cycle is the span of a judged repetition cycle: the ply of its verdict
// (the ply of its flag) and the first and last ply of the cycle.
type Cycle struct {
	Ply   int `json:"ply"`
	First int `json:"first"`
	Last  int `json:"last"`
}

// Cycles returns the spans of the verdicts, in order.
func Cycles(vs []*analyze.Verdict) []Cycle {
	var out []Cycle
	for _, v := range vs {
		out = append(out, Cycle{Ply: v.Ply, First: v.Cycle[0], Last: v.Cycle[1]})
	}
	return out
}

// TriedMoves returns the moves that the first main-line move of g that
// could not be played may have meant: the move of a coordinate record,
// the moves of the shape a text describes that were found illegal, or the
// legal candidates of an ambiguous text. It is empty when the whole line
// was played or when no piece fits the text.
func TriedMoves(g *replay.Game) []board.Move {
	if g == nil || g.Fail == nil {
		return nil
	}
	f := g.Fail
	var out []board.Move
	add := func(m board.Move) {
		if m == board.NoMove || !m.From().Valid() || !m.To().Valid() {
			return
		}
		for _, x := range out {
			if x == m {
				return
			}
		}
		out = append(out, m)
	}
	if f.Node != nil {
		add(f.Node.Move)
	}
	var ne *notation.Error
	if errors.As(f.Err, &ne) {
		for _, m := range ne.Candidates {
			add(m)
		}
	}
	var me *board.MoveError
	if errors.As(f.Err, &me) {
		add(me.Move)
	}
	return out
}

// WrittenLine returns the main line of g as written in the record (the
// move text, or ICCS for coordinate records), and whether it says more
// than the ICCS of the valid prefix (a report line carries it only then).
func WrittenLine(g *replay.Game) ([]string, bool) {
	if g == nil {
		return nil, false
	}
	out := make([]string, len(g.Line))
	differs := len(g.Line) != len(g.Plies)
	for i, n := range g.Line {
		s := n.Text
		if s == "" {
			s = n.Move.String()
		}
		out[i] = s
		if !differs && s != g.Plies[i].Move.String() {
			differs = true
		}
	}
	return out, differs
}

// ReadGames reads a validate --report file (one JSON object per line) and
// calls fn with each game in order. A line that is not a game object is
// an error naming the line; blank lines and the lines of input files
// that gave no game (they carry a "kind") are skipped.
func ReadGames(r io.Reader, fn func(*Game) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	for line := 1; ; line++ {
		b, err := br.ReadBytes('\n')
		if len(b) > 0 && !blank(b) && !fileLine(b) {
			var g Game
			if jerr := json.Unmarshal(b, &g); jerr != nil {
				return &LineError{Line: line, Err: jerr}
			}
			if g.Source == "" && g.Status == "" {
				return &LineError{Line: line, Err: ErrNotReport}
			}
			if ferr := fn(&g); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// fileLine reports whether a report line describes an input file (it
// has a "kind", such as the "file" lines of files that gave no game)
// rather than a game.
func fileLine(b []byte) bool {
	if !bytes.Contains(b, []byte(`"kind"`)) {
		return false
	}
	var k struct {
		Kind string `json:"kind"`
	}
	return json.Unmarshal(b, &k) == nil && k.Kind != ""
}

// ErrNotReport means a line is JSON but not a report line.
var ErrNotReport = errors.New("not a report line (no source and no status)")

// LineError is a report line that could not be read.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}
