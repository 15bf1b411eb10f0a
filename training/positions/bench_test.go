package positions

import (
	"io"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/training"
)

// benchGame is a 60-ply line from the start (the first legal move each
// time, avoiding repetitions where it can), with a known result.
func benchGame(b *testing.B) (*training.Game, []board.Position) {
	b.Helper()
	g := &training.Game{ID: "bench", Start: board.StartPosition(), Result: training.RedWin, Clean: true, Kept: true}
	p := g.Start
	var line []board.Position
	seen := map[uint64]bool{}
	for range 60 {
		ms := p.LegalMoves()
		if len(ms) == 0 {
			break
		}
		m := ms[0]
		for _, c := range ms {
			q := p
			q.MakeMove(c)
			if !seen[q.Key()] {
				m = c
				break
			}
		}
		line = append(line, p)
		g.Moves = append(g.Moves, m)
		p.MakeMove(m)
		seen[p.Key()] = true
	}
	return g, line
}

// discard is an output of the benchmarks.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkFormat is the cost of one position in each format: the
// record encoded (.plain text, 72-byte record, 10,256-byte V6 record with
// its policy and history planes), before the file's buffering (and px0's
// gzip).
func BenchmarkFormat(b *testing.B) {
	g, line := benchGame(b)
	for _, f := range []struct {
		name string
		w    Encoder
	}{
		{"plain", &nnueWriter{}},
		{"nnue-bin", &nnueWriter{bin: true}},
		{"px0", &px0Writer{moves: make([]board.Move, 0, 256)}},
	} {
		b.Run(f.name, func(b *testing.B) {
			r := Record{Game: g, Line: line}
			var buf []byte
			var out io.Writer = discard{} // keeps buf alive
			n := 0
			for b.Loop() {
				r.Ply = n % len(line)
				r.Move, r.Played = g.Moves[r.Ply], g.Moves[r.Ply]
				var err error
				if buf, err = f.w.Encode(buf[:0], &r); err != nil {
					b.Fatal(err)
				}
				out.Write(buf)
				n++
			}
		})
	}
}
