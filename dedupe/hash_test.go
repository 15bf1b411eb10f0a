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
