package analyze

import (
	"math/rand"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// randomGame returns a random legal playout from the start position of at
// most maxPlies plies.
func randomGame(rng *rand.Rand, maxPlies int) []board.Move {
	pos := board.StartPosition()
	var buf [board.MaxMoves]board.Move
	var moves []board.Move
	for len(moves) < maxPlies {
		legal := pos.AppendLegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[rng.Intn(len(legal))]
		moves = append(moves, m)
		pos.MakeMove(m)
	}
	return moves
}

// BenchmarkAdjudicatorPush measures Push over long random playouts; the
// reported ns/op is per ply.
func BenchmarkAdjudicatorPush(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var games [][]board.Move
	total := 0
	for total < 20000 {
		g := randomGame(rng, 300)
		games = append(games, g)
		total += len(g)
	}
	start := board.StartPosition()
	b.ResetTimer()
	n := 0
	for n < b.N {
		for _, g := range games {
			a := NewAdjudicator(start, RulesCXA, 3)
			for _, m := range g {
				a.Push(m)
			}
			n += len(g)
			if n >= b.N {
				break
			}
		}
	}
}

// BenchmarkReplayOnly is the baseline for BenchmarkAdjudicatorPush: the
// same plies played with MakeMove alone.
func BenchmarkReplayOnly(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	g := randomGame(rng, 300)
	start := board.StartPosition()
	b.ResetTimer()
	n := 0
	for n < b.N {
		pos := start
		for _, m := range g {
			pos.MakeMove(m)
		}
		n += len(g)
	}
}

// BenchmarkClassify measures Classify per move over random playouts.
func BenchmarkClassify(b *testing.B) {
	rng := rand.New(rand.NewSource(2))
	type item struct {
		pos board.Position
		m   board.Move
	}
	var items []item
	for len(items) < 2000 {
		pos := board.StartPosition()
		for _, m := range randomGame(rng, 200) {
			items = append(items, item{pos, m})
			pos.MakeMove(m)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		it := &items[i%len(items)]
		Classify(&it.pos, it.m)
	}
}

// FuzzAdjudicator plays random legal moves chosen by the fuzz bytes, with
// back-and-forth moves mixed in to make repetitions likely, and checks
// that verdicts are well formed.
func FuzzAdjudicator(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5}, uint8(0))
	f.Add([]byte{7, 200, 7, 200, 7, 200, 7, 200, 7, 200}, uint8(1))
	f.Add([]byte("perpetual check and chase"), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		rules := RulesCXA
		if mode&1 != 0 {
			rules = RulesAXF
		}
		reps := 2 + int(mode>>1)%3
		pos := board.StartPosition()
		a := NewAdjudicator(pos, rules, reps)
		var buf [board.MaxMoves]board.Move
		var hist []board.Move
		for i, b := range data {
			legal := pos.AppendLegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			m := legal[int(b)%len(legal)]
			// High bytes replay the move from two plies back, reversed.
			if b >= 0xC0 && len(hist) >= 2 {
				back := hist[len(hist)-2]
				if r := board.NewMove(back.To(), back.From()); pos.IsLegal(r) {
					m = r
				}
			}
			hist = append(hist, m)
			v := a.Push(m)
			pos.MakeMove(m)
			if v == nil {
				continue
			}
			if v.Ply != i+1 || v.Cycle[1] != v.Ply || v.Cycle[0] < 1 || v.Cycle[0] >= v.Cycle[1] {
				t.Fatalf("bad verdict plies: ply %d (want %d), cycle %v", v.Ply, i+1, v.Cycle)
			}
			if v.Code() == "unknown" || v.Detail == "" || v.Rules != rules {
				t.Fatalf("bad verdict %+v", v)
			}
		}
		if a.Ply() != len(hist) {
			t.Fatalf("adjudicator ply %d, want %d", a.Ply(), len(hist))
		}
		for _, c := range a.Classes() {
			if c.Ply < 1 || c.Ply > len(hist) || c.Move != hist[c.Ply-1] {
				t.Fatalf("classification %+v does not match ply", c)
			}
		}
		// Illegal input must not panic.
		a.Push(board.NoMove)
		a.Push(board.NewMove(0, 89))
	})
}
