package px0

import (
	"encoding/binary"
	"math"
	"math/bits"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/training"
)

// TestStartRecord: the record of the start position, Red to play h2e2,
// Black having won: its fields at the offsets of the field list.
func TestStartRecord(t *testing.T) {
	start := board.StartPosition()
	m, _ := board.ParseMove("h2e2")
	in := Input{Line: []board.Position{start}, StandardStart: true, Move: m, Played: m, Result: -1, PliesLeft: 30}
	rec := AppendRecord(nil, &in, nil)
	if len(rec) != RecordSize {
		t.Fatalf("%d bytes", len(rec))
	}
	le := binary.LittleEndian
	if le.Uint32(rec) != 6 || le.Uint32(rec[4:]) != 1 {
		t.Errorf("version %d, input format %d", le.Uint32(rec), le.Uint32(rec[4:]))
	}
	var ones, zeros, negs int
	for i := range PolicySize {
		switch math.Float32frombits(le.Uint32(rec[8+4*i:])) {
		case 1:
			ones++
		case 0:
			zeros++
		case -1:
			negs++
		}
	}
	if legal := len(start.LegalMoves()); ones != 1 || zeros != legal-1 || ones+zeros+negs != PolicySize {
		t.Errorf("policy: %d ones, %d zeros, %d −1 (legal moves %d)", ones, zeros, negs, legal)
	}
	idx, _ := training.Space2062.Index(board.Red, m)
	if got := int(le.Uint16(rec[10244:])); got != idx {
		t.Errorf("played_idx %d, want %d", got, idx)
	}
	// First step: 16 pieces a side, 2 rooks at a0 and i0 (bits 0 and 8);
	// the other steps empty (standard start).
	count := func(p int) int {
		n := 0
		for _, b := range rec[8256+16*p : 8256+16*p+16] {
			n += bits.OnesCount8(b)
		}
		return n
	}
	total := 0
	for p := range 14 {
		total += count(p)
	}
	if total != 32 || rec[8256] != 1 || rec[8256+1] != 1 {
		t.Errorf("first step: %d pieces, rook plane %x", total, rec[8256:8256+16])
	}
	for p := 15; p < Planes; p++ {
		if count(p) != 0 {
			t.Errorf("plane %d of an empty history step is set", p)
		}
	}
	f := func(off int) float32 { return math.Float32frombits(le.Uint32(rec[off:])) }
	if rec[10176] != 0 || f(10208) != -1 || f(10212) != 0 || f(10204) != 30 || f(10184) != -1 {
		t.Errorf("side %d, result_q %g, result_d %g, plies_left %g, best_q %g", rec[10176], f(10208), f(10212), f(10204), f(10184))
	}
}

// TestBlackMirrored: with Black to move the board is seen with its ranks
// mirrored, Black's pieces "ours", and a non-standard start fills the
// history with the first position.
func TestBlackMirrored(t *testing.T) {
	p, err := board.PositionFromFEN("4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := board.ParseMove("e9e8")
	rec := AppendRecord(nil, &Input{Line: []board.Position{p}, Move: m, Played: m, Result: 1}, nil)
	// Black's king (ours, plane 6) at e9 → mirrored rank 0: bit 4.
	king := 8256 + 16*6
	if rec[king] != 1<<4 {
		t.Errorf("our king plane %x", rec[king:king+16])
	}
	// Red's king (theirs, plane 13) at d0 → rank 9: bit 81+3 = 84.
	theirs := 8256 + 16*13
	if rec[theirs+84/8] != 1<<(84%8) {
		t.Errorf("their king plane %x", rec[theirs:theirs+16])
	}
	for step := 1; step < History; step++ {
		if rec[8256+16*(15*step+6)] != 1<<4 {
			t.Errorf("history step %d does not repeat the start", step)
		}
	}
	if rec[10176] != 1 {
		t.Errorf("side_to_move %d", rec[10176])
	}
}
