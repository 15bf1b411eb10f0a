package training

import (
	"fmt"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/xqtool/xqtool/training"
)

// TestTrainingPositionsRows: a positions writer WithTraining writes the
// rows of the plain writer, then the training columns of each row:
// training.PlyOf of the position before the move, the game's split and
// mirrored, across row groups and batches of odd sizes.
func TestTrainingPositionsRows(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	reps := positionsReports(t)
	var want [][]string
	for _, r := range reps {
		gm := r.Game
		if gm == nil || !gm.HasStart {
			continue
		}
		p := gm.Start
		for _, ply := range gm.Plies {
			pl := training.PlyOf(&p, ply.Move)
			want = append(want, []string{fmt.Sprint(pl.Key), fmt.Sprint(pl.Policy2086), fmt.Sprint(pl.Policy2062), "train", "false"})
			p.MakeMove(ply.Move)
		}
	}
	opts := []Option{WithRowGroupRows(777), WithAllocator(mem), func(c *config) { c.batchRows = 500 }}
	plain := readTable(t, writeTemp(t, writeReports(t, NewPositionsWriter, reps, opts...)), mem)
	defer plain.Release()
	tbl := readTable(t, writeTemp(t, writeReports(t, NewPositionsWriter, reps, append(opts, WithTraining(training.Options{}))...)), mem)
	defer tbl.Release()
	sameFields(t, tbl.Schema(), TrainingPositionsSchema)
	got := tableRows(tbl, valueString)
	base := tableRows(plain, valueString)
	if len(got) != len(want) || len(base) != len(want) {
		t.Fatalf("%d rows, %d without training, want %d", len(got), len(base), len(want))
	}
	n := PositionsSchema.NumFields()
	for i := range got {
		if !slices.Equal(got[i][:n], base[i]) || !slices.Equal(got[i][n:], want[i]) {
			t.Fatalf("row %d:\n got %q\nwant %q + %q", i, got[i], base[i], want[i])
		}
	}
	t.Logf("%d rows checked", len(got))
}

// TestTrainingPositionsLayout: the training columns are stored as
// designed: position_key and the policy indices plain and without
// statistics (hashes, indices), split dictionary-encoded and mirrored
// plain, both with statistics.
func TestTrainingPositionsLayout(t *testing.T) {
	reps := positionsReports(t)
	plies := 0
	for _, r := range reps {
		if r.Game != nil {
			plies += len(r.Game.Plies)
		}
	}
	rgRows := int64(min(2000, plies/2))
	data := writeReports(t, NewPositionsWriter, reps, WithRowGroupRows(int(rgRows)), WithTraining(training.Options{}))
	dict := map[string]bool{"game_id": true, "side": true, "move_iccs": true, "move_wxf": true, "move_chinese": true,
		"capture": true, "result_stm": true, colSplit: true}
	stats := map[string]bool{"side": true, "capture": true, "ply": true, "gives_check": true, "result_stm": true, "plies_to_end": true,
		colSplit: true, colMirrored: true}
	checkChunks(t, fileMeta(t, data), rgRows, func(name string) bool { return dict[name] }, func(g int, name string, cc *metadata.ColumnChunkMetaData) {
		st, err := cc.Statistics()
		if err != nil {
			t.Fatal(err)
		}
		want := stats[name]
		if st != nil && st.HasNullCount() && st.NullCount() == cc.NumValues() {
			want = false
		}
		if has := st != nil && st.HasMinMax(); has != want {
			t.Errorf("row group %d %s: min/max statistics %v", g, name, has)
		}
	})
}
