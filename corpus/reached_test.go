package corpus

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestReachedOrder checks that a file is read once, at its first reach,
// whichever way each reach comes: a plain entry of a listing before or
// after a link to it (in the same directory, or from another one), inside
// a listing that skips an entry before or after it, and named as an input
// before or after the directory holding it.
func TestReachedOrder(t *testing.T) {
	dir := t.TempDir()
	files := []string{"d/a.pgn", "d/m.pgn", "d/z.pgn", "s/b.pgn", "s/skip.pgn", "s/y.pgn", "e/c.pgn", "d/sub/f.pgn", "d/sub/deep/g.pgn", "s/u/h.pgn"}
	for _, n := range files {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(pgnN(1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"d/b_to_a.pgn": "d/a.pgn", // after its target in the same listing
		"d/l_to_z.pgn": "d/z.pgn", // before it
		"e/a_to_y.pgn": "s/y.pgn", // into a listing not yet entered
		"s/x_to_b.pgn": "s/b.pgn", // after the skipped entry, target before it
		"s/z_to_y.pgn": "s/y.pgn", // target after the skip, reached before
		"e/d_to_m.pgn": "d/m.pgn", // into a listing done
		"s/t_to_y.pgn": "s/y.pgn", // after the skipped entry, target after it
		"e/dlink":      "d/sub",   // a directory listed before
		"e/g_to_g.pgn": "d/sub/deep/g.pgn",
		"d/sub/up":     "d",   // an ancestor being listed
		"d/b_to_u":     "s/u", // a directory after a skip, reached first
		"s/v_to_u":     "s/u", // after the skip, after its target
		"e/zz":         "s",   // a listing that skipped
		"s/t_to_deep":  "d/sub/deep",
	}
	for l, target := range links {
		if err := os.Symlink(filepath.Join(dir, target), filepath.Join(dir, l)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	in := func(n string) string { return filepath.Join(dir, n) }
	for _, tc := range []struct {
		name  string
		paths []string
	}{
		{"tree", []string{dir}},
		{"dirs", []string{in("d"), in("e"), in("s")}},
		{"dirs reversed", []string{in("s"), in("e"), in("d")}},
		{"files first", []string{in("d/z.pgn"), in("s/y.pgn"), dir}},
		{"files last", []string{dir, in("d/z.pgn"), in("s/b.pgn"), in("e/d_to_m.pgn")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &Walker{Patterns: []string{"skip.pgn"}}
			var read []string
			err := w.Walk(context.Background(), tc.paths, func(it Item) error {
				if it.Rec != nil {
					read = append(read, it.Rec.Source)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			// The reaches in the walk's order (names in increasing
			// order, links followed): the first of each real path is
			// read, the others are reached again (directories too).
			var want []string
			seen := map[string]bool{}
			reaches, repeats := 0, 0
			var walk func(q string)
			walk = func(q string) {
				st, err := os.Stat(q)
				if err != nil {
					t.Fatal(err)
				}
				real, err := filepath.EvalSymlinks(q)
				if err != nil {
					t.Fatal(err)
				}
				if seen[real] {
					repeats++
					return
				}
				seen[real] = true
				if !st.IsDir() {
					reaches++
					want = append(want, q)
					return
				}
				entries, err := os.ReadDir(q)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range entries {
					if e.Name() != "skip.pgn" {
						walk(filepath.Join(q, e.Name()))
					}
				}
			}
			for _, p := range tc.paths {
				walk(p)
			}
			if !slices.Equal(read, want) {
				t.Errorf("read %q, want %q", read, want)
			}
			if reaches != len(files)-1 {
				t.Errorf("%d files reached, want %d", reaches, len(files)-1)
			}
			if n, _ := w.Repeated(); n != repeats {
				t.Errorf("%d reached again, want %d", n, repeats)
			}
		})
	}
}
