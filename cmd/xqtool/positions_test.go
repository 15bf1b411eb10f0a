package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/fakeengine"
	"github.com/xqtool/xqtool/training/nnue"
	"github.com/xqtool/xqtool/training/positions"
)

// TestExportPositions: annotate the sample with the fake engine, export
// it as .plain with the evaluations and as .bin without: every block's
// score is its position's evaluation from the side to move, the .bin
// files hold one record per block of a result-only .plain export, and
// the summary counts the positions.
func TestExportPositions(t *testing.T) {
	dir := sampleDir(t)
	tmp := t.TempDir()
	evals := filepath.Join(tmp, "evals")
	if out, stderr, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{}), "--depth", "1", "-o", evals, dir); code != 0 && code != 1 {
		t.Fatalf("annotate: exit %d\n%s%s", code, out, stderr)
	}
	f, err := os.Open(filepath.Join(evals, annotate.EvalsName))
	if err != nil {
		t.Fatal(err)
	}
	rows, _, err := annotate.ReadEvals(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	score := map[uint64]int{}
	for i := range rows {
		if s, ok := positions.Score(&rows[i]); ok {
			score[rows[i].Key] = s
		}
	}
	run := func(args ...string) string {
		t.Helper()
		stdout, stderr, code := runCLI(t, "", append([]string{"export", "--quiet"}, append(args, dir)...)...)
		if code != 0 && code != 1 {
			t.Fatalf("export %v: exit %d\n%s", args, code, stderr)
		}
		if !strings.Contains(stdout, "positions in") {
			t.Errorf("export %v: no position rows in the summary:\n%s", args, stdout)
		}
		return stdout
	}
	plain, plain0, bin := filepath.Join(tmp, "plain"), filepath.Join(tmp, "plain0"), filepath.Join(tmp, "bin")
	px, uniq := filepath.Join(tmp, "px0"), filepath.Join(tmp, "unique")
	run("--format", "px0", "--evals", evals, "--policy", "best", "-o", px)
	for _, sp := range []string{"train", "valid", "test"} {
		if _, err := os.Stat(filepath.Join(px, sp, "chunk-000000.gz")); err != nil {
			t.Errorf("px0: %v", err)
		}
	}
	if out := run("--format", "plain", "--result-only", "--unique-positions", "--split", "1,0,0", "-o", uniq); !strings.Contains(out, "repeated positions") {
		t.Errorf("--unique-positions: no repeated positions in the summary:\n%s", out)
	}
	run("--format", "plain", "--evals", evals, "--split", "1,0,0", "-o", plain)
	run("--format", "plain", "--result-only", "--split", "1,0,0", "-o", plain0)
	run("--format", "nnue-bin", "--result-only", "--split", "1,0,0", "-o", bin)

	blocks := func(path string) []nnue.Entry {
		out, err := nnue.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	scored := blocks(filepath.Join(plain, "train.plain"))
	nonzero := 0
	for _, e := range scored {
		p, err := board.NewPosition(e.Pos)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := score[p.Key()]
		if !ok || e.Score != want {
			t.Errorf("%s: score %d, want %d (evaluated %v)", nnue.AppendFEN(nil, &e.Pos), e.Score, want, ok)
		}
		if e.Score != 0 {
			nonzero++
		}
	}
	if len(scored) == 0 || nonzero == 0 {
		t.Errorf("%d blocks, %d with a score", len(scored), nonzero)
	}
	zero := blocks(filepath.Join(plain0, "train.plain"))
	var packed []byte
	for i := range zero {
		if zero[i].Score != 0 {
			t.Fatalf("result-only block with score %d", zero[i].Score)
		}
		if packed, err = nnue.AppendBin(packed, &zero[i]); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(bin, "train.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(packed) || len(zero) < len(scored) {
		t.Errorf("train.bin: %d bytes, the packed .plain %d (%d blocks, %d scored)", len(b), len(packed), len(zero), len(scored))
	}
}

// TestExportPositionsUsage: what a position format needs, or does not
// take, is a usage error (exit 2).
func TestExportPositionsUsage(t *testing.T) {
	dir := sampleDir(t)
	for _, args := range [][]string{
		{"--format", "plain"},
		{"--format", "nnue-bin", "--result-only", "--policy", "best"},
		{"--format", "plain", "--result-only", "--skip-capture-best"},
		{"--format", "plain", "--result-only", "--evals", "x"},
		{"--format", "plain", "--result-only", "--policy", "worst"},
		{"--format", "plain", "--result-only", "--min-ply", "-1"},
		{"--skip-check"},
		{"--format", "alphazero-csv", "--score-clamp", "100"},
	} {
		out := filepath.Join(t.TempDir(), "o")
		_, stderr, code := runCLI(t, "", append(append([]string{"export", "--quiet", "-o", out}, args...), dir)...)
		if code != 2 {
			t.Errorf("export %v: exit %d, want 2\n%s", args, code, stderr)
		}
	}
}
