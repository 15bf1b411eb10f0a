package testgames

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// ReadTable reads the whole Parquet file at path with arrow-go; the table
// is released when the test ends.
func ReadTable(tb testing.TB, path string) arrow.Table {
	tb.Helper()
	tbl := readTable(tb, path)
	tb.Cleanup(tbl.Release)
	return tbl
}

// readTable is ReadTable, the table released by the caller.
func readTable(tb testing.TB, path string) arrow.Table {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), parquet.NewReaderProperties(memory.DefaultAllocator),
		pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return tbl
}

// Columns reads the named columns of a Parquet file (none named: every
// column), every row as text (null as "(null)").
func Columns(tb testing.TB, path string, names ...string) [][]string {
	tb.Helper()
	tbl := readTable(tb, path)
	defer tbl.Release()
	if len(names) == 0 {
		for _, f := range tbl.Schema().Fields() {
			names = append(names, f.Name)
		}
	}
	idx := make([]int, len(names))
	for i, n := range names {
		f := tbl.Schema().FieldIndices(n)
		if len(f) != 1 {
			tb.Fatalf("%s: no column %s", path, n)
		}
		idx[i] = f[0]
	}
	var rows [][]string
	tr := array.NewTableReader(tbl, 0)
	defer tr.Release()
	for tr.Next() {
		rec := tr.RecordBatch()
		for i := range int(rec.NumRows()) {
			row := make([]string, len(idx))
			for j, c := range idx {
				row[j] = rec.Column(c).ValueStr(i)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// AddParquetSeeds adds to f the seeds of a fuzzer of a Parquet reader:
// good (a valid file), its first half, all but its first third (no
// header), and the two magic numbers with nothing between them.
func AddParquetSeeds(f *testing.F, good []byte) {
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(good[len(good)/3:])
	f.Add([]byte("PAR1PAR1"))
}

// Chunks returns the chunks of the column name of tbl, failing tb when
// tbl has no such column.
func Chunks(tb testing.TB, tbl arrow.Table, name string) []arrow.Array {
	tb.Helper()
	idx := tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		tb.Fatalf("no column %q", name)
	}
	return tbl.Column(idx[0]).Data().Chunks()
}
