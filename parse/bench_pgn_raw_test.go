package parse

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRawGameParse splits all real PGN files into raw games once and
// measures RawGame.Parse alone (decoding, tokenizing, building the tree).
func BenchmarkRawGameParse(b *testing.B) {
	dir := textRecordsDir(b)
	_, files := textLoadExpected(b, dir, "pgn")
	var games []*RawGame
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		r := NewPGNReader(bytes.NewReader(data), f)
		for {
			g, err := r.NextRaw()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			games = append(games, g)
			size += len(g.buf)
		}
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, g := range games {
			g.Parse()
		}
		n += len(games)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPGNNextRaw splits all real PGN files, concatenated in memory,
// into raw games: the work of the reader goroutine of a parallel pipeline.
func BenchmarkPGNNextRaw(b *testing.B) {
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
			_, err := r.NextRaw()
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
