package explorer

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// ErrMaterial is wrapped by the errors of ParseMaterial.
var ErrMaterial = errors.New("explorer: bad material signature")

// Material is a material signature: the number of pieces of each kind on
// each side, indexed by colour and board.Kind.
type Material [2][board.NumKinds]int8

// ParseMaterial reads a material signature: Red's pieces, "vs" (or "v",
// "-", "/"), Black's pieces, each side a string of FEN letters in any
// order and either case: K king, A advisor, B (or E) elephant, N (or H)
// horse, R chariot, C cannon, P pawn. The king may be left out. Spaces
// are ignored. "RCNK vs RNAAK" is a chariot, cannon and horse against a
// chariot, horse and two advisors.
func ParseMaterial(s string) (Material, error) {
	var m Material
	t := strings.ToUpper(strings.Join(strings.Fields(s), ""))
	var sides []string
	for _, sep := range []string{"VS", "V", "-", "/"} {
		if a, b, ok := strings.Cut(t, sep); ok {
			sides = []string{a, b}
			break
		}
	}
	if sides == nil {
		return m, fmt.Errorf("%w: %q: write the two sides as RED vs BLACK", ErrMaterial, s)
	}
	for c, side := range sides {
		for _, r := range side {
			p, ok := board.PieceFromFEN(byte(r))
			if r > 0x7f || !ok {
				return m, fmt.Errorf("%w: %q: %q is not a piece letter (K A B N R C P, E and H)", ErrMaterial, s, r)
			}
			m[c][p.Kind()]++
		}
		m[c][board.King] = 1
		for k, most := range [board.NumKinds]int8{0, 1, 2, 2, 2, 2, 2, 5} {
			if k > 0 && m[c][k] > most {
				return m, fmt.Errorf("%w: %q: %d %s for one side", ErrMaterial, s, m[c][k], board.Kind(k))
			}
		}
	}
	return m, nil
}

// String writes the signature as ParseMaterial reads it, pieces in the
// order K A B N R C P: "KAANR vs KNRC".
func (m Material) String() string {
	var b strings.Builder
	for c := range 2 {
		if c == 1 {
			b.WriteString(" vs ")
		}
		for k := board.King; k <= board.Pawn; k++ {
			for range m[c][k] {
				b.WriteByte(k.Letter())
			}
		}
	}
	return b.String()
}

// materialAt counts the pieces of a position.
func materialAt(p *board.Position) Material {
	var m Material
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if pc := p.Piece(sq); !pc.IsEmpty() {
			m[pc.Color()][pc.Kind()]++
		}
	}
	return m
}

// Query is what a FindSink looks for. A game matches at the first
// position of its valid main line (the start, then the position after
// each move) that matches every part given.
type Query struct {
	// Position, when HasPosition, is the position to find (placement and
	// side to move).
	Position    board.Position
	HasPosition bool
	// Mirror also finds the position's left-right mirror.
	Mirror bool
	// Material, when HasMaterial, is the material both sides must have.
	Material    Material
	HasMaterial bool
}

// Hit is a game a FindSink found.
type Hit struct {
	GameID, Source          string
	Index                   int
	Red, Black, Event, Date string
	Result                  string
	// Ply is the number of plies played when the game reaches the match:
	// 0 for its start position.
	Ply int
	// Mirrored is true when the game reached the position's mirror.
	Mirrored bool
}

// target is a position to find: its key and its "placement side" text.
type target struct {
	key      uint64
	fen      string
	mirrored bool
}

// targets returns the positions q looks for (none for a material only).
func (q *Query) targets() []target {
	if !q.HasPosition {
		return nil
	}
	p := q.Position
	out := []target{{p.Key(), fenOf(&p), false}}
	if q.Mirror {
		mp, err := p.Mirror()
		if err == nil && mp.Key() != p.Key() {
			out = append(out, target{mp.Key(), fenOf(&mp), true})
		}
	}
	return out
}

// ErrQuery is the error of a query that asks for nothing.
var ErrQuery = errors.New("explorer: find needs a position or a material signature")

