package parse

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// benchRawGames splits all real PGN files into raw games.
func benchRawGames(b *testing.B) (games []*RawGame, size int) {
	dir := textRecordsDir(b)
	_, files := textLoadExpected(b, dir, "pgn")
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
	return games, size
}

// BenchmarkRawGameParse splits all real PGN files into raw games once and
// measures RawGame.Parse alone (decoding, tokenizing, building the tree).
func BenchmarkRawGameParse(b *testing.B) {
	games, size := benchRawGames(b)
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

// BenchmarkRawGameDecode measures the decoding step of RawGame.Parse
// alone, with each file's encoding decision.
func BenchmarkRawGameDecode(b *testing.B) {
	games, size := benchRawGames(b)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	var d TextDecoder
	for b.Loop() {
		for _, g := range games {
			d.enc, d.label = g.enc, g.label
			d.Decode(g.buf)
		}
	}
}
