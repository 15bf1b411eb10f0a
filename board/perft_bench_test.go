package board

import "testing"

// BenchmarkPerft5Start runs perft(5) from the start position with bulk
// counting at the leaves and reports nodes/s. The node count is asserted,
// so a fast but wrong generator fails.
func BenchmarkPerft5Start(b *testing.B) {
	p := StartPosition()
	const want = 133312995
	var nodes uint64
	for b.Loop() {
		n := p.Perft(5)
		if n != want {
			b.Fatalf("perft(5) = %d, want %d", n, want)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft4Midgame runs perft(4) on a busy midgame position.
func BenchmarkPerft4Midgame(b *testing.B) {
	p, err := PositionFromFEN("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	const want = 1339047
	var nodes uint64
	for b.Loop() {
		n := p.Perft(4)
		if n != want {
			b.Fatalf("perft(4) = %d, want %d", n, want)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
