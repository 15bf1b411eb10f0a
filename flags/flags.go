// Package flags is the one table of what xqtool reports about a game: every
// flag code, its severity, what it means and whether it ends the main line.
//
// Every package that raises, counts, stores or shows flags reads this
// table: analyze raises them, dedupe tells clean games from the others by
// their severity, the report lines, the datasets and the HTML page show
// them. A code is stable: datasets and scripts match on it.
//
// A flag's severity comes from its code alone (Code.Severity). A game's
// status follows from its flags (Status): "error" when a flag of severity
// error says the moves, the start position or the result are wrong or
// unreadable, "warning" when only warnings are raised (missing tags or
// result, suspect encoding, rule notes), "ok" otherwise; info flags
// (duplicate, ecco_mismatch …) never change it.
package flags

import (
	"fmt"
	"slices"
)

// Severity of a flag.
type Severity string

// Severities, most severe first.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Info    Severity = "info"
)

// Rank orders severities: 0 for error, 1 warning, 2 info, 3 unknown.
func (s Severity) Rank() int {
	switch s {
	case Error:
		return 0
	case Warning:
		return 1
	case Info:
		return 2
	}
	return 3
}

// Code is a flag code.
type Code string

// Flag codes, in the order of the table (All).
const (
	UnreadableRecord     Code = "unreadable_record"
	IllegalMove          Code = "illegal_move"
	UnreadableMove       Code = "unreadable_move"
	AmbiguousMove        Code = "ambiguous_move"
	InvalidStart         Code = "invalid_start_position"
	Truncated            Code = "truncated"
	ResultMismatch       Code = "result_mismatch"
	MovesAfterEnd        Code = "moves_after_end"
	IllegalVariationMove Code = "illegal_variation_move"
	EmptyGame            Code = "empty_game"
	MoveNumberGap        Code = "move_number_gap"
	MissingResult        Code = "missing_result"
	MissingTags          Code = "missing_tags"
	EncodingSuspect      Code = "encoding_suspect"
	RecordSyntax         Code = "record_syntax"
	Repaired             Code = "repaired"
	PerpetualCheck       Code = "perpetual_check"
	PerpetualThreat      Code = "perpetual_threat"
	PerpetualChase       Code = "perpetual_chase"
	ForbiddenCycle       Code = "forbidden_cycle"
	NaturalLimit         Code = "natural_limit"
	RepetitionDraw       Code = "repetition_draw"
	Duplicate            Code = "duplicate"
	NearDuplicate        Code = "near_duplicate"
	TagsFilled           Code = "tags_filled"
	ResultFilled         Code = "result_filled"
	ECCOMismatch         Code = "ecco_mismatch"
	SuspectMove          Code = "suspect_move"
	ResultContradicted   Code = "result_contradicted"
	DrawContradicted     Code = "draw_contradicted"
	PairingConflict      Code = "pairing_conflict"
	ResultConflict       Code = "result_conflict"
	DateOutsideEvent     Code = "date_outside_event"
	RepeatedPairing      Code = "repeated_pairing"
	NameVariants         Code = "name_variants"
)

// Def is one row of the table.
type Def struct {
	Code     Code
	Severity Severity
	// Ends is true for the codes that stop the main line before its
	// end: the moves after the flagged one are not played.
	Ends bool
	// Late is true for the codes raised after the pass, from the whole
	// input rather than from the game's own record: by duplicate
	// detection and by the annotators (the engine's, the tournament
	// checks). A run that reads a dataset back decides them again (see
	// Code.Late).
	Late bool
	// Meaning says what the flag means, in one line.
	Meaning string
}

