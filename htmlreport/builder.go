package htmlreport

import (
	"slices"
	"strings"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
)

// DefaultLimit is the number of games drawn with a diagram unless the
// Builder is told otherwise (validate --html-limit).
const DefaultLimit = 500

// Builder collects the games of a run, in input order, for one page.
// Every game with an error or a warning gets a table row; the details
// (moves, tags, flags) are kept only for games that may get a diagram: the
// first Limit games with an error, the first Limit with a warning, and the
// first game carrying each code (an unreadable record has no diagram).
// The zero Builder is not usable: call NewBuilder.
type Builder struct {
	limit int

	games, ok, warnings, errors, plies int
	otherFiles                         int // input files without games
	rules                              []string
	sources                            map[string]string  // interned
	byCode                             map[flags.Code]int // games carrying each code
	listed                             map[flags.Code]int // listed games carrying each code
	rows                               []row
	lateRow                            int                // the next row Late may reach
	kept                               [2]int             // rows with details kept in input order: errors, warnings
	firstOf                            map[flags.Code]int // code -> first drawable row carrying it
	strs                               map[string]string
	keepOK                             bool // rows of ok games too, until WriteTo (KeepOK)
}

// row is one line of the table.
type row struct {
	num                             int // the game's number in the run (order of Add)
	source                          string
	index                           int
	red, black, event, date, result string
	status                          analyze.Status
	codes                           []flags.Code // distinct, in the order of the flags
	game                            *Game        // kept details, or nil
}

// NewBuilder returns a Builder that draws diagrams for at most limit
// games (limit < 0 means DefaultLimit; 0 draws none).
func NewBuilder(limit int) *Builder {
	if limit < 0 {
		limit = DefaultLimit
	}
	return &Builder{
		limit:   limit,
		sources: map[string]string{},
		byCode:  map[flags.Code]int{},
		listed:  map[flags.Code]int{},
		firstOf: map[flags.Code]int{},
		strs:    map[string]string{},
	}
}

// clone copies g with every string copied, so a kept game holds no
// memory of the reader's buffers.
func clone(g *Game) *Game {
	c := *g
	c.Source = strings.Clone(g.Source)
	c.Format = strings.Clone(g.Format)
	c.FEN = strings.Clone(g.FEN)
	c.Result = strings.Clone(g.Result)
	c.Rules = strings.Clone(g.Rules)
	c.Tags = make(map[string]string, len(g.Tags))
	for k, v := range g.Tags {
		c.Tags[strings.Clone(k)] = strings.Clone(v)
	}
	c.Moves = cloneAll(g.Moves)
	c.Line = cloneAll(g.Line)
	c.Tried = cloneAll(g.Tried)
	c.Flags = slices.Clone(g.Flags)
	for i := range c.Flags {
		c.Flags[i].Detail = strings.Clone(c.Flags[i].Detail)
	}
	c.Classes = slices.Clone(g.Classes)
	c.Cycles = slices.Clone(g.Cycles)
	return &c
}

func cloneAll(s []string) []string {
	if s == nil {
		return nil
	}
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strings.Clone(v)
	}
	return out
}

// Keeps reports whether Add would keep the details of g (its moves, tags
// and flags for a diagram), from g's status and flags alone; a caller
// that builds games from another form can then build the moves only for
// the games kept.
func (b *Builder) Keeps(g *Game) bool {
	if g.Status == analyze.StatusOK || flags.Has(g.Flags, flags.UnreadableRecord) {
		return false
	}
	if b.kept[keptKind(g.Status)] < b.limit {
		return true
	}
	for _, f := range g.Flags {
		if _, seen := b.firstOf[f.Code]; !seen {
			return true
		}
	}
	return false
}

// wants reports whether a game in state st with the codes given would
// keep its details (see keep), without counting it.
func (b *Builder) wants(st analyze.Status, codes []flags.Code) bool {
	if st == analyze.StatusOK {
		return false
	}
	if b.kept[keptKind(st)] < b.limit {
		return true
	}
	for _, c := range codes {
		if _, seen := b.firstOf[c]; !seen {
			return true
		}
	}
	return false
}

