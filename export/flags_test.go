package export

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestFlagsRows reads back every row of flags.parquet and compares it with
// the flags of the reports, with row groups and batches of odd sizes.
func TestFlagsRows(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := gamesReports(t)
	var want [][]string
	for _, r := range reps {
		id := GameID(r.Record.Source, r.Record.Index)
		for _, f := range r.Flags {
			side := f.Side
			if side == "" {
				side = "null"
			}
			want = append(want, []string{id, f.Code, string(f.Severity), fmt.Sprint(f.Ply), side, f.Detail})
		}
	}
	if len(want) < 10 {
		t.Fatalf("only %d flags to check", len(want))
	}
	batchOf3 := func(c *config) { c.batchRows = 3 }
	for _, opts := range [][]Option{{WithRowGroupRows(7)}, {WithRowGroupBytes(1), batchOf3}, nil} {
		var buf bytes.Buffer
		fw, err := NewFlagsWriter(&buf, append(opts, WithAllocator(mem))...)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reps {
			if err := fw.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := fw.Close(); err != nil {
			t.Fatal(err)
		}
		tbl := readTable(t, writeTemp(t, buf.Bytes()), mem)
		sameFields(t, tbl.Schema(), FlagsSchema)
		if tbl.NumRows() != int64(len(want)) {
			t.Fatalf("%d rows, want %d", tbl.NumRows(), len(want))
		}
		rr := array.NewTableReader(tbl, 0)
		row := 0
		for rr.Next() {
			rec := rr.RecordBatch()
			for i := range int(rec.NumRows()) {
				got := make([]string, rec.NumCols())
				for c, col := range rec.Columns() {
					got[c] = valueString(col, i)
				}
				if !slices.Equal(got, want[row]) {
					t.Fatalf("row %d:\n got %q\nwant %q", row, got, want[row])
				}
				row++
			}
		}
		rr.Release()
		tbl.Release()
	}
}
