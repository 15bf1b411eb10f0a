package dataset

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/testgames"
)

// readTable reads a Parquet file back with arrow-go.
func readTable(t *testing.T, path string, mem memory.Allocator) arrow.Table {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), parquet.NewReaderProperties(mem),
		pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return tbl
}

// stringColumn returns the values of the string column name of tbl.
func stringColumn(t *testing.T, tbl arrow.Table, name string) []string {
	t.Helper()
	var out []string
	for _, c := range testgames.Chunks(t, tbl, name) {
		s := c.(*array.String)
		for i := range s.Len() {
			out = append(out, s.Value(i))
		}
	}
	return out
}

// sameFields compares names, types and nullability (the schema read
// back carries Parquet field ids as metadata).
func sameFields(t *testing.T, got, want *arrow.Schema) {
	t.Helper()
	if got.NumFields() != want.NumFields() {
		t.Fatalf("%d fields, want %d", got.NumFields(), want.NumFields())
	}
	for i, f := range want.Fields() {
		g := got.Field(i)
		if g.Name != f.Name || g.Nullable != f.Nullable || g.Type.ID() != f.Type.ID() {
			t.Errorf("field %d: %v, want %v", i, g, f)
		}
	}
}

func writeDataset(t *testing.T, dir string, reps []*analyze.Report, opts ...Option) {
	t.Helper()
	ds, err := Create(dir, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rowsOf(reps) {
		if err := ds.writeRow(row); err != nil {
			ds.Abort()
			t.Fatal(err)
		}
	}
	if err := ds.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestDatasetValues(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := pgnReports(t, samplePGN)
	if len(reps) != 4 {
		t.Fatalf("%d games in the sample, want 4", len(reps))
	}
	dir := t.TempDir()
	// Tiny row groups and batches exercise the flushing paths.
	writeDataset(t, dir, reps, WithAllocator(mem), WithRowGroupRows(5), WithRules("cxa"))

	plies, flags := 0, 0
	for _, r := range reps {
		plies += len(r.Game.Plies)
		flags += len(r.Flags)
	}
	games := readTable(t, filepath.Join(dir, "games.parquet"), mem)
	defer games.Release()
	pos := readTable(t, filepath.Join(dir, "positions.parquet"), mem)
	defer pos.Release()
	fl := readTable(t, filepath.Join(dir, "flags.parquet"), mem)
	defer fl.Release()
	if games.NumRows() != 4 || pos.NumRows() != int64(plies) || fl.NumRows() != int64(flags) {
		t.Fatalf("rows: games %d, positions %d (want %d), flags %d (want %d)",
			games.NumRows(), pos.NumRows(), plies, fl.NumRows(), flags)
	}
	sameFields(t, games.Schema(), GamesSchema)
	sameFields(t, pos.Schema(), PositionsSchema)
	sameFields(t, fl.Schema(), FlagsSchema)

	year := testgames.Chunks(t, games, "year")[0].(*array.Int32)
	date := testgames.Chunks(t, games, "date_parsed")[0].(*array.Date32)
	if year.Value(0) != 1999 || date.Value(0).ToTime().Format("2006-01-02") != "1999-05-02" {
		t.Errorf("game 1 year/date: %v %v", year.Value(0), date.Value(0).ToTime())
	}
	prec := testgames.Chunks(t, games, "date_precision")[0].(*array.String)
	precAt := func(i int) string {
		if !prec.IsValid(i) {
			return "null"
		}
		return prec.Value(i)
	}
	if p := precAt(0); p != "day" {
		t.Errorf("game 1 date_precision %s, want day", p)
	}
	// 1985.??.??: the year alone, dated to its first day.
	if year.Value(2) != 1985 || date.Value(2).ToTime().Format("2006-01-02") != "1985-01-01" || precAt(2) != "year" {
		t.Errorf("game 3: year %d, date %v, precision %s; want 1985, 1985-01-01, year", year.Value(2), date.Value(2).ToTime(), precAt(2))
	}
	elo := testgames.Chunks(t, games, "red_elo")[0].(*array.Int32)
	belo := testgames.Chunks(t, games, "black_elo")[0].(*array.Int32)
	if elo.Value(0) != 2400 || belo.IsValid(0) {
		t.Errorf("elo: %d, black valid %v", elo.Value(0), belo.IsValid(0))
	}
	other := testgames.Chunks(t, games, "other_tags")[0].(*array.Map)
	keys := other.Keys().(*array.String)
	start, end := other.ValueOffsets(0)
	var names []string
	for i := start; i < end; i++ {
		names = append(names, keys.Value(int(i)))
	}
	if !slices.Equal(names, []string{"Annotator"}) {
		t.Errorf("other_tags of game 1: %v", names)
	}
	byPos := testgames.Chunks(t, games, "result_by_position")[0].(*array.String)
	term := testgames.Chunks(t, games, "termination")[0].(*array.String)
	if byPos.Value(2) != "1-0" || term.Value(2) != "mate" || byPos.IsValid(0) {
		t.Errorf("game 3 result_by_position %q termination %q", byPos.Value(2), term.Value(2))
	}
	status := testgames.Chunks(t, games, "status")[0].(*array.String)
	if status.Value(3) != "error" {
		t.Errorf("broken game status %q", status.Value(3))
	}
	rules := testgames.Chunks(t, games, "rules")[0].(*array.String)
	if rules.Value(0) != "cxa" {
		t.Errorf("rules %q", rules.Value(0))
	}

	// Positions: the endgame starts with Black to move; result unknown.
	fens, sides, chinese := stringColumn(t, pos, "fen"), stringColumn(t, pos, "side"), stringColumn(t, pos, "move_chinese")
	var stm []string
	for _, c := range testgames.Chunks(t, pos, "result_stm") {
		s := c.(*array.Int8)
		for i := 0; i < s.Len(); i++ {
			if s.IsNull(i) {
				stm = append(stm, "null")
			} else {
				stm = append(stm, string(rune('1'+s.Value(i))))
			}
		}
	}
	g1 := len(reps[0].Game.Plies)
	if fens[0] != reps[0].Game.Start.FEN() || chinese[0] != "炮二平五" || sides[1] != "black" || stm[0] != "2" || stm[1] != "0" {
		t.Errorf("first plies: %q %q %q %v", fens[0], chinese[:2], sides[:2], stm[:2])
	}
	// It ends in mate although "*" is declared: Black, to move, loses.
	if fens[g1] != "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1" || sides[g1] != "black" || stm[g1] != "0" {
		t.Errorf("endgame first ply: %q %q %q", fens[g1], sides[g1], stm[g1])
	}
	// The mate: Black to move is mated at the end, Red wins (declared 0-1
	// is contradicted, result_by_position wins).
	g3 := g1 + len(reps[1].Game.Plies)
	if stm[g3] != "2" {
		t.Errorf("mate game result_stm of Red's first move = %s, want +1", stm[g3])
	}
}

func TestDatasetDeterministic(t *testing.T) {
	reps := pgnReports(t, samplePGN)
	a, b := t.TempDir(), t.TempDir()
	writeDataset(t, a, reps)
	writeDataset(t, b, reps)
	for _, n := range []string{"games.parquet", "positions.parquet", "flags.parquet"} {
		x, _ := os.ReadFile(filepath.Join(a, n))
		y, _ := os.ReadFile(filepath.Join(b, n))
		if len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s differs between two runs (%d, %d bytes)", n, len(x), len(y))
		}
	}
}

func TestDatasetPartitioned(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := pgnReports(t, samplePGN)
	// The same games twice, with one partition open at a time: reopening a
	// year starts its next part file.
	reps = append(reps, reps...)
	dir := t.TempDir()
	writeDataset(t, dir, reps, WithAllocator(mem), WithPartitionByYear(), WithMaxOpenPartitions(1))
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	want := []string{}
	for _, ds := range []string{"flags", "games", "positions"} {
		for _, p := range []string{"year=1985/part-0", "year=1985/part-1", "year=1999/part-0", "year=1999/part-1",
			"year=2001/part-0", "year=2001/part-1", "year=2010/part-0", "year=2010/part-1"} {
			want = append(want, ds+"/"+p+".parquet")
		}
	}
	if !slices.Equal(files, want) {
		t.Errorf("files:\n%v\nwant\n%v", files, want)
	}
	tbl := readTable(t, filepath.Join(dir, "positions", "year=1999", "part-1.parquet"), mem)
	defer tbl.Release()
	if tbl.NumRows() != int64(len(reps[0].Game.Plies)) {
		t.Errorf("positions of 1999 part-1: %d rows", tbl.NumRows())
	}

	reps = append(reps, pgnReports(t, "[Event \"x\"]\n1. 炮二平五 *\n")...)
	dir = t.TempDir()
	writeDataset(t, dir, reps, WithAllocator(mem), WithPartitionByYear())
	if _, err := os.Stat(filepath.Join(dir, "games", "year="+UnknownYear, "part-0.parquet")); err != nil {
		t.Error(err)
	}
}

func TestDatasetAbort(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	dir := t.TempDir()
	ds, err := Create(dir, WithAllocator(mem))
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rowsOf(pgnReports(t, samplePGN)) {
		if err := ds.writeRow(row); err != nil {
			t.Fatal(err)
		}
	}
	ds.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("Abort left %v", ents)
	}
	if err := ds.writeRow(rowsOf(pgnReports(t, samplePGN))[0]); err == nil {
		t.Error("Write after Abort succeeded")
	}
}

