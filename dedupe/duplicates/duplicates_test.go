package duplicates

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// export writes the dataset of the games under paths (as xqtool export
// does, with opt) into a new directory and returns it.
func export(tb testing.TB, opt pipeline.Options, paths ...string) string {
	tb.Helper()
	out := tb.TempDir()
	sink, err := dataset.NewSink(out, false)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := pipeline.Run(context.Background(), paths, opt, sink); err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestOneDuplicateMechanism: the cluster columns export writes in one
// pass (the pipeline's verdicts) are exactly what Find finds
// afterwards over the written dataset: in-run and across datasets, one
// mechanism (package dedupe, fed the same games).
func TestOneDuplicateMechanism(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	if testing.Short() {
		dir = filepath.Join(dir, "hbsxcjp__cchess_c")
	}
	out := export(t, pipeline.Options{}, dir)
	dups := filepath.Join(t.TempDir(), "d.parquet")
	sum, err := Find([]string{out}, Options{Output: dups})
	if err != nil {
		t.Fatal(err)
	}
	cols := []string{"game_id", "cluster_id", "duplicate_kind", "duplicate_of"}
	inRun := testgames.Columns(t, filepath.Join(out, "games.parquet"), cols...)
	after := testgames.Columns(t, dups, cols...)
	if len(inRun) != len(after) || len(inRun) != sum.Games {
		t.Fatalf("%d games in games.parquet, %d in duplicates.parquet (%d read)", len(inRun), len(after), sum.Games)
	}
	copies := 0
	for i := range inRun {
		if !slices.Equal(inRun[i], after[i]) {
			t.Errorf("game %d: in the run %q, afterwards %q", i, inRun[i], after[i])
		}
		if inRun[i][2] != "(null)" {
			copies++
		}
	}
	if copies == 0 {
		t.Error("no copies among the games: the test compares nothing")
	}
	t.Logf("%d games, %d copies in %d clusters: the same verdicts in the run and afterwards", len(inRun), copies, sum.Clusters)
}

// fuzzPGN is testgames.SamplePGN and an exact copy of its first game.
const fuzzPGN = testgames.SamplePGN + `
[Event "Copy"]
1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 1-0
`

// FuzzFind reads arbitrary bytes as a games.parquet through Find: an
// error, never a panic.
func FuzzFind(f *testing.F) {
	src := filepath.Join(f.TempDir(), "games.pgn")
	if err := os.WriteFile(src, []byte(fuzzPGN), 0o644); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(export(f, pipeline.Options{}, src), dataset.GamesName+".parquet"))
	if err != nil {
		f.Fatal(err)
	}
	testgames.AddParquetSeeds(f, good)
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, dataset.GamesName+".parquet"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		sum, err := Find([]string{dir}, Options{TempDir: dir})
		if err != nil {
			return
		}
		copies, err := ReadCopies(filepath.Join(dir, Name))
		if err != nil {
			t.Fatalf("Find wrote %s, ReadCopies: %v", Name, err)
		}
		if len(copies) > sum.Games {
			t.Fatalf("%d games read, %d listed", sum.Games, len(copies))
		}
	})
}

// TestFindSeed: the fuzz seed's dataset has a copy (its last game has the
// first one's moves), which Find finds and ReadCopies reads back.
func TestFindSeed(t *testing.T) {
	src := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(src, []byte(fuzzPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := export(t, pipeline.Options{Duplicates: pipeline.Duplicates{Off: true}}, src)
	sum, err := Find([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	copies, err := ReadCopies(filepath.Join(dir, Name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := dataset.Open([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var ids []string
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.GameID)
	}
	if sum.Games != len(ids) || len(copies) != len(ids) {
		t.Fatalf("%d games in the dataset, Find read %d, %s lists %d", len(ids), sum.Games, Name, len(copies))
	}
	var isCopy []bool
	for _, id := range ids {
		isCopy = append(isCopy, copies[id])
	}
	if want := []bool{false, false, false, false, true}; !slices.Equal(isCopy, want) {
		t.Errorf("copies %v, want %v", isCopy, want)
	}
}
