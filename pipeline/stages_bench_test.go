package pipeline_test

import (
	"context"
	"io"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/opening"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
	"github.com/xqtool/xqtool/report"
)

// stageCorpus is the real records read once: every game's record and the
// plies of its replayed main line (the unit of every stage's cost).
type stageCorpus struct {
	recs  []*parse.Record
	errs  []error
	plies int
}

func loadStageCorpus(b *testing.B) stageCorpus {
	b.Helper()
	var c stageCorpus
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{recordsDir(b)}, func(it corpus.Item) error {
		it.Load()
		if it.Rec == nil {
			return nil
		}
		c.recs = append(c.recs, it.Rec)
		c.errs = append(c.errs, it.Err)
		if it.Err == nil {
			c.plies += len(replay.Replay(it.Rec, replay.Options{}).Plies)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	return c
}

// perPly reports the process CPU time per ply (all goroutines, the
// collector's included) of the b.N passes that began at cpu0, as cpu-ns/ply.
func perPly(b *testing.B, cpu0 int64, plies int) {
	cpu := cputime.Process().Nanoseconds() - cpu0
	b.ReportMetric(float64(cpu)/float64(plies*b.N), "cpu-ns/ply")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies*b.N), "ns/ply")
}

// BenchmarkStage measures each stage of a pass alone over the real
// records, per ply of their replayed main lines: listing, reading and
// parsing the files (walk; reading alone is corpus.BenchmarkReadFiles),
// replaying (replay), judging (analyze: replay, the record's checks, the
// ECCO class, repetition; analyze-no-repetition without the adjudicator),
// the ECCO class alone (ecco), duplicate hashing and deciding (dedupe),
// and the report line's JSON (report-json). The sum of the stages a
// command needs, against the command's own cost (BenchmarkValidate), is
// what the pipeline itself adds. docs/performance.md holds the table.
func BenchmarkStage(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(pipeline.GCPercent)) // as the command runs
	c := loadStageCorpus(b)
	opt := analyze.Options{RequireTags: analyze.DefaultRequiredTags, Rules: analyze.RulesCXA, Repetitions: analyze.DefaultRepetitions}

	b.Run("walk", func(b *testing.B) {
		dir := recordsDir(b)
		cpu0 := cputime.Process().Nanoseconds()
		for b.Loop() {
			w := &corpus.Walker{Raw: true} // as validate walks
			err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
				it.Load()
				if it.Rec != nil {
					it.Rec.Release() // as validate does once a game is judged
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		perPly(b, cpu0, c.plies)
	})
	b.Run("replay", func(b *testing.B) {
		cpu0 := cputime.Process().Nanoseconds()
		for b.Loop() {
			for i, rec := range c.recs {
				if c.errs[i] == nil {
					replay.Replay(rec, replay.Options{})
				}
			}
		}
		perPly(b, cpu0, c.plies)
	})
	for _, bc := range []struct {
		name  string
		noRep bool
	}{{"analyze", false}, {"analyze-no-repetition", true}} {
		b.Run(bc.name, func(b *testing.B) {
			o := opt
			o.NoRepetition = bc.noRep
			cpu0 := cputime.Process().Nanoseconds()
			for b.Loop() {
				for i, rec := range c.recs {
					analyze.Analyze(rec, c.errs[i], o)
				}
			}
			perPly(b, cpu0, c.plies)
		})
	}

	// The stages that work on replayed games: the reports are made once.
	reps := make([]*analyze.Report, len(c.recs))
	for i, rec := range c.recs {
		reps[i] = analyze.Analyze(rec, c.errs[i], opt)
	}
	b.Run("ecco", func(b *testing.B) {
		var moves []board.Move
		cpu0 := cputime.Process().Nanoseconds()
		for b.Loop() {
			for _, r := range reps {
				if g := r.Game; g != nil && g.HasStart {
					moves = moves[:0]
					for _, p := range g.Plies {
						moves = append(moves, p.Move)
					}
					opening.Classify(g.Start, moves)
				}
			}
		}
		perPly(b, cpu0, c.plies)
	})
	b.Run("dedupe", func(b *testing.B) {
		tmp := b.TempDir()
		cpu0 := cputime.Process().Nanoseconds()
		for b.Loop() {
			ix := dedupe.New(dedupe.Options{TempDir: tmp})
			var buf []board.Move
			for i, r := range reps {
				g := pipeline.DedupeGame(r, pipeline.GameID("bench", i), r.Declared(), buf)
				buf = g.Moves
				if _, err := ix.Add(&g); err != nil {
					b.Fatal(err)
				}
			}
			if err := ix.Finish(); err != nil {
				b.Fatal(err)
			}
			if err := ix.Close(); err != nil {
				b.Fatal(err)
			}
		}
		perPly(b, cpu0, c.plies)
	})
	b.Run("report-json", func(b *testing.B) {
		w := report.NewWriter(io.Discard)
		cpu0 := cputime.Process().Nanoseconds()
		for b.Loop() {
			for i, r := range reps {
				g := pipeline.NewGame(i, pipeline.GameID("bench", i), r, r.Record.Tags)
				if err := w.Write(report.Of(g, false)); err != nil {
					b.Fatal(err)
				}
			}
		}
		perPly(b, cpu0, c.plies)
	})
}
