package explorer

import (
	"io"
	"testing"
)

// BenchmarkBuildReal builds the tree of the real records (kept copies):
// counting, sorting and writing tree.parquet.
func BenchmarkBuildReal(b *testing.B) {
	games := realGames(b)
	dir := b.TempDir()
	for b.Loop() {
		bl := NewBuilder(Options{TempDir: dir})
		for i := range games {
			if err := bl.Add(&games[i]); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := bl.Write(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAddReal counts the real records without writing.
func BenchmarkAddReal(b *testing.B) {
	games := realGames(b)
	for b.Loop() {
		bl := NewBuilder(Options{})
		for i := range games {
			if err := bl.Add(&games[i]); err != nil {
				b.Fatal(err)
			}
		}
		bl.Close()
	}
}

// BenchmarkBuildSpill builds the tree of the real records with a small
// memory budget: the rows go through sorted runs on disk and their merge.
func BenchmarkBuildSpill(b *testing.B) {
	games := realGames(b)
	dir := b.TempDir()
	for b.Loop() {
		bl := NewBuilder(Options{TempDir: dir, MemoryBudget: 4 << 20})
		for i := range games {
			if err := bl.Add(&games[i]); err != nil {
				b.Fatal(err)
			}
		}
		st, err := bl.Write(io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(st.Runs), "runs")
	}
}
