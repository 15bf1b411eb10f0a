package explorer

import (
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestMergeShards: the trees of three shards of the real records (each
// fed in its own shuffled order, one of them with a memory budget that
// spills many runs) merge into exactly the tree of one run over all the
// games: the same rows, counts, years, ECCO codes and example games.
func TestMergeShards(t *testing.T) {
	if testing.Short() {
		t.Skip("long test skipped in -short mode")
	}
	games := realGames(t)
	opt := Options{MergeMirrors: true}
	whole, wst := buildTree(t, games, opt)
	_, want := treeRows(t, whole)

	dir := t.TempDir()
	shards := make([][]Game, 3)
	for _, g := range games {
		h := fnv.New32a()
		h.Write([]byte(g.ID))
		shards[h.Sum32()%3] = append(shards[h.Sum32()%3], g)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var paths []string
	for i, sh := range shards {
		rng.Shuffle(len(sh), func(a, b int) { sh[a], sh[b] = sh[b], sh[a] })
		o := opt
		if i == 1 {
			o.MemoryBudget = 256 << 10 // many runs, merged in groups
		}
		data, st := buildTree(t, sh, o)
		if i == 1 && st.Runs <= mergeFanIn {
			t.Errorf("shard 1 spilled %d runs: the test wants more than %d", st.Runs, mergeFanIn)
		}
		p := filepath.Join(dir, "shard"+string(rune('0'+i))+".parquet")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	b := NewBuilder(Options{MergeMirrors: true, TempDir: dir})
	for _, p := range paths {
		if err := b.AddTree(p); err != nil {
			t.Fatal(err)
		}
	}
	out, err := os.Create(filepath.Join(dir, "merged.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := b.Write(out)
	out.Close()
	if err != nil {
		t.Fatal(err)
	}
	merged, err := os.ReadFile(filepath.Join(dir, "merged.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	meta, got := treeRows(t, merged)
	if meta.Games != wst.Games || meta.Copies != wst.Copies || st.Rows != wst.Rows || st.Positions != wst.Positions {
		t.Errorf("merged: %+v (meta %+v); one run: %+v", st, meta, wst)
	}
	if len(got) != len(want) {
		t.Fatalf("merged tree has %d rows, one run %d", len(got), len(want))
	}
	if diff := diffRows(t, got, want, "merged", "one run", 5); diff > 0 {
		t.Errorf("%d of %d rows differ", diff, len(want))
	}
}

// TestMergeRefuses: trees built differently do not merge.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	g := []Game{game(t, "a", RedWin, 0, "h2e2 h9g7")}
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"max-ply", Options{MaxPly: 10}},
		{"mirrors", Options{MergeMirrors: true}},
		{"min-games", Options{MinGames: 2}},
		{"all-copies", Options{AllCopies: true}},
	} {
		data, _ := buildTree(t, g, tc.opt)
		p := filepath.Join(dir, tc.name+".parquet")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		b := NewBuilder(Options{})
		if err := b.AddTree(p); err == nil {
			t.Errorf("%s: a tree built with %+v merged into a default one", tc.name, tc.opt)
		}
		b.Close()
	}
}
