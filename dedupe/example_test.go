package dedupe_test

import (
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
)

func Example() {
	start := board.StartPosition()
	var line []board.Move
	for _, s := range []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "h7i7", "h4h6", "g6g5",
		"h6g6", "i7i8", "c3c4", "b7a7", "b2a2", "a9b9", "b0c2", "b9b5", "e3e4", "b5e5", "a0b0", "e5e4"} {
		mv, _ := board.ParseMove(s)
		line = append(line, mv)
	}
	games := []dedupe.Game{
		{Source: "a.pgn", Moves: line[:20]},                      // cut short
		{Source: "b.pgn", Moves: line},                           // the whole game
		{Source: "c.pgn", Moves: dedupe.MirrorMoves(line)},       // mirrored
		{Source: "d.pgn", Moves: line, Tags: [7]string{"Event"}}, // one more tag
	}
	ix := dedupe.New(dedupe.Options{MinPlies: 20})
	defer ix.Close()
	for i := range games {
		games[i].Start, games[i].Complete, games[i].Clean = start.Setup(), true, true
		if _, err := ix.Add(&games[i]); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := ix.Finish(); err != nil {
		fmt.Println(err)
		return
	}
	for i, g := range games {
		v, _ := ix.Verdict(i)
		fmt.Printf("%s: %q of %v (%d copies)\n", g.Source, v.Kind, v.KeptRef, v.Copies)
	}
	// Output:
	// a.pgn: "prefix" of d.pgn#1 (4 copies)
	// b.pgn: "exact" of d.pgn#1 (4 copies)
	// c.pgn: "mirror" of d.pgn#1 (4 copies)
	// d.pgn: "" of d.pgn#1 (4 copies)
}