// table lists every code: errors, then warnings, then info, each group in
// the order a reader meets them in a record.
var table = []Def{
	{UnreadableRecord, Error, true, false, "the record could not be read at all (corrupt header, unsupported variant)"},
	{IllegalMove, Error, true, false, "a main-line move is not legal: no such piece, blocked, leaves the king in check, kings facing, wrong side"},
	{UnreadableMove, Error, true, false, "a main-line move is not a move at all (also an unknown word where a numbered pair lacks a move)"},
	{AmbiguousMove, Error, true, false, "a main-line move matches several legal moves"},
	{InvalidStart, Error, false, false, "the start FEN fails validation (a missing king is put on its home square, when empty, to replay the moves: the detail says so)"},
	{Truncated, Error, false, false, "the record ends inside a move, comment or variation"},
	{ResultMismatch, Error, false, false, "the declared result contradicts mate, stalemate (困毙 loses) or a judged final repetition"},
	{MovesAfterEnd, Error, true, false, "moves recorded after mate or stalemate"},
	{IllegalVariationMove, Warning, false, false, "a variation move cannot be played"},
	{EmptyGame, Warning, false, false, "no moves"},
	{MoveNumberGap, Warning, false, false, "move numbers skip or repeat"},
	{MissingResult, Warning, false, false, "no result, or `*`"},
	{MissingTags, Warning, false, false, "required tags absent or empty"},
	{EncodingSuspect, Warning, false, false, "text decoded with replacement characters, or its encoding chosen on thin evidence"},
	{RecordSyntax, Warning, false, false, "junk text, a malformed tag or FEN field in the record"},
	{Repaired, Warning, false, false, "`--repair` undid a slip of the record (detail: the move as written, its replacement, the kind of slip)"},
	{PerpetualCheck, Warning, false, false, "长将: the side must change (loses if it does not)"},
	{PerpetualThreat, Warning, false, false, "长杀 (Chinese rules)"},
	{PerpetualChase, Warning, false, false, "长捉, with the chased pieces"},
	{ForbiddenCycle, Warning, false, false, "mixed attacks 一将一捉, 一将一杀, 一杀一捉 (Chinese rules)"},
	{SuspectMove, Warning, false, true, "engine (annotate): a move throws a won position away and the reply, a blunder too, gives it straight back: more often a miscopied move than play"},
	{ResultContradicted, Warning, false, true, "engine (annotate): the declared winner is the side the engine sees lost in the final position (a mate, or ≥ 1000 cp)"},
	{PairingConflict, Warning, false, true, "tournament: a player has games against two different opponents in one round of an event (detail: the round, the other game)"},
	{ResultConflict, Warning, false, true, "tournament: copies of one game (one duplicate cluster) declare different results (detail: the results and where)"},
	{DateOutsideEvent, Warning, false, true, "tournament: the game's date lies outside its event's span (detail: the date and the span)"},
	{NaturalLimit, Info, false, false, "60 rounds (120 plies) without a capture, at that ply"},
	{RepetitionDraw, Info, false, false, "a cycle nobody must change"},
	{Duplicate, Info, false, true, "same start position and main line as the kept copy of its cluster (named)"},
	{NearDuplicate, Info, false, true, "a prefix or left-right mirror copy of the kept copy (named)"},
	{TagsFilled, Info, false, true, "`--fill-tags` filled empty tags from the game's copies (named)"},
	{ResultFilled, Info, false, false, "`--fill-tags` filled an empty or `*` Result from mate, stalemate or a judged final cycle (says which)"},
	{ECCOMismatch, Info, false, false, "the declared ECCO tag differs from the code computed from the moves (detail: both)"},
	{DrawContradicted, Info, false, true, "engine (annotate): a draw is declared in a final position the engine sees decided (a mate, or ≥ 1000 cp)"},
	{RepeatedPairing, Info, false, true, "tournament: the same two players meet again with the same colours in another round (or day) of the event (detail: their first meeting)"},
	{NameVariants, Info, false, true, "tournament: a player of the game is written several ways within its event (detail: the spellings and their counts)"},
}

// byCode indexes table.
var byCode = func() map[Code]int {
	m := make(map[Code]int, len(table))
	for i, d := range table {
		if _, dup := m[d.Code]; dup {
			panic("flags: code listed twice: " + string(d.Code))
		}
		m[d.Code] = i
	}
	return m
}()

// All returns the table, in its order (a copy).
func All() []Def { return slices.Clone(table) }

// Lookup returns the definition of code.
func Lookup(code Code) (Def, bool) {
	i, ok := byCode[code]
	if !ok {
		return Def{}, false
	}
	return table[i], true
}

// Known reports whether code is in the table.
func (c Code) Known() bool { _, ok := byCode[c]; return ok }

// Severity returns the severity of code; "" for an unknown code.
func (c Code) Severity() Severity {
	if i, ok := byCode[c]; ok {
		return table[i].Severity
	}
	return ""
}

// Ends reports whether a flag of code stops the main line before its end.
func (c Code) Ends() bool {
	i, ok := byCode[c]
	return ok && table[i].Ends
}

// Late reports whether a flag of code is raised after the pass, from the
// whole input (duplicate detection, the annotators): a game read back
// from a dataset keeps its other flags, and the run decides these again.
func (c Code) Late() bool {
	i, ok := byCode[c]
	return ok && table[i].Late
}

// Order is the position of code in the table (unknown codes last), for
// listing codes by severity and then in table order.
func (c Code) Order() int {
	if i, ok := byCode[c]; ok {
		return i
	}
	return len(table)
}

// Flag is one finding about a game. Ply 0 means the whole game; Side is
// "red", "black" or "" (the game, or no side in particular).
type Flag struct {
	Code     Code     `json:"code"`
	Ply      int      `json:"ply"`
	Side     string   `json:"side,omitempty"` // omitted (null) for the game
	Severity Severity `json:"severity"`
	Detail   string   `json:"detail"`
}

// New returns a flag of code with its severity from the table.
func New(code Code, ply int, side, detail string) Flag {
	return Flag{Code: code, Ply: ply, Side: side, Severity: code.Severity(), Detail: detail}
}

// String formats a flag as "code@ply side: detail".
func (f Flag) String() string {
	s := string(f.Code)
	if f.Ply > 0 {
		s += fmt.Sprintf("@%d", f.Ply)
	}
	if f.Side != "" {
		s += " " + f.Side
	}
	if f.Detail != "" {
		s += ": " + f.Detail
	}
	return s
}

// Worst returns the most severe severity among fs, "" when fs is empty.
func Worst(fs []Flag) Severity {
	var w Severity
	for _, f := range fs {
		if w == "" || f.Severity.Rank() < w.Rank() {
			w = f.Severity
		}
	}
	return w
}

// Has reports whether fs holds a flag of code.
func Has(fs []Flag, code Code) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

// Codes returns the distinct codes of fs, in the order of their first flag.
func Codes(fs []Flag) []Code {
	out := make([]Code, 0, len(fs))
	for _, f := range fs {
		if !slices.Contains(out, f.Code) {
			out = append(out, f.Code)
		}
	}
	return out
}
