package repair

import (
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// checkResult checks what every result must satisfy.
func checkResult(t *testing.T, in Input, r Result) {
	t.Helper()
	if r.Repaired() {
		if !r.Complete || len(r.Line) != len(r.Texts) {
			t.Fatalf("repaired but incomplete: %d moves, %d texts", len(r.Line), len(r.Texts))
		}
		s := &searcher{in: Input{Start: in.Start, Notation: in.Notation, Line: r.Texts}}
		s.replay()
		if s.fail >= 0 || !slices.Equal(s.moves, r.Line) {
			t.Fatalf("the repaired texts do not replay to the repaired line")
		}
		line := in.Line
		for _, e := range r.Repairs {
			if e.Kind < Direction || e.Kind > Extra {
				t.Fatalf("repair of kind %v", e.Kind)
			}
			line = applyEdit(line, e)
			_ = e.Detail()
		}
		if !slices.Equal(line, r.Texts) {
			t.Fatalf("the edits applied give %v, the result %v", line, r.Texts)
		}
	}
	_ = r.Suggestion(Options{})
}

// FuzzFind reads any PGN text, replays its games and searches those that
// fail: no panic, and every repair replays.
func FuzzFind(f *testing.F) {
	f.Add("1. 炮二平五 马８进７ 2. 马二退三 车９平８ 3. 车一平二 马２进３\n")
	f.Add("1. h2e2 h9g7 2. h0g3 i9h9 3. i0h0 b9c7 4. c3c4\n")
	f.Add("1. C2.5 H8+7 2. H2-3 R9.8\n")
	f.Add("[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w\"]\n1. 车五平四 将４平５ 2. 车四进九\n")
	f.Add("1. 炮二平五 炮８平五 2. 前炮进四 士４进５ 3. 马二进三 马８近７ 4. 兵七进一\n")
	f.Fuzz(func(t *testing.T, text string) {
		rd := parse.NewPGNReader(strings.NewReader(text), "f.pgn")
		for range 4 {
			rec, err := rd.Next()
			if rec == nil {
				break
			}
			_ = err
			g := replay.Replay(rec, replay.Options{SkipVariations: true})
			r := Find(rec, g, Options{MaxWork: 20000})
			if g.Fail == nil && r.Fail != -1 {
				t.Fatalf("a clean game was searched: %+v", r)
			}
			if g.HasStart {
				checkResult(t, FromRecord(rec, g), r)
			}
			if out := Record(rec, r); out != nil {
				g2 := replay.Replay(out, replay.Options{SkipVariations: true})
				if g2.Fail != nil || len(g2.Plies) != len(r.Line) {
					t.Fatalf("the repaired record fails: %v", g2.Fail)
				}
			}
		}
	})
}

// FuzzSearchCoords searches lines of arbitrary coordinates from the start
// position (a binary record's moves).
func FuzzSearchCoords(f *testing.F) {
	f.Add([]byte{25, 22, 79, 61, 2, 19})
	f.Add([]byte{0, 9, 1, 2, 3, 4, 5, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := Input{Start: board.StartPosition()}
		for i := 0; i+1 < len(data) && i < 200; i += 2 {
			in.Line = append(in.Line, Written{Move: board.NewMove(board.Square(data[i]%90), board.Square(data[i+1]%90))})
		}
		checkResult(t, in, Search(in, Options{MaxWork: 20000}))
	})
}
