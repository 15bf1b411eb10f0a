package analyze

import (
	"context"
	"runtime"
	"testing"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/replay"
)

// BenchmarkRepetitionReal runs the repetition rules (the key filter, then
// the adjudicator where a position can repeat) over the replayed main
// lines of every real record: ns/op is their cost per pass over the
// corpus, to set against validate's (BenchmarkValidate in cmd/xqtool).
func BenchmarkRepetitionReal(b *testing.B) {
	dir := recordsDir(b)
	var games []*replay.Game
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec != nil && it.Err == nil {
			if g := replay.Replay(it.Rec, replay.Options{SkipVariations: true}); g.HasStart {
				// Only what the rules read: the records themselves
				// would make a large live heap for the collector to
				// scan on every pass, and the timing mostly noise.
				games = append(games, &replay.Game{HasStart: true, Start: g.Start, Plies: g.Plies, Final: g.Final})
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	// The filter alone: which games the adjudicator must look at.
	b.Run("filter", func(b *testing.B) {
		passed := 0
		for b.Loop() {
			passed = 0
			for _, g := range games {
				if mayRepeat(g.Start.Key(), g.Plies, DefaultRepetitions) {
					passed++
				}
			}
		}
		b.ReportMetric(float64(passed), "games-passed")
	})
	for _, rules := range []RuleSet{RulesCXA, RulesAXF} {
		b.Run(string(rules), func(b *testing.B) {
			judged := 0
			for b.Loop() {
				judged = 0
				for _, g := range games {
					r := &Report{Game: g, Rules: rules}
					r.checkRepetition(Options{Repetitions: DefaultRepetitions})
					judged += len(r.Verdicts)
				}
			}
			b.ReportMetric(float64(judged), "verdicts")
		})
	}
}
