package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/report"
)

// runCLI runs the command line in-process and returns stdout, stderr and
// the exit code.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := newRootCmd()
	var out, errb bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetIn(strings.NewReader(stdin))
	cmd.SetArgs(args)
	code := exitCode(cmd.Execute(), &errb)
	return out.String(), errb.String(), code
}

func TestPerftCLI(t *testing.T) {
	out, _, code := runCLI(t, "", "perft", "3")
	if code != 0 || out != "79666\n" {
		t.Errorf("perft 3: %q, exit %d", out, code)
	}
	out, _, code = runCLI(t, "", "perft", "--divide", "--fen", "startpos", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 45 || lines[44] != "1920" || !strings.HasPrefix(lines[0], "a0a1 ") {
		t.Errorf("perft --divide 2: %d lines, last %q, first %q, exit %d", len(lines), lines[len(lines)-1], lines[0], code)
	}
	_, errs, code := runCLI(t, "", "perft", "--fen", "4k4/9/9/9/9/9/9/9/4R4/4K4 w", "2")
	if code != 2 || !strings.Contains(errs, "side not to move is in check") {
		t.Errorf("bad FEN: exit %d, stderr %q", code, errs)
	}
	_, _, code = runCLI(t, "", "perft", "x")
	if code != 2 {
		t.Errorf("bad depth: exit %d", code)
	}
}

func TestMovesCLI(t *testing.T) {
	out, _, code := runCLI(t, "", "moves")
	if code != 0 || len(strings.Fields(out)) != 44 {
		t.Errorf("moves: %d moves, exit %d", len(strings.Fields(out)), code)
	}
}

func sampleDir(t *testing.T) string {
	dir := filepath.Join("..", "..", "sample")
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestValidateSample validates the project's own sample corpus: every flag
// code appears, counts are conserved, the report has one line per game,
// and the output is byte-identical for any number of workers.
func TestValidateSample(t *testing.T) {
	dir := sampleDir(t)
	tmp := t.TempDir()
	var reports []string
	for _, workers := range []string{"1", "2", "5"} {
		rep := filepath.Join(tmp, "report"+workers+".jsonl")
		out, errs, code := runCLI(t, "", "validate", "--quiet", "--workers", workers, "--with-moves", "--report", rep, dir)
		if code != 1 {
			t.Fatalf("exit %d, want 1 (flagged games); stderr %s", code, errs)
		}
		if !strings.Contains(out, "games") || !strings.Contains(out, "flagged") {
			t.Errorf("summary: %s", out)
		}
		data, err := os.ReadFile(rep)
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, string(data))
	}
	if reports[0] != reports[1] || reports[0] != reports[2] {
		t.Fatal("report differs between worker counts")
	}
	codes := map[flags.Code]bool{}
	statuses := map[analyze.Status]int{}
	var lines []string // game lines; lines of kind "file" are input files without games
	for _, l := range strings.Split(strings.TrimSpace(reports[0]), "\n") {
		if !strings.HasPrefix(l, `{"kind":`) {
			lines = append(lines, l)
		}
	}
	for _, l := range lines {
		var g report.Game
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatal(err)
		}
		statuses[g.Status]++
		for _, f := range g.Flags {
			codes[f.Code] = true
		}
	}
	if statuses["ok"]+statuses["flagged"]+statuses["error"] != len(lines) {
		t.Errorf("statuses %v do not add up to %d games", statuses, len(lines))
	}
	want := []flags.Code{
		flags.UnreadableRecord, flags.IllegalMove, flags.UnreadableMove,
		flags.AmbiguousMove, flags.IllegalVariationMove, flags.InvalidStart,
		flags.EmptyGame, flags.Truncated, flags.MoveNumberGap,
		flags.MissingResult, flags.MissingTags, flags.ResultMismatch,
		flags.MovesAfterEnd, flags.NaturalLimit, flags.Duplicate,
		flags.EncodingSuspect, flags.RecordSyntax, flags.PerpetualCheck,
	}
	for _, c := range want {
		if !codes[c] {
			t.Errorf("no sample game raises %s", c)
		}
	}
	var got []flags.Code
	for c := range codes {
		got = append(got, c)
	}
	slices.Sort(got)
	t.Logf("codes raised by the sample: %v; statuses %v", got, statuses)
}

func TestValidateStdinAndExitCodes(t *testing.T) {
	clean := "[Event \"e\"]\n[Date \"2024.01.01\"]\n[Red \"r\"]\n[Black \"b\"]\n[Result \"1-0\"]\n1. 炮二平五 马８进７ 1-0\n"
	out, errs, code := runCLI(t, clean, "validate", "--quiet", "-")
	if code != 0 {
		t.Errorf("clean game: exit %d\n%s%s", code, out, errs)
	}
	_, _, code = runCLI(t, "", "validate", "--quiet", filepath.Join(t.TempDir(), "missing.pgn"))
	if code != 2 {
		t.Errorf("missing path: exit %d, want 2", code)
	}
	_, _, code = runCLI(t, clean, "validate", "--quiet", "--rules", "nope", "-")
	if code != 2 {
		t.Errorf("bad --rules: exit %d, want 2", code)
	}
}

func TestMovesNotations(t *testing.T) {
	for nota, first := range map[string]string{"iccs": "a0a1", "chinese": "车九进一", "wxf": "R9+1"} {
		out, _, code := runCLI(t, "", "moves", "--notation", nota)
		lines := strings.Fields(out)
		if code != 0 || len(lines) != 44 || lines[0] != first {
			t.Errorf("--notation %s: %d moves, first %q, exit %d", nota, len(lines), lines[0], code)
		}
	}
	out, _, _ := runCLI(t, "", "moves", "--notation", "chinese", "--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
	if !strings.Contains(out, "马８进７\n") {
		t.Errorf("black moves lack 马８进７:\n%s", out)
	}
	if _, _, code := runCLI(t, "", "moves", "--notation", "klingon"); code != 2 {
		t.Errorf("bad --notation: exit %d", code)
	}
}

// recordsDir returns ../shared/testdata/records beside the repository, or
// skips when it is absent (a user's clone; CI always has it).
func recordsDir(tb testing.TB) string {
	tb.Helper()
	return shareddata.Dir(tb, "records")
}
