package dataset

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// copies writes n copies of games.parquet (as n datasets, as n runs over
// the same records would) under a directory and returns it.
func copies(b *testing.B, games string, n int) string {
	b.Helper()
	data, err := os.ReadFile(games)
	if err != nil {
		b.Fatal(err)
	}
	root := b.TempDir()
	for i := range n {
		d := filepath.Join(root, "run"+strconv.Itoa(i))
		if err := os.Mkdir(d, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "games.parquet"), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return root
}

// BenchmarkDedupe runs Dedupe over 1 and 10 copies of the real records'
// games.parquet and reports games/s (wall clock) and games per CPU-second.
func BenchmarkDedupe(b *testing.B) {
	recs := shareddata.Dir(b, "records")
	one := b.TempDir()
	exportShard(b, one, corpus.Shard{}, false, recs)
	for _, n := range []int{1, 10} {
		b.Run(strconv.Itoa(n)+"x", func(b *testing.B) {
			dir := copies(b, filepath.Join(one, "games.parquet"), n)
			games := 0
			cpu := cputime.Process()
			for b.Loop() {
				sum, err := Dedupe([]string{dir}, DedupeOptions{Output: filepath.Join(b.TempDir(), "d.parquet"), TempDir: b.TempDir()})
				if err != nil {
					b.Fatal(err)
				}
				games += sum.Games
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(games)/(cputime.Process()-cpu).Seconds(), "games/cpu-s")
		})
	}
}
