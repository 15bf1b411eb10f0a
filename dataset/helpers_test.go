package dataset

import (
	"bytes"
	"context"
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
	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/parse"
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
func reports(t testing.TB, paths ...string) []*analyze.Report {
	t.Helper()
	var out []*analyze.Report
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), paths, func(it corpus.Item) error {
		if it.Rec != nil {
			out = append(out, analyze.Analyze(it.Rec, it.Err, analyze.Options{}))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pgnReports reads the games of PGN text.
func pgnReports(t testing.TB, text string) []*analyze.Report {
	t.Helper()
	r := parse.NewPGNReader(strings.NewReader(text), "test.pgn")
	var out []*analyze.Report
	for {
		rec, err := r.Next()
		if rec == nil {
			break
		}
		out = append(out, analyze.Analyze(rec, err, analyze.Options{}))
	}
	return out
}

// samplePGN holds hand-made games: a normal game with tags, comments and
// variations (one of them unplayable), an endgame from a FEN with Black to
// move that ends in mate while "*" is declared, a mate whose declared
// result is wrong, and a game with an illegal main-line move.
const samplePGN = `[Event "Test Cup"]
[Site "Beijing"]
[Date "1999.05.02"]
[Round "3"]
[Red "Red Player"]
[RedTeam "Team A"]
[Black "Black Player"]
[RedElo "2400"]
[BlackElo "n/a"]
[Result "1-0"]
[ECCO "B00"]
[Annotator "someone"]
{Game comment}
1. 炮二平五 {central cannon} (1. 相三进五 马８进７ (1... 卒７进１) 2. 兵七进一) (1. 车九进九) 马８进７
2. 马二进三 车９平８ 3. 车一平二 马２进３ 1-0

[Event "Endgame"]
[Date "2001年3月4日"]
[FEN "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"]
[Result "*"]
1... 将4进1 2. 车五平六 *

[Event "Mate"]
[Date "1985.??.??"]
[Red "A"]
[Black "B"]
[FEN "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"]
[Result "0-1"]
1. 车八进九 0-1

[Event "Broken"]
[Date "2010/1/2"]
[Result "1-0"]
1. 炮二平五 马８进７ 2. 车九进三 炮８平５ 1-0
`

// gbLen returns s in GB18030 (the XQF header encoding).
func gbLen(s string) []byte {
	b, err := simplifiedchinese.GB18030.NewEncoder().Bytes([]byte(s))
	if err != nil {
		return []byte(s + s)
	}
	return b
}

// reportWriter is what the writers of the three datasets have in common.
type reportWriter interface {
	Write(*analyze.Report) error
	Close() error
}

// writeReports writes reps with a writer made by newWriter to memory.
func writeReports[W reportWriter](t *testing.T, newWriter func(io.Writer, ...Option) (W, error), reps []*analyze.Report, opts ...Option) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := newWriter(&buf, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reps {
		if err := w.Write(r); err != nil {
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
