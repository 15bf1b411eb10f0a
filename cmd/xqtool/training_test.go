package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/xqtool/xqtool/internal/testgames"
)

// TestExportTrainingCommands runs the three commands of the issue on the
// real records (the sample with -short): training columns in
// positions.parquet (and not without --training), mirrors as many as the
// rows they mirror, the split asked for, the alphazero-csv files with
// their headers, the summary rows; and the same bytes for 1 and 2 workers.
func TestExportTrainingCommands(t *testing.T) {
	dir := sampleDir(t)
	if !testing.Short() {
		dir = recordsDir(t)
	}
	tmp := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		stdout, stderr, code := runCLI(t, "", append([]string{"export", "--quiet"}, append(args, dir)...)...)
		if code != 0 && code != 1 {
			t.Fatalf("export %v: exit %d\n%s", args, code, stderr)
		}
		if !strings.Contains(stdout, "training games") || !strings.Contains(stdout, "left out (training)") {
			t.Errorf("export %v: no training rows in the summary:\n%s", args, stdout)
		}
		return stdout
	}
	ds, ds2, az := filepath.Join(tmp, "ds"), filepath.Join(tmp, "ds2"), filepath.Join(tmp, "az")
	run("--training", "-o", ds)
	run("--training", "--mirror", "--split", "90,5,5", "--split-seed", "7", "-o", ds2)
	run("--training", "--format", "alphazero-csv", "-o", az)

	cols := []string{"position_key", "policy_2086", "policy_2062", "split", "mirrored"}
	rows := testgames.Columns(t, filepath.Join(ds, "positions.parquet"), cols...)
	mirrored := testgames.Columns(t, filepath.Join(ds2, "positions.parquet"), cols...)
	if len(rows) == 0 || len(mirrored) != 2*len(rows) {
		t.Fatalf("%d rows, %d with --mirror", len(rows), len(mirrored))
	}
	splits := map[string]int{}
	n := 0
	for _, r := range mirrored {
		splits[r[3]]++
		if r[4] == "true" {
			n++
		}
	}
	if n != len(rows) {
		t.Errorf("%d mirrored rows of %d", n, len(mirrored))
	}
	for s := range splits {
		if s != "train" && s != "valid" && s != "test" {
			t.Errorf("split %q", s)
		}
	}
	if !testing.Short() && (splits["valid"] == 0 || splits["test"] == 0) {
		t.Errorf("splits %v", splits)
	}
	for name, header := range map[string]string{"gameinfo.csv": "gameID,winner,game_id,split,mirrored", "moves.csv": "gameID,turn,side,move"} {
		data, err := os.ReadFile(filepath.Join(az, name))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Join(recs[0], ",") != header || len(recs) < 2 {
			t.Errorf("%s: header %v, %d rows", name, recs[0], len(recs)-1)
		}
	}
	if ents, _ := os.ReadDir(az); len(ents) != 2 {
		t.Errorf("alphazero-csv left %d entries, want 2", len(ents))
	}

	// The same bytes for any number of workers.
	for _, c := range []struct {
		args  []string
		files []string
	}{
		{[]string{"--training", "--mirror"}, []string{"positions.parquet", "games.parquet"}},
		{[]string{"--training", "--mirror", "--format", "alphazero-csv"}, []string{"gameinfo.csv", "moves.csv"}},
	} {
		a, b := t.TempDir(), t.TempDir()
		run(append(c.args, "--workers", "1", "-o", a)...)
		run(append(c.args, "--workers", "2", "-o", b)...)
		for _, f := range c.files {
			x, err := os.ReadFile(filepath.Join(a, f))
			if err != nil {
				t.Fatal(err)
			}
			if y, _ := os.ReadFile(filepath.Join(b, f)); !bytes.Equal(x, y) {
				t.Errorf("%v: %s differs between --workers 1 and 2", c.args, f)
			}
		}
	}

	// A plain export keeps its schema.
	plain := filepath.Join(tmp, "plain")
	if _, stderr, code := runCLI(t, "", "export", "--quiet", "-o", plain, sampleDir(t)); code > 1 {
		t.Fatalf("export: exit %d\n%s", code, stderr)
	}
	pf, err := file.OpenParquetFile(filepath.Join(plain, "positions.parquet"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	for _, c := range cols {
		if pf.MetaData().Schema.ColumnIndexByName(c) >= 0 {
			t.Errorf("a plain export has a %s column", c)
		}
	}
}

// TestExportTrainingUsage: the flags of training data without
// --training, a bad --split, --format or --min-plies, and Parquet options
// with alphazero-csv are usage errors (exit 2).
func TestExportTrainingUsage(t *testing.T) {
	dir := sampleDir(t)
	for _, args := range [][]string{
		{"--mirror"},
		{"--split", "80,10,10"},
		{"--split-seed", "3"},
		{"--min-plies", "10"},
		{"--require-result"},
		{"--with-errors"},
		{"--with-copies"},
		{"--training", "--split", "90,10"},
		{"--training", "--split", "0,0,0"},
		{"--training", "--min-plies", "-1"},
		{"--format", "csv"},
		{"--format", "alphazero-csv", "--partition", "year"},
		{"--format", "alphazero-csv", "--compression", "snappy"},
		{"--format", "alphazero-csv", "--only-ok"},
	} {
		out := t.TempDir()
		_, stderr, code := runCLI(t, "", append(append([]string{"export", "--quiet", "-o", out}, args...), dir)...)
		if code != 2 {
			t.Errorf("export %v: exit %d, want 2 (%s)", args, code, stderr)
		}
		if ents, _ := os.ReadDir(out); len(ents) != 0 {
			t.Errorf("export %v wrote %d entries", args, len(ents))
		}
	}
}
