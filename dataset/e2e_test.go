package dataset_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// readTable reads a whole Parquet file.
func readTable(t *testing.T, path string) arrow.Table {
	t.Helper()
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pf.Close() })
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tbl.Release)
	return tbl
}

// column returns the chunks of a column of tbl by name.
func column(t *testing.T, tbl arrow.Table, name string) []arrow.Array {
	t.Helper()
	idx := tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		t.Fatalf("no column %q", name)
	}
	return tbl.Column(idx[0]).Data().Chunks()
}

// TestExportFilesConservation exports the real records and checks that
// files.parquet accounts for every input file — one row per file Walk
// opens, each read, unreadable or skipped — and that its games add up to
// the rows of games.parquet.
func TestExportFilesConservation(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	out := export(t, dir)
	files := readTable(t, filepath.Join(out, "files.parquet"))
	games := readTable(t, filepath.Join(out, "games.parquet"))
	if want := int64(corpus.CountFiles([]string{dir})); files.NumRows() != want {
		t.Errorf("files.parquet has %d rows, want one per input file: %d", files.NumRows(), want)
	}
	sum := int64(0)
	byStatus := map[string]int{}
	statuses := column(t, files, "status")
	problems := column(t, files, "problem")
	for c, ch := range column(t, files, "games") {
		g := ch.(*array.Int64)
		for i := 0; i < g.Len(); i++ {
			sum += int64(g.Value(i))
			st := statuses[c].(*array.String).Value(i)
			byStatus[st]++
			hasProblem := problems[c].IsValid(i)
			switch {
			case st == "read" && g.Value(i) == 0, st != "read" && g.Value(i) != 0:
				t.Errorf("row %d: status %s with %d games", i, st, g.Value(i))
			case st != "read" && !hasProblem:
				t.Errorf("row %d: status %s without a problem", i, st)
			}
		}
	}
	if sum != games.NumRows() {
		t.Errorf("files.parquet counts %d games, games.parquet has %d rows", sum, games.NumRows())
	}
	if want := int64(testgames.ExpectedGames(t, dir)); sum != want {
		t.Errorf("files.parquet counts %d games, expected.jsonl %d", sum, want)
	}
	if byStatus["unreadable"] == 0 {
		t.Error("no unreadable file among the real records (expected.jsonl at least is not a record)")
	}
	t.Logf("%d files: %v; %d games", files.NumRows(), byStatus, sum)
}

// TestOneDuplicateMechanism: the cluster columns export writes in one
// pass (the pipeline's verdicts) are exactly what FindDuplicates finds
// afterwards over the written dataset: in-run and across datasets, one
// mechanism (package dedupe, fed the same games).
func TestOneDuplicateMechanism(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	if testing.Short() {
		dir = filepath.Join(dir, "hbsxcjp__cchess_c")
	}
	out := export(t, dir)
	dups := filepath.Join(t.TempDir(), "d.parquet")
	sum, err := dataset.FindDuplicates([]string{out}, dataset.DuplicatesOptions{Output: dups})
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

// export writes the dataset of the games under dir (as xqtool export
// does by default) and returns its directory.
func export(t *testing.T, dir string) string {
	t.Helper()
	out := t.TempDir()
	sink, err := dataset.NewSink(out, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{}, sink); err != nil {
		t.Fatal(err)
	}
	return out
}
