package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/corpus"
)

// readTable reads a whole Parquet file.
func readTable(t *testing.T, path string) arrow.Table {
	t.Helper()
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pf.Close() })
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tbl.Release)
	return tbl
}

// column returns the chunks of a column of tbl by name.
func column(t *testing.T, tbl arrow.Table, name string) []arrow.Array {
	t.Helper()
	idx := tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		t.Fatalf("no column %q", name)
	}
	return tbl.Column(idx[0]).Data().Chunks()
}

// TestExportFilesConservation exports the real records and checks that
// files.parquet accounts for every input file — one row per file Walk
// opens, each read, unreadable or skipped — and that its games add up to
// the rows of games.parquet.
func TestExportFilesConservation(t *testing.T) {
	dir := recordsDir(t)
	out := t.TempDir()
	if _, stderr, code := runCLI(t, "", "export", "-o", out, "--quiet", dir); code > 1 {
		t.Fatalf("export: exit %d\n%s", code, stderr)
	}
	files := readTable(t, filepath.Join(out, "files.parquet"))
	games := readTable(t, filepath.Join(out, "games.parquet"))
	if want := int64(corpus.CountFiles([]string{dir})); files.NumRows() != want {
		t.Errorf("files.parquet has %d rows, want one per input file: %d", files.NumRows(), want)
	}
	sum := int64(0)
	byStatus := map[string]int{}
	statuses := column(t, files, "status")
	problems := column(t, files, "problem")
	for c, ch := range column(t, files, "games") {
		g := ch.(*array.Int32)
		for i := 0; i < g.Len(); i++ {
			sum += int64(g.Value(i))
			st := statuses[c].(*array.String).Value(i)
			byStatus[st]++
			hasProblem := problems[c].IsValid(i)
			switch {
			case st == "read" && g.Value(i) == 0, st != "read" && g.Value(i) != 0:
				t.Errorf("row %d: status %s with %d games", i, st, g.Value(i))
			case st != "read" && !hasProblem:
				t.Errorf("row %d: status %s without a problem", i, st)
			}
		}
	}
	if sum != games.NumRows() {
		t.Errorf("files.parquet counts %d games, games.parquet has %d rows", sum, games.NumRows())
	}
	if want := int64(expectedGames(t, dir)); sum != want {
		t.Errorf("files.parquet counts %d games, expected.jsonl %d", sum, want)
	}
	if byStatus["unreadable"] == 0 {
		t.Error("no unreadable file among the real records (expected.jsonl at least is not a record)")
	}
	t.Logf("%d files: %v; %d games", files.NumRows(), byStatus, sum)
}

// TestValidateNeverReadsItsOutput: a report written into the directory
// being validated is not read as an input (neither the half-written
// temporary file nor, on a second run, the finished report), and every
// file that gave no game has a report line of kind "file".
func TestValidateNeverReadsItsOutput(t *testing.T) {
	src := sampleDir(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(dir, "r.jsonl")
	lines := func() (games int, files map[string]fileJSON) {
		f, err := os.Open(report)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files = map[string]fileJSON{}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatal(err)
			}
			if m["kind"] == nil {
				if _, ok := m["tags"]; !ok {
					t.Errorf("a game line without tags: %s", sc.Text())
				}
				games++
				continue
			}
			var fj fileJSON
			if err := json.Unmarshal(sc.Bytes(), &fj); err != nil || fj.Kind != "file" {
				t.Fatalf("bad file line %s: %v", sc.Text(), err)
			}
			files[filepath.Base(fj.Source)] = fj
		}
		return games, files
	}
	for run := 1; run <= 2; run++ {
		stdout, stderr, code := runCLI(t, "", "validate", "--quiet", "--report", report, dir)
		if code > 1 {
			t.Fatalf("run %d: exit %d\n%s", run, code, stderr)
		}
		if strings.Contains(stdout, ".tmp-") {
			t.Errorf("run %d read its own temporary report:\n%s", run, stdout)
		}
		games, files := lines()
		if games == 0 {
			t.Fatalf("run %d: no game lines", run)
		}
		for name, fj := range files {
			if fj.Status != "unreadable" && fj.Status != "skipped" || fj.Problem == "" {
				t.Errorf("run %d: file line %s: status %q, problem %q", run, name, fj.Status, fj.Problem)
			}
		}
		if _, ok := files["notes.txt"]; !ok {
			t.Errorf("run %d: no file line for broken/notes.txt: %v", run, files)
		}
		r, ok := files["r.jsonl"]
		switch {
		case run == 1 && ok:
			t.Errorf("run 1 lists its report, which did not exist yet: %v", r)
		case run == 2 && (!ok || r.Status != "skipped"):
			t.Errorf("run 2: the report of run 1 is not skipped: %v", r)
		}
	}
}
