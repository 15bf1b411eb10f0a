package board

import "testing"

// TestOccupancyFollowsBoard checks, along random games and after taking
// every legal move back, that the occupancy a position keeps is the one
// its board gives, and that firstTwo and between agree with a walk along
// the lines of the board.
func TestOccupancyFollowsBoard(t *testing.T) {
	randomPositions(t, 40, 150, 7, func(p *Position, line []Move) {
		if p.occ != occupancyOf(&p.board) {
			t.Fatalf("after %v: occupancy differs from the board %s", line, p.FEN())
		}
		for _, m := range p.LegalMoves() {
			u := p.MakeMove(m)
			if p.occ != occupancyOf(&p.board) {
				t.Fatalf("%s then %v: occupancy differs from the board", p.FEN(), m)
			}
			p.UnmakeMove(m, u)
			if p.occ != occupancyOf(&p.board) {
				t.Fatalf("%v taken back: occupancy differs from the board %s", m, p.FEN())
			}
		}
		for sq := Square(0); sq < Squares; sq++ {
			for d := range 4 {
				want := [2]Square{NoSquare, NoSquare}
				n := 0
				for _, t := range rays[sq][d] {
					if !p.board[t].IsEmpty() && n < 2 {
						want[n] = t
						n++
					}
				}
				if f, s := p.occ.firstTwo(sq, d); f != want[0] || s != want[1] {
					t.Fatalf("%s: firstTwo(%v, %d) = %v, %v; want %v", p.FEN(), sq, d, f, s, want)
				}
				for i, to := range rays[sq][d] {
					n := 0
					for _, t := range rays[sq][d][:i] {
						if !p.board[t].IsEmpty() {
							n++
						}
					}
					if got := p.occ.between(sq, to); got != n {
						t.Fatalf("%s: between(%v, %v) = %d, want %d", p.FEN(), sq, to, got, n)
					}
				}
			}
		}
	})
}
