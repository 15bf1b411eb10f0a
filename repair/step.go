package repair

import (
	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// Step returns the repair step of a pipeline run. For a game whose main
// line fails it searches the slip (Find, with opt). When apply is false
// (validate) it only asks: the failure's flag detail ends with the
// Suggestion ("; did you mean 马二进三 (进/退)?"). When apply is true
// (--repair) a game with an accepted repair is replaced by its repaired
// copy (Record), analysed again, with one repaired flag per edit; the
// other failing games are asked about as without it. A game that replays
// cleanly costs a nil check. Put the step first, so that the steps after
// it see the repaired game.
func Step(opt Options, apply bool) pipeline.Step {
	return pipeline.StepFunc(func(d *pipeline.Draft) { repairDraft(d, opt, apply) })
}

func repairDraft(d *pipeline.Draft, opt Options, apply bool) {
	r := d.Report
	g := r.Game
	if g == nil || g.Fail == nil || !g.HasStart || g.Fail.Variation {
		return
	}
	if !apply {
		opt.Quick = true // a question needs no proof
	}
	res := Find(r.Record, g, opt)
	if apply && res.Repaired() {
		old := r.Record
		rec := Record(old, res)
		r2 := analyze.Analyze(rec, nil, d.Options)
		start := r2.Game.Start.Side()
		for _, e := range res.Repairs {
			side := start
			if e.Ply%2 == 0 {
				side = side.Other()
			}
			r2.Flags = append(r2.Flags, flags.New(flags.Repaired, e.Ply, sideName(side), e.Detail()))
		}
		r2.Status = analyze.StatusOf(r2.Flags) // repaired is a warning
		if sameTags(d.Tags, old.Tags) {
			d.Tags = rec.Tags
		}
		d.Report = r2
		return
	}
	s := res.Suggestion(opt)
	if s == "" {
		return
	}
	for i, f := range r.Flags {
		if f.Code.Ends() && f.Ply == g.Fail.Ply {
			r.Flags[i].Detail += "; " + s
			return
		}
	}
}

func sideName(c board.Color) string { return c.String() }

// sameTags reports whether two tag slices are the same slice: the
// draft's tags are still the record's own (no step before changed them).
func sameTags(a, b parse.Tags) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
