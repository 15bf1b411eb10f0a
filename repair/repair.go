package repair

import (
	"math"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// The flag a repaired game carries (the lead's table of flag codes will
// take it over): the detail (Edit.Detail) says what was written, what
// replaced it and the kind of edit.
const (
	FlagCode     = "repaired"
	FlagSeverity = "warning"
)

// Kind is the kind of a slip, that is of the edit that undoes it.
type Kind uint8

// The kinds of edits, in the order candidates are listed and an edit is
// named when several give the same repaired line. Package doc: why each
// is a real slip.
const (
	Direction Kind = iota + 1 // 进/退/平 (WXF + - .) confused
	Number                    // a file or step numeral off by one (二 for 三)
	Mirror                    // files counted from the other side (二 for 八)
	Qualifier                 // 前/中/后 confused, or a tandem form for a plain one and back
	Piece                     // another piece named (车 for 马, 士 for 象)
	Glyph                     // a character that is not notation (近 for 进), or one left out or doubled
	Character                 // one character of an ICCS or WXF move
	Swapped                   // two moves of one side written in the wrong order
	Missing                   // a ply left out
	Extra                     // a ply that does not belong (a move written twice)
	// Other is no slip: another legal move at the place of an edit that
	// makes the rest of the line replay as well, which refutes the edit.
	Other
	numKinds
)

var kindNames = [numKinds]string{"", "direction", "number", "mirror", "qualifier", "piece", "glyph", "character", "swapped", "missing", "extra", "other"}

// String returns the kind's name as flags and reports write it.
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "kind?"
}

// Kinds is a set of edit kinds.
type Kinds uint16

// AllKinds holds every kind.
const AllKinds Kinds = 1<<Other - 2

// Has reports whether k is in s.
func (s Kinds) Has(k Kind) bool { return s&(1<<k) != 0 }

// KindsOf returns the set of the kinds given.
func KindsOf(kinds ...Kind) Kinds {
	var s Kinds
	for _, k := range kinds {
		s |= 1 << k
	}
	return s
}

// Defaults of Options, chosen on the corruption test of the real records
// (package doc; TestEvidence prints the figures they rest on).
const (
	// DefaultLineWindow is how many plies before the failing one the
	// edits of the line (missing, swapped, extra) are tried.
	DefaultLineWindow = 12
	// DefaultConfirm is how many plies past the failing one a repair must
	// replay when it does not replay to the end.
	DefaultConfirm = 4
	// DefaultMaxRepairs bounds the repairs of one game.
	DefaultMaxRepairs = 3
	// DefaultMaxWork bounds the moves a search resolves: a failing game
	// of a few hundred plies needs some ten thousand.
	DefaultMaxWork = 1_000_000
	// maxListed bounds the candidates a Result lists.
	maxListed = 5
)

// Options configures Search and Find. The zero value uses the defaults.
type Options struct {
	// Window is how many plies before the failing ply are searched for
	// the slip: 0 searches the whole line before it (the default, see the
	// package doc), a negative value the failing ply only.
	Window int
	// LineWindow is how many plies before the failing ply the edits of
	// the line (Missing, Swapped, Extra: a legal move at every ply for
	// Missing) are tried (0: DefaultLineWindow).
	LineWindow int
	// Confirm is how many plies past the failing one a repair must make
	// replay when no candidate replays to the end (0: DefaultConfirm).
	Confirm int
	// MaxRepairs bounds the repairs accepted in one game: each needs a
	// search of its own (0: DefaultMaxRepairs).
	MaxRepairs int
	// Kinds restricts the edits tried (0: all).
	Kinds Kinds
	// Quick skips the proof of rule 2 (package doc: no other move in
	// place of a written one fits) and the check of a chain of repairs:
	// for a question (validate without --repair), at half the cost. A
	// repair it accepts may be one a full search refuses.
	Quick bool
	// MaxWork bounds the moves one search resolves, for records so long
	// or so broken that the search would take too long (0:
	// DefaultMaxWork). A search that runs out repairs nothing
	// (Result.GaveUp).
	MaxWork int
	// Strict refuses an edit of a written move when another legal move
	// in its place, one that no single slip of the written text gives,
	// makes the line replay as well. By default the slip model decides
	// between them: a record where two slips were made in one move is
	// then sometimes repaired wrongly (package doc: the figures).
	Strict bool
}

func (o Options) window() int {
	switch {
	case o.Window < 0:
		return 0
	case o.Window == 0:
		return math.MaxInt / 2
	}
	return o.Window
}

