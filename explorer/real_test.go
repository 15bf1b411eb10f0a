package explorer

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
)

// TestRealStartPosition builds the tree of the real records (kept
// copies) and asks it for the start position: 炮二平五 is the most played
// first move, as in every xiangqi database, and the moves' games add up
// to the games that have a first move.
func TestRealStartPosition(t *testing.T) {
	games := realGames(t)
	for _, mirrors := range []bool{false, true} {
		start := time.Now()
		data, st := buildTree(t, games, Options{MergeMirrors: mirrors})
		took := time.Since(start)
		tr, err := NewTree(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		bk, err := tr.Lookup(board.StartPosition())
		if err != nil {
			t.Fatal(err)
		}
		var table strings.Builder
		if err := bk.WriteTable(&table); err != nil {
			t.Fatal(err)
		}
		t.Logf("merge mirrors %v: %d games, %d rows, %d positions, %.1f MB in %d row groups, built in %v; the start position:\n%s",
			mirrors, st.Games, st.Rows, st.Positions, float64(len(data))/1e6, len(tr.ranges), took.Round(time.Millisecond), table.String())
		if len(bk.Moves) == 0 || bk.Moves[0].MoveChinese != "炮二平五" {
			t.Fatalf("the most played first move is not 炮二平五")
		}
		// Every game from the standard start with a first move counts once.
		want, sp := int64(0), board.StartPosition()
		for _, g := range games {
			if !g.Copy && len(g.Moves) > 0 && g.Start.Key() == sp.Key() {
				want++
			}
		}
		if bk.Games != want {
			t.Errorf("the start position's moves add up to %d games, want %d", bk.Games, want)
		}
	}
}
