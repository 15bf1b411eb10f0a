package engine_test

import (
	"context"
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

// A search of one position. The engine here is the tests' fake engine,
// pretending to be Fairy-Stockfish (ranks 1–10); with the real one the
// command is ["node", "--no-experimental-fetch", ".../uci.js"].
func Example() {
	start := board.StartPosition()
	fake := fakeengine.Spec{Name: "Fairy-Stockfish (fake)", Table: map[string][]string{
		fakeengine.Key(&start): {
			"info depth 8 seldepth 9 multipv 1 score cp 28 nodes 19678 pv c1e3 b10c8 b1d2",
			"bestmove c1e3 ponder b10c8",
		},
	}}
	e, err := engine.Start(context.Background(), engine.Config{
		Command: fakeengine.Command(),
		Env:     []string{fake.Env()},
		Options: []engine.Option{{Name: "UCI_Variant", Value: "xiangqi"}},
		Limits:  engine.Limits{Depth: 8},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	r, err := e.Search(context.Background(), start, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e.Name(), "numbers ranks", e.Ranks())
	fmt.Println("depth", r.Depth, r.Score, "for red:", r.Score.Red(start.Side()))
	fmt.Println("best", r.Best, "pv", r.PV)
	// Output:
	// Fairy-Stockfish (fake) numbers ranks 1-10
	// depth 8 cp 28 for red: cp 28
	// best c0e2 pv [c0e2 b9c7 b0d1]
}
