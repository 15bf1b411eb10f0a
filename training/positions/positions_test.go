package positions

import (
	"errors"
	"testing"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/training"
)

func TestScore(t *testing.T) {
	for _, tc := range []struct {
		name string
		row  annotate.Row
		want int
		ok   bool
	}{
		{"red cp", annotate.Row{ScoreRedCP: 35, HasCP: true}, 35, true},
		{"black cp", annotate.Row{Side: board.Black, ScoreRedCP: 35, HasCP: true}, -35, true},
		{"red mates in 1, red to move", annotate.Row{MateRed: 1, HasMate: true}, MateScore - 1, true},
		{"red mates in 3, black to move", annotate.Row{Side: board.Black, MateRed: 3, HasMate: true}, -(MateScore - 6), true},
		{"black mates in 2, black to move", annotate.Row{Side: board.Black, MateRed: -2, HasMate: true}, MateScore - 3, true},
		{"mated now", annotate.Row{Side: board.Black, HasMate: true}, -MateScore, true},
		{"no evaluation", annotate.Row{}, 0, false},
	} {
		if got, ok := Score(&tc.row); got != tc.want || ok != tc.ok {
			t.Errorf("%s: %d, %v; want %d, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// fakeEvals serves rows by position_key.
type fakeEvals map[uint64]annotate.Row

func (f fakeEvals) Eval(key uint64) (annotate.Row, bool) {
	r, ok := f[key]
	return r, ok
}

// evalsOf indexes rows by their position_key.
func evalsOf(rows []annotate.Row) fakeEvals {
	f := fakeEvals{}
	for _, r := range rows {
		f[r.Key] = r
	}
	return f
}

// memRecords keeps what the sink writes.
type memRecords struct{ recs []Record }

func (m *memRecords) Write(r *Record) error { m.recs = append(m.recs, *r); return nil }
func (m *memRecords) Commit() error         { return nil }
func (m *memRecords) Abort()                {}

// line returns a game from fen with the given moves, and its positions.
func line(t *testing.T, fen string, moves ...string) (*training.Game, []board.Position) {
	t.Helper()
	start, err := board.PositionFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := &training.Game{ID: "g", Start: start, Result: training.BlackWin, Clean: true, Kept: true}
	p := g.Start
	var ps []board.Position
	for _, s := range moves {
		m, err := board.ParseMove(s)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("move %s: %v", s, err)
		}
		ps = append(ps, p)
		g.Moves = append(g.Moves, m)
		p.MakeMove(m)
	}
	return g, ps
}

// TestCleaning: each filter leaves out the positions it names, and the
// counts say why.
func TestCleaning(t *testing.T) {
	// The rook gives check, the king takes it (ply 1: in check, a
	// capture), then two king moves.
	g, ps := line(t, "4k4/9/9/9/9/9/9/9/5R3/3K5 w - - 0 1", "f1f9", "e9f9", "d0d1", "f9f8")
	rows := make([]annotate.Row, len(ps))
	for i, p := range ps {
		rows[i] = annotate.Row{GameID: "g", Ply: i, Key: p.Key(), Side: p.Side(), ScoreRedCP: 100 * (i + 1), HasCP: true, Best: g.Moves[i]}
	}
	rows[2].HasCP = false // no evaluation at ply 2
	if !ps[1].InCheck() || ps[1].Piece(g.Moves[1].To()).IsEmpty() {
		t.Fatalf("the test line: at ply 1 Black is in check and takes")
	}
	for _, tc := range []struct {
		name  string
		clean Cleaning
		evals bool
		plies []int
		left  Skip
	}{
		{"result only", Cleaning{}, false, []int{0, 1, 2, 3}, Written},
		{"evals", Cleaning{}, true, []int{0, 1, 3}, NoEval},
		{"min-ply", Cleaning{MinPly: 2}, false, []int{2, 3}, PlyRange},
		{"max-ply", Cleaning{MaxPly: 1}, false, []int{0, 1}, PlyRange},
		{"skip-check", Cleaning{SkipCheck: true}, false, []int{0, 2, 3}, InCheck},
		{"skip-capture-best", Cleaning{SkipCaptureBest: true}, true, []int{0, 3}, CaptureBest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mem := &memRecords{}
			opt := Options{Clean: tc.clean}
			if tc.evals {
				opt.Evals = evalsOf(rows)
			}
			s, err := NewSink(opt, func(training.Split) (Writer, error) { return mem, nil })
			if err != nil {
				t.Fatal(err)
			}
			if err := s.game(g); err != nil {
				t.Fatal(err)
			}
			var plies []int
			for _, r := range mem.recs {
				plies = append(plies, r.Ply)
				if want := int8(1 - 2*int(1-r.Pos().Side())); r.Result != want {
					t.Errorf("ply %d: result %d, want %d (black won)", r.Ply, r.Result, want)
				}
				if tc.evals && r.Score != rows[r.Ply].ScoreRedCP*(1-2*int(r.Pos().Side())) {
					t.Errorf("ply %d: score %d", r.Ply, r.Score)
				}
			}
			if len(plies) != len(tc.plies) || (len(plies) > 0 && !equal(plies, tc.plies)) {
				t.Errorf("plies %v, want %v", plies, tc.plies)
			}
			if c := s.Positions(); tc.left != Written && c.Left[tc.left] == 0 {
				t.Errorf("counts %+v: nothing left out as %v", c, tc.left)
			}
		})
	}
}

func equal(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func TestOptionsCheck(t *testing.T) {
	for _, o := range []Options{
		{Policy: Best},
		{Clean: Cleaning{SkipCaptureBest: true}},
		{Clean: Cleaning{MinPly: -1}},
	} {
		if err := o.Check(); !errors.Is(err, ErrOptions) {
			t.Errorf("%+v: %v, want ErrOptions", o, err)
		}
	}
}
