package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/report"
)

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
	reportPath := filepath.Join(dir, "r.jsonl")
	lines := func() (games int, files map[string]report.File) {
		f, err := os.Open(reportPath)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files = map[string]report.File{}
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
			var fj report.File
			if err := json.Unmarshal(sc.Bytes(), &fj); err != nil || fj.Kind != "file" {
				t.Fatalf("bad file line %s: %v", sc.Text(), err)
			}
			files[filepath.Base(fj.Source)] = fj
		}
		return games, files
	}
	for run := 1; run <= 2; run++ {
		stdout, stderr, code := runCLI(t, "", "validate", "--quiet", "--report", reportPath, dir)
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