// positiveOr is v, or def when v is not positive (an option left at 0).
func positiveOr(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

func (o Options) lineWindow() int { return positiveOr(o.LineWindow, DefaultLineWindow) }
func (o Options) confirm() int    { return positiveOr(o.Confirm, DefaultConfirm) }
func (o Options) maxRepairs() int { return positiveOr(o.MaxRepairs, DefaultMaxRepairs) }
func (o Options) maxWork() int    { return positiveOr(o.MaxWork, DefaultMaxWork) }

func (o Options) kinds() Kinds {
	if o.Kinds == 0 {
		return AllKinds
	}
	return o.Kinds
}

// Written is one move of a main line as the record has it: its text in a
// text record, its coordinates in a binary one.
type Written struct {
	Text string     // the move text; "" in a binary record
	Move board.Move // the coordinates when Text is ""
}

// String returns the text, or the ICCS of the coordinates.
func (w Written) String() string {
	if w.Text != "" {
		return w.Text
	}
	return w.Move.String()
}

// Input is what a search needs of a game, as values: the start position,
// the notation of the record and its main line as written. It holds no
// pointer into a record.
type Input struct {
	Start    board.Position
	Notation notation.Notation
	Line     []Written
}

// FromRecord copies the input of a search from a record and its replay.
func FromRecord(rec *parse.Record, g *replay.Game) Input {
	in := Input{Start: g.Start, Notation: rec.Notation, Line: make([]Written, len(g.Line))}
	for i, n := range g.Line {
		in.Line[i] = Written{Text: n.Text, Move: n.Move}
	}
	return in
}

// Edit is one repair: what was written at a place of the main line and
// what replaces it.
type Edit struct {
	Kind Kind
	// Index is the 0-based index in the written main line of the move
	// the edit concerns: the move replaced, the move removed (Extra), the
	// move the inserted one goes before (Missing; len(line) to append),
	// the first of the two moves exchanged (Swapped, with Index+2).
	Index int
	// Ply is the 1-based ply of the changed move in the repaired line
	// (for Extra, the ply of the move after the one removed).
	Ply int
	// Written is the move as written ("" for Missing); for Swapped, the
	// two moves as written, "A / B".
	Written string
	// Text is the replacement in the record's notation and style ("" for
	// Extra; for Swapped "B / A"); for a binary record, its ICCS.
	Text string
	// Move is the replacement move at Ply (board.NoMove for Extra; for
	// Swapped, the first of the two).
	Move board.Move
	// Note says what changed: "进/退" (the replacement, then what was
	// written), "files counted from the other side", "missing ply" …
	Note string
}

// Candidate is an edit tried for a failing game, with how far the main
// line replays under it.
type Candidate struct {
	Edit
	// Reach counts the written moves that replay under the edit (the
	// whole line when Full).
	Reach int
	Full  bool
}

// Result is the outcome of a search. Exactly one of Repairs and
// Candidates is usually set: accepted repairs, or the candidates that
// could not be told apart (or that came closest).
type Result struct {
	// Fail is the 0-based index of the first written move that fails
	// (-1 when the game replays cleanly: nothing was searched).
	Fail int
	// Repairs are the accepted edits, in the order of the line (Index
	// counts in the written line of the record, shifted by the repairs
	// before it: apply them in order). With them the whole main line
	// replays.
	Repairs []Edit
	// Line is the repaired main line, and Texts the written moves it
	// comes from (with the repairs applied), when Repairs is not empty.
	Line  []board.Move
	Texts []Written
	// Complete reports that Line replays the whole repaired line: always
	// true when Repairs is not empty.
	Complete bool
	// GaveUp reports that the search ran out of its budget
	// (Options.MaxWork) before it could prove anything.
	GaveUp bool
	// Candidates, when the slip could not be proven, are the edits that
	// replay furthest: two or more that replay the rest equally well, or
	// the best of those that fail. After accepted repairs, they are for
	// the failure that remains.
	Candidates []Candidate
}

// Repaired reports whether the search accepted at least one repair.
func (r Result) Repaired() bool { return len(r.Repairs) > 0 }

// Find searches for the slip that makes a replayed record fail. It does
// nothing (and costs nothing) for a game that replays cleanly, has no
// start position, or fails only in a variation: Result.Fail is then -1.
// The record and game are only read; the result holds no pointer into
// them.
func Find(rec *parse.Record, g *replay.Game, opt Options) Result {
	if g == nil || g.Fail == nil || !g.HasStart || g.Fail.Variation {
		return Result{Fail: -1}
	}
	return Search(FromRecord(rec, g), opt)
}

// Written as a string in the listing of candidates: the written text of a
// swapped pair.
func pair(a, b string) string {
	var sb strings.Builder
	sb.WriteString(a)
	sb.WriteString(" / ")
	sb.WriteString(b)
	return sb.String()
}
