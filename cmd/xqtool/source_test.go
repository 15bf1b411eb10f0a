package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/testgames"
)

// gameLines returns the game lines of a report as "source#index state
// codes", in order: what a report says of each game, without the fields
// a dataset does not keep (the tags' order and the FEN and Result tags
// as written, a failing move's candidates).
func gameLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var l struct {
			Kind   string
			Source *string
			Index  int
			Status string
			Flags  []struct {
				Code, Side, Detail string
				Ply                int
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		if l.Kind == "file" || l.Source == nil {
			continue // a file line
		}
		b, _ := json.Marshal(l.Flags)
		out = append(out, *l.Source+"#"+strconv.Itoa(l.Index)+" "+l.Status+" "+string(b))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// summaryStates returns the lines of a summary from "games" to "clusters
// of copies": the games by state with their codes, and the copies.
func summaryStates(out string) string {
	start := strings.Index(out, "\ngames ")
	end := strings.Index(out, "\nplies ")
	if start < 0 || end < start {
		return ""
	}
	return out[start:end]
}

// TestDatasetInputs runs the commands that read games on records and on
// their export, as a user joining them would: validate (the games by
// state, every report line), explore (the tree's rows), tournament (the
// events' rows), the training positions (--format plain) and find (the
// games listed) agree; so do
// annotate (TestAnnotateDataset) and players (TestPlayersCLI). A dataset
// and records mixed in one run give the games of both.
func TestDatasetInputs(t *testing.T) {
	sample, _ := filepath.Abs(filepath.Join("..", "..", "sample"))
	inputs := []string{sample}
	if !testing.Short() {
		inputs = append(inputs, recordsDir(t))
	}
	for _, records := range inputs {
		t.Run(filepath.Base(records), func(t *testing.T) {
			tmp := t.TempDir()
			p := func(name string) string { return filepath.Join(tmp, name) }
			run := func(args ...string) string {
				t.Helper()
				out, errs, code := runCLI(t, "", args...)
				if code > 1 {
					t.Fatalf("%v: exit %d\n%s", args, code, errs)
				}
				return out
			}
			run("export", "--quiet", "-o", p("ds"), records)
			for _, in := range []struct{ name, path string }{{"rec", records}, {"ds", p("ds")}} {
				run("validate", "--quiet", "--list", "none", "--report", p(in.name+".jsonl"), in.path)
				run("explore", "--quiet", "-o", p(in.name+"-tree"), in.path)
				run("tournament", "--quiet", "-o", p(in.name+"-ev"), in.path)
				run("export", "--quiet", "--format", "plain", "--result-only", "-o", p(in.name+"-plain"), in.path)
			}
			cannon := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
			if a, b := run("find", "--quiet", "--fen", cannon, "--mirror", records), run("find", "--quiet", "--fen", cannon, "--mirror", p("ds")); a != b || !strings.Contains(a, "#1") {
				t.Errorf("find on the dataset:\n%s\non the records:\n%s", b, a)
			}
			a, b := run("validate", "--quiet", "--list", "none", records), run("validate", "--quiet", "--list", "none", p("ds"))
			if sa, sb := summaryStates(a), summaryStates(b); sa == "" || sa != sb {
				t.Errorf("validate on the dataset:\n%s\non the records:\n%s", sb, sa)
			}
			if la, lb := gameLines(t, p("rec.jsonl")), gameLines(t, p("ds.jsonl")); len(la) == 0 || !slices.Equal(la, lb) {
				for i := range min(len(la), len(lb)) {
					if la[i] != lb[i] {
						t.Errorf("report line %d from the dataset:\n%s\nfrom the records:\n%s", i, lb[i], la[i])
						break
					}
				}
				t.Fatalf("%d report lines from the records, %d from the dataset", len(la), len(lb))
			}
			for _, table := range []string{filepath.Join("tree", "tree.parquet"), filepath.Join("ev", "events.parquet")} {
				ra := testgames.Columns(t, p("rec-"+table))
				rb := testgames.Columns(t, p("ds-"+table))
				if len(ra) == 0 || !slices.EqualFunc(ra, rb, slices.Equal) {
					t.Errorf("%s: %d rows from the records, %d from the dataset, or other rows", table, len(ra), len(rb))
				}
			}
			for _, split := range []string{"train", "valid", "test"} {
				fa, err := os.ReadFile(p(filepath.Join("rec-plain", split+".plain")))
				if err != nil {
					t.Fatal(err)
				}
				fb, err := os.ReadFile(p(filepath.Join("ds-plain", split+".plain")))
				if err != nil {
					t.Fatal(err)
				}
				if string(fa) != string(fb) {
					t.Errorf("%s.plain: %d bytes from the records, %d from the dataset, or other lines", split, len(fa), len(fb))
				}
			}
		})
	}
	// Records and a dataset in one run: the games of both, in input
	// order, the dataset's keeping their ids (two copies of each game).
	tmp := t.TempDir()
	ds := filepath.Join(tmp, "ds")
	if _, errs, code := runCLI(t, "", "export", "--quiet", "-o", ds, sample); code > 1 {
		t.Fatalf("export: exit %d\n%s", code, errs)
	}
	mixed := filepath.Join(tmp, "mixed")
	if _, errs, code := runCLI(t, "", "export", "--quiet", "--no-duplicates", "-o", mixed, sample, ds); code > 1 {
		t.Fatalf("export of records and a dataset: exit %d\n%s", code, errs)
	}
	one := testgames.Columns(t, filepath.Join(ds, "games.parquet"), "game_id", "source", "index", "status")
	both := testgames.Columns(t, filepath.Join(mixed, "games.parquet"), "game_id", "source", "index")
	if len(both) != 2*len(one) {
		t.Fatalf("%d games from the records and their dataset, want twice %d", len(both), len(one))
	}
	for i, g := range one {
		if !slices.Equal(both[i], g[:3]) || !slices.Equal(both[len(one)+i], g[:3]) {
			t.Fatalf("game %d: %q and %q, want %q twice", i, both[i], both[len(one)+i], g[:3])
		}
	}
	// An output inside a dataset is not read by the next run.
	again := filepath.Join(ds, "again")
	for range 2 {
		if _, errs, code := runCLI(t, "", "export", "--quiet", "-o", again, ds); code > 1 {
			t.Fatalf("export of a dataset into itself: exit %d\n%s", code, errs)
		}
	}
	if n := len(testgames.Columns(t, filepath.Join(again, "games.parquet"), "game_id")); n != len(one) {
		t.Errorf("the second export of a dataset into a directory inside it has %d games, want %d", n, len(one))
	}
}
