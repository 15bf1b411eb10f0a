package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

// readEvalsMeta reads the rows of an evals table, each as the text of all
// its fields, and its metadata.
func readEvalsMeta(t *testing.T, path string) ([]string, map[string]string) {
	t.Helper()
	rows, meta := readEvalsFile(t, path)
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = fmt.Sprintf("%+v", r)
	}
	return out, meta
}

// TestAnnotateByPosition annotates real records in four shards of their
// positions (--shard I/4 --by position), each with its own output and cache
// as four machines would: no position is searched twice, and together they
// search the positions of a single run. Run again with the others' caches
// (--merge-cache), they search nothing, and the rows of their four tables,
// as a set, are exactly the single run's table, and convert --evals reads
// the four tables as one. Four shards of the files (--shard I/4, the
// default --by input) search no fewer: a position in the files of two
// shards is searched by both.
func TestAnnotateByPosition(t *testing.T) {
	records := wukongFiles(t)
	dir := t.TempDir()
	annotateRun := func(name string, extra ...string) (string, []string) {
		t.Helper()
		log := filepath.Join(dir, name+".log")
		args := append([]string{"annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{Log: log}), "--depth", "3"}, extra...)
		stdout, errs, code := runCLI(t, "", append(args, records)...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", name, code, errs)
		}
		return stdout, fakeengine.LogLines(t, log, "go")
	}
	_, single := annotateRun("single", "-o", filepath.Join(dir, "single"))
	want, _ := readEvalsMeta(t, filepath.Join(dir, "single", annotate.EvalsName))
	slices.Sort(want)

	const n = 4
	outs := make([]string, n)
	table := func(i int) string {
		return filepath.Join(outs[i], fmt.Sprintf("shard=%d-of-%d", i, n), annotate.EvalsName)
	}
	searched := map[string]int{}
	var firstPass []string
	for i := range n {
		outs[i] = filepath.Join(dir, fmt.Sprint("machine", i))
		stdout, s := annotateRun(fmt.Sprint("position", i), "--shard", fmt.Sprintf("%d/%d", i, n), "--by", "position", "-o", outs[i])
		for _, p := range s {
			searched[p]++
		}
		if annotateCount(t, stdout, "searched") != len(s) || annotateCount(t, stdout, "not in the caches") == 0 {
			t.Fatalf("shard %d:\n%s", i, stdout)
		}
		rows, meta := readEvalsMeta(t, table(i))
		if meta[annotate.MetaShare] != fmt.Sprintf("%d/%d", i, n) || meta[annotate.MetaMissing] == "0" {
			t.Errorf("shard %d's metadata: %v", i, meta)
		}
		firstPass = append(firstPass, rows...)
	}
	for p, k := range searched {
		if k > 1 {
			t.Fatalf("searched by %d shards: %s", k, p)
		}
	}
	if len(searched) != len(single) || len(firstPass) != len(want) {
		t.Fatalf("the shards searched %d positions and wrote %d rows; a single run %d and %d", len(searched), len(firstPass), len(single), len(want))
	}

	var got []string
	for i := range n {
		extra := []string{"--shard", fmt.Sprintf("%d/%d", i, n), "--by", "position", "-o", outs[i]}
		for j := range n {
			if j != i {
				extra = append(extra, "--merge-cache", filepath.Join(outs[j], "cache"))
			}
		}
		stdout, s := annotateRun(fmt.Sprint("again", i), extra...)
		if len(s) != 0 || annotateCount(t, stdout, "not in the caches") != 0 {
			t.Fatalf("shard %d again searched %d:\n%s", i, len(s), stdout)
		}
		rows, meta := readEvalsMeta(t, table(i))
		if meta[annotate.MetaMissing] != "0" {
			t.Errorf("shard %d again: missing %q", i, meta[annotate.MetaMissing])
		}
		got = append(got, rows...)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("the shards' rows differ from a single run's: %s\nwant %s", got[i], want[i])
			}
		}
		t.Fatalf("%d rows in the shards, %d in a single run", len(got), len(want))
	}

	// convert --evals reads a game's rows from the four tables.
	pgn := filepath.Join(dir, "annotated.pgn")
	args := []string{"convert", "--quiet", "--to", "pgn", "-o", pgn}
	for i := range n {
		args = append(args, "--evals", outs[i])
	}
	if _, errs, code := runCLI(t, "", append(args, records)...); code != 0 || !strings.Contains(errs, " 0 without") {
		t.Fatalf("convert --evals of the shards: exit %d\n%s", code, errs)
	}
	checkAnnotatedPGN(t, pgn, readEvals(t, filepath.Join(dir, "single", annotate.EvalsName)))

	byInput := 0
	for i := range n {
		_, s := annotateRun(fmt.Sprint("input", i), "--shard", fmt.Sprintf("%d/%d", i, n), "-o", filepath.Join(dir, fmt.Sprint("files", i)))
		byInput += len(s)
	}
	if byInput < len(single) {
		t.Fatalf("the shards of the files searched %d positions, fewer than a single run's %d", byInput, len(single))
	}
	t.Logf("%d rows; positions searched: %d by a single run, %d by %d shards of the positions, %d by %d shards of the files",
		len(want), len(single), len(searched), n, byInput, n)
}

// TestAnnotateByPositionNeedsShard: --by position without --shard is a
// usage error (exit 2), not a run that silently shares nothing out; a
// --by value other than input or position likewise.
func TestAnnotateByPositionNeedsShard(t *testing.T) {
	dir := sampleDir(t)
	engine := fakeEngine(fakeengine.Spec{})
	for _, args := range [][]string{
		{"--by", "position"},
		{"--by", "file", "--shard", "0/2"},
	} {
		out := filepath.Join(t.TempDir(), "evals")
		all := append([]string{"annotate", "--quiet", "--engine", engine, "--depth", "1", "-o", out}, args...)
		_, errs, code := runCLI(t, "", append(all, dir)...)
		if code != 2 || !strings.Contains(errs, "--by") {
			t.Errorf("%v: exit %d, want 2 with a message naming --by: %s", args, code, errs)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: %s written", args, out)
		}
	}
}
