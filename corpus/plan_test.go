package corpus

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// planTree writes a small corpus: games, documentation, an archive, an
// output of the run, a match of a pattern, a file reached twice through a
// link. It returns its directory (the test's working directory).
func planTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"a.pgn", "sub/b.pgn", "sub/c.pgn", "sub/notes.md", "skip/d.pgn", "out/games.pgn"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(pgnGame), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	zf, err := os.Create(filepath.Join(dir, "z.zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	for _, name := range []string{"m1.pgn", "m2.pgn", "m3.pgn"} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(pgnGame))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zf.Close()
	if err := os.Symlink("sub", filepath.Join(dir, "zlink")); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	t.Chdir(dir)
	return dir
}

// TestPlan: the plan of a walk lists every input in the walk's order with
// its kind, key, shard key and why it is skipped, and the walk reads what
// it plans: the files and members the shard takes give their games (and
// their ends), the skipped entries the shard takes their problems; for
// every shard of 3 and for all of them at once.
func TestPlan(t *testing.T) {
	dir := planTree(t)
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{".", "sub/b.pgn", "-"}
	w := &Walker{Exclude: []string{"out"}, Patterns: []string{"skip"}}
	plan, err := w.Plan(paths)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range plan {
		s := fmt.Sprintf("%d %s %d %s %s", e.Kind, e.Path, e.Arg, e.Rel, e.Archive)
		if e.Key != "" {
			if want := filepath.Join(real, e.Path); e.Key != want {
				t.Errorf("%s: key %s, want %s", e.Path, e.Key, want)
			}
		}
		if e.Err != nil {
			s += " " + e.Err.Error()
		}
		got = append(got, s)
	}
	want := []string{
		"0 a.pgn 0 a.pgn ",
		"3 out 0 out  " + ErrExcluded.Error(),
		"3 skip 0 skip  " + ErrPattern.Error() + " skip",
		"0 sub/b.pgn 0 sub/b.pgn ",
		"0 sub/c.pgn 0 sub/c.pgn ",
		"0 sub/notes.md 0 sub/notes.md ",
		"1 z.zip 0 z.zip zip",
		"2 - 2 . ",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("plan:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n, rep := w.Repeated(); n != 0 || len(rep) != 0 {
		t.Errorf("Plan changed the walker's Repeated: %d %q", n, rep)
	}

	var all []string
	for _, shard := range []Shard{{}, {0, 3}, {1, 3}, {2, 3}} {
		w := &Walker{Exclude: []string{"out"}, Patterns: []string{"skip"}, Shard: shard, FileEnds: true, Stdin: strings.NewReader(pgnGame)}
		plan, err := w.Plan(paths)
		if err != nil {
			t.Fatal(err)
		}
		// What the plan says the walk gives: each entry the shard takes,
		// each member of the archive by its own key.
		var want []string
		for _, e := range plan {
			switch {
			case e.Kind == EntryArchive:
				for _, m := range []string{"m1.pgn", "m2.pgn", "m3.pgn"} {
					if shard.Has(e.Arg, e.Rel+"!"+m) {
						want = append(want, e.Path+"!"+m)
					}
				}
			case e.Shard:
				want = append(want, e.Path)
			}
		}
		var ends []string
		err = w.Walk(context.Background(), paths, func(it Item) error {
			if it.End != nil {
				ends = append(ends, it.End.Name)
				if it.End.Name == "skip" && !errors.Is(it.End.Err, ErrPattern) {
					t.Errorf("skip: %v", it.End.Err)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ends, want) {
			t.Errorf("shard %v: the walk gives %q, the plan %q", shard, ends, want)
		}
		if shard.All() {
			all = ends
		} else {
			all = append(all[:0:0], all...)
			for _, e := range ends {
				i := slices.Index(all, e)
				if i < 0 {
					t.Errorf("shard %v: %s read twice or not in the whole walk", shard, e)
					continue
				}
				all = slices.Delete(all, i, i+1)
			}
		}
		if n, _ := w.Repeated(); n != 2 {
			t.Errorf("shard %v: %d inputs reached again, want 2 (zlink, sub/b.pgn)", shard, n)
		}
	}
	if len(all) != 0 {
		t.Errorf("read by no shard: %q", all)
	}
}

// TestCount: the files Count gives for the inputs are those a walk of
// them reads or reports, for every shard of 3 and for all of them, but
// for the archive, counted once before its members are known; counting
// first changes nothing of the walk that follows.
func TestCount(t *testing.T) {
	planTree(t)
	paths := []string{".", "sub/b.pgn", "zlink", "-"}
	for _, shard := range []Shard{{}, {0, 3}, {1, 3}, {2, 3}} {
		walker := func() *Walker {
			return &Walker{Exclude: []string{"out"}, Patterns: []string{"skip"}, Shard: shard, FileEnds: true, Stdin: strings.NewReader(pgnGame)}
		}
		items := func(got *[]string, members *int) func(Item) error {
			return func(it Item) error {
				if it.Rec != nil {
					*got = append(*got, fmt.Sprintf("game %s#%d", it.Rec.Source, it.Rec.Index))
				}
				if it.File != nil {
					*got = append(*got, "problem "+it.File.Name)
				}
				if it.End != nil {
					*got = append(*got, "end "+it.End.Name)
					if strings.Contains(it.End.Name, "!") {
						*members++
					}
				}
				return nil
			}
		}
		var want []string
		var members int
		w := walker()
		if err := w.Walk(context.Background(), paths, items(&want, &members)); err != nil {
			t.Fatal(err)
		}
		cw := walker()
		counted := cw.Count(paths, []int{0, 1, 2, 3})
		var got []string
		var unused int
		if err := cw.Walk(context.Background(), paths, items(&got, &unused)); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) || len(want) == 0 {
			t.Errorf("shard %v: counted first:\n%s\nwalked:\n%s", shard, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if n, _ := cw.Repeated(); n != 3 {
			t.Errorf("shard %v: %d repeats after counting, want 3", shard, n)
		}
		if want := w.Files() - members + 1; counted != want {
			t.Errorf("shard %v: %d files counted, want %d (%d files walked, %d of them members)", shard, counted, want, w.Files(), members)
		}
		// Some of the inputs: those a walk of them alone reads.
		one := walker()
		var only []string
		if err := one.WalkArg(context.Background(), 1, paths[1], items(&only, &unused)); err != nil {
			t.Fatal(err)
		}
		if n := walker().Count(paths, []int{1}); n != one.Files() {
			t.Errorf("shard %v: %d files counted of %s, %d walked", shard, n, paths[1], one.Files())
		}
	}
	// A path that does not exist is the walk's error, not Count's.
	if n := (&Walker{}).Count([]string{"nothing-*.pgn"}, []int{0}); n != 0 {
		t.Errorf("Count of a pattern matching nothing: %d", n)
	}
}