// FindSink finds the games of a pipeline run (records, or export
// datasets) that reach what each of its queries asks for: each game once
// per query, at the first position of its valid main line that matches.
// Hits come in the run's order.
type FindSink struct {
	pipeline.NopSink
	queries []Query
	targets [][]target
	hits    [][]Hit
	found   []bool
}

// NewFindSink returns a sink looking for the queries; a query that asks
// for nothing is an error wrapping ErrQuery.
func NewFindSink(queries ...Query) (*FindSink, error) {
	s := &FindSink{queries: queries, hits: make([][]Hit, len(queries)), found: make([]bool, len(queries))}
	for _, q := range queries {
		if !q.HasPosition && !q.HasMaterial {
			return nil, ErrQuery
		}
		s.targets = append(s.targets, q.targets())
	}
	return s, nil
}

// Hits returns the games found by query i (after the run).
func (s *FindSink) Hits(i int) []Hit { return s.hits[i] }

// Game looks for the queries in the game's positions.
func (s *FindSink) Game(g *pipeline.Game) error {
	rp := g.Replay()
	if rp == nil || !rp.HasStart {
		return nil
	}
	clear(s.found)
	left := len(s.queries)
	p := rp.Start
	m := materialAt(&p)
	for ply := 0; ; ply++ {
		for i := range s.queries {
			if s.found[i] {
				continue
			}
			if mirrored, ok := s.match(i, &p, &m); ok {
				s.found[i] = true
				left--
				s.hits[i] = append(s.hits[i], hitOf(g, ply, mirrored))
			}
		}
		if left == 0 || ply == len(rp.Plies) {
			return nil
		}
		pl := rp.Plies[ply]
		if pl.Capture != board.NoPiece {
			m[pl.Capture.Color()][pl.Capture.Kind()]--
		}
		p.MakeMove(pl.Move)
	}
}

// match reports whether the position p, of material m, is what query i
// asks for.
func (s *FindSink) match(i int, p *board.Position, m *Material) (mirrored, ok bool) {
	q := &s.queries[i]
	if q.HasMaterial && *m != q.Material {
		return false, false
	}
	if !q.HasPosition {
		return false, true
	}
	key := p.Key()
	for _, t := range s.targets[i] {
		// The key selects, the position decides (no match on a key
		// collision).
		if t.key == key && fenOf(p) == t.fen {
			return t.mirrored, true
		}
	}
	return false, false
}

// hitOf is the hit of game g at ply. Its strings are copies (the record's
// do not outlive the call).
func hitOf(g *pipeline.Game, ply int, mirrored bool) Hit {
	tags := g.Tags()
	c := func(name string) string { return strings.Clone(tags.Value(name)) }
	return Hit{GameID: g.ID(), Source: strings.Clone(g.Source()), Index: g.Index(),
		Red: c(parse.TagRed), Black: c(parse.TagBlack), Event: c(parse.TagEvent), Date: c(parse.TagDate),
		Result: strings.Clone(g.Result()), Ply: ply, Mirrored: mirrored}
}

// WriteHits writes hits as a table: the game (source#number, 1-based),
// the ply, the players, the result, the event and the date; at most limit
// rows (0: all), then a line on those left out.
func WriteHits(w io.Writer, hits []Hit, limit int) error {
	if len(hits) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "game\tply\tred\tblack\tresult\tevent\tdate")
	for i, h := range hits {
		if limit > 0 && i == limit {
			break
		}
		mark := ""
		if h.Mirrored {
			mark = " (mirror)"
		}
		fmt.Fprintf(tw, "%s#%d\t%d%s\t%s\t%s\t%s\t%s\t%s\n", h.Source, h.Index+1, h.Ply, mark,
			h.Red, h.Black, h.Result, h.Event, h.Date)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if limit > 0 && len(hits) > limit {
		_, err := fmt.Fprintf(w, "… and %d more\n", len(hits)-limit)
		return err
	}
	return nil
}