// Add adds the next game of the run. The Builder keeps a copy of g when
// it may draw it.
func (b *Builder) Add(g *Game) {
	b.games++
	b.plies += len(g.Moves)
	if g.Rules != "" && !slices.Contains(b.rules, g.Rules) {
		b.rules = append(b.rules, g.Rules)
	}
	src, ok := b.sources[g.Source]
	if !ok {
		src = strings.Clone(g.Source)
		b.sources[src] = src
	}
	codes := make([]flags.Code, 0, len(g.Flags))
	for _, f := range g.Flags {
		if !slices.Contains(codes, f.Code) {
			codes = append(codes, f.Code)
			b.byCode[f.Code]++
		}
	}
	switch g.Status {
	case analyze.StatusOK:
		b.ok++
		if !b.keepOK {
			return
		}
	case analyze.StatusWarning:
		b.warnings++
	default:
		b.errors++
	}
	if g.Status != analyze.StatusOK {
		for _, c := range codes {
			b.listed[c]++
		}
	}
	// The row's strings are copied: a reader's strings may share the
	// memory of the whole record text.
	r := row{
		num:    b.games - 1,
		source: src,
		index:  g.Index,
		red:    strings.Clone(g.Tags["Red"]),
		black:  strings.Clone(g.Tags["Black"]),
		event:  b.intern(g.Tags["Event"]),
		date:   b.intern(g.Tags["Date"]),
		result: g.Result,
		status: g.Status,
		codes:  codes,
	}
	if b.keep(len(b.rows), g.Status, codes) {
		r.game = clone(g)
	}
	b.rows = append(b.rows, r)
}

// keptKind is the count of kept details a game in state st (an error or
// a warning) counts in: 0 errors, 1 warnings.
func keptKind(st analyze.Status) int {
	if st == analyze.StatusWarning {
		return 1
	}
	return 0
}

// keep decides whether row i, of a game in state st with the codes
// given, keeps its details for a diagram, and counts it: the first limit
// games with an error, the first limit with a warning, and the first of
// every code. An unreadable record gets a card too, without a diagram: the
// error is what it shows, and every row of the table links to its card.
func (b *Builder) keep(i int, st analyze.Status, codes []flags.Code) bool {
	if st == analyze.StatusOK {
		return false
	}
	k := keptKind(st)
	keep := b.kept[k] < b.limit
	if keep {
		b.kept[k]++
	}
	for _, c := range codes {
		if _, seen := b.firstOf[c]; !seen {
			b.firstOf[c] = i
			keep = true
		}
	}
	return keep
}

// intern returns s, stored once (events and dates repeat across games).
func (b *Builder) intern(s string) string {
	if s == "" {
		return ""
	}
	if v, ok := b.strs[s]; ok {
		return v
	}
	if len(b.strs) > 1<<16 {
		return strings.Clone(s) // a bound on the table
	}
	v := strings.Clone(s)
	b.strs[v] = v
	return v
}

// selected returns the rows drawn with a diagram, in page order (see
// order): the first game of every code (codes by severity, then name)
// while the limit allows, then the games with an error, then those with a
// warning, each in input order, up to the limit.
func (b *Builder) selected() []int {
	chosen := map[int]bool{}
	codes := make([]flags.Code, 0, len(b.firstOf))
	for c := range b.firstOf {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, bySeverity)
	for _, c := range codes {
		if len(chosen) < b.limit {
			chosen[b.firstOf[c]] = true
		}
	}
	for _, st := range []analyze.Status{analyze.StatusError, analyze.StatusWarning} {
		for i := range b.rows {
			if len(chosen) >= b.limit {
				break
			}
			if b.rows[i].game != nil && b.rows[i].status == st {
				chosen[i] = true
			}
		}
	}
	out := make([]int, 0, len(chosen))
	for i := range chosen {
		out = append(out, i)
	}
	slices.SortFunc(out, b.before)
	return out
}

// bySeverity orders codes by severity (errors first), then by name.
func bySeverity(x, y flags.Code) int {
	if d := x.Severity().Rank() - y.Severity().Rank(); d != 0 {
		return d
	}
	return strings.Compare(string(x), string(y))
}

// before orders rows as the page lists them: games with an error first,
// then those with a warning, each in input order.
func (b *Builder) before(i, j int) int {
	ri, rj := b.rows[i].status == analyze.StatusError, b.rows[j].status == analyze.StatusError
	switch {
	case ri && !rj:
		return -1
	case rj && !ri:
		return 1
	}
	return i - j
}

// order returns the row indices in page order (see before).
func (b *Builder) order() []int {
	out := make([]int, len(b.rows))
	for i := range out {
		out[i] = i
	}
	slices.SortFunc(out, b.before)
	return out
}

