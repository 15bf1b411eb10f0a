package duplicates

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// scaled writes n copies of the games of the games.parquet at games as
// one dataset of `shards` shard directories under dir, as an export of
// a corpus holding the records n times (copy k under "copyK/") in that
// many shards would: each copy's sources, and so its game_ids, are its
// own; copies go to the shards in turn. Only the columns Reader reads
// are written.
func scaled(tb testing.TB, games, dir string, n, shards int) {
	tb.Helper()
	mem := memory.DefaultAllocator
	tbl := testgames.ReadTable(tb, games)
	var fields []arrow.Field
	var cols []*arrow.Column
	for _, name := range []string{"game_id", "source", "index", "start_fen", "moves_iccs", "flag_codes",
		"event", "date", "site", "round", "red", "black", "result_declared"} {
		i := tbl.Schema().FieldIndices(name)[0]
		fields = append(fields, tbl.Schema().Field(i))
		cols = append(cols, tbl.Column(i))
	}
	schema := arrow.NewSchema(fields, nil)
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd), parquet.WithCompressionLevel(1),
		parquet.WithDictionaryDefault(true), parquet.WithMaxRowGroupLength(16384))
	writers := make([]*pqarrow.FileWriter, shards)
	for s := range shards {
		d := filepath.Join(dir, corpus.Shard{Index: s, Count: shards}.Dir())
		if err := os.MkdirAll(d, 0o755); err != nil {
			tb.Fatal(err)
		}
		f, err := os.Create(filepath.Join(d, "games.parquet"))
		if err != nil {
			tb.Fatal(err)
		}
		if writers[s], err = pqarrow.NewFileWriter(schema, f, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema())); err != nil {
			tb.Fatal(err)
		}
	}
	for k := range n {
		for c := range cols[0].Data().Chunks() {
			src := cols[1].Data().Chunk(c).(*array.String)
			idx := cols[2].Data().Chunk(c).(*array.Int32)
			ids, sources := array.NewStringBuilder(mem), array.NewStringBuilder(mem)
			for i := range src.Len() {
				s := fmt.Sprintf("copy%d/%s", k, src.Value(i))
				sources.Append(s)
				ids.Append(pipeline.GameID(s, int(idx.Value(i))))
			}
			arrs := []arrow.Array{ids.NewArray(), sources.NewArray()}
			for _, col := range cols[2:] {
				a := col.Data().Chunk(c)
				a.Retain()
				arrs = append(arrs, a)
			}
			rec := array.NewRecordBatch(schema, arrs, int64(src.Len()))
			if err := writers[k%shards].WriteBuffered(rec); err != nil {
				tb.Fatal(err)
			}
			rec.Release()
			for _, a := range arrs {
				a.Release()
			}
		}
	}
	for _, w := range writers {
		if err := w.Close(); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkFind runs Find over 1, 10 and 100 times the real
// records (as 4 shards; each copy of a game is an exact copy of the
// others) and reports games/s (wall clock) and games per CPU-second.
// XQTOOL_BENCH_KEEP=DIR keeps the datasets in DIR (to measure the
// command's peak memory on them).
func BenchmarkFind(b *testing.B) {
	recs := shareddata.Dir(b, "records")
	one := export(b, pipeline.Options{Analyze: analyze.Options{NoRepetition: true}, Duplicates: pipeline.Duplicates{Off: true}}, recs)
	keep := os.Getenv("XQTOOL_BENCH_KEEP")
	for _, n := range []int{1, 10, 100} {
		b.Run(strconv.Itoa(n)+"x", func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "data")
			if keep != "" {
				dir = filepath.Join(keep, strconv.Itoa(n)+"x")
			}
			if _, err := os.Stat(dir); err != nil {
				scaled(b, filepath.Join(one, "games.parquet"), dir, n, 4)
			}
			b.ResetTimer()
			games := 0
			cpu := cputime.Process()
			for b.Loop() {
				sum, err := Find([]string{dir}, Options{Output: filepath.Join(b.TempDir(), "d.parquet"), TempDir: b.TempDir()})
				if err != nil {
					b.Fatal(err)
				}
				games += sum.Games
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(games)/(cputime.Process()-cpu).Seconds(), "games/cpu-s")
		})
	}
}
