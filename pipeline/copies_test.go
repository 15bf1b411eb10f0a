package pipeline_test

import (
	"slices"
	"testing"

	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

// copiesCheck is a sink that compares, at Finish, Copies with Of for
// every game.
type copiesCheck struct {
	pipeline.NopSink
	t                    *testing.T
	games, copies, fills int
}

func (c *copiesCheck) Finish(v *pipeline.Verdicts) error {
	c.games = v.Len()
	for num := range v.Len() {
		of, err := v.Of(num)
		if err != nil {
			return err
		}
		cp, err := v.Copies(num)
		if err != nil {
			return err
		}
		if cp.Kind != of.Kind || cp.Kept != of.Kept || cp.Drop != of.Drop ||
			!slices.Equal(cp.Fills, of.Fills) || cp.ClusterID("own") != of.ClusterID("own") {
			c.t.Errorf("game %d: Copies %+v, Of %+v", num, cp, of)
		}
		if len(cp.Flags) != 0 || len(cp.Notes) != 0 {
			c.t.Errorf("game %d: Copies gives flags %v, notes %v", num, cp.Flags, cp.Notes)
		}
		if of.Kind != dedupe.None {
			c.copies++
		}
		if len(of.Fills) > 0 {
			c.fills++
		}
	}
	return nil
}

// TestCopies: on the real records, with copies dropped and tags filled,
// Copies gives every game the kind, kept copy, fills and drop of Of, and
// neither flags nor the annotators' notes.
func TestCopies(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	opt := defaultOptions()
	opt.Duplicates.KeptOnly, opt.Duplicates.FillTags = true, true
	c := &copiesCheck{t: t}
	run(t, opt, []string{dir}, &counter{}, c)
	if want := expectedGames(t, dir); c.games != want {
		t.Errorf("%d games, want %d", c.games, want)
	}
	if c.copies == 0 || c.fills == 0 {
		t.Errorf("%d copies, %d games filled: the records have both", c.copies, c.fills)
	}
}
