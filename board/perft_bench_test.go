package board

import "testing"

// BenchmarkPerft5Start runs perft(5) from the start position with bulk
// counting at the leaves and reports nodes/s. The node count is asserted,
// so a fast but wrong generator fails.
func BenchmarkPerft5Start(b *testing.B) {
	benchPerft(b, StartPosition(), 5, 133312995)
}

// BenchmarkPerft4Midgame runs perft(4) on a busy midgame position.
func BenchmarkPerft4Midgame(b *testing.B) {
	p, err := PositionFromFEN("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	benchPerft(b, p, 4, 1339047)
}

// benchPerft runs perft(depth) from p, fails b when it does not count
// want nodes, and reports nodes/s.
func benchPerft(b *testing.B, p Position, depth int, want uint64) {
	var nodes uint64
	for b.Loop() {
		n := p.Perft(depth)
		if n != want {
			b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
