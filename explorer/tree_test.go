package explorer

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// lookup returns the book of the position after the ICCS moves from the
// start in a tree's bytes.
func lookup(t *testing.T, data []byte, moves string) *Book {
	t.Helper()
	tr, err := NewTree(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	p := game(t, "x", Unknown, 0, moves).Start
	for _, m := range game(t, "x", Unknown, 0, moves).Moves {
		p, _ = p.Play(m)
	}
	bk, err := tr.Lookup(p)
	if err != nil {
		t.Fatal(err)
	}
	return bk
}

// moveGames returns the games of each move of a book, by ICCS.
func moveGames(bk *Book) map[string]int64 {
	out := map[string]int64{}
	for _, r := range bk.Moves {
		out[r.Move.String()] = r.Games
	}
	return out
}

// TestTransposition: two move orders to one position count as one
// position, whose next move then has both games.
func TestTransposition(t *testing.T) {
	games := []Game{
		game(t, "a", RedWin, 1990, "h2e2 h9g7 b0c2 i9h9"),   // 炮二平五 马8进7 马八进七 车9平8
		game(t, "b", BlackWin, 2001, "b0c2 h9g7 h2e2 i9h9"), // 马八进七 马8进7 炮二平五 车9平8
		game(t, "c", Draw, 0, "h2e2 b9c7"),
	}
	data, st := buildTree(t, games, Options{})
	if st.Games != 3 || st.Plies != 10 {
		t.Errorf("stats %+v, want 3 games and 10 plies", st)
	}
	bk := lookup(t, data, "h2e2 h9g7 b0c2")
	if got := moveGames(bk); !reflect.DeepEqual(got, map[string]int64{"i9h9": 2}) {
		t.Fatalf("after the transposition: moves %v, want i9h9 played by 2 games", got)
	}
	r := bk.Moves[0]
	if r.RedWins != 1 || r.BlackWins != 1 || r.Draws != 0 || r.FirstYear != 1990 || r.LastYear != 2001 {
		t.Errorf("row %+v: want 1 red win, 1 black win, years 1990..2001", r)
	}
	if r.MoveChinese != "车９平８" {
		t.Errorf("move %q, want 车９平８", r.MoveChinese)
	}
	// The later game is the first example; both are there, with the
	// ply at which each played the move.
	if len(r.Examples) != 2 || r.Examples[0].GameID != "b" || r.Examples[0].Ply != 4 || r.Examples[1].GameID != "a" {
		t.Errorf("examples %+v, want b then a, at ply 4", r.Examples)
	}
	if got := moveGames(lookup(t, data, "")); !reflect.DeepEqual(got, map[string]int64{"h2e2": 2, "b0c2": 1}) {
		t.Errorf("start: %v", got)
	}
	// The position's ECCO: both lines are classified (the classification
	// sees the same set of first moves either way).
	if bk.ECCO == "" || bk.ECCOName == "" {
		t.Errorf("no ECCO class for a position reached from the start: %+v", bk)
	}
}

// TestMirrors: a game and its left-right mirror are two lines, or one
// with MergeMirrors, whose rows are shown in the asked position's own
// orientation.
func TestMirrors(t *testing.T) {
	games := []Game{
		game(t, "a", RedWin, 0, "h2e2 h9g7 h0g2"), // 炮二平五 马8进7 马二进三
		game(t, "b", RedWin, 0, "b2e2 b9c7 b0c2"), // 炮八平五 马2进3 马八进七
		game(t, "c", Draw, 0, "b2e2 h9g7"),        // 炮八平五 马8进7
	}
	plain, _ := buildTree(t, games, Options{})
	if got := moveGames(lookup(t, plain, "")); !reflect.DeepEqual(got, map[string]int64{"h2e2": 1, "b2e2": 2}) {
		t.Errorf("plain start: %v", got)
	}
	merged, st := buildTree(t, games, Options{MergeMirrors: true})
	bk := lookup(t, merged, "")
	if got := moveGames(bk); !reflect.DeepEqual(got, map[string]int64{"h2e2": 3}) {
		t.Errorf("merged start: %v, want 炮二平五 (h2e2) with all 3 games", got)
	}
	if bk.Moves[0].MoveChinese != "炮二平五" {
		t.Errorf("merged start: %q, want 炮二平五", bk.Moves[0].MoveChinese)
	}
	// After 炮二平五: 马8进7 (games a and b, mapped) and 马2进3 (game c,
	// whose 马8进7 after 炮八平五 is its mirror).
	if got := moveGames(lookup(t, merged, "h2e2")); !reflect.DeepEqual(got, map[string]int64{"h9g7": 2, "b9c7": 1}) {
		t.Errorf("merged after h2e2: %v", got)
	}
	// Asked from the other side, the same counts in its orientation.
	bk = lookup(t, merged, "b2e2")
	if !bk.Mirrored {
		t.Error("the position after b2e2 should be held as its mirror")
	}
	if got := moveGames(bk); !reflect.DeepEqual(got, map[string]int64{"b9c7": 2, "h9g7": 1}) {
		t.Errorf("merged after b2e2: %v", got)
	}
	if bk.Moves[0].MoveChinese != "马２进３" {
		t.Errorf("merged after b2e2: first move %q, want 马２进３", bk.Moves[0].MoveChinese)
	}
	if st.Rows != 4 || st.Positions != 3 {
		t.Errorf("merged: %d rows in %d positions, want 4 in 3", st.Rows, st.Positions)
	}
}

// TestRepeatedPositionCountsOnce: a game that plays the same move in the
// same position twice counts once in that row.
func TestRepeatedPositionCountsOnce(t *testing.T) {
	g := game(t, "a", Draw, 0, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7")
	data, st := buildTree(t, []Game{g}, Options{})
	if st.Plies != 4 {
		t.Errorf("%d plies counted, want 4 (two repeated)", st.Plies)
	}
	if got := moveGames(lookup(t, data, "")); got["h0g2"] != 1 {
		t.Errorf("start: %v", got)
	}
}

// TestCopiesAndLimits: copies count only with AllCopies; MaxPly bounds
// the plies; an illegal move ends the line.
func TestCopiesAndLimits(t *testing.T) {
	a := game(t, "a", RedWin, 0, "h2e2 h9g7 h0g2 i9h9")
	b := a
	b.ID, b.Copy = "b", true
	c := game(t, "c", RedWin, 0, "h2e2 h9g7")
	c.Moves = append(c.Moves, board.NewMove(0, 1)) // a0b0: not legal
	_, st := buildTree(t, []Game{a, b, c}, Options{})
	if st.Games != 2 || st.Copies != 1 || st.Plies != 6 {
		t.Errorf("kept copies: %+v, want 2 games, 1 copy, 6 plies", st)
	}
	_, st = buildTree(t, []Game{a, b, c}, Options{AllCopies: true, MaxPly: 2})
	if st.Games != 3 || st.Copies != 0 || st.Plies != 6 {
		t.Errorf("all copies, 2 plies: %+v, want 3 games, 6 plies", st)
	}
	data, st := buildTree(t, []Game{a, b, c}, Options{AllCopies: true, MinGames: 3})
	if st.Rows != 2 {
		t.Errorf("min-games 3: %d rows, want 2", st.Rows)
	}
	if m, _ := treeRows(t, data); m.MinGames != 3 || m.Games != 3 {
		t.Errorf("meta %+v", m)
	}
}
