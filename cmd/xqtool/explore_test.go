package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/testgames"
)

const startFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"

// TestExploreCLI builds the tree of the sample three ways (records,
// shards merged, the export dataset) and asks each for the start
// position: the same table. find lists the games of a position.
func TestExploreCLI(t *testing.T) {
	dir := t.TempDir()
	sample, _ := filepath.Abs(filepath.Join("..", "..", "sample"))
	p := func(name string) string { return filepath.Join(dir, name) }
	if _, errs, code := runCLI(t, "", "explore", "--quiet", "--all-copies", "-o", p("tree"), sample); code != 0 {
		t.Fatalf("explore: exit %d, want 0 (written; the sample's unreadable record is no failure): %s", code, errs)
	}
	for _, f := range []string{"tree.parquet", "index.html"} {
		if _, err := os.Stat(filepath.Join(p("tree"), f)); err != nil {
			t.Error(err)
		}
	}
	for i := range 2 {
		if _, errs, code := runCLI(t, "", "explore", "--quiet", "--all-copies", "--shard", []string{"0/2", "1/2"}[i], "-o", p("shards"), sample); code > 1 {
			t.Fatalf("explore shard %d: exit %d: %s", i, code, errs)
		}
	}
	if _, errs, code := runCLI(t, "", "explore", "--all-copies", "-o", p("merged"), p("shards")); code != 0 {
		t.Fatalf("explore over the shards: exit %d: %s", code, errs)
	}
	want, errs, code := runCLI(t, "", "explore", "--fen", startFEN, p("tree"))
	if code != 0 || !strings.Contains(want, "炮二平五") {
		t.Fatalf("explore --fen: exit %d: %s%s", code, want, errs)
	}
	if got, _, _ := runCLI(t, "", "explore", "--fen", startFEN, p("merged")); got != want {
		t.Errorf("the merged shards say\n%s\none run says\n%s", got, want)
	}
	// From the dataset of export, kept copies only, as from the records.
	if _, errs, code := runCLI(t, "", "export", "--quiet", "-o", p("out"), sample); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	runCLI(t, "", "explore", "--quiet", "-o", p("kept"), sample)
	if _, errs, code := runCLI(t, "", "explore", "-o", p("fromds"), p("out")); code != 0 {
		t.Fatalf("explore over the dataset: exit %d: %s", code, errs)
	}
	a, _, _ := runCLI(t, "", "explore", "--fen", startFEN, p("kept"))
	b, _, _ := runCLI(t, "", "explore", "--fen", startFEN, p("fromds"))
	if a != b || a == want {
		t.Errorf("kept copies from the records\n%s\nfrom the dataset\n%s\n(all copies\n%s)", a, b, want)
	}
	// Records (or a dataset) and a tree: the tree merged into the run's,
	// every count doubled (the same games twice, copies of nothing).
	if _, errs, code := runCLI(t, "", "explore", "--quiet", "--all-copies", "-o", p("mix"), sample, p("tree")); code != 0 {
		t.Fatalf("explore records and a tree: exit %d: %s", code, errs)
	}
	one := testgames.Columns(t, filepath.Join(p("tree"), "tree.parquet"), "position_key", "move_iccs", "games")
	two := testgames.Columns(t, filepath.Join(p("mix"), "tree.parquet"), "position_key", "move_iccs", "games")
	if len(one) == 0 || len(one) != len(two) {
		t.Fatalf("%d rows from the records, %d merged with their tree", len(one), len(two))
	}
	for i := range one {
		n, _ := strconv.Atoi(one[i][2])
		if two[i][0] != one[i][0] || two[i][1] != one[i][1] || two[i][2] != strconv.Itoa(2*n) {
			t.Fatalf("row %d: %q merged with the tree, %q alone", i, two[i], one[i])
		}
	}
	out, errs, code := runCLI(t, "", "find", "--fen", startFEN, p("out"))
	if code != 0 || !strings.Contains(out, "xqbase-gbk.pgn#1") {
		t.Errorf("find the start: exit %d: %s%s", code, out, errs)
	}
	if _, _, code := runCLI(t, "", "find", "--material", "KRRCC vs K", p("out")); code != 1 {
		t.Errorf("find a material no game has: exit %d, want 1", code)
	}
	// A second run whose output lies inside its input reads the records
	// again, not its own tree.
	inside := t.TempDir()
	os.Symlink(sample, filepath.Join(inside, "sample"))
	for range 2 {
		if _, errs, code := runCLI(t, "", "explore", "--quiet", "-o", filepath.Join(inside, "tree"), inside); code != 0 {
			t.Fatalf("explore with its output inside its input: exit %d: %s", code, errs)
		}
	}
	for _, args := range [][]string{
		{"explore", sample},                         // no -o
		{"explore", "--fen", "nonsense", p("tree")}, // bad FEN
		{"find", p("out")},                          // nothing to find
		{"find", "--material", "KX vs K", p("out")}, // bad signature
	} {
		if _, _, code := runCLI(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
