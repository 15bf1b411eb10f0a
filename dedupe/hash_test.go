package dedupe

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestMirror: the table mirror equals board.Move.Mirror on every 16-bit
// value, valid move or not.
func TestMirror(t *testing.T) {
	for v := range 1 << 16 {
		mv := board.Move(v)
		if got, want := mirror(mv), mv.Mirror(); got != want {
			t.Fatalf("mirror(%#x) = %#x, want %#x", v, got, want)
		}
	}
}

// TestStartHashes: the hashes of the standard placement, kept once,
// equal those computed point by point, with either side to move; another
// placement is computed.
func TestStartHashes(t *testing.T) {
	p := board.StartPosition()
	s := p.Setup()
	for _, side := range []board.Color{board.Red, board.Black} {
		s.Side = side
		h, m := startHashes(&s)
		if wh, wm := placementHashes(&s); h != wh || m != wm {
			t.Errorf("side %v: %x %x, want %x %x", side, h, m, wh, wm)
		}
	}
	s.Side = board.Red
	h, _ := startHashes(&s)
	s.Board[0] = board.NoPiece
	wh, wm := placementHashes(&s)
	if h2, m2 := startHashes(&s); h2 != wh || m2 != wm {
		t.Errorf("another placement: %x %x, want %x %x", h2, m2, wh, wm)
	}
	if wh == h {
		t.Error("a piece less: the same hash")
	}
}

// TestLineHash: the hash of each prefix of a line differs from the
// others'; a move changed changes the hash of every prefix holding it and
// of none before it, whether the prefix ends on the first or the second
// move of a pair.
func TestLineHash(t *testing.T) {
	s := start()
	moves := line(3, 41)
	sums := func(moves []board.Move) []uint64 {
		l, _ := newLineHashes(&s)
		out := []uint64{l.sum()}
		for _, mv := range moves {
			l.add(mv)
			out = append(out, l.sum())
		}
		return out
	}
	base := sums(moves)
	seen := map[uint64]int{}
	for k, h := range base {
		if j, ok := seen[h]; ok {
			t.Fatalf("prefixes of %d and %d plies: the same hash", j, k)
		}
		seen[h] = k
	}
	for i := range moves {
		other := append([]board.Move(nil), moves...)
		other[i] = board.NewMove(other[i].To(), other[i].From())
		got := sums(other)
		for k := range got {
			if changed := got[k] != base[k]; changed != (k > i) {
				t.Fatalf("move %d changed: prefix of %d plies changed %v", i, k, changed)
			}
		}
	}
}
