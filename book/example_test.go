package book_test

import (
	"bytes"
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/book"
)

// A BOOK.DAT written from counted games, read back and asked for the
// start position and for a position it holds only as its mirror.
func ExampleWriteDAT() {
	start := board.StartPosition()
	h2e2, _ := board.ParseMove("h2e2")
	h9g7, _ := board.ParseMove("h9g7")
	afterH2e2, _ := start.Play(h2e2)
	var buf bytes.Buffer
	err := book.WriteDAT(&buf, []book.Entry{
		{Position: start, Move: h2e2, Wins: 30, Draws: 20, Losses: 10},
		{Position: afterH2e2, Move: h9g7, Wins: 12, Draws: 8, Losses: 9},
	})
	if err != nil {
		panic(err)
	}
	d, err := book.ParseDAT(buf.Bytes())
	if err != nil {
		panic(err)
	}
	b2e2, _ := board.ParseMove("b2e2")
	afterB2e2, _ := start.Play(b2e2)
	for _, p := range []board.Position{start, afterB2e2} {
		moves, _ := d.Lookup(p)
		for _, m := range moves {
			fmt.Printf("%s value %d mirrored %v\n", m.Move, m.Value, m.Mirrored)
		}
	}
	// Output:
	// h2e2 value 25 mirrored false
	// b9c7 value 8 mirrored true
}
