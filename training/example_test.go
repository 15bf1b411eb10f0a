package training_test

import (
	"fmt"
	"os"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/training"
)

// A positions writer computes the training columns of each row with the
// position before the move, and the split once per game.
func Example() {
	start := board.StartPosition()
	var moves []board.Move
	for _, s := range []string{"h2e2", "h9g7", "h0g2"} {
		m, _ := board.ParseMove(s)
		moves = append(moves, m)
	}
	p := start
	for _, m := range moves {
		pl := training.PlyOf(&p, m)
		fmt.Printf("%v %-5v key %d policy_2086 %d (%s) policy_2062 %d (%s)\n", m, pl.Side, int64(pl.Key),
			pl.Policy2086, training.Space2086.Label(int(pl.Policy2086)),
			pl.Policy2062, training.Space2062.Label(int(pl.Policy2062)))
		p.MakeMove(m)
	}
	s := training.NewSplitter(training.Proportions{90, 5, 5}, 7)
	fmt.Println("split:", s.Split(training.GroupKey(&start, moves, 0)))

	// The alphazero-csv files of the game.
	w := training.NewAlphaZeroWriter(os.Stdout, os.Stdout)
	g := training.Game{ID: "5a4d0c1e2f3b4a59", Start: start, Moves: moves, Result: training.Draw}
	if err := w.Write(&g); err != nil {
		fmt.Println(err)
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// h2e2 red   key 9024246093592391425 policy_2086 553 (7242) policy_2062 1681 (h2e2)
	// h9g7 black key 530495535427315617 policy_2086 37 (1022) policy_2062 1644 (h0g2)
	// h0g2 red   key -1985696818755466098 policy_2086 162 (7062) policy_2062 1644 (h0g2)
	// split: train
	// gameID,winner,game_id,split,mirrored
	// 1,draw,5a4d0c1e2f3b4a59,train,false
	// gameID,turn,side,move
	// 1,1,red,C2.5
	// 1,1,black,h8+7
	// 1,2,red,H2+3
}
