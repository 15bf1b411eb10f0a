package htmlreport

import (
	"slices"

	"github.com/xqtool/xqtool/analyze"
)

// DefaultLimit is the number of games drawn with a diagram unless the
// Builder is told otherwise (validate --html-limit).
const DefaultLimit = 500

// Builder collects the games of a run, in input order, for one page.
// Every flagged or unreadable game gets a table row; the details (moves,
// tags, flags) are kept only for games that may get a diagram: the first
// Limit flagged games and the first flagged game carrying each code.
// The zero Builder is not usable: call NewBuilder.
type Builder struct {
	limit int

	games, ok, flagged, unreadable, plies int
	rules                                 []string
	sources                               map[string]string // interned
	byCode                                map[string]int    // games carrying each code
	listed                                map[string]int    // listed games carrying each code
	rows                                  []row
	kept                                  int            // flagged rows with details kept in input order
	firstOf                               map[string]int // code -> first flagged row carrying it
}

// row is one line of the table.
type row struct {
	source                          string
	index                           int
	red, black, event, date, result string
	status                          analyze.Status
	codes                           []string // distinct, in the order of the flags
	game                            *Game    // kept details, or nil
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
		byCode:  map[string]int{},
		listed:  map[string]int{},
		firstOf: map[string]int{},
	}
}

// Add adds the next game of the run. The Builder keeps g when it may draw
// it: the caller must not change g afterwards.
func (b *Builder) Add(g *Game) {
	b.games++
	b.plies += len(g.Moves)
	if g.Rules != "" && !slices.Contains(b.rules, g.Rules) {
		b.rules = append(b.rules, g.Rules)
	}
	src, ok := b.sources[g.Source]
	if !ok {
		src = g.Source
		b.sources[src] = src
	}
	codes := make([]string, 0, len(g.Flags))
	for _, f := range g.Flags {
		if !slices.Contains(codes, f.Code) {
			codes = append(codes, f.Code)
			b.byCode[f.Code]++
		}
	}
	switch g.Status {
	case analyze.StatusOK:
		b.ok++
		return
	case analyze.StatusFlagged:
		b.flagged++
	default:
		b.unreadable++
	}
	for _, c := range codes {
		b.listed[c]++
	}
	r := row{
		source: src,
		index:  g.Index,
		red:    g.Tags["Red"],
		black:  g.Tags["Black"],
		event:  g.Tags["Event"],
		date:   g.Tags["Date"],
		result: g.Result,
		status: g.Status,
		codes:  codes,
	}
	if g.Status == analyze.StatusFlagged {
		keep := b.kept < b.limit
		if keep {
			b.kept++
		}
		for _, c := range codes {
			if _, seen := b.firstOf[c]; !seen {
				b.firstOf[c] = len(b.rows)
				keep = true
			}
		}
		if keep {
			r.game = g
		}
	}
	b.rows = append(b.rows, r)
}

// selected returns the rows drawn with a diagram, in input order: the
// first game of every code (codes in name order) while the limit allows,
// then the others in input order up to the limit.
func (b *Builder) selected() []int {
	chosen := map[int]bool{}
	codes := make([]string, 0, len(b.firstOf))
	for c := range b.firstOf {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		if len(chosen) < b.limit {
			chosen[b.firstOf[c]] = true
		}
	}
	for i := range b.rows {
		if len(chosen) >= b.limit {
			break
		}
		if b.rows[i].game != nil {
			chosen[i] = true
		}
	}
	out := make([]int, 0, len(chosen))
	for i := range chosen {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}
