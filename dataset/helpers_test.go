package dataset

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// recordsDir is the shared real test data, beside the repository.
var recordsDir = shareddata.Path("records")

// realRecords returns the path of a folder of the shared real records, or
// skips the test when they are absent.
func realRecords(t testing.TB, sub string) string {
	t.Helper()
	return shareddata.Dir(t, "records", sub)
}

// reports reads and analyses every game under paths, in input order, as
// the pipeline does (without duplicate detection).
func reports(t testing.TB, paths ...string) []*analyze.Report { return testgames.Reports(t, paths...) }

// pgnReports reads the games of PGN text.
func pgnReports(t testing.TB, text string) []*analyze.Report { return testgames.PGN(t, text) }

// samplePGN holds hand-made games (testgames.SamplePGN).
const samplePGN = testgames.SamplePGN

// rowsOf returns the rows of the reports as the sink builds them, each
// game its own cluster.
func rowsOf(reps []*analyze.Report) []*gameRow {
	rows := make([]*gameRow, len(reps))
	for i, g := range testgames.Games(reps) {
		rows[i] = rowOf(g, new(gameRow))
		rows[i].complete(pipeline.Dup{State: g.Status()})
	}
	return rows
}

// rowWriter is what the writers of the three datasets have in common.
type rowWriter interface {
	write(*gameRow) error
	Close() error
}

// writeReports writes the rows of reps with a writer made by newWriter to
// memory.
func writeReports[W rowWriter](t *testing.T, newWriter func(io.Writer, ...Option) (W, error), reps []*analyze.Report, opts ...Option) []byte {
	t.Helper()
	return writeRows(t, newWriter, rowsOf(reps), opts...)
}

// writeRows writes rows with a writer made by newWriter to memory.
func writeRows[W rowWriter](t *testing.T, newWriter func(io.Writer, ...Option) (W, error), rows []*gameRow, opts ...Option) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := newWriter(&buf, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := w.write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// tableRows returns the rows of tbl, each cell as cell writes it.
func tableRows(tbl arrow.Table, cell func(arrow.Array, int) string) [][]string {
	var rows [][]string
	rr := array.NewTableReader(tbl, 0)
	defer rr.Release()
	for rr.Next() {
		rec := rr.RecordBatch()
		for i := range int(rec.NumRows()) {
			row := make([]string, rec.NumCols())
			for c, col := range rec.Columns() {
				row[c] = cell(col, i)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// checkChunks checks what the layout tests ask of every column chunk of
// md: at least two row groups, each of rgRows rows but the last (at
// most); zstd; dictionary encoding, with a dictionary page and every data
// page in RLE_DICTIONARY (no fallback), exactly where dict says. It then
// calls more on each chunk.
// fileMeta returns the footer of the Parquet file data.
func fileMeta(t *testing.T, data []byte) *metadata.FileMetaData {
	t.Helper()
	rdr, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer rdr.Close()
	return rdr.MetaData()
}

func checkChunks(t *testing.T, md *metadata.FileMetaData, rgRows int64, dict func(name string) bool, more func(g int, name string, cc *metadata.ColumnChunkMetaData)) {
	t.Helper()
	if md.NumRowGroups() < 2 {
		t.Fatalf("%d row groups", md.NumRowGroups())
	}
	for g := range md.NumRowGroups() {
		rg := md.RowGroup(g)
		if rg.NumRows() > rgRows || (g < md.NumRowGroups()-1 && rg.NumRows() != rgRows) {
			t.Errorf("row group %d: %d rows", g, rg.NumRows())
		}
		for c := range rg.NumColumns() {
			cc, err := rg.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			name := cc.PathInSchema().String()
			if cc.Compression() != compress.Codecs.Zstd {
				t.Errorf("%s: compression %v", name, cc.Compression())
			}
			want := dict(name)
			isDict := slices.Contains(cc.Encodings(), parquet.Encodings.RLEDict) || slices.Contains(cc.Encodings(), parquet.Encodings.PlainDict)
			if isDict != want || isDict != cc.HasDictionaryPage() {
				t.Errorf("row group %d %s: encodings %v, dictionary page %v", g, name, cc.Encodings(), cc.HasDictionaryPage())
			}
			for _, es := range cc.EncodingStats() {
				if want && strings.HasPrefix(es.PageType.String(), "DATA_PAGE") && es.Encoding != parquet.Encodings.RLEDict {
					t.Errorf("row group %d %s: a data page in %v (fell back from the dictionary)", g, name, es.Encoding)
				}
			}
			more(g, name, cc)
		}
	}
}