// TestWritersEmptyAndClosed checks that each writer closed without rows
// writes a readable file with its schema, and refuses a Write after Close.
func TestWritersEmptyAndClosed(t *testing.T) {
	emptyAndClosed(t, "games", NewGamesWriter, GamesSchema)
	emptyAndClosed(t, "positions", NewPositionsWriter, PositionsSchema)
	emptyAndClosed(t, "flags", NewFlagsWriter, FlagsSchema)
}

func emptyAndClosed[W rowWriter](t *testing.T, name string, newWriter func(io.Writer, ...Option) (W, error), schema *arrow.Schema) {
	t.Run(name, func(t *testing.T) {
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		defer mem.AssertSize(t, 0)
		var buf bytes.Buffer
		w, err := newWriter(&buf, WithAllocator(mem))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if err := w.write(rowsOf(pgnReports(t, samplePGN))[0]); err == nil {
			t.Error("Write after Close succeeded")
		}
		tbl := readTable(t, writeTemp(t, buf.Bytes()), mem)
		defer tbl.Release()
		if tbl.NumRows() != 0 {
			t.Errorf("empty %s file: %d rows", name, tbl.NumRows())
		}
		sameFields(t, tbl.Schema(), schema)
	})
}

// TestWritersFailingOutput checks that an error of the output, met by the
// encoder goroutine of a writer (see colFile), comes back from a later
// Write or from Close, wrapped; that the encoder stops; and that the
// writer refuses more rows after it. (After a failed write arrow-go does
// not release the buffers of the row group's other column chunks: the
// garbage collector takes them, so no checked allocator here.)
func TestWritersFailingOutput(t *testing.T) {
	failingOutput(t, "games", NewGamesWriter)
	failingOutput(t, "positions", NewPositionsWriter)
	failingOutput(t, "flags", NewFlagsWriter)
}

