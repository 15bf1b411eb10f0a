package replay_test

import (
	"context"
	"testing"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// BenchmarkReplay replays every real record (main line and variations),
// read into memory first, and reports plies/s: the replay stage of
// validate alone (notation resolution, legality, check and keys).
func BenchmarkReplay(b *testing.B) {
	dir := recordsDir(b)
	var recs []*parse.Record
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec != nil && it.Err == nil {
			recs = append(recs, it.Rec)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	plies := 0
	for _, r := range recs {
		plies += len(replay.Replay(r, replay.Options{}).Plies)
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	for b.Loop() {
		for _, r := range recs {
			replay.Replay(r, replay.Options{})
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies)/float64(b.N), "ns/ply")
	// CPU time of the process (GC included) per ply: steadier than the
	// wall clock on a shared machine.
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(plies)/float64(b.N), "cpu-ns/ply")
}
