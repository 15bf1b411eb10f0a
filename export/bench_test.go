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

// benchWrite writes the real test data to io.Discard b.N times, each
// report to every writer open makes in turn, and reports plies/s and
// games/s (wall clock: each file's encoder runs on a goroutine of its
// own) and plies per CPU-second.
func benchWrite(b *testing.B, open func() []reportWriter) {
	reps, plies := benchReports(b)
	b.ResetTimer()
	start, cpu := time.Now(), cputime.Process()
	for b.Loop() {
		ws := open()
		for _, r := range reps {
			for _, w := range ws {
				if err := w.Write(r); err != nil {
					b.Fatal(err)
				}
			}
		}
		for _, w := range ws {
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
	}
	el := time.Since(start).Seconds()
	b.ReportMetric(float64(plies)*float64(b.N)/el, "plies/s")
	b.ReportMetric(float64(plies)*float64(b.N)/(cputime.Process()-cpu).Seconds(), "plies/cpu-s")
	b.ReportMetric(float64(len(reps))*float64(b.N)/el, "games/s")
}

// BenchmarkExport writes the three datasets from one goroutine.
func BenchmarkExport(b *testing.B) {
	benchWrite(b, func() []reportWriter {
		gw, _ := NewGamesWriter(io.Discard)
		pw, _ := NewPositionsWriter(io.Discard)
		fw, _ := NewFlagsWriter(io.Discard)
		return []reportWriter{gw, pw, fw}
	})
}

// BenchmarkPositions measures positions.parquet alone (FEN and three
// notations per ply).
func BenchmarkPositions(b *testing.B) {
	benchWrite(b, func() []reportWriter {
		pw, _ := NewPositionsWriter(io.Discard)
		return []reportWriter{pw}
	})
}

// BenchmarkGames measures games.parquet alone (a row per game, the main
// line as a list of ICCS moves).
func BenchmarkGames(b *testing.B) {
	benchWrite(b, func() []reportWriter {
		gw, _ := NewGamesWriter(io.Discard)
		return []reportWriter{gw}
	})
}
