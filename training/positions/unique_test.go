package positions

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/nnue"
)

// TestUniqueReal: on the real records, --unique-positions writes one
// block per distinct position (placement and side to move) of the plain
// export, with the last copy's FEN, move and ply (input order) and the
// sign of the sum of all copies' results, counted as written plus
// repeated; the spill is forced by a small budget through many runs.
func TestUniqueReal(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every real record")
	}
	records := shareddata.Dir(t, "records")
	defer func(b int) { spillBytes = b }(spillBytes)
	spillBytes = 1 << 20 // dozens of runs to merge
	dir := t.TempDir()
	opt := Options{Training: allGames}
	all, err := NewSink(opt, PlainFiles(filepath.Join(dir, "all")))
	if err != nil {
		t.Fatal(err)
	}
	opt.Unique = true
	uni, err := NewSink(opt, PlainFiles(filepath.Join(dir, "unique")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Run(context.Background(), []string{records}, runOptions(), all, uni); err != nil {
		t.Fatal(err)
	}
	type want struct {
		last nnue.Entry
		sum  int
		n    int
	}
	byKey := map[uint64]*want{}
	for _, e := range readBlocks(t, filepath.Join(dir, "all", "train.plain")) {
		p, err := board.NewPosition(e.Pos)
		if err != nil {
			t.Fatal(err)
		}
		w := byKey[p.Key()]
		if w == nil {
			w = &want{}
			byKey[p.Key()] = w
		}
		w.last, w.sum, w.n = e, w.sum+int(e.Result), w.n+1
	}
	got := readBlocks(t, filepath.Join(dir, "unique", "train.plain"))
	if len(got) != len(byKey) {
		t.Fatalf("%d unique blocks, %d distinct positions", len(got), len(byKey))
	}
	prev := uint64(0)
	for i, e := range got {
		p, _ := board.NewPosition(e.Pos)
		k := p.Key()
		if i > 0 && k <= prev {
			t.Fatalf("block %d: keys not increasing", i)
		}
		prev = k
		w := byKey[k]
		res := int8(0)
		if w.sum > 0 {
			res = 1
		} else if w.sum < 0 {
			res = -1
		}
		wl := w.last
		wl.Result = res
		if e != wl {
			t.Fatalf("position %s: got %+v, want the last copy %+v with result %d (of %d copies)", nnue.AppendFEN(nil, &e.Pos), e, w.last, res, w.n)
		}
	}
	c, u := all.Positions(), uni.Positions()
	if u.Written[training.Train] != len(byKey) || u.Left[Repeated] != c.Written[training.Train]-len(byKey) || u.In() != c.In() {
		t.Errorf("counts: all %+v, unique %+v", c, u)
	}
	t.Logf("positions in %d, unique %d", c.In(), len(byKey))
}
