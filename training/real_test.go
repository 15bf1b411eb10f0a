package training

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

// realGame is one game of the real records as the tests keep it: the
// training Game (GameOf, completed by Verdict with the run's verdict) and
// the verdict's cluster.
type realGame struct {
	Game
	Source string
	Index  int
	// Complete is true when the whole main line was played.
	Complete bool
	// Kind is the game's duplicate kind; Cluster the game_id of its
	// cluster's kept copy (its own for a kept copy).
	Kind    dedupe.Kind
	Cluster string
}

var (
	realOnce  sync.Once
	realGames []realGame
	realErr   error
)

// loadReal reads, replays and analyses every game of the real records in
// input order through the pipeline, with its duplicate detection, once per
// test binary. It skips when the records are absent.
func loadReal(tb testing.TB) []realGame {
	tb.Helper()
	dir := shareddata.Dir(tb, "records")
	realOnce.Do(func() { realGames, realErr = readGames(dir) })
	if realErr != nil {
		tb.Fatal(realErr)
	}
	if len(realGames) == 0 {
		tb.Skip("no games in the real records")
	}
	return realGames
}

// runOptions are the options of the commands' defaults.
func runOptions() pipeline.Options {
	return pipeline.Options{Workers: 2, Analyze: analyze.Options{
		Rules: analyze.RulesCXA, Repetitions: 3, RequireTags: analyze.DefaultRequiredTags,
	}}
}

// collector is a sink that keeps every game as a realGame.
type collector struct {
	pipeline.NopSink
	games []realGame
}

func (c *collector) Game(g *pipeline.Game) error {
	var rg realGame
	GameOf(g, &rg.Game)
	rg.Moves = slices.Clone(rg.Moves)
	rg.Source, rg.Index = g.Source(), g.Index()
	rg.Complete = g.Replay() != nil && g.Replay().HasStart && g.Replay().Fail == nil
	c.games = append(c.games, rg)
	return nil
}

func (c *collector) Finish(v *pipeline.Verdicts) error {
	for i := range c.games {
		d, err := v.Of(i)
		if err != nil {
			return err
		}
		g := &c.games[i]
		Verdict(&g.Game, d)
		g.Kind, g.Cluster = d.Kind, d.ClusterID(g.ID)
	}
	return nil
}

// readGames reads the games under paths through the pipeline, with the
// verdicts of its duplicate detection.
func readGames(paths ...string) ([]realGame, error) {
	var c collector
	if _, err := pipeline.Run(context.Background(), paths, runOptions(), &c); err != nil {
		return nil, err
	}
	return c.games, nil
}

// byID returns the index of each game by game_id.
func byID(games []realGame) map[string]int {
	m := make(map[string]int, len(games))
	for i, g := range games {
		m[g.ID] = i
	}
	return m
}

// positionText is the placement and side to move of p: what its key
// stands for.
func positionText(p *board.Position) string {
	return p.Placement() + " " + p.Side().String()
}
