package board

import "math/bits"

// occupancy marks the occupied points of a board by rank (bit f of
// rank[r] for the point of file f) and by file (bit r of file[f]), so that
// the first pieces along a line from a point, and the pieces between two
// points of a line, are found with a few bit operations instead of a walk
// along the line.
type occupancy struct {
	rank [Ranks]uint16
	file [Files]uint16
}

// occupancyOf returns the occupancy of board b.
func occupancyOf(b *[Squares]Piece) occupancy {
	var o occupancy
	for sq := Square(0); sq < Squares; sq++ {
		if !b[sq].IsEmpty() {
			o.set(sq)
		}
	}
	return o
}

func (o *occupancy) set(sq Square) {
	f, r := sq.File(), sq.Rank()
	o.rank[r] |= 1 << f
	o.file[f] |= 1 << r
}

func (o *occupancy) clear(sq Square) {
	f, r := sq.File(), sq.Rank()
	o.rank[r] &^= 1 << f
	o.file[f] &^= 1 << r
}

// firstTwo returns the first and the second occupied points from sq (sq
// excluded) in direction d, NoSquare where there is none.
func (o *occupancy) firstTwo(sq Square, d int) (first, second Square) {
	f, r := sq.File(), sq.Rank()
	first, second = NoSquare, NoSquare
	switch d {
	case dirUp:
		m := uint32(o.file[f]) >> (r + 1)
		if m == 0 {
			return
		}
		first = sq + Square(bits.TrailingZeros32(m)+1)*Files
		if m &= m - 1; m != 0 {
			second = sq + Square(bits.TrailingZeros32(m)+1)*Files
		}
	case dirDown:
		m := uint32(o.file[f]) & (1<<r - 1)
		if m == 0 {
			return
		}
		hi := bits.Len32(m) - 1
		first = SquareAt(f, hi)
		if m &^= 1 << hi; m != 0 {
			second = SquareAt(f, bits.Len32(m)-1)
		}
	case dirLeft:
		m := uint32(o.rank[r]) & (1<<f - 1)
		if m == 0 {
			return
		}
		hi := bits.Len32(m) - 1
		first = SquareAt(hi, r)
		if m &^= 1 << hi; m != 0 {
			second = SquareAt(bits.Len32(m)-1, r)
		}
	default: // dirRight
		m := uint32(o.rank[r]) >> (f + 1)
		if m == 0 {
			return
		}
		first = sq + Square(bits.TrailingZeros32(m)+1)
		if m &= m - 1; m != 0 {
			second = sq + Square(bits.TrailingZeros32(m)+1)
		}
	}
	return
}

// between returns the number of occupied points strictly between from and
// to, which share a file or a rank.
func (o *occupancy) between(from, to Square) int {
	ff, fr, tf, tr := from.File(), from.Rank(), to.File(), to.Rank()
	var m uint32
	lo, hi := fr, tr
	if ff == tf {
		m = uint32(o.file[ff])
	} else {
		m = uint32(o.rank[fr])
		lo, hi = ff, tf
	}
	if lo > hi {
		lo, hi = hi, lo
	}
	return bits.OnesCount32(m & (1<<hi - 1) &^ (1<<(lo+1) - 1))
}
