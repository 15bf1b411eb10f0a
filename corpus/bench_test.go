package corpus

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/replay"
)

// BenchmarkReadFiles lists and reads every file of the real records the
// way Walk does (os.ReadDir per directory, readSmall per small file:
// open, fstat, read, close), and nothing else: the file-system share of
// validate's time, which no parser work can lower. It reports the cost
// per file, and per ply of the replayed main lines (the unit of
// pipeline.BenchmarkStage); validate's benchmark reads the same tree.
func BenchmarkReadFiles(b *testing.B) {
	dir := shareddata.Dir(b, "records")
	var buf []byte
	files, bytes := 0, 0
	var walk func(string)
	walk = func(d string) {
		entries, err := os.ReadDir(d)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range entries {
			q := filepath.Join(d, e.Name())
			switch t := e.Type(); {
			case t.IsDir():
				walk(q)
			case t&fs.ModeType == 0:
				data, ok, err := readSmall(dirAt{}, q, &buf)
				if err != nil {
					b.Fatal(err)
				}
				if !ok {
					continue // large (expected.jsonl): Walk streams it, and sniffs its head only
				}
				files++
				bytes += len(data)
			}
		}
	}
	walk(dir) // count, and warm the page cache
	perPass := files
	b.SetBytes(int64(bytes))
	cpu0 := cputime.Process()
	for b.Loop() {
		walk(dir)
	}
	cpu := cputime.Process() - cpu0
	b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(perPass*b.N), "µs/file")
	plies := benchPlies(b, dir)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies*b.N), "ns/ply")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(plies*b.N), "cpu-ns/ply")
}

// benchPlies counts the plies of the replayed main lines of the games
// under dir.
func benchPlies(b *testing.B, dir string) int {
	b.Helper()
	plies := 0
	w := &Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it Item) error {
		it.Load()
		if it.Rec != nil && it.Err == nil {
			plies += len(replay.Replay(it.Rec, replay.Options{}).Plies)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return plies
}
