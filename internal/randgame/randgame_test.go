package randgame

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestQuiet: every ply is legal and captures nothing, the side to move
// always has a legal move, and a seed gives the same game every time.
func TestQuiet(t *testing.T) {
	moves := Quiet(rand.New(rand.NewPCG(1, 2)), 130)
	if len(moves) != 130 {
		t.Fatalf("%d plies, want 130", len(moves))
	}
	p := board.StartPosition()
	for i, m := range moves {
		if !slices.Contains(p.LegalMoves(), m) {
			t.Fatalf("ply %d: %v is not legal", i+1, m)
		}
		if p.Piece(m.To()) != board.NoPiece {
			t.Fatalf("ply %d: %v captures", i+1, m)
		}
		p.MakeMove(m)
		if !p.HasLegalMove() {
			t.Fatalf("ply %d: no legal move after %v", i+1, m)
		}
	}
	if again := Quiet(rand.New(rand.NewPCG(1, 2)), 130); !slices.Equal(again, moves) {
		t.Error("the same seed gave another game")
	}
}
