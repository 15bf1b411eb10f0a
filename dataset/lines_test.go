package dataset

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
)

// testLines is a Lines that leaves out every third game, writes the line
// of the others, and writes it again for the games of an odd number of
// plies; its columns are the row's position key and which of the game's
// lines the row is of.
type testLines struct {
	games int
	line  int16
}

var testLinesSchema = arrow.NewSchema(append(PositionsSchema.Fields(),
	arrow.Field{Name: "key", Type: arrow.PrimitiveTypes.Uint64},
	arrow.Field{Name: "line", Type: arrow.PrimitiveTypes.Int16},
), nil)

func (l *testLines) Schema() *arrow.Schema         { return testLinesSchema }
func (l *testLines) Plain() []string               { return []string{"key"} }
func (l *testLines) NoStats() []string             { return []string{"key"} }
func (l *testLines) Start(info pipeline.Info) bool { return false }

func (l *testLines) Columns(t *parquetw.Table) func(p *board.Position, m board.Move) {
	key, line := t.Uint64Col("key"), t.Int16Col("line")
	return func(p *board.Position, m board.Move) {
		key.Append(p.Key())
		line.Append(l.line)
	}
}

// takes says what testLines does with the n-th game (0-based) of plies
// plies: how many times it writes its line.
func (l *testLines) takes(n, plies int) int {
	switch {
	case n%3 == 2:
		return 0
	case plies%2 == 1:
		return 2
	}
	return 1
}

func (l *testLines) Game(g *Line, write func(start board.Position, plies []replay.Ply) error) error {
	n := l.games
	l.games++
	for i := range l.takes(n, len(g.Plies)) {
		l.line = int16(i)
		if err := write(g.Start, g.Plies); err != nil {
			return err
		}
	}
	return nil
}

// TestLinesRows: a dataset WithLines has in positions.parquet, for each
// game, the rows of the plain dataset once per line the Lines write (none
// for a game left out), each followed by the Lines' columns: the key of
// the row's position (computed here from the replay) and the line;
// across row groups and batches of odd sizes.
func TestLinesRows(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := positionsReports(t)
	opts := []Option{WithRowGroupRows(777), WithAllocator(mem), func(c *config) { c.BatchRows = 500 }}
	plainDir, linesDir := t.TempDir(), t.TempDir()
	writeDataset(t, plainDir, reps, opts...)
	writeDataset(t, linesDir, reps, append(opts, WithLines(&testLines{}))...)
	plain := readTable(t, filepath.Join(plainDir, "positions.parquet"), mem)
	defer plain.Release()
	tbl := readTable(t, filepath.Join(linesDir, "positions.parquet"), mem)
	defer tbl.Release()
	sameFields(t, tbl.Schema(), testLinesSchema)
	base := tableRows(plain, valueString)
	got := tableRows(tbl, valueString)

	var want [][]string
	var l testLines
	b := 0 // the game's first row in base
	for n, r := range reps {
		var start board.Position
		var plies []replay.Ply
		if gm := r.Game; gm != nil && gm.HasStart {
			start, plies = gm.Start, gm.Plies
		}
		for line := range l.takes(n, len(plies)) {
			p := start
			for i, ply := range plies {
				row := slices.Concat(base[b+i], []string{fmt.Sprint(p.Key()), fmt.Sprint(line)})
				want = append(want, row)
				p.MakeMove(ply.Move)
			}
		}
		b += len(plies)
	}
	if b != len(base) {
		t.Fatalf("%d plies in the games, %d rows in the plain dataset", b, len(base))
	}
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range got {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("row %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
	if len(got) == len(base) {
		t.Error("the Lines wrote as many rows as the plain dataset: the test compares nothing")
	}
	t.Logf("%d rows checked (%d without the Lines)", len(got), len(base))
}
