package dataset

import (
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestDatasetCounts checks that Counts reports the rows the three files
// hold, as they are written and after Close.
func TestDatasetCounts(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := pgnReports(t, samplePGN)
	dir := t.TempDir()
	ds, err := Create(dir, WithAllocator(mem), WithRowGroupRows(5))
	if err != nil {
		t.Fatal(err)
	}
	var plies, flags int64
	rows := rowsOf(reps)
	for i, r := range reps {
		if err := ds.writeRow(rows[i]); err != nil {
			ds.Abort()
			t.Fatal(err)
		}
		plies += int64(len(r.Game.Plies))
		flags += int64(len(r.Flags))
		if g, p, f := ds.Counts(); g != int64(i+1) || p != plies || f != flags {
			t.Errorf("after game %d: Counts %d, %d, %d, want %d, %d, %d", i, g, p, f, i+1, plies, flags)
		}
	}
	if err := ds.Close(); err != nil {
		t.Fatal(err)
	}
	g, p, f := ds.Counts()
	for _, c := range []struct {
		name string
		want int64
	}{{"games", g}, {"positions", p}, {"flags", f}} {
		tbl := readTable(t, filepath.Join(dir, c.name+".parquet"), mem)
		if tbl.NumRows() != c.want {
			t.Errorf("%s: %d rows, Counts says %d", c.name, tbl.NumRows(), c.want)
		}
		tbl.Release()
	}
}
