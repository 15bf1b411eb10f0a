package dedupe

import (
	"context"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// TestFromRowMatchesFromReport: on the real records, the Game read from
// a games.parquet row (built here as export writes it) is the Game of
// the report, so a dataset finds the clusters the pipeline finds.
func TestFromRowMatchesFromReport(t *testing.T) {
	dir := shareddata.Dir(t, "records", "hbsxcjp__cchess_c")
	w := &corpus.Walker{}
	n := 0
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec == nil {
			return nil
		}
		r := analyze.Analyze(it.Rec, it.Err, analyze.Options{})
		want := FromReport(r, nil)
		row := Row{Source: it.Rec.Source, Index: it.Rec.Index, ResultDeclared: r.Declared()}
		for i, p := range []*string{&row.Event, &row.Date, &row.Site, &row.Round, &row.Red, &row.Black} {
			*p = it.Rec.Tags.Value(TagNames[i])
		}
		for _, f := range r.Flags {
			if !slices.Contains(row.FlagCodes, f.Code) {
				row.FlagCodes = append(row.FlagCodes, f.Code)
			}
		}
		if g := r.Game; g != nil && g.HasStart {
			row.StartFEN = g.Start.FEN()
			for _, p := range g.Plies {
				row.MovesICCS = append(row.MovesICCS, p.Move.String())
			}
		}
		got, err := FromRow(&row)
		if err != nil {
			t.Errorf("%s#%d: %v", row.Source, row.Index+1, err)
			return nil
		}
		if got.Complete != want.Complete || got.Clean != want.Clean || got.Tags != want.Tags || got.Result != want.Result ||
			(want.Complete && (got.Start.Board != want.Start.Board || got.Start.Side != want.Start.Side || !slices.Equal(got.Moves, want.Moves))) {
			t.Errorf("%s#%d: from the row %+v\nfrom the report %+v", row.Source, row.Index+1, got, want)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no games")
	}
}
