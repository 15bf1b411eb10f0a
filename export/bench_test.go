package export

import (
	"io"
	"testing"
	"time"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/cputime"
)

// benchReports reads the real records once (parse + replay + analyze are
// measured by validate's benchmark; these measure what export adds).
func benchReports(b *testing.B) ([]*analyze.Report, int) {
	b.Helper()
	reps := reports(b, realRecords(b, ""))
	plies := 0
	for _, r := range reps {
		if r.Game != nil {
			plies += len(r.Game.Plies)
		}
	}
	return reps, plies
}

// BenchmarkExport writes the three datasets of the real test data to
// io.Discard from one goroutine and reports plies/s (wall clock: each
// file's encoder runs on a goroutine of its own) and plies per CPU-second.
func BenchmarkExport(b *testing.B) {
	reps, plies := benchReports(b)
	b.ResetTimer()
	start, cpu := time.Now(), cputime.Process()
	for b.Loop() {
		gw, _ := NewGamesWriter(io.Discard)
		pw, _ := NewPositionsWriter(io.Discard)
		fw, _ := NewFlagsWriter(io.Discard)
		for _, r := range reps {
			if err := gw.Write(r); err != nil {
				b.Fatal(err)
			}
			if err := pw.Write(r); err != nil {
				b.Fatal(err)
			}
			if err := fw.Write(r); err != nil {
				b.Fatal(err)
			}
		}
		for _, c := range []interface{ Close() error }{gw, pw, fw} {
			if err := c.Close(); err != nil {
				b.Fatal(err)
			}
		}
	}
	el := time.Since(start).Seconds()
	b.ReportMetric(float64(plies)*float64(b.N)/el, "plies/s")
	b.ReportMetric(float64(plies)*float64(b.N)/(cputime.Process()-cpu).Seconds(), "plies/cpu-s")
	b.ReportMetric(float64(len(reps))*float64(b.N)/el, "games/s")
}

// BenchmarkPositions measures positions.parquet alone (FEN and three
// notations per ply).
func BenchmarkPositions(b *testing.B) {
	reps, plies := benchReports(b)
	b.ResetTimer()
	start, cpu := time.Now(), cputime.Process()
	for b.Loop() {
		pw, _ := NewPositionsWriter(io.Discard)
		for _, r := range reps {
			if err := pw.Write(r); err != nil {
				b.Fatal(err)
			}
		}
		if err := pw.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/time.Since(start).Seconds(), "plies/s")
	b.ReportMetric(float64(plies)*float64(b.N)/(cputime.Process()-cpu).Seconds(), "plies/cpu-s")
}

// BenchmarkGames measures games.parquet alone (a row per game, the main
// line as a list of ICCS moves).
func BenchmarkGames(b *testing.B) {
	reps, plies := benchReports(b)
	b.ResetTimer()
	start, cpu := time.Now(), cputime.Process()
	for b.Loop() {
		gw, _ := NewGamesWriter(io.Discard)
		for _, r := range reps {
			if err := gw.Write(r); err != nil {
				b.Fatal(err)
			}
		}
		if err := gw.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(plies)*float64(b.N)/time.Since(start).Seconds(), "plies/s")
	b.ReportMetric(float64(plies)*float64(b.N)/(cputime.Process()-cpu).Seconds(), "plies/cpu-s")
}
