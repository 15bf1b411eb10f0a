package explorer

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestDatasetTree: the tree of the games read back from an export
// dataset is the tree of the games the pipeline hands over, row for row.
func TestDatasetTree(t *testing.T) {
	games := realGames(t)
	dir := realDataset(t)
	var fromDataset []Game
	bad := 0
	err := DatasetGames(dir, func(g *Game) error {
		c := *g
		c.Moves = append([]board.Move(nil), g.Moves...)
		fromDataset = append(fromDataset, c)
		return nil
	}, func(err error) error { bad++; t.Log(err); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Errorf("%d games of the dataset could not be read", bad)
	}
	want, wst := buildTree(t, games, Options{})
	got, gst := buildTree(t, fromDataset, Options{})
	if wst.Copies != gst.Copies || wst.Rows != gst.Rows {
		t.Errorf("from the dataset: %+v; from the records: %+v", gst, wst)
	}
	_, wrows := treeRows(t, want)
	_, grows := treeRows(t, got)
	if len(grows) != len(wrows) {
		t.Fatalf("%d rows from the dataset, %d from the records", len(grows), len(wrows))
	}
	diff := 0
	for i := range wrows {
		if !reflect.DeepEqual(grows[i], wrows[i]) {
			if diff++; diff <= 3 {
				t.Errorf("row %d:\n dataset %+v\n records %+v", i, grows[i], wrows[i])
			}
		}
	}
	if !bytes.Equal(got, want) && diff == 0 {
		t.Log("the files differ in their metadata only (games counted)")
	}
	t.Logf("%d games read from the dataset (%d from the records): %d rows", len(fromDataset), len(games), len(grows))
}
