package analyze

import (
	"math/rand"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/replay"
)

// TestMayRepeat checks the key filter against a direct count on random
// lines over a small key space (many repeats and filter collisions), with
// random captures ending the stretches.
func TestMayRepeat(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 20000; iter++ {
		keys := 2 + rng.Intn(40)
		key := func() uint64 { return uint64(rng.Intn(keys)) * 0x9e3779b97f4a7c15 >> uint(rng.Intn(2)) }
		start := key()
		plies := make([]replay.Ply, rng.Intn(60))
		for i := range plies {
			plies[i].Key = key()
			if rng.Intn(8) == 0 {
				plies[i].Capture = board.MakePiece(board.Black, board.Pawn)
			}
		}
		n := 2 + rng.Intn(3)
		if got, want := mayRepeat(start, plies, n), mayRepeatDirect(start, plies, n); got != want {
			t.Fatalf("start %x, plies %v, n %d: mayRepeat = %v, want %v", start, plies, n, got, want)
		}
	}
}

// mayRepeatDirect is mayRepeat without the filter: the positions of a
// stretch are the start (before any capture) or the position after a
// capture, and every position after it.
func mayRepeatDirect(start uint64, plies []replay.Ply, n int) bool {
	span := []uint64{start}
	for _, p := range plies {
		if p.Capture != board.NoPiece {
			span = span[:0]
		}
		span = append(span, p.Key)
		count := 0
		for _, k := range span {
			if k == p.Key {
				count++
			}
		}
		if count >= n {
			return true
		}
	}
	return false
}
