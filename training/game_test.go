package training

import (
	"errors"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
)

// TestMirrorRealGames: every replayed main line of the real records,
// mirrored left-right, is legal move by move (AppendPlies checks each); its positions are the
// mirrors of the game's (key and all); each mirrored row's indices are
// those of the mirrored move; and mirroring twice gives the game back.
func TestMirrorRealGames(t *testing.T) {
	games := loadReal(t)
	var buf, buf2 []board.Move
	var plies, mplies []Ply
	n := 0
	for _, g := range games {
		if len(g.Moves) == 0 {
			continue
		}
		ms, mm, err := Mirror(g.Start, g.Moves, buf)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		buf = mm
		if !slices.Equal(mm, dedupe.MirrorMoves(g.Moves)) {
			t.Fatalf("%s: mirrored moves differ from dedupe.MirrorMoves", g.ID)
		}
		back, bm, err := Mirror(ms, mm, buf2)
		if err != nil {
			t.Fatalf("%s mirrored twice: %v", g.ID, err)
		}
		buf2 = bm
		if back.FEN() != g.Start.FEN() || back.Key() != g.Start.Key() || !slices.Equal(bm, g.Moves) {
			t.Fatalf("%s: mirrored twice is %s %v", g.ID, back.FEN(), bm)
		}
		if plies, err = AppendPlies(plies[:0], g.Start, g.Moves); err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		if mplies, err = AppendPlies(mplies[:0], ms, mm); err != nil {
			t.Fatalf("%s mirrored: %v", g.ID, err)
		}
		p, q := g.Start, ms
		for i, m := range g.Moves {
			pb, qb := p.Board(), q.Board()
			for sq := range board.Squares {
				if qb[board.Square(sq).Mirror()] != pb[sq] {
					t.Fatalf("%s ply %d: mirrored position %s of %s", g.ID, i+1, q.FEN(), p.FEN())
				}
			}
			if mplies[i].Key != q.Key() || mplies[i].Side != plies[i].Side || q.Side() != p.Side() {
				t.Fatalf("%s ply %d: mirrored row key %x side %v", g.ID, i+1, mplies[i].Key, mplies[i].Side)
			}
			if i%8 == 0 {
				want, err := board.NewPosition(p.Setup().Mirror())
				if err != nil || want.Key() != q.Key() {
					t.Fatalf("%s ply %d: key of the mirrored position %x, built afresh %x (%v)", g.ID, i+1, q.Key(), want.Key(), err)
				}
			}
			a, _ := Space2086.Index(p.Side(), m.Mirror())
			b, _ := Space2062.Index(p.Side(), m.Mirror())
			if int(mplies[i].Policy2086) != a || int(mplies[i].Policy2062) != b {
				t.Fatalf("%s ply %d: mirrored indices %d %d, want %d %d", g.ID, i+1, mplies[i].Policy2086, mplies[i].Policy2062, a, b)
			}
			p.MakeMove(m)
			q.MakeMove(mm[i])
		}
		n++
	}
	t.Logf("%d games mirrored", n)
}

// TestKeysRealRecords: over every position of the real records, equal
// positions (placement and side to move) have equal position keys and no
// two different positions share one; and the key of the position before
// each move is the key replay reports after the previous one.
func TestKeysRealRecords(t *testing.T) {
	games := loadReal(t)
	byKey := make(map[uint64]string)
	byPos := make(map[string]uint64)
	var plies []Ply
	for _, g := range games {
		var err error
		if plies, err = AppendPlies(plies[:0], g.Start, g.Moves); err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		p := g.Start
		for i, m := range g.Moves {
			s := positionText(&p)
			if k, ok := byPos[s]; ok && k != plies[i].Key {
				t.Fatalf("%s ply %d: %s has keys %x and %x", g.ID, i+1, s, k, plies[i].Key)
			}
			if o, ok := byKey[plies[i].Key]; ok && o != s {
				t.Fatalf("%s ply %d: key %x for %s and %s", g.ID, i+1, plies[i].Key, s, o)
			}
			byPos[s], byKey[plies[i].Key] = plies[i].Key, s
			if p.Key() != p.ComputeKey() {
				t.Fatalf("%s ply %d: incremental key", g.ID, i+1)
			}
			p.MakeMove(m)
		}
	}
	if len(byKey) == 0 {
		t.Fatal("no positions")
	}
	t.Logf("%d distinct positions", len(byKey))
}

func TestAppendPliesIllegal(t *testing.T) {
	h2e2, _ := board.ParseMove("h2e2")
	bad, _ := board.ParseMove("e0e2")
	got, err := AppendPlies(nil, board.StartPosition(), []board.Move{h2e2, bad})
	if !errors.Is(err, ErrIllegal) || len(got) != 1 {
		t.Fatalf("got %d plies, %v", len(got), err)
	}
}

func TestFilter(t *testing.T) {
	h2e2, _ := board.ParseMove("h2e2")
	moves := []board.Move{h2e2}
	base := Game{Moves: moves, Clean: true, Kept: true, Result: RedWin}
	for _, c := range []struct {
		name string
		f    Filter
		g    func(g Game) Game
		want bool
	}{
		{"default keeps a clean kept game", Filter{}, func(g Game) Game { return g }, true},
		{"no moves", Filter{}, func(g Game) Game { g.Moves = nil; return g }, false},
		{"error flag", Filter{}, func(g Game) Game { g.Clean = false; return g }, false},
		{"error flag allowed", Filter{WithErrors: true}, func(g Game) Game { g.Clean = false; return g }, true},
		{"copy", Filter{}, func(g Game) Game { g.Kept = false; return g }, false},
		{"copy allowed", Filter{WithCopies: true}, func(g Game) Game { g.Kept = false; return g }, true},
		{"too short", Filter{MinPlies: 2}, func(g Game) Game { return g }, false},
		{"long enough", Filter{MinPlies: 1}, func(g Game) Game { return g }, true},
		{"no result", Filter{RequireResult: true}, func(g Game) Game { g.Result = NoResult; return g }, false},
		{"draw", Filter{RequireResult: true}, func(g Game) Game { g.Result = Draw; return g }, true},
	} {
		g := c.g(base)
		if got := c.f.Keep(&g); got != c.want {
			t.Errorf("%s: Keep = %v", c.name, got)
		}
	}
}

func TestResult(t *testing.T) {
	for _, c := range []struct {
		s          string
		r          Result
		red, black int8
		ok         bool
	}{
		{"1-0", RedWin, 1, -1, true}, {"0-1", BlackWin, -1, 1, true}, {"1/2-1/2", Draw, 0, 0, true},
		{"*", NoResult, 0, 0, false}, {"", NoResult, 0, 0, false},
	} {
		r := ParseResult(c.s)
		rv, ok := r.Value(board.Red)
		bv, _ := r.Value(board.Black)
		if r != c.r || rv != c.red || bv != c.black || ok != c.ok {
			t.Errorf("%q: %v %d %d %v", c.s, r, rv, bv, ok)
		}
	}
}
