package dataset

import (
	"encoding/binary"
	"io"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet/compress"
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

// BenchmarkFENCompression compresses the fen column of positions.parquet
// for the real records, and nothing else: every ply's FEN in PLAIN pages
// of colPageSize bytes (a 4-byte length before each value), each page
// through arrow-go's codec as the positions writer does. zstd at level 1
// is what export writes; snappy and lz4_raw are there for comparison. It
// is a floor under export's cost per ply that no code of ours can lower.
func BenchmarkFENCompression(b *testing.B) {
	reps, _ := benchReports(b)
	var pages [][]byte
	var page []byte
	plies := 0
	for _, r := range reps {
		if r.Game == nil || !r.Game.HasStart {
			continue
		}
		p := r.Game.Start
		for _, pl := range r.Game.Plies {
			if len(page) >= colPageSize {
				pages, page = append(pages, page), nil
			}
			n := len(page)
			page = p.AppendFEN(binary.LittleEndian.AppendUint32(page, 0))
			binary.LittleEndian.PutUint32(page[n:], uint32(len(page)-n-4))
			p.MakeMove(pl.Move)
			plies++
		}
	}
	pages = append(pages, page)
	size := 0
	for _, pg := range pages {
		size += len(pg)
	}
	for _, c := range []struct {
		name  string
		codec compress.Compression
		level int
	}{
		{"zstd-1", compress.Codecs.Zstd, 1},
		{"snappy", compress.Codecs.Snappy, compress.DefaultCompressionLevel},
		{"lz4_raw", compress.Codecs.Lz4Raw, compress.DefaultCompressionLevel},
	} {
		b.Run(c.name, func(b *testing.B) {
			codec, err := compress.GetCodec(c.codec)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(size))
			var out []byte
			stored := 0
			for b.Loop() {
				stored = 0
				for _, pg := range pages {
					out = codec.EncodeLevel(out[:0], pg, c.level)
					stored += len(out)
				}
			}
			b.ReportMetric(float64(plies)*float64(b.N)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies*b.N), "ns/ply")
			b.ReportMetric(float64(size)/float64(stored), "ratio")
		})
	}
}
