package explorer_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/explorer"
)

// line plays ICCS moves from the start.
func line(moves ...string) []board.Move {
	var out []board.Move
	for _, s := range moves {
		m, _ := board.ParseMove(s)
		out = append(out, m)
	}
	return out
}

// Build a tree of three games, two of which reach one position by
// different move orders, and ask it for that position. The two lines are
// classified differently (中炮 first: B05; 马八进七 first: A40), one game
// each: the tie goes to the lower code.
func Example() {
	b := explorer.NewBuilder(explorer.Options{})
	defer b.Close()
	for _, g := range []explorer.Game{
		{ID: "g1", Source: "a.pgn", Result: explorer.RedWin, Year: 1990, Red: "甲", Black: "乙",
			Moves: line("h2e2", "h9g7", "b0c2", "i9h9")},
		{ID: "g2", Source: "a.pgn", Index: 1, Result: explorer.Draw, Year: 2001, Red: "丙", Black: "丁",
			Moves: line("b0c2", "h9g7", "h2e2", "i9h9")},
		{ID: "g3", Source: "a.pgn", Index: 2, Result: explorer.BlackWin, Moves: line("h2e2", "b9c7")},
	} {
		g.Start = board.StartPosition()
		b.Add(&g)
	}
	var tree bytes.Buffer
	st, err := b.Write(&tree)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d games, %d rows, %d positions\n", st.Games, st.Rows, st.Positions)

	t, err := explorer.NewTree(bytes.NewReader(tree.Bytes()))
	if err != nil {
		panic(err)
	}
	p := board.StartPosition()
	for _, m := range line("h2e2", "h9g7", "b0c2") {
		p.MakeMove(m)
	}
	bk, err := t.Lookup(p)
	if err != nil {
		panic(err)
	}
	bk.WriteTable(os.Stdout)
	// Output:
	// 3 games, 8 rows, 6 positions
	// position  rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C4/9/R1BAKABNR b
	// games     2
	// ECCO      A40 起马局
	//
	//          move  iccs  games   share  red  draw  black  score  unknown      years
	//   1  车９平８  i9h9      2  100.0%  50%   50%     0%  75.0%        0  1990–2001
	//
	// example games
	//   丙 – 丁  1/2-1/2  2001  (ply 4; a.pgn#2)
	//   甲 – 乙  1-0  1990  (ply 4; a.pgn#1)
}
