package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/pipeline"
)

// positionsReports returns the sample games and, unless -short, a folder
// of the real records.
func positionsReports(t *testing.T) []*analyze.Report {
	reps := pgnReports(t, samplePGN)
	if !testing.Short() {
		reps = append(reps, reports(t, realRecords(t, "hbsxcjp__cchess_c"))...)
	}
	return reps
}

// TestPositionsRows reads back every row and compares it with the values
// computed directly from the games (board FEN, notation formatters): the
// dictionaries built per row group must index the right text.
func TestPositionsRows(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := positionsReports(t)
	var want [][]string
	for _, r := range reps {
		gm := r.Game
		if gm == nil || !gm.HasStart {
			continue
		}
		res, known := wantRedResult(r)
		p := gm.Start
		id := pipeline.GameID(r.Record.Source, r.Record.Index)
		for i, ply := range gm.Plies {
			m := ply.Move
			side, stm := "red", "null"
			if known {
				stm = fmt.Sprint(res)
			}
			if p.Side() != 0 {
				side = "black"
				if known {
					stm = fmt.Sprint(-res)
				}
			}
			capture := "null"
			if !ply.Capture.IsEmpty() {
				capture = string(ply.Capture.FENLetter())
			}
			want = append(want, []string{
				id, fmt.Sprint(i), p.FEN(), side, notation.FormatICCS(m, false),
				notation.FormatWXF(&p, m), notation.FormatChinese(&p, m, notation.ChineseStyle{}),
				capture, fmt.Sprint(ply.Check), stm, fmt.Sprint(len(gm.Plies) - i),
			})
			p.MakeMove(m)
		}
	}
	// Row groups and batches of odd sizes: dictionaries restart at row
	// group bounds in the middle of games and batches. The writers of a
	// partitioned dataset look the WXF and Chinese text up every time.
	// Row groups closed by the byte bound make the writer wait for its
	// encoder (see colFile.reaches).
	for _, c := range []struct {
		name string
		opts []Option
	}{
		{"777 rows", []Option{WithRowGroupRows(777)}},
		{"777 rows, partitioned", []Option{WithRowGroupRows(777), WithPartitionByYear()}},
		{"8 KiB", []Option{WithRowGroupBytes(8 << 10), func(c *config) { c.BatchRows = 500 }}},
	} {
		data := writeReports(t, NewPositionsWriter, reps, append(c.opts, WithAllocator(mem))...)
		if c.name == "8 KiB" && !testing.Short() {
			if n := fileMeta(t, data).NumRowGroups(); n < 2 {
				t.Errorf("%d row groups of at most 8 KiB", n)
			}
		}
		tbl := readTable(t, writeTemp(t, data), mem)
		sameFields(t, tbl.Schema(), PositionsSchema)
		if int64(len(want)) != tbl.NumRows() {
			t.Fatalf("%d rows, want %d", tbl.NumRows(), len(want))
		}
		rows := tableRows(tbl, valueString)
		for row, got := range rows {
			if !slices.Equal(got, want[row]) {
				t.Fatalf("%s, row %d:\n got %q\nwant %q", c.name, row, got, want[row])
			}
		}
		tbl.Release()
		t.Logf("%s: %d rows checked", c.name, len(rows))
	}
}

// valueString returns value i of arr as text ("null" when null).
func valueString(arr arrow.Array, i int) string {
	if arr.IsNull(i) {
		return "null"
	}
	switch a := arr.(type) {
	case *array.String:
		return a.Value(i)
	case *array.Int32:
		return fmt.Sprint(a.Value(i))
	case *array.Int8:
		return fmt.Sprint(a.Value(i))
	case *array.Boolean:
		return fmt.Sprint(a.Value(i))
	}
	return arr.ValueStr(i)
}

// TestPositionsLayout checks the Parquet layout: zstd everywhere,
// dictionary encoding on the low-cardinality columns (and game_id), plain
// on the others, row groups bounded by rows, statistics where useful.
func TestPositionsLayout(t *testing.T) {
	reps := positionsReports(t)
	// At least two row groups, with or without -short.
	plies := 0
	for _, r := range reps {
		if r.Game != nil {
			plies += len(r.Game.Plies)
		}
	}
	rgRows := int64(min(2000, plies/2))
	data := writeReports(t, NewPositionsWriter, reps, WithRowGroupRows(int(rgRows)))
	md := fileMeta(t, data)
	if md.KeyValueMetadata().FindValue("ARROW:schema") == nil {
		t.Error("no ARROW:schema in the footer")
	}
	dict := map[string]bool{"game_id": true, "side": true, "move_iccs": true, "move_wxf": true, "move_chinese": true,
		"capture": true, "result_stm": true}
	stats := map[string]bool{"side": true, "capture": true, "ply": true, "gives_check": true, "result_stm": true, "plies_to_end": true}
	checkChunks(t, md, rgRows, func(name string) bool { return dict[name] }, func(g int, name string, cc *metadata.ColumnChunkMetaData) {
		st, err := cc.Statistics()
		if err != nil {
			t.Fatal(err)
		}
		want := stats[name]
		if st != nil && st.HasNullCount() && st.NullCount() == cc.NumValues() {
			want = false // all null (no capture in a small row group)
		}
		if has := st != nil && st.HasMinMax(); has != want {
			t.Errorf("row group %d %s: min/max statistics %v", g, name, has)
		}
	})
}

// writeTemp writes data to a file in a temporary directory and returns
// its path.
func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "positions.parquet")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// wantRedResult is the result of r from Red's side, as positions.parquet
// must hold it: the result the final position decides, else the declared
// one; known false when neither is known.
func wantRedResult(r *analyze.Report) (int8, bool) {
	res := r.ResultByPosition
	if res == "" {
		res = r.Declared()
	}
	switch res {
	case analyze.ResultRed:
		return 1, true
	case analyze.ResultBlack:
		return -1, true
	case analyze.ResultDraw:
		return 0, true
	}
	return 0, false
}
