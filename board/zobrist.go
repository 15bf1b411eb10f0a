package board

import "github.com/xqtool/xqtool/internal/hashid"

// Zobrist keys: one random 64-bit value per (piece, square) and one for
// Black to move, from a fixed-seed generator so keys are stable across runs
// and machines (they may be stored in datasets).
var (
	zobristPiece [NumPieces][Squares]uint64
	zobristSide  uint64
	zobristReady = initZobrist()
)

func initZobrist() bool {
	// splitmix64, seeded with a fixed constant.
	next := hashid.Sequence(hashid.Golden ^ 0x58514b45590a) // "XQKEY"
	for c := Red; c <= Black; c++ {
		for k := King; k <= Pawn; k++ {
			pc := MakePiece(c, k)
			for s := 0; s < Squares; s++ {
				zobristPiece[pc][s] = next()
			}
		}
	}
	zobristSide = next()
	return true
}

// computeKey computes the Zobrist key from scratch.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < Squares; s++ {
		if pc := p.board[s]; !pc.IsEmpty() {
			k ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}

// ComputeKey returns the Zobrist key computed from scratch; it always
// equals Key (tests use it to check the incremental update).
func (p *Position) ComputeKey() uint64 { return p.computeKey() }
