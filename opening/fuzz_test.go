package opening

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

// randomGame plays, from the start, the legal moves the bytes of data
// choose (each byte indexes the legal moves), up to 2*Rounds+2 plies.
func randomGame(data []byte) []board.Move {
	p := board.StartPosition()
	var moves []board.Move
	var buf []board.Move
	for _, b := range data {
		if len(moves) == 2*Rounds+2 {
			break
		}
		buf = p.AppendLegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[int(b)%len(buf)]
		p.MakeMove(m)
		moves = append(moves, m)
	}
	return moves
}

func mirrorMove(m board.Move) board.Move {
	f := func(s board.Square) board.Square { return board.SquareAt(board.Files-1-s.File(), s.Rank()) }
	return board.NewMove(f(m.From()), f(m.To()))
}

// FuzzClassify plays random legal games: every one with a move gets a code
// that has names, and the left-right mirror of a game whose first move is
// off the centre file gets the same code (the classification mirrors
// games opened on the left wing).
func FuzzClassify(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("炮二平五 马8进7 马二进三 车9平8"))
	f.Add([]byte{200, 13, 77, 5, 90, 31, 44, 2, 8, 120, 63, 17, 250, 9, 33, 71, 4, 18, 99, 100, 1})
	start := board.StartPosition()
	f.Fuzz(func(t *testing.T, data []byte) {
		moves := randomGame(data)
		c, ok := Classify(start, moves)
		if ok != (len(moves) > 0) {
			t.Fatalf("Classify(%v) ok = %v", moves, ok)
		}
		if !ok {
			return
		}
		if n, found := Lookup(c.Code); !found || n != c {
			t.Fatalf("Classify = %+v, not a named code", c)
		}
		if moves[0].From().File() == board.Files/2 {
			return
		}
		mirrored := make([]board.Move, len(moves))
		for i, m := range moves {
			mirrored[i] = mirrorMove(m)
		}
		if d, _ := Classify(start, mirrored); d != c {
			t.Fatalf("%s reads %s; its mirror %s reads %s", WXF(start, moves), c.Code, WXF(start, mirrored), d.Code)
		}
	})
}

// BenchmarkClassify is the cost of classifying one game (a 中炮对屏风马
// line deep into the rules, the longest walk).
func BenchmarkClassify(b *testing.B) {
	start := board.StartPosition()
	moves := play(b, start, "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵七进一 卒7进1 车二进六 炮8平9 车二平三 炮9退1 马八进七 士4进5 炮八平九 车1平2 车九平八 炮9平7 车三平四 马7进8")
	for b.Loop() {
		if _, ok := Classify(start, moves); !ok {
			b.Fatal("no class")
		}
	}
}
