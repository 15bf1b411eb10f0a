package notation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
)

type benchCase struct {
	p    board.Position
	m    board.Move
	text string
}

// benchCases returns (position, move, text) triples: every move played in
// the real games of pairsDir when they are available, else the moves of
// random playouts.
func benchCases(b *testing.B, write func(*board.Position, board.Move) string) []benchCase {
	var cases []benchCase
	add := func(p board.Position, m board.Move) {
		cases = append(cases, benchCase{p, m, write(&p, m)})
	}
	filepath.WalkDir(pairsDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pgn_iccs") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		fen, toks := pgnTokens(decodeRecord(data))
		start, err := startPosition(fen, toks)
		if err != nil {
			return nil
		}
		_, positions, _ := moveTree(start, toks, NotationICCS)
		for i := range positions {
			for _, m := range positions[i].LegalMoves() {
				add(positions[i], m)
			}
		}
		return nil
	})
	if len(cases) == 0 {
		for _, p := range randomPositions(b, 2000) {
			for _, m := range p.LegalMoves() {
				add(p, m)
			}
		}
	}
	return cases
}

func reportMovesPerSecond(b *testing.B) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkResolveChinese resolves xqbase Chinese move text.
func BenchmarkResolveChinese(b *testing.B) {
	cases := benchCases(b, func(p *board.Position, m board.Move) string {
		return FormatChinese(p, m, ChineseStyle{})
	})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c := &cases[i%len(cases)]
		if m, err := ResolveText(&c.p, c.text, NotationChinese); err != nil || m != c.m {
			b.Fatalf("%s: %v %v", c.text, m, err)
		}
	}
	reportMovesPerSecond(b)
}

// BenchmarkResolveWXF resolves official WXF move text.
func BenchmarkResolveWXF(b *testing.B) {
	cases := benchCases(b, FormatWXF)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c := &cases[i%len(cases)]
		if m, err := ResolveText(&c.p, c.text, NotationWXF); err != nil || m != c.m {
			b.Fatalf("%s: %v %v", c.text, m, err)
		}
	}
	reportMovesPerSecond(b)
}

// BenchmarkResolveICCS reads and checks ICCS move text.
func BenchmarkResolveICCS(b *testing.B) {
	cases := benchCases(b, func(_ *board.Position, m board.Move) string { return FormatICCS(m, true) })
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c := &cases[i%len(cases)]
		if m, err := ResolveText(&c.p, c.text, NotationICCS); err != nil || m != c.m {
			b.Fatalf("%s: %v %v", c.text, m, err)
		}
	}
	reportMovesPerSecond(b)
}

// BenchmarkFormatChinese writes moves in Chinese notation.
func BenchmarkFormatChinese(b *testing.B) {
	cases := benchCases(b, func(*board.Position, board.Move) string { return "" })
	var buf [32]byte
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c := &cases[i%len(cases)]
		AppendChinese(buf[:0], &c.p, c.m, ChineseStyle{})
	}
	reportMovesPerSecond(b)
}
