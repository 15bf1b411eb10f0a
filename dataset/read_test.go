package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
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

// TestRowsAndLines: every game read names its row in its file (counted
// from 1 over the whole file, not within a batch of the reader), and its
// decoded line is its start_fen and moves_iccs, played legally from there.
func TestRowsAndLines(t *testing.T) {
	recs := shareddata.Dir(t, "records")
	defer func(n int) { maxBatchRows = n }(maxBatchRows)
	maxBatchRows = minBatchRows
	dir := t.TempDir()
	exportShard(t, dir, corpus.Shard{}, false, filepath.Join(recs, "maksimKorzh__wukong-xiangqi"))
	r, err := Open([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rows := map[string]int64{}
	noStart := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows[g.File]++
		if g.Row != rows[g.File] {
			t.Fatalf("game %s is row %d of %s, read as row %d", g.GameID, rows[g.File], g.File, g.Row)
		}
		start, moves, err := g.Line()
		if g.StartFEN == "" {
			noStart++
			if !errors.Is(err, ErrNoStart) || !strings.Contains(err.Error(), fmt.Sprintf("row %d", g.Row)) {
				t.Errorf("game %s without start_fen: %v", g.GameID, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("game %s: %v", g.GameID, err)
		}
		if start.FEN() != g.StartFEN || len(moves) != len(g.MovesICCS) {
			t.Fatalf("game %s: start %s and %d moves, row %s and %d", g.GameID, start.FEN(), len(moves), g.StartFEN, len(g.MovesICCS))
		}
		p := start
		for i, m := range moves {
			if m.String() != g.MovesICCS[i] {
				t.Fatalf("game %s ply %d: %s, row %s", g.GameID, i+1, m, g.MovesICCS[i])
			}
			if p, err = p.Play(m); err != nil {
				t.Fatalf("game %s ply %d: %v", g.GameID, i+1, err)
			}
		}
	}
	if n := slices.Max(slices.Collect(maps.Values(rows))); n <= minBatchRows {
		t.Errorf("at most %d rows in a file: the test needs more than a batch (%d)", n, minBatchRows)
	}
	t.Logf("%d files, %d games without a start", len(rows), noStart)
}

func TestLineErrors(t *testing.T) {
	for _, c := range []struct {
		g       Game
		noStart bool
	}{
		{Game{GameID: "u"}, true},
		{Game{GameID: "f", StartFEN: "not a fen"}, true},
		{Game{GameID: "k", StartFEN: "9/9/9/9/9/9/9/9/9/9 w - - 0 1"}, true}, // no kings
		{Game{GameID: "m", StartFEN: board.StartFEN, MovesICCS: []string{"h2e2", "h2"}}, false},
	} {
		_, _, err := c.g.Line()
		if err == nil || errors.Is(err, ErrNoStart) != c.noStart || errors.Is(err, ErrRow) == c.noStart || !strings.Contains(err.Error(), "game "+c.g.GameID) {
			t.Errorf("%s: %v", c.g.GameID, err)
		}
	}
	g := Game{StartFEN: board.StartFEN, MovesICCS: []string{"h2e2", "H9-G7"}}
	if _, moves, err := g.Line(); err != nil || len(moves) != 2 || moves[1].String() != "h9g7" {
		t.Errorf("ICCS with a dash and capitals: %v %v", moves, err)
	}
}
