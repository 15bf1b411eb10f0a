package pipeline

import (
	"fmt"
	"testing"
)

// BenchmarkHeld holds 100,000 records of about 200 bytes and reads them
// back: the cost of a sink's spool per game.
func BenchmarkHeld(b *testing.B) {
	const n = 100_000
	recs := make([][]byte, 64)
	for i := range recs {
		recs[i] = fmt.Appendf(nil, "%0*d", 150+i, i)
	}
	dir := b.TempDir()
	for b.Loop() {
		h, err := NewHeld(dir)
		if err != nil {
			b.Fatal(err)
		}
		for i := range n {
			if err := h.AddOther(recs[i%len(recs)]); err != nil {
				b.Fatal(err)
			}
		}
		got := 0
		if err := h.Each(nil, func(rec []byte, num int, d Dup) error { got += len(rec); return nil }); err != nil {
			b.Fatal(err)
		}
		if err := h.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/record")
}
