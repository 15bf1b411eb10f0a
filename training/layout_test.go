package training_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/xqtool/xqtool/training"
)

// TestTrainingPositionsLayout: the columns of a training export's
// positions.parquet are training.PositionsSchema's, and the training
// columns are stored as designed: position_key and the policy indices
// plain and without statistics (hashes, indices), split
// dictionary-encoded and mirrored plain, both with statistics.
func TestTrainingPositionsLayout(t *testing.T) {
	r := exportTraining(t, "everything", everything, trainingRecords(t)...)
	pf, err := file.OpenParquetFile(filepath.Join(r.dir, "positions.parquet"), false)
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	md := pf.MetaData()
	var names []string
	for i := range md.Schema.NumColumns() {
		names = append(names, md.Schema.Column(i).Name())
	}
	var want []string
	for _, f := range training.PositionsSchema.Fields() {
		want = append(want, f.Name)
	}
	if !slices.Equal(names, want) {
		t.Fatalf("columns %q, want %q", names, want)
	}
	layout := map[string]struct{ dict, stats bool }{
		"position_key": {false, false}, "policy_2086": {false, false}, "policy_2062": {false, false},
		"split": {true, true}, "mirrored": {false, true},
	}
	for g := range md.NumRowGroups() {
		rg := md.RowGroup(g)
		for c := range rg.NumColumns() {
			cc, err := rg.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			name := cc.PathInSchema().String()
			l, ok := layout[name]
			if !ok {
				continue
			}
			isDict := slices.Contains(cc.Encodings(), parquet.Encodings.RLEDict) || slices.Contains(cc.Encodings(), parquet.Encodings.PlainDict)
			if isDict != l.dict || isDict != cc.HasDictionaryPage() {
				t.Errorf("row group %d %s: encodings %v, dictionary page %v", g, name, cc.Encodings(), cc.HasDictionaryPage())
			}
			st, err := cc.Statistics()
			if err != nil {
				t.Fatal(err)
			}
			if has := st != nil && st.HasMinMax(); has != l.stats {
				t.Errorf("row group %d %s: min/max statistics %v", g, name, has)
			}
		}
	}
	t.Logf("%d row groups checked", md.NumRowGroups())
}
