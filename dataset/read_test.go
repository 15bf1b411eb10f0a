package dataset

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

// exportShard writes the dataset of shard s of paths into dir as export
// does (one pass of the pipeline into a Sink; no duplicate detection or
// repetition rules, which the reader does not need), partitioned by year
// with byYear.
func exportShard(t testing.TB, dir string, s corpus.Shard, byYear bool, paths ...string) {
	t.Helper()
	var opts []Option
	if byYear {
		opts = append(opts, WithPartitionByYear())
	}
	sink, err := NewSink(dir, false, opts...)
	if err != nil {
		t.Fatal(err)
	}
	opt := pipeline.Options{Shard: s, Analyze: analyze.Options{NoRepetition: true}, Duplicates: pipeline.Duplicates{Off: true}}
	if _, err := pipeline.Run(context.Background(), paths, opt, sink); err != nil {
		t.Fatal(err)
	}
}

// readAll returns "source#index" of every game the reader gives.
func readAll(t testing.TB, dirs ...string) []string {
	t.Helper()
	r, err := Open(dirs)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []string
	for {
		g, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s#%d %s %d", g.Source, g.Index, g.GameID, len(g.MovesICCS)))
	}
}

// TestShardsReadInSingleRunOrder: the real records exported as one
// dataset and as 3 shards (and as 2 shards partitioned by year) read
// back in the same order, the single run's.
func TestShardsReadInSingleRunOrder(t *testing.T) {
	recs := shareddata.Dir(t, "records")
	out := t.TempDir()
	single := filepath.Join(out, "single")
	exportShard(t, single, corpus.Shard{}, false, recs)
	want := readAll(t, single)
	if len(want) == 0 {
		t.Fatal("no games")
	}
	sharded := filepath.Join(out, "sharded")
	for i := range 3 {
		exportShard(t, filepath.Join(sharded, corpus.Shard{Index: i, Count: 3}.Dir()), corpus.Shard{Index: i, Count: 3}, false, recs)
	}
	if got := readAll(t, sharded); !slices.Equal(got, want) {
		t.Errorf("3 shards: %d games, single run %d; first difference at %d", len(got), len(want), firstDiff(got, want))
	}
	// The shard directories given one by one, in any order.
	dirs, _ := filepath.Glob(filepath.Join(sharded, "shard=*"))
	slices.Reverse(dirs)
	if got := readAll(t, dirs...); !slices.Equal(got, want) {
		t.Errorf("3 shard directories: first difference at %d", firstDiff(got, want))
	}
	years := filepath.Join(out, "years")
	for i := range 2 {
		exportShard(t, filepath.Join(years, corpus.Shard{Index: i, Count: 2}.Dir()), corpus.Shard{Index: i, Count: 2}, true, recs)
	}
	if got := readAll(t, years); !slices.Equal(got, want) {
		t.Errorf("2 shards by year: %d games, first difference at %d", len(got), firstDiff(got, want))
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func TestCompareSources(t *testing.T) {
	// In the order a walk of one directory reads them.
	order := []string{
		"d/a/x.pgn", "d/a/y.pgn", "d/a.pgn", "d/b.zip!m-1.pgn", "d/b.zip!m/z.pgn", "d/b.zip!n.pgn", "d/c/e.pgn", "d/c!.pgn",
	}
	for i := range order {
		for j := range order {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := CompareSources(order[i], order[j]); got != want {
				t.Errorf("CompareSources(%q, %q) = %d, want %d", order[i], order[j], got, want)
			}
		}
	}
}

func TestGamesFilesErrors(t *testing.T) {
	if _, err := GamesFiles(t.TempDir()); err == nil {
		t.Error("an empty directory: no error")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "games.parquet"), []byte("not parquet"), 0o644)
	if _, err := Open([]string{dir}); err == nil {
		t.Error("a broken games.parquet: no error")
	}
}
