package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/report"
)

func TestExportSample(t *testing.T) {
	dir := sampleDir(t)
	outA, outB := t.TempDir(), t.TempDir()
	stdout, stderr, code := runCLI(t, "", "export", "-o", outA, "--workers", "1", "--quiet", dir)
	if code != 0 && code != 1 {
		t.Fatalf("export: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "games") || !strings.Contains(stdout, "plies") {
		t.Errorf("no summary table:\n%s", stdout)
	}
	_, _, code2 := runCLI(t, "", "export", "-o", outB, "--workers", "2", "--quiet", dir)
	if code2 != code {
		t.Errorf("exit %d with 1 worker, %d with 2", code, code2)
	}
	for _, n := range []string{"games.parquet", "positions.parquet", "flags.parquet", "files.parquet", "events.parquet", "players.parquet"} {
		a, err := os.ReadFile(filepath.Join(outA, n))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(filepath.Join(outB, n))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between --workers 1 and 2", n)
		}
	}
	if ents, _ := os.ReadDir(outA); len(ents) != 6 {
		t.Errorf("export left %d entries, want 6", len(ents))
	}
	// Partitioned.
	outP := t.TempDir()
	if _, stderr, code := runCLI(t, "", "export", "-o", outP, "--partition", "year", "--quiet", dir); code > 1 {
		t.Fatalf("export --partition year: exit %d\n%s", code, stderr)
	}
	if m, _ := filepath.Glob(filepath.Join(outP, "games", "year=*", "part-*.parquet")); len(m) == 0 {
		t.Error("no partitions written")
	}
	// Usage errors.
	if _, _, code := runCLI(t, "", "export", dir); code != 2 {
		t.Errorf("export without -o: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "export", "-o", t.TempDir(), "--partition", "month", dir); code != 2 {
		t.Errorf("export --partition month: exit %d", code)
	}
}

func TestConvertSample(t *testing.T) {
	dir := sampleDir(t)
	out, _, code := runCLI(t, "", "convert", "--quiet", dir)
	if code > 1 {
		t.Fatalf("convert: exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var g report.Game
	if err := json.Unmarshal([]byte(lines[0]), &g); err != nil || g.Source == "" || g.Moves == nil {
		t.Errorf("first jsonl line %q: %v", lines[0], err)
	}

	for _, n := range []string{"chinese", "wxf", "iccs"} {
		path := filepath.Join(t.TempDir(), "out.pgn")
		if _, stderr, c := runCLI(t, "", "convert", "--to", "pgn", "--notation", n, "-o", path, "--quiet", dir); c > 1 {
			t.Fatalf("convert --to pgn --notation %s: exit %d\n%s", n, c, stderr)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := parse.NewPGNReader(f, path)
		games := 0
		for {
			rec, err := r.Next()
			if rec == nil {
				break
			}
			if err != nil {
				t.Errorf("%s: %v", n, err)
			}
			games++
		}
		f.Close()
		if games == 0 || games > len(lines) {
			t.Errorf("%s: %d games in the PGN, %d in jsonl", n, games, len(lines))
		}
	}

	xdir := t.TempDir()
	if _, stderr, c := runCLI(t, "", "convert", "--to", "xqf", "-o", xdir, "--quiet", dir); c > 1 {
		t.Fatalf("convert --to xqf: exit %d\n%s", c, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(xdir, "*.xqf"))
	if len(files) == 0 {
		t.Fatal("no XQF files written")
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if _, err := parse.NewXQFReader(bytes.NewReader(data), int64(len(data)), f).Next(); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, _, c := runCLI(t, "", "convert", "--to", "xqf", dir); c != 2 {
		t.Errorf("convert --to xqf without -o: exit %d", c)
	}
	if _, _, c := runCLI(t, "", "convert", "--notation", "uci", dir); c != 2 {
		t.Errorf("convert --notation uci: exit %d", c)
	}
}
