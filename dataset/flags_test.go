package dataset

import (
	"fmt"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/xqtool/xqtool/pipeline"
)

// TestFlagsRows reads back every row of flags.parquet and compares it with
// the flags of the reports, with row groups and batches of odd sizes.
func TestFlagsRows(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := gamesReports(t)
	var want [][]string
	for _, r := range reps {
		id := pipeline.GameID(r.Record.Source, r.Record.Index)
		for _, f := range r.Flags {
			side := f.Side
			if side == "" {
				side = "null"
			}
			want = append(want, []string{id, string(f.Code), string(f.Severity), fmt.Sprint(f.Ply), side, f.Detail})
		}
	}
	if len(want) < 10 {
		t.Fatalf("only %d flags to check", len(want))
	}
	batchOf3 := func(c *config) { c.BatchRows = 3 }
	for _, opts := range [][]Option{{WithRowGroupRows(7)}, {WithRowGroupBytes(1), batchOf3}, nil} {
		data := writeReports(t, NewFlagsWriter, reps, append(opts, WithAllocator(mem))...)
		tbl := readTable(t, writeTemp(t, data), mem)
		sameFields(t, tbl.Schema(), FlagsSchema)
		if tbl.NumRows() != int64(len(want)) {
			t.Fatalf("%d rows, want %d", tbl.NumRows(), len(want))
		}
		for row, got := range tableRows(tbl, valueString) {
			if !slices.Equal(got, want[row]) {
				t.Fatalf("row %d:\n got %q\nwant %q", row, got, want[row])
			}
		}
		tbl.Release()
	}
}
