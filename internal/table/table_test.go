package table

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/internal/testgames"
)

var testSchema = arrow.NewSchema([]arrow.Field{
	{Name: "id", Type: arrow.BinaryTypes.String},
	{Name: "n", Type: arrow.PrimitiveTypes.Int32},
	{Name: "moves", Type: arrow.ListOf(arrow.BinaryTypes.String)},
}, nil)

// writeTable writes rows rows (id "gI", n I, moves I times "m") in row
// groups of groupRows rows.
func writeTable(t testing.TB, rows, groupRows int) []byte {
	t.Helper()
	mem := memory.NewGoAllocator()
	b := array.NewRecordBuilder(mem, testSchema)
	defer b.Release()
	for i := range rows {
		b.Field(0).(*array.StringBuilder).Append("g" + string(rune('a'+i%26)))
		b.Field(1).(*array.Int32Builder).Append(int32(i))
		lb := b.Field(2).(*array.ListBuilder)
		lb.Append(true)
		for range i % 4 {
			lb.ValueBuilder().(*array.StringBuilder).Append("m")
		}
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	tbl := array.NewTableFromRecords(testSchema, []arrow.RecordBatch{rec})
	defer tbl.Release()
	var buf bytes.Buffer
	props := parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(int64(groupRows)))
	if err := pqarrow.WriteTable(tbl, &buf, int64(groupRows), props, pqarrow.DefaultWriterProps()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRowsNumbered: rows are numbered in the file across batches and row
// groups, and an error about a row names that number.
func TestRowsNumbered(t *testing.T) {
	const rows = 50
	f, err := New(bytes.NewReader(writeTable(t, rows, 16)), "t.parquet", 7)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := f.Rows([]string{"n"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var n *array.Int32
	read := 0
	for r.Next() {
		if r.Fresh() {
			if n, err = Column[*array.Int32](r.Batch(), "n"); err != nil {
				t.Fatal(err)
			}
		}
		i := r.Index()
		if got := r.Row(i); got != int64(n.Value(i))+1 {
			t.Fatalf("row of value %d is %d", n.Value(i), got)
		}
		read++
	}
	if r.Err() != nil || read != rows {
		t.Fatalf("read %d of %d rows: %v", read, rows, r.Err())
	}
	// An error about row 40 (value 39) in a later batch names row 40.
	r2, _ := f.Rows(nil, nil)
	defer r2.Close()
	if err := r2.Skip(39); err != nil {
		t.Fatal(err)
	}
	if !r2.Next() {
		t.Fatal(r2.Err())
	}
	if !r2.Fresh() {
		t.Error("the first row after Skip is not in a fresh batch")
	}
	sentinel := errors.New("bad")
	err = r2.Errorf(r2.Index(), "x: %w", sentinel)
	var re *RowError
	if !errors.As(err, &re) || re.Row != 40 || !errors.Is(err, sentinel) || err.Error() != "t.parquet: row 40: x: bad" {
		t.Errorf("got %v", err)
	}
	if v, _ := Column[*array.Int32](r2.Batch(), "n"); v.Value(r2.Index()) != 39 {
		t.Errorf("after Skip(39) the row holds %d", v.Value(r2.Index()))
	}
	// Rows of one row group are numbered in the file.
	r3, err := f.Rows([]string{"n"}, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	defer r3.Close()
	if !r3.Next() || r3.Row(r3.Index()) != 33 {
		t.Errorf("first row of group 2: %d", r3.Row(r3.Index()))
	}
}

func TestColumns(t *testing.T) {
	f, err := New(bytes.NewReader(writeTable(t, 5, 16)), "t.parquet", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Has("moves.list.element") || f.Has("nope") || f.NumRows() != 5 {
		t.Error("Has or NumRows")
	}
	if _, err := f.Rows([]string{"nope"}, nil); !errors.Is(err, ErrColumn) {
		t.Errorf("a missing column: %v", err)
	}
	r, err := f.Rows([]string{"id", "moves.list.element"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !r.NextBatch() {
		t.Fatal(r.Err())
	}
	rec := r.Batch()
	if _, err := Column[*array.Int32](rec, "id"); !errors.Is(err, ErrColumn) {
		t.Errorf("a string column read as int32: %v", err)
	}
	if _, err := Column[*array.Int32](rec, "n"); !errors.Is(err, ErrColumn) {
		t.Errorf("a column not read: %v", err)
	}
	l, v, err := ListOf[*array.String](rec, "moves")
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := l.ValueOffsets(3); hi-lo != 3 || v.Value(int(lo)) != "m" {
		t.Errorf("row 3's list: %d..%d", lo, hi)
	}
	if _, _, err := ListOf[*array.Int32](rec, "moves"); !errors.Is(err, ErrColumn) {
		t.Errorf("a list of strings read as of int32: %v", err)
	}
	if r.NextBatch() {
		t.Error("a second batch of 5 rows")
	}
}

// TestRecover: the guard turns a panic into an error wrapping ErrDamaged
// that names the file.
func TestRecover(t *testing.T) {
	read := func() (err error) {
		defer Recover("x.parquet", &err)
		panic("index out of range in a page header")
	}
	if err := read(); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "x.parquet") {
		t.Errorf("got %v", err)
	}
}

func TestFind(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{
		"games.parquet", "positions.parquet", "shard=0-of-2/games.parquet",
		"part/games/year=1990/a.parquet", "part/games/year=1991/b.parquet",
		".tmp/games.parquet", "out/games.parquet", "other/x.parquet",
	} {
		p = filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	rel := func(files []string) []string {
		var out []string
		for _, f := range files {
			r, _ := filepath.Rel(dir, f)
			out = append(out, filepath.ToSlash(r))
		}
		return out
	}
	got, err := Find(dir, "games", FindOptions{Partitioned: true, Skip: filepath.Join(dir, "out")})
	want := []string{"games.parquet", "part/games/year=1990/a.parquet", "part/games/year=1991/b.parquet", "shard=0-of-2/games.parquet"}
	if err != nil || !slices.Equal(rel(got), want) {
		t.Errorf("partitioned: %v %v", rel(got), err)
	}
	got, _ = Find(dir, "games", FindOptions{})
	want = []string{"games.parquet", "out/games.parquet", "shard=0-of-2/games.parquet"}
	if !slices.Equal(rel(got), want) {
		t.Errorf("not partitioned: %v", rel(got))
	}
	if _, err := Find(filepath.Join(dir, "other"), "games", FindOptions{Partitioned: true}); !errors.Is(err, ErrNotFound) {
		t.Errorf("no table: %v", err)
	}
}

// FuzzRows reads arbitrary bytes as a table: an error, never a panic.
func FuzzRows(f *testing.F) {
	good := writeTable(f, 30, 8)
	testgames.AddParquetSeeds(f, good)
	f.Fuzz(func(t *testing.T, data []byte) {
		tf, err := New(bytes.NewReader(data), "fuzz", 4)
		if err != nil {
			return
		}
		defer tf.Close()
		r, err := tf.Rows(nil, nil)
		if err != nil {
			return
		}
		defer r.Close()
		for r.Next() {
			if r.Fresh() {
				if _, _, err := ListOf[*array.String](r.Batch(), "moves"); err != nil {
					return
				}
			}
		}
		if err := r.Err(); err != nil && errors.Is(err, io.EOF) {
			t.Errorf("io.EOF as an error: %v", err)
		}
	})
}
