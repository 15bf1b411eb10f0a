package annotate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/table"
	"github.com/xqtool/xqtool/internal/testgames"
)

// writeTable writes the games' rows to dir/name.
func writeTable(t *testing.T, dir, name string, games ...GameEval) string {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	writeEvals(t, f, games...)
	return path
}

// TestPositionEvals joins evaluations on position_key alone, across games
// and tables: a position in several tables keeps an evaluation over none,
// then the deeper one, then the first table's.
func TestPositionEvals(t *testing.T) {
	dir := t.TempDir()
	best, _ := board.ParseMove("h2e2")
	a := writeTable(t, dir, "a.parquet",
		GameEval{ID: "g1", Rows: []Row{
			{GameID: "g1", Ply: 0, Key: 10, Status: "ok", Depth: 8, ScoreRedCP: 30, HasCP: true, Best: best},
			{GameID: "g1", Ply: 1, Key: 11, Side: board.Black, Status: "error", Err: "engine died"},
			{GameID: "g1", Ply: 2, Key: 12, Status: "ok", Depth: 8, MateRed: -2, HasMate: true, Best: best},
		}},
		GameEval{ID: "g2", Rows: []Row{
			{GameID: "g2", Ply: 0, Key: 10, Status: "ok", Depth: 8, ScoreRedCP: 30, HasCP: true, Best: best},
			{GameID: "g2", Ply: 1, Key: 13, Side: board.Black, Status: "mate", HasMate: true},
		}},
	)
	b := writeTable(t, dir, "b.parquet",
		GameEval{ID: "other", Rows: []Row{
			{GameID: "other", Ply: 5, Key: 10, Status: "ok", Depth: 8, ScoreRedCP: 99, HasCP: true},                     // as deep: the first kept
			{GameID: "other", Ply: 6, Key: 11, Side: board.Black, Status: "ok", Depth: 2, ScoreRedCP: -40, HasCP: true}, // fills an error
			{GameID: "other", Ply: 7, Key: 12, Status: "ok", Depth: 12, ScoreRedCP: -700, HasCP: true},                  // deeper
		}},
	)
	e, err := OpenPositionEvals([]string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if e.Len() != 4 {
		t.Fatalf("%d positions", e.Len())
	}
	for _, tt := range []struct {
		key  uint64
		want Row
	}{
		{10, Row{Key: 10, Status: "ok", Depth: 8, ScoreRedCP: 30, HasCP: true, Best: best}},
		{11, Row{Key: 11, Side: board.Black, Status: "ok", Depth: 2, ScoreRedCP: -40, HasCP: true}},
		{12, Row{Key: 12, Status: "ok", Depth: 12, ScoreRedCP: -700, HasCP: true}},
		{13, Row{Key: 13, Side: board.Black, Status: "mate", HasMate: true}},
	} {
		got, ok := e.Eval(tt.key)
		if !ok || rowText(got) != rowText(tt.want) {
			t.Errorf("key %d: %+v, want %+v", tt.key, got, tt.want)
		}
	}
	if _, ok := e.Eval(99); ok {
		t.Error("a position of no table")
	}
	if _, err := OpenPositionEvals([]string{filepath.Join(dir, "none.parquet")}); err == nil {
		t.Error("a missing table")
	}
}

// TestEvalsSetGameAcrossTables finds the rows of games whose positions
// were shared out among three tables (annotate --by position): each game's
// rows whole, in ply order.
func TestEvalsSetGameAcrossTables(t *testing.T) {
	dir := t.TempDir()
	_, games := syntheticTable(t, "g", 300)
	var paths []string
	for i := range 3 {
		var part []GameEval
		for _, g := range games {
			rows, _ := shareRows(Share{i, 3}, g.Rows, nil)
			part = append(part, GameEval{ID: g.ID, Rows: rows})
		}
		paths = append(paths, writeTable(t, dir, fmt.Sprint(i, ".parquet"), part...))
	}
	e := openEvalsSet(t, paths, len(games))
	for _, g := range games {
		rows, ok, err := e.Rows(g.ID)
		if err != nil || !ok || !sameRows(rows, g.Rows) {
			t.Fatalf("%s: %v %v %+v", g.ID, ok, err, rows)
		}
	}
}

// FuzzPositionEvals reads arbitrary bytes as an evals table by position:
// an error, never a panic.
func FuzzPositionEvals(f *testing.F) {
	good, _ := syntheticTable(f, "g", 20)
	testgames.AddParquetSeeds(f, good)
	f.Fuzz(func(t *testing.T, data []byte) {
		tf, err := table.New(bytes.NewReader(data), "fuzz", batchRows)
		if err != nil {
			return
		}
		defer tf.Close()
		e := &PositionEvals{m: map[uint64]posEval{}}
		if e.add(tf) == nil {
			for k := range e.m {
				e.Eval(k)
			}
		}
	})
}
