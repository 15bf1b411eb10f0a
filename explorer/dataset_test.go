package explorer

import (
	"bytes"
	"context"
	"testing"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/pipeline"
)

// TestDatasetTree: the tree of the games of an export dataset, read as a
// pipeline run's input, is the tree of the records it was exported from,
// row for row.
func TestDatasetTree(t *testing.T) {
	games := realGames(t)
	dir := realDataset(t)
	c := &collector{}
	if _, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{Datasets: dataset.Source{}}, c); err != nil {
		t.Fatal(err)
	}
	fromDataset := c.games
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
	diff := diffRows(t, grows, wrows, "dataset", "records", 3)
	if !bytes.Equal(got, want) && diff == 0 {
		t.Log("the files differ in their metadata only (games counted)")
	}
	t.Logf("%d games read from the dataset (%d from the records): %d rows", len(fromDataset), len(games), len(grows))
}
