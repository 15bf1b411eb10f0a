package board

import "testing"

func slowPerft(p *Position, depth int) uint64 {
	var n uint64
	for from := Square(0); from < Squares; from++ {
		for to := Square(0); to < Squares; to++ {
			m := NewMove(from, to)
			if !p.IsLegal(m) {
				continue
			}
			if depth == 1 {
				n++
				continue
			}
			u := p.MakeMove(m)
			n += slowPerft(p, depth-1)
			p.UnmakeMove(m, u)
		}
	}
	return n
}

// TestRegressionCannonBehindCannon: two enemy cannons on the king's rank,
// the nearer with no screen: moving the piece between them opens a cannon
// check from the farther one. The fast legality filter once missed it.
func TestRegressionCannonBehindCannon(t *testing.T) {
	for _, fen := range []string{
		"CnC1k1b2/c3a4/5a3/9/2nr5/9/9/9/4A4/4KA3 b - - 0 2",
		"CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
	} {
		p, err := PositionFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for d := 1; d <= 2; d++ {
			if got, want := p.Perft(d), slowPerft(&p, d); got != want {
				t.Errorf("%s: perft(%d) = %d, slow generator says %d", fen, d, got, want)
			}
		}
	}
}