// KeepOK makes the builder keep a table row for every game, ok ones too,
// so that a late flag of severity warning or error (an annotator's, such as
// the engine's suspect_move) lists a game that was ok during the pass: it
// then takes its final state, listed in the table, drawn when the details
// Late is given allow. Rows still ok are dropped when the page is written.
// Call it before Add.
func (b *Builder) KeepOK() { b.keepOK = true }

// Verdict is what the verdicts of a run say of one game once the whole
// run was read (Builder.Late).
type Verdict struct {
	// State is the game's final state (pipeline.Dup.State).
	State analyze.Status
	// Flags are the flags added after the pass (duplicate detection's,
	// the annotators').
	Flags []flags.Flag
	// Fills are the tags filled from the game's copies.
	Fills map[string]string
	// Details, when set, returns the game whole (moves, line, classes),
	// for a game whose details were not kept during the pass and that
	// the verdict makes drawable: a game ok during the pass that a late
	// warning flags, a game carrying the first of a late code. It may
	// return nil (no diagram then).
	Details func() *Game
}

// Late adds what duplicate detection and annotators say of game num (its
// number in the order of Add) once the whole run was read: the flags they
// add (counted in the chart, shown in the game's row and details), the
// tags filled and the game's final state (see KeepOK for games ok during
// the pass). A game that the verdict makes worth a diagram (within the
// limit, or the first of a code) gets one when v.Details gives its
// details. Calls come in increasing num.
func (b *Builder) Late(num int, v Verdict) {
	fs, fills := v.Flags, v.Fills
	for _, c := range flags.Codes(fs) {
		b.byCode[c]++
	}
	for b.lateRow < len(b.rows) && b.rows[b.lateRow].num < num {
		b.lateRow++
	}
	if b.lateRow == len(b.rows) || b.rows[b.lateRow].num != num {
		return
	}
	r := &b.rows[b.lateRow]
	wasOK := r.status == analyze.StatusOK
	if v.State != "" && v.State != r.status {
		if wasOK {
			for _, c := range r.codes {
				b.listed[c]++
			}
		}
		b.count(r.status, -1)
		b.count(v.State, 1)
		r.status = v.State
	}
	newCodes := false
	for _, c := range flags.Codes(fs) {
		if !slices.Contains(r.codes, c) {
			r.codes = append(r.codes, c)
			if r.status != analyze.StatusOK {
				b.listed[c]++
			}
		}
		if _, seen := b.firstOf[c]; !seen {
			newCodes = true
		}
	}
	for name, v := range fills {
		switch name {
		case "Red":
			r.red = v
		case "Black":
			r.black = v
		case "Event":
			r.event = b.intern(v)
		case "Date":
			r.date = b.intern(v)
		case "Result":
			r.result = v
		}
	}
	if r.game == nil && v.Details != nil && (wasOK || newCodes) && b.wants(r.status, r.codes) {
		if g := v.Details(); g != nil && b.keep(b.lateRow, r.status, r.codes) {
			r.game = g // the pass's flags, tags and state: completed below
		}
	}
	if g := r.game; g != nil {
		g.Status = r.status
		g.Flags = append(g.Flags, fs...)
		for name, v := range fills {
			g.Tags[name] = v
			if name == "Result" {
				g.Result = v
			}
		}
	}
}

// AddFile counts an input file that gave no game (the page's file count
// is the sources of its games and these).
func (b *Builder) AddFile() { b.otherFiles++ }

// dropOK removes the rows of games still ok (kept by KeepOK), remapping
// the rows firstOf points to (never an ok row: ok rows keep no details).
func (b *Builder) dropOK() {
	if !b.keepOK {
		return
	}
	at := make(map[int]int, len(b.firstOf))
	for _, i := range b.firstOf {
		at[i] = -1
	}
	kept := b.rows[:0]
	for i, r := range b.rows {
		if r.status == analyze.StatusOK {
			continue
		}
		if _, ok := at[i]; ok {
			at[i] = len(kept)
		}
		kept = append(kept, r)
	}
	clear(b.rows[len(kept):])
	b.rows = kept
	for c, i := range b.firstOf {
		b.firstOf[c] = at[i]
	}
	b.keepOK = false
	b.lateRow = len(b.rows)
}

// count adds n to the count of games in state st.
func (b *Builder) count(st analyze.Status, n int) {
	switch st {
	case analyze.StatusOK:
		b.ok += n
	case analyze.StatusWarning:
		b.warnings += n
	default:
		b.errors += n
	}
}
