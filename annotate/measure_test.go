package annotate

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

// TestMeasureFairyStockfish measures annotation of ~200 real games (every
// 32nd game of the records) with Fairy-Stockfish at depth 8 (README,
// "Engine annotation"). It runs only when asked, it takes long:
//
//	XQTOOL_MEASURE_ENGINE=1 go test ./annotate -run TestMeasureFairyStockfish -v -timeout 0
//
// XQTOOL_MEASURE_POSITIONS bounds the searches of the speed runs (default
// 200 distinct positions, from the first games). It prints: rows annotated
// and searches needed for all the games (the share the cache saves, counted
// with the fake engine, which searches exactly what Fairy-Stockfish would);
// positions per second (wall) and engine CPU seconds per position with 1 and
// 2 engines; a run stopped in the middle and resumed, which must search
// nothing twice.
func TestMeasureFairyStockfish(t *testing.T) {
	if os.Getenv("XQTOOL_MEASURE_ENGINE") == "" {
		t.Skip("set XQTOOL_MEASURE_ENGINE=1 to measure")
	}
	games := recordGames(t, 32)

	// The searches the whole set needs, and what the cache saves.
	_, all := annotateAll(t, fakeOptions(fakeengine.Spec{}, 2), games)
	t.Logf("%d games: %d rows annotated, %d distinct positions (%d finished games), %d searches: %.1f%% of the rows need no search of their own",
		len(games), all.Rows, all.Distinct, all.Terminal, all.Searched, 100*all.Saved())

	// The whole corpus, counted without an engine.
	whole, _ := New(fakeOptions(fakeengine.Spec{}, 1))
	defer whole.Close()
	for _, g := range recordGames(t, 1) {
		whole.Add(g)
	}
	terminal := 0
	for _, e := range whole.order {
		if !e.pos.HasLegalMove() {
			terminal++
		}
	}
	t.Logf("all %d games: %d rows, %d searches: %.1f%% of the rows need no search of their own",
		whole.Len(), whole.rows, len(whole.order)-terminal, 100*(1-float64(len(whole.order)-terminal)/float64(whole.rows)))

	limit := 200
	if s := os.Getenv("XQTOOL_MEASURE_POSITIONS"); s != "" {
		limit, _ = strconv.Atoi(s)
	}
	var subset []Game
	seen := map[uint64]bool{}
	for _, g := range games {
		if len(seen) >= limit {
			break
		}
		ps, _ := g.positions()
		for i := range ps {
			seen[ps[i].Key()] = true
		}
		subset = append(subset, g)
	}
	cfg := engine.Config{
		Command:          fakeengine.FairyStockfish(t),
		Options:          []engine.Option{{Name: "UCI_Variant", Value: "xiangqi"}},
		Limits:           engine.Limits{Depth: 8},
		HandshakeTimeout: 2 * time.Minute,
		Deadline:         5 * time.Minute,
	}
	for _, k := range []int{1, 2} {
		a, _ := New(Options{Engine: cfg, Engines: k})
		defer a.Close()
		for _, g := range subset {
			a.Add(g)
		}
		t0 := time.Now()
		p, err := a.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		wall := time.Since(t0)
		t.Logf("%d engine(s): %d games, %d rows, %d searches in %s: %.2f positions/s (wall, startup included), %.2f engine CPU s per position, %d failed",
			k, len(subset), p.Rows, p.Searched, wall.Round(time.Second), float64(p.Searched)/wall.Seconds(),
			p.EngineCPU.Seconds()/float64(p.Searched), p.Failed)
	}

	// Stopped after a quarter of the searches, then resumed.
	dir := filepath.Join(t.TempDir(), "cache")
	ctx, cancel := context.WithCancel(context.Background())
	stopAt := len(seen) / 4
	b, _ := New(Options{Engine: cfg, Engines: 2, CacheDir: dir, Progress: func(p Progress) {
		if p.Searched >= stopAt {
			cancel()
		}
	}})
	defer b.Close()
	for _, g := range subset {
		b.Add(g)
	}
	first, err := b.Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v", err)
	}
	c, _ := New(Options{Engine: cfg, Engines: 2, CacheDir: dir})
	defer c.Close()
	for _, g := range subset {
		c.Add(g)
	}
	second, err := c.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("resume: the stopped run searched %d of %d; the second found %d in the cache and searched %d",
		first.Searched, first.ToSearch, second.Cached, second.Searched)
	if second.Cached != first.Searched || second.Searched != first.ToSearch-first.Searched {
		t.Fatalf("searched twice: first %+v, second %+v", first, second)
	}
}
