package corpus

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWalkExclude: the outputs of a run are not read, however the paths
// are spelled: an output file is reported as skipped, an output directory
// is skipped whole, temporary files beside an output are passed over.
func TestWalkExclude(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.pgn", "r.jsonl", ".r.jsonl.tmp-123", "out/games.parquet", "out/.export-tmp-9/x.pgn", "sub/b.pgn"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(pgnGame), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	tests := []struct {
		name    string
		root    string
		exclude []string
		games   []string // files whose games are read
		skipped []string // files reported as skipped
	}{
		{"none", ".", nil, []string{".r.jsonl.tmp-123", "a.pgn", "out/.export-tmp-9/x.pgn", "out/games.parquet", "r.jsonl", "sub/b.pgn"}, nil},
		{"report", ".", []string{"r.jsonl"}, []string{"a.pgn", "out/.export-tmp-9/x.pgn", "out/games.parquet", "sub/b.pgn"}, []string{"r.jsonl"}},
		{"absolute report", ".", []string{filepath.Join(dir, "r.jsonl")}, []string{"a.pgn", "out/.export-tmp-9/x.pgn", "out/games.parquet", "sub/b.pgn"}, []string{"r.jsonl"}},
		{"export dir", ".", []string{"out"}, []string{".r.jsonl.tmp-123", "a.pgn", "r.jsonl", "sub/b.pgn"}, []string{"out"}},
		{"export dir, absolute root", dir, []string{"./out/"}, []string{".r.jsonl.tmp-123", "a.pgn", "r.jsonl", "sub/b.pgn"}, []string{"out"}},
		{"root inside output", "out", []string{"."}, nil, []string{"out"}},
		{"root is the output", "a.pgn", []string{"a.pgn"}, nil, []string{"a.pgn"}},
		{"output elsewhere", "sub", []string{"r.jsonl", "out"}, []string{"sub/b.pgn"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &Walker{Exclude: tt.exclude, FileEnds: true}
			var games, skipped []string
			rel := func(p string) string {
				if filepath.IsAbs(p) {
					p, _ = filepath.Rel(dir, p)
				}
				return filepath.ToSlash(p)
			}
			ends := 0
			err := w.Walk(context.Background(), []string{tt.root}, func(it Item) error {
				switch {
				case it.File != nil:
					if !errors.Is(it.File.Err, ErrExcluded) {
						t.Errorf("problem %v", it.File)
					}
				case it.Rec != nil:
					games = append(games, rel(it.Rec.Source))
				}
				if it.End != nil { // on the file's last item
					ends++
					if it.End.Status == FileSkipped {
						skipped = append(skipped, rel(it.End.Name))
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(games)
			if !slices.Equal(games, tt.games) || !slices.Equal(skipped, tt.skipped) {
				t.Errorf("read %q, skipped %q; want %q, %q", games, skipped, tt.games, tt.skipped)
			}
			if ends != w.Files() {
				t.Errorf("%d end items for %d files", ends, w.Files())
			}
		})
	}
}
