package board

import "testing"

func TestPositionMirror(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"rnbakab2/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2",
		"3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
	} {
		p, err := PositionFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.Mirror()
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for sq := Square(0); sq < Squares; sq++ {
			if m.Piece(sq.Mirror()) != p.Piece(sq) {
				t.Fatalf("%s: square %v not mirrored", fen, sq)
			}
		}
		if m.Side() != p.Side() {
			t.Errorf("%s: side changed", fen)
		}
		back, _ := m.Mirror()
		if back.FEN() != p.FEN() || back.Key() != p.Key() {
			t.Errorf("%s: mirrored twice gives %s", fen, back.FEN())
		}
		// Every legal move of p, mirrored, is legal in the mirror.
		legal := map[Move]bool{}
		for _, mv := range m.LegalMoves() {
			legal[mv] = true
		}
		moves := p.LegalMoves()
		if len(moves) != len(legal) {
			t.Errorf("%s: %d legal moves, mirror has %d", fen, len(moves), len(legal))
		}
		for _, mv := range moves {
			if !legal[mv.Mirror()] {
				t.Errorf("%s: %v legal, its mirror %v is not", fen, mv, mv.Mirror())
			}
		}
	}
}
