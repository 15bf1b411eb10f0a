// Package randgame makes games of random legal moves, from a seeded
// generator so that a test or the sample corpus gets the same game every
// time.
package randgame

import (
	"math/rand/v2"

	"github.com/xqtool/xqtool/board"
)

// Quiet returns n plies from the start, each a random legal move
// drawn with rng that captures nothing and leaves the other side a legal
// move (a game that reaches the natural move limit when n is 120 or more);
// a game that runs out of such moves is drawn again.
func Quiet(rng *rand.Rand, n int) []board.Move {
	for {
		p := board.StartPosition()
		var out []board.Move
		for len(out) < n {
			var quiet []board.Move
			for _, m := range p.LegalMoves() {
				if p.Piece(m.To()) != board.NoPiece {
					continue
				}
				q := p
				q.MakeMove(m)
				if q.HasLegalMove() {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 {
				break
			}
			m := quiet[rng.IntN(len(quiet))]
			out = append(out, m)
			p.MakeMove(m)
		}
		if len(out) == n {
			return out
		}
	}
}
