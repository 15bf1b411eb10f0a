package explorer

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// seedTree is a small tree of hand-made games (mirrors merged, so that
// the reader's mirror path runs too).
func seedTree(t testing.TB, mirrors bool) []byte {
	games := []Game{
		game(t, "a", RedWin, 1990, "h2e2 h9g7 b0c2 i9h9"),
		game(t, "b", BlackWin, 2001, "b0c2 h9g7 h2e2 i9h9"),
		game(t, "c", Draw, 0, "b2e2 b9c7"),
	}
	data, _ := buildTree(t, games, Options{MergeMirrors: mirrors})
	return data
}

// FuzzTree feeds arbitrary bytes to the tree reader: opening, reading
// every row (each checked as a merge checks it), looking the start
// position up and writing the page must give an error or a result, never
// a panic.
func FuzzTree(f *testing.F) {
	for _, mirrors := range []bool{false, true} {
		data := seedTree(f, mirrors)
		f.Add(data)
		f.Add(data[:len(data)/2])
		f.Add(data[len(data)/3:])
	}
	f.Add([]byte("PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := NewTree(bytes.NewReader(data))
		if err != nil {
			return
		}
		if rr, err := tr.Rows(nil); err == nil {
			for range 10000 {
				var r Row
				if err := rr.Next(&r); err != nil {
					break
				}
				rowEntry(&r, tr.meta.MergeMirrors)
			}
			rr.Close()
		}
		tr.Lookup(board.StartPosition())
		WritePage(io.Discard, tr, PageOptions{MaxNodes: 50})
	})
}

// FuzzRun feeds arbitrary bytes to the decoder of a run file's rows (the
// builder's own temporary files: damage must be an error, not a panic;
// the framing of the records is spill's, fuzzed there).
func FuzzRun(f *testing.F) {
	g := game(f, "a", RedWin, 1990, "h2e2 h9g7")
	e := &entry{rowKey: rowKey{42, g.Moves[0]}, board: packBoard(&g.Start), n: [4]int64{1, 2, 3, 4}, first: 1990, last: 2001}
	e.addVote(3, 7)
	e.addExample(exRef{newMeta(&g), 1}, 3)
	f.Add(appendEntry(nil, e))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := decodeEntry(data); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("error %v is not ErrCorrupt", err)
		}
	})
}

// FuzzSpool feeds arbitrary bytes to the decoder of spooled games.
func FuzzSpool(f *testing.F) {
	g := game(f, "a", RedWin, 1990, "h2e2 h9g7")
	f.Add(appendGame(nil, &g, DefaultMaxPly))
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Game
		if decodeGame(data, &g) == nil {
			for _, m := range g.Moves {
				if !g.Start.IsLegal(m) {
					break
				}
				g.Start.MakeMove(m)
			}
		}
	})
}

// FuzzMaterial: ParseMaterial never panics, and what it accepts is
// written back to a signature that reads the same.
func FuzzMaterial(f *testing.F) {
	for _, s := range []string{"RCNK vs RNAAK", "KR-K", "h e / k", "KPPPPP vs KAABB", "vs", "马 vs 车"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMaterial(s)
		if err != nil {
			return
		}
		back, err := ParseMaterial(m.String())
		if err != nil || back != m {
			t.Fatalf("%q reads as %v, written %q, read back %v, %v", s, m, m.String(), back, err)
		}
	})
}
