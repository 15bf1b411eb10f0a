package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// The tests of this file follow the first hour of a new user (issue 24):
// each fails on the behaviour it replaces.

// onePGN writes a game with every required tag into dir/name.
func onePGN(t *testing.T, dir, name, result string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	game := "[Event \"E\"]\n[Date \"2001.01.01\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"" + result + "\"]\n" +
		"1. 炮二平五 马８进７ 2. 马二进三 车９平８ " + result + "\n"
	if err := os.WriteFile(p, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestInputReachedTwice: the same file named three ways is read once
// (one game_id, once), with a note; game_id does not depend on the
// spelling of the path nor on the working directory; dedupe over a
// directory named twice counts its games once.
func TestInputReachedTwice(t *testing.T) {
	dir := t.TempDir()
	a := onePGN(t, dir, "a.pgn", "1-0")
	out := filepath.Join(t.TempDir(), "ds")
	_, errs, code := runCLI(t, "", "export", "-o", out, a, a, filepath.Join(dir, ".", "a.pgn"))
	if code != 0 || !strings.Contains(errs, "read once: 2 input(s) reached again") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	ids := testgames.Columns(t, filepath.Join(out, "games.parquet"), "game_id")
	if len(ids) != 1 {
		t.Fatalf("%d rows in games.parquet, want 1", len(ids))
	}
	// Another spelling, from another working directory.
	t.Chdir(dir)
	out2 := filepath.Join(t.TempDir(), "ds")
	if _, errs, code := runCLI(t, "", "export", "-o", out2, "a.pgn"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if ids2 := testgames.Columns(t, filepath.Join(out2, "games.parquet"), "game_id"); !slices.Equal(ids2[0], ids[0]) {
		t.Errorf("game_id %v from the directory, %v from elsewhere", ids2, ids)
	}
	// dedupe: a dataset named twice is one dataset.
	for _, n := range []string{"b.pgn", "c.pgn"} {
		onePGN(t, dir, n, "1-0")
	}
	ds := filepath.Join(t.TempDir(), "ds")
	if _, errs, code := runCLI(t, "", "export", "--quiet", "-o", ds, dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	stdout, errs, code := runCLI(t, "", "dedupe", ds, ds)
	if code != 0 || summaryCount(t, stdout, "games") != 3 || !strings.Contains(errs, "read once") {
		t.Errorf("dedupe DIR DIR: exit %d\n%s%s", code, stdout, errs)
	}
	if n := len(testgames.Columns(t, filepath.Join(ds, "duplicates.parquet"), "game_id")); n != 3 {
		t.Errorf("duplicates.parquet has %d rows, want 3", n)
	}
}

// TestInterruptedExportLeavesNothing: an export stopped before the end
// removes what it wrote, the directories it made included.
func TestInterruptedExportLeavesNothing(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "int", "ds")
	sink, err := dataset.NewSink(out, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := pipeline.Run(ctx, []string{sampleDir(t)}, pipeline.Options{}, sink); err == nil {
		t.Fatal("a cancelled run succeeded")
	}
	if ents, _ := os.ReadDir(parent); len(ents) != 0 {
		t.Errorf("the interrupted export left %v", ents)
	}
}

// TestNothingToRead: a run that finds no game is an error (exit 2, one
// line on stderr), like a glob that matches nothing.
func TestNothingToRead(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"empty.pgn": "", "binary.pgn": "\x00\x01\x02\xff", "notes.md": "# notes\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"validate", filepath.Join(dir, "empty.pgn")},
		{"validate", dir},
		{"validate", t.TempDir()},
		{"export", "-o", filepath.Join(t.TempDir(), "out"), dir},
	} {
		_, errs, code := runCLI(t, "", append(args[:len(args):len(args)], "--quiet")...)
		if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "nothing to read") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// TestStatesAndExitCodes: ok / warning / error; validate exits 1 only for
// an error, --strict also for a warning; the summary lists codes under
// their state and info codes apart.
func TestStatesAndExitCodes(t *testing.T) {
	dir := t.TempDir()
	ok := onePGN(t, dir, "ok.pgn", "1-0")
	warn := onePGN(t, dir, "warn.pgn", "*") // missing_result: a warning
	bad := filepath.Join(dir, "bad.pgn")
	if err := os.WriteFile(bad, []byte("[Event \"E\"]\n[Date \"2001\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 车九进三 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{ok}, 0}, {[]string{warn}, 0}, {[]string{"--strict", warn}, 1}, {[]string{bad}, 1}, {[]string{"--strict", ok}, 0},
	} {
		if _, errs, code := runCLI(t, "", append([]string{"validate", "--quiet", "--no-duplicates"}, c.args...)...); code != c.code {
			t.Errorf("validate %v: exit %d, want %d (%s)", c.args, code, c.code, errs)
		}
	}
	out, _, _ := runCLI(t, "", "validate", "--quiet", "--list", "none", dir)
	want := []string{"  ok ", "  warning ", "    missing_result ", "  error ", "    illegal_move ", "info (any state)", "    duplicate "}
	last := -1
	for _, w := range want {
		i := strings.Index(out, w)
		if i < 0 || i < last {
			t.Errorf("summary lacks %q after the lines before it:\n%s", w, out)
		}
		last = i
	}
	if summaryCount(t, out, "ok") != 1 || summaryCount(t, out, "warning") != 1 || summaryCount(t, out, "error") != 1 {
		t.Errorf("states:\n%s", out)
	}
}

// TestOtherFilesAndExclude: files that are no game records are counted in
// one line, named once on stderr (not with --quiet) with the output that
// lists them all, listed in the report; documentation (README.md, a .txt
// of notes, a picture) is passed over without a note; --exclude skips
// files, accounted for as skipped.
func TestOtherFilesAndExclude(t *testing.T) {
	dir := t.TempDir()
	onePGN(t, dir, "a.pgn", "1-0")
	for _, n := range []string{"README.md", "notes.txt", "board.png", "junk.dat", "old.bin"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("text\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, errs, _ := runCLI(t, "", "validate", dir)
	if summaryCount(t, out, "other files") != 2 || summaryCount(t, out, "documentation") != 3 || summaryCount(t, out, "with games") != 1 ||
		strings.Contains(out, "no games") || strings.Count(errs, "held no game") != 1 ||
		strings.Contains(errs, "README") || strings.Contains(errs, "files.parquet") || !strings.Contains(errs, "validate --report FILE lists each") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, errs)
	}
	if _, errs, _ := runCLI(t, "", "validate", "--quiet", dir); errs != "" {
		t.Errorf("--quiet: stderr %q", errs)
	}
	exp := filepath.Join(t.TempDir(), "out")
	if _, errs, _ := runCLI(t, "", "export", "--no-duplicates", "-o", exp, dir); !strings.Contains(errs, filepath.Join(exp, "files.parquet")+" lists each") {
		t.Errorf("export: the note does not name its files.parquet: %q", errs)
	}
	if _, errs, _ := runCLI(t, "", "convert", "--no-duplicates", "--to", "pgn", "-o", filepath.Join(t.TempDir(), "c.pgn"), dir); strings.Contains(errs, "files.parquet") {
		t.Errorf("convert names an output it does not write: %q", errs)
	}
	rep := filepath.Join(t.TempDir(), "r.jsonl")
	out, _, _ = runCLI(t, "", "validate", "--quiet", "--exclude", "*.dat", "--exclude", "old*", "--report", rep, dir)
	b, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(b), `"status":"skipped"`) != 5 || !strings.Contains(string(b), "excluded by --exclude *.dat") {
		t.Errorf("report of the excluded files:\n%s", b)
	}
	if summaryCount(t, out, "with games") != 1 {
		t.Errorf("--exclude:\n%s", out)
	}
	if _, errs, code := runCLI(t, "", "validate", "--exclude", "[", dir); code != 2 || !strings.Contains(errs, "--exclude") {
		t.Errorf("a bad pattern: exit %d, %q", code, errs)
	}
}

// TestReportWithoutMoves: report --html from lines without moves warns.
func TestReportWithoutMoves(t *testing.T) {
	rep := filepath.Join(t.TempDir(), "r.jsonl")
	runCLI(t, "", "validate", "--quiet", "--report", rep, sampleDir(t))
	_, errs, code := runCLI(t, "", "report", "--html", filepath.Join(t.TempDir(), "p.html"), rep)
	if code != 0 || !strings.Contains(errs, "written without moves") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestMessages: one line each, the user's words, what to do.
func TestMessages(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--rules", "xyz", "."}, `--rules must be cxa (Chinese rules) or axf (Asian/World rules), got "xyz"`},
		{[]string{"export", "-o", t.TempDir(), "--compression", "gzip", "."}, `--compression must be zstd, snappy, lz4_raw or none, got "gzip"`},
		{[]string{"validate"}, "validate: give at least one PATH"},
	} {
		_, errs, code := runCLI(t, "", c.args...)
		if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) || strings.Count(errs, "cxa") > 1 {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errs)
		}
	}
	// A game-level flag has no side (null), in the report as in Parquet.
	out, _, _ := runCLI(t, "", "convert", "--quiet", filepath.Join(sampleDir(t), "broken"))
	if strings.Contains(out, `"side":""`) {
		t.Error(`a report line says "side":""`)
	}
}

// TestConvertFiltersCompletionVersion: convert --only-ok and --no-errors;
// flag values complete; --version names the build.
func TestConvertFiltersCompletionVersion(t *testing.T) {
	dir := sampleDir(t)
	count := func(args ...string) int {
		out, errs, code := runCLI(t, "", append([]string{"convert", "--quiet", "--to", "pgn", "--no-duplicates"}, append(args, dir)...)...)
		if code > 1 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		return strings.Count(out, "[Game ")
	}
	all, noErr, ok := count(), count("--no-errors"), count("--only-ok")
	if !(ok < noErr && noErr < all) {
		t.Errorf("games written: %d all, %d --no-errors, %d --only-ok", all, noErr, ok)
	}
	for _, c := range []struct{ args, want []string }{
		{[]string{"__complete", "convert", "--to", ""}, []string{"jsonl", "pgn", "xqf"}},
		{[]string{"__complete", "export", "--compression", ""}, []string{"zstd", "snappy", "lz4_raw", "none"}},
		{[]string{"__complete", "validate", "--rules", ""}, []string{"cxa", "axf"}},
	} {
		out, _, _ := runCLI(t, "", c.args...)
		for _, w := range c.want {
			if !strings.Contains(out, w+"\n") {
				t.Errorf("%v: no %q in %q", c.args, w, out)
			}
		}
	}
	if out, _, code := runCLI(t, "", "--version"); code != 0 || !strings.HasPrefix(out, "xqtool ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version: %q, exit %d", out, code)
	}
}

// TestFillResultFromPosition: --fill-tags gives a game without a result
// the one its mate decides, flagged result_filled with the reason.
func TestFillResultFromPosition(t *testing.T) {
	dir := t.TempDir()
	mate := "[Event \"E\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n1. 车八进九 *\n"
	if err := os.WriteFile(filepath.Join(dir, "m.pgn"), []byte(mate), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, _ := runCLI(t, "", "convert", "--quiet", "--fill-tags", dir)
	if !strings.Contains(out, `"result":"1-0"`) || !strings.Contains(out, "Result 1-0 filled from checkmate after ply 1") {
		t.Errorf("filled: %s", out)
	}
	out, _, _ = runCLI(t, "", "convert", "--quiet", dir)
	if !strings.Contains(out, `"result":"*"`) || strings.Contains(out, "result_filled") {
		t.Errorf("without --fill-tags: %s", out)
	}
}
