package dataset

import (
	"encoding/binary"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/replay"
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

// benchWriter is a writer of the benchmarks: positions are written from
// the replayed plies, as the sink does during the pass.
type benchWriter struct {
	rw rowWriter
	pw *PositionsWriter
}

func (w benchWriter) write(r *analyze.Report, row *gameRow) error {
	if w.pw == nil {
		return w.rw.write(row)
	}
	var start board.Position
	var plies []replay.Ply
	if gm := r.Game; gm != nil && gm.HasStart {
		start, plies = gm.Start, gm.Plies
	}
	res, known := row.redResult()
	return w.pw.writePlies(row.id, start, plies, res, known)
}

func (w benchWriter) Close() error {
	if w.pw != nil {
		return w.pw.Close()
	}
	return w.rw.Close()
}

// writers returns the benchWriters of the three datasets (with the
// options), or of those named.
func writers(names string, opts ...Option) []benchWriter {
	var ws []benchWriter
	if strings.Contains(names, "g") {
		gw, _ := NewGamesWriter(io.Discard, opts...)
		ws = append(ws, benchWriter{rw: gw})
	}
	if strings.Contains(names, "p") {
		pw, _ := NewPositionsWriter(io.Discard, opts...)
		ws = append(ws, benchWriter{pw: pw})
	}
	if strings.Contains(names, "f") {
		fw, _ := NewFlagsWriter(io.Discard, opts...)
		ws = append(ws, benchWriter{rw: fw})
	}
	return ws
}

// benchWrite writes the real test data to io.Discard b.N times, each
// game to every writer open makes in turn, and reports plies/s and
// games/s (wall clock: each file's encoder runs on a goroutine of its
// own) and plies per CPU-second. The games' rows are built once.
func benchWrite(b *testing.B, open func() []benchWriter) {
	reps, plies := benchReports(b)
	rows := rowsOf(reps)
	b.ResetTimer()
	start, cpu := time.Now(), cputime.Process()
	for b.Loop() {
		ws := open()
		for i, r := range reps {
			for _, w := range ws {
				if err := w.write(r, rows[i]); err != nil {
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
	benchWrite(b, func() []benchWriter { return writers("gpf") })
}

// BenchmarkPositions measures positions.parquet alone (FEN and three
// notations per ply).
func BenchmarkPositions(b *testing.B) {
	benchWrite(b, func() []benchWriter { return writers("p") })
}

// BenchmarkGames measures games.parquet alone (a row per game, the main
// line as a list of ICCS moves).
func BenchmarkGames(b *testing.B) {
	benchWrite(b, func() []benchWriter { return writers("g") })
}

// BenchmarkFENText writes the FEN of every ply of the real records as
// positions.parquet does (fenWriter, one move at a time), into one
// buffer, and nothing else: with BenchmarkFENCompression, the floor of the
// fen column.
func BenchmarkFENText(b *testing.B) {
	reps, plies := benchReports(b)
	var fw fenWriter
	var buf []byte
	for b.Loop() {
		for _, r := range reps {
			if r.Game == nil || !r.Game.HasStart {
				continue
			}
			p := r.Game.Start
			fw.reset(&p)
			for _, pl := range r.Game.Plies {
				buf = fw.append(buf[:0], &p)
				p.MakeMove(pl.Move)
				fw.moved(pl.Move)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies*b.N), "ns/ply")
}

// BenchmarkFENCompression compresses the fen column of positions.parquet
// for the real records, and nothing else: every ply's FEN in PLAIN pages
// of parquetw.SmallPageSize bytes (a 4-byte length before each value), each page
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
			if len(page) >= parquetw.SmallPageSize {
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
