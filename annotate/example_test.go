package annotate_test

import (
	"context"
	"fmt"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

// Two games sharing their first move: six rows, four distinct positions.
// The engine is the tests' fake one, which scores material from the side to
// move and plays the best capture: black's b7b0 wins a knight, a loss of
// -400 for black.
func Example() {
	fake := fakeengine.Spec{}
	a, err := annotate.New(annotate.Options{
		Engine: engine.Config{
			Command: fakeengine.Command(),
			Env:     []string{fake.Env()},
			Limits:  engine.Limits{Depth: 8},
		},
		Engines: 2,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close() // the games wait in temporary files
	moves := func(s ...string) (ms []board.Move) {
		for _, x := range s {
			m, _ := board.ParseMove(x)
			ms = append(ms, m)
		}
		return ms
	}
	a.Add(annotate.Game{ID: "a", Start: board.StartPosition(), Moves: moves("h2e2", "h7e7"), Result: "1-0"})
	a.Add(annotate.Game{ID: "b", Start: board.StartPosition(), Moves: moves("h2e2", "b7b0"), Result: "0-1"})
	prog, err := a.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d rows, %d searches, %.0f%% saved\n", prog.Rows, prog.Searched, 100*prog.Saved())
	for _, g := range a.Games() {
		for _, r := range g.Rows {
			fmt.Printf("%s ply %d %s score_red_cp %4d best %s", g.ID, r.Ply, r.Status, r.ScoreRedCP, r.Best)
			if r.Move != board.NoMove {
				fmt.Printf(" then %s: loss %d", r.Move, r.Loss)
				if r.Class != "" {
					fmt.Printf(" (%s)", r.Class)
				}
			}
			fmt.Println()
		}
	}
	// Output:
	// 6 rows, 4 searches, 33% saved
	// a ply 0 ok score_red_cp    0 best b2b9 then h2e2: loss 0
	// a ply 1 ok score_red_cp    0 best b7b0 then h7e7: loss 0
	// a ply 2 ok score_red_cp    0 best b2b9
	// b ply 0 ok score_red_cp    0 best b2b9 then h2e2: loss 0
	// b ply 1 ok score_red_cp    0 best b7b0 then b7b0: loss -400
	// b ply 2 ok score_red_cp -400 best a0b0
}
