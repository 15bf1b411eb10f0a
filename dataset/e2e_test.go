package dataset_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// TestExportFilesConservation exports the real records and checks that
// files.parquet accounts for every input file — one row per file Walk
// opens, each read, unreadable or skipped — and that its games add up to
// the rows of games.parquet.
func TestExportFilesConservation(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	out := export(t, dir)
	files := testgames.ReadTable(t, filepath.Join(out, "files.parquet"))
	games := testgames.ReadTable(t, filepath.Join(out, "games.parquet"))
	var want int64 // the regular files under dir (the records hold no archive, no link)
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			want++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if files.NumRows() != want {
		t.Errorf("files.parquet has %d rows, want one per input file: %d", files.NumRows(), want)
	}
	sum := int64(0)
	byStatus := map[string]int{}
	statuses := testgames.Chunks(t, files, "status")
	problems := testgames.Chunks(t, files, "problem")
	for c, ch := range testgames.Chunks(t, files, "games") {
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
