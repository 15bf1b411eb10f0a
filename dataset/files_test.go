package dataset

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/pipeline"
)

// TestFilesRoundTrip writes files rows (more than one batch) and reads
// them back: values as written, nulls for unknown sizes and empty
// strings.
func TestFilesRoundTrip(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	var buf bytes.Buffer
	w, err := NewFilesWriter(&buf, WithAllocator(mem))
	if err != nil {
		t.Fatal(err)
	}
	n := filesBatch + 3
	for i := range n {
		r := pipeline.File{Source: fmt.Sprintf("f%d.pgn", i), Bytes: int64(i), Format: "pgn", Encoding: "gb18030", Games: i % 3, Status: "read"}
		if i%2 == 1 {
			r = pipeline.File{Source: fmt.Sprintf("f%d.txt", i), Bytes: -1, Status: "unreadable", Problem: "unknown format"}
		}
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	pf, err := file.NewParquetReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	if tbl.NumRows() != int64(n) || tbl.NumCols() != int64(FilesSchema.NumFields()) {
		t.Fatalf("%d rows, schema %v", tbl.NumRows(), tbl.Schema())
	}
	for i, f := range FilesSchema.Fields() {
		if g := tbl.Schema().Field(i); g.Name != f.Name || !arrow.TypeEqual(g.Type, f.Type) || g.Nullable != f.Nullable {
			t.Errorf("column %d: %v, want %v", i, g, f)
		}
	}
	row := 0
	for _, ch := range tbl.Column(1).Data().Chunks() {
		b := ch.(*array.Int64)
		for i := 0; i < b.Len(); i, row = i+1, row+1 {
			if row%2 == 1 != b.IsNull(i) || row%2 == 0 && b.Value(i) != int64(row) {
				t.Fatalf("row %d: bytes null %v value %d", row, b.IsNull(i), b.Value(i))
			}
		}
	}
}

// TestDatasetFiles: files.parquet is written when rows were given and
// removed (from an earlier run) when none were.
func TestDatasetFiles(t *testing.T) {
	dir := t.TempDir()
	d, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteFile(pipeline.File{Source: "a.pgn", Bytes: 10, Format: "pgn", Games: 1, Status: "read"}); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "files.parquet")); err != nil {
		t.Fatal(err)
	}
	d, err = Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "files.parquet")); !os.IsNotExist(err) {
		t.Errorf("files.parquet of the earlier run left: %v", err)
	}
}

// TestFilesDeterministic writes files.parquet for more distinct sources
// than a dictionary page holds, twice: the bytes are the same, and the
// source column has no dictionary to outgrow (a chunk that falls back
// from its dictionary gets its page encoding statistics in arrow-go's
// map order).
func TestFilesDeterministic(t *testing.T) {
	write := func() []byte {
		var buf bytes.Buffer
		w, err := NewFilesWriter(&buf)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 30000 {
			src := fmt.Sprintf("corpus/some/deep/directory/of/records/number-%06d/game-%06d.pgn", i/7, i)
			if err := w.Write(pipeline.File{Source: src, Bytes: int64(i), Format: "pgn", Encoding: "utf-8", Games: 1, Status: corpus.FileRead}); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	a, b := write(), write()
	if !bytes.Equal(a, b) {
		t.Fatal("two writes of the same rows differ")
	}
	r, err := file.NewParquetReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	col := r.MetaData().Schema.ColumnIndexByName("source")
	for g := range r.NumRowGroups() {
		cc, err := r.MetaData().RowGroup(g).ColumnChunk(col)
		if err != nil {
			t.Fatal(err)
		}
		if cc.HasDictionaryPage() {
			t.Errorf("row group %d: source has a dictionary page", g)
		}
	}
}
