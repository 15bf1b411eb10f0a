package parse

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// BenchmarkPGNReader reads all real PGN files, concatenated in memory.
func BenchmarkPGNReader(b *testing.B) {
	benchPGNStream(b, func(r *PGNReader) error { _, err := r.Next(); return err })
}

// BenchmarkPGNNextRaw splits all real PGN files, concatenated in memory,
// into raw games: the work of the reader goroutine of a parallel pipeline.
func BenchmarkPGNNextRaw(b *testing.B) {
	benchPGNStream(b, func(r *PGNReader) error { _, err := r.NextRaw(); return err })
}

// benchPGNStream reads all real PGN files, concatenated in memory, game by
// game with next, and reports games/s.
func benchPGNStream(b *testing.B, next func(*PGNReader) error) {
	dir := textRecordsDir(b)
	_, files := textLoadExpected(b, dir, "pgn")
	var all []byte
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, data...)
		all = append(all, '\n')
	}
	b.SetBytes(int64(len(all)))
	b.ReportAllocs()
	b.ResetTimer()
	games := 0
	for b.Loop() {
		r := NewPGNReader(bytes.NewReader(all), "bench")
		for {
			err := next(r)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			games++
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkTextBuildPairs builds the GB18030 pair table: what a run pays
// once, at its first GB18030 file (Big5 the same again).
func BenchmarkTextBuildPairs(b *testing.B) {
	for b.Loop() {
		textBuildPairs(simplifiedchinese.GB18030)
	}
}