// failWriter takes n bytes, then fails.
type failWriter struct{ n int }

var errDiskFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errDiskFull
	}
	w.n -= len(p)
	return len(p), nil
}

func failingOutput[W rowWriter](t *testing.T, name string, newWriter func(io.Writer, ...Option) (W, error)) {
	rows := rowsOf(pgnReports(t, samplePGN))
	for _, budget := range []int{0, 100, 5000} {
		t.Run(fmt.Sprintf("%s/%d bytes", name, budget), func(t *testing.T) {
			before := runtime.NumGoroutine()
			w, err := newWriter(&failWriter{n: budget}, WithRowGroupRows(2))
			if err != nil {
				if !errors.Is(err, errDiskFull) {
					t.Fatalf("new writer: %v", err)
				}
				return
			}
			var werr error
			for i := 0; i < 50 && werr == nil; i++ {
				werr = w.write(rows[i%len(rows)])
			}
			cerr := w.Close()
			if werr == nil {
				werr = cerr
			}
			if !errors.Is(werr, errDiskFull) {
				t.Fatalf("Write/Close: %v, want %v", werr, errDiskFull)
			}
			if err := w.write(rows[0]); err == nil {
				t.Error("Write after a failure and Close succeeded")
			}
			for range 100 {
				if runtime.NumGoroutine() <= before {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			if n := runtime.NumGoroutine(); n > before {
				t.Errorf("%d goroutines after Close, %d before", n, before)
			}
		})
	}
}
