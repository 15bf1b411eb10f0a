package training

import (
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/cputime"
)

// The benchmarks walk the main lines of the real records as a positions
// writer does (it holds the position before each move and plays the move
// after writing the row) and report ns/ply. BenchmarkWalk is that walk
// alone; BenchmarkPlyOf adds what --training costs per row (position key
// and both policy indices), BenchmarkGame what it costs per game (group
// key and split), BenchmarkMirror the mirrored rows of --mirror (mirrored
// line, its walk and its training columns). BenchmarkAppendPlies is the
// checked form (each move tested for legality). The
// difference with BenchmarkWalk is the training columns' cost, to compare
// with export's cost per ply (cmd/xqtool BenchmarkExportPipeline).

func benchGames(b *testing.B) ([]realGame, int) {
	games := loadReal(b)
	plies := 0
	for _, g := range games {
		plies += len(g.Moves)
	}
	return games, plies
}

// perPly reports the CPU time per ply since cpu0 (cpu-ns/ply: steadier than
// the wall clock on a shared machine) and the wall time per ply.
func perPly(b *testing.B, cpu0 time.Duration, plies int) {
	n := float64(plies * b.N)
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/n, "cpu-ns/ply")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/ply")
}

var sink uint64

func BenchmarkWalk(b *testing.B) {
	games, plies := benchGames(b)
	b.ResetTimer()
	cpu0 := cputime.Process()
	for b.Loop() {
		for i := range games {
			p := games[i].Start
			for _, m := range games[i].Moves {
				sink += uint64(m)
				p.MakeMove(m)
			}
		}
	}
	perPly(b, cpu0, plies)
}

func BenchmarkPlyOf(b *testing.B) {
	games, plies := benchGames(b)
	b.ResetTimer()
	cpu0 := cputime.Process()
	for b.Loop() {
		for i := range games {
			sinkPlies(games[i].Start, games[i].Moves)
		}
	}
	perPly(b, cpu0, plies)
}

// sinkPlies computes PlyOf each move of a game from p, into sink.
func sinkPlies(p board.Position, moves []board.Move) {
	for _, m := range moves {
		pl := PlyOf(&p, m)
		sink += pl.Key + uint64(pl.Policy2086) + uint64(pl.Policy2062)
		p.MakeMove(m)
	}
}

func BenchmarkGame(b *testing.B) {
	games, plies := benchGames(b)
	s := NewSplitter(DefaultProportions, 0)
	b.ResetTimer()
	cpu0 := cputime.Process()
	for b.Loop() {
		for i := range games {
			sink += uint64(s.Split(GroupKey(&games[i].Start, games[i].Moves, 0)))
		}
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(len(games)*b.N), "cpu-ns/game")
	perPly(b, cpu0, plies)
}

func BenchmarkMirror(b *testing.B) {
	games, plies := benchGames(b)
	var buf []board.Move
	b.ResetTimer()
	cpu0 := cputime.Process()
	for b.Loop() {
		for i := range games {
			if len(games[i].Moves) == 0 {
				continue
			}
			q, mm, err := Mirror(games[i].Start, games[i].Moves, buf)
			if err != nil {
				b.Fatal(err)
			}
			buf = mm
			sinkPlies(q, mm)
		}
	}
	perPly(b, cpu0, plies)
}

func BenchmarkAppendPlies(b *testing.B) {
	games, plies := benchGames(b)
	var buf []Ply
	b.ResetTimer()
	cpu0 := cputime.Process()
	for b.Loop() {
		for i := range games {
			var err error
			if buf, err = AppendPlies(buf[:0], games[i].Start, games[i].Moves); err != nil {
				b.Fatal(err)
			}
		}
	}
	perPly(b, cpu0, plies)
}

// BenchmarkParquetColumns encodes the five training columns of the real
// records (position_key int64, policy_2086 and policy_2062 int16, split
// dictionary-encoded, mirrored bool) into Parquet as export writes its
// files (zstd level 1, pages of 128 KiB, row groups of 64 Ki rows, Arrow
// batches of 8,192 rows, dictionary columns appended as indices): what the
// columns add to a positions writer. position_key is never
// dictionary-encoded (its values are nearly all distinct); the policy
// columns are, or not ("plain").
func BenchmarkParquetColumns(b *testing.B) {
	games, plies := benchGames(b)
	var rows []Ply
	var splits []int
	s := NewSplitter(DefaultProportions, 0)
	for _, g := range games {
		sp := s.Split(GroupKey(&g.Start, g.Moves, 0))
		p := g.Start
		for _, m := range g.Moves {
			rows = append(rows, PlyOf(&p, m))
			splits = append(splits, int(sp))
			p.MakeMove(m)
		}
	}
	mem := memory.NewGoAllocator()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "position_key", Type: arrow.PrimitiveTypes.Int64},
		{Name: "policy_2086", Type: arrow.PrimitiveTypes.Int16},
		{Name: "policy_2062", Type: arrow.PrimitiveTypes.Int16},
		{Name: "split", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}},
		{Name: "mirrored", Type: arrow.FixedWidthTypes.Boolean},
	}, nil)
	names := array.NewStringBuilder(mem)
	names.AppendValues([]string{"train", "valid", "test"}, nil)
	dict := names.NewStringArray()
	defer dict.Release()
	names.Release()
	for _, dictPolicy := range []bool{true, false} {
		name := "dict"
		if !dictPolicy {
			name = "plain"
		}
		b.Run(name, func(b *testing.B) {
			props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd), parquet.WithCompressionLevel(1),
				parquet.WithDataPageSize(128<<10), parquet.WithMaxRowGroupLength(64<<10), parquet.WithAllocator(mem),
				parquet.WithDictionaryFor("position_key", false),
				parquet.WithDictionaryFor("policy_2086", dictPolicy), parquet.WithDictionaryFor("policy_2062", dictPolicy))
			cpu0 := cputime.Process()
			size := 0
			for b.Loop() {
				var out countWriter
				fw, err := pqarrow.NewFileWriter(schema, &out, props, pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(mem), pqarrow.WithStoreSchema()))
				if err != nil {
					b.Fatal(err)
				}
				rb := array.NewRecordBuilder(mem, schema)
				key := rb.Field(0).(*array.Int64Builder)
				p86 := rb.Field(1).(*array.Int16Builder)
				p62 := rb.Field(2).(*array.Int16Builder)
				sp := rb.Field(3).(*array.BinaryDictionaryBuilder)
				mir := rb.Field(4).(*array.BooleanBuilder)
				for lo := 0; lo < len(rows); lo += 8192 {
					hi := min(lo+8192, len(rows))
					if err := sp.InsertStringDictValues(dict); err != nil {
						b.Fatal(err)
					}
					for _, r := range rows[lo:hi] {
						key.Append(int64(r.Key))
						p86.Append(r.Policy2086)
						p62.Append(r.Policy2062)
						mir.Append(false)
					}
					sp.AppendIndices(splits[lo:hi], nil)
					rec := rb.NewRecordBatch()
					if err := fw.WriteBuffered(rec); err != nil {
						b.Fatal(err)
					}
					rec.Release()
				}
				rb.Release()
				if err := fw.Close(); err != nil {
					b.Fatal(err)
				}
				size = out.n
			}
			perPly(b, cpu0, plies)
			b.ReportMetric(float64(size)/float64(plies), "bytes/row")
		})
	}
}

// countWriter counts the bytes written to it.
type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }
