package pipeline_test

import (
	"context"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// recordsDir returns ../shared/testdata/records beside the repository, or
// skips when it is absent (a user's clone; CI always has it).
func recordsDir(tb testing.TB) string {
	tb.Helper()
	return shareddata.Dir(tb, "records")
}

// collector is a sink that calls game for every game and keeps the files
// and the verdicts.
type collector struct {
	pipeline.NopSink
	game  func(g *pipeline.Game)
	files []pipeline.File
	dups  []pipeline.Dup
}

func (c *collector) Game(g *pipeline.Game) error {
	if c.game != nil {
		c.game(g)
	}
	return nil
}

func (c *collector) File(f pipeline.File) error {
	c.files = append(c.files, f)
	return nil
}

func (c *collector) Finish(v *pipeline.Verdicts) error {
	for num := range v.Len() {
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		c.dups = append(c.dups, d)
	}
	return nil
}

// defaultOptions are the options of the commands' defaults (2 workers).
func defaultOptions() pipeline.Options {
	return pipeline.Options{Workers: 2, Analyze: analyze.Options{Rules: analyze.RulesCXA, Repetitions: 3}}
}

// run runs the pipeline with the sinks and fails the test on an error.
func run(tb testing.TB, opt pipeline.Options, paths []string, sinks ...pipeline.Sink) *pipeline.Summary {
	tb.Helper()
	sum, err := pipeline.Run(context.Background(), paths, opt, sinks...)
	if err != nil {
		tb.Fatal(err)
	}
	return sum
}

// expectedGames counts the games of expected.jsonl (see
// testgames.ExpectedGames).
func expectedGames(tb testing.TB, dir string) int { return testgames.ExpectedGames(tb, dir) }
