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
	switch d {
	case dirUp: // ranks above r, nearest first: the lowest bits above r
		a, b := lowTwo(uint32(o.file[f]) >> (r + 1))
		return onFile(f, r+1, a), onFile(f, r+1, b)
	case dirDown: // ranks below r, nearest first: the highest bits below r
		a, b := highTwo(uint32(o.file[f]) & (1<<r - 1))
		return onFile(f, 0, a), onFile(f, 0, b)
	case dirLeft:
		a, b := highTwo(uint32(o.rank[r]) & (1<<f - 1))
		return onRank(0, r, a), onRank(0, r, b)
	}
	a, b := lowTwo(uint32(o.rank[r]) >> (f + 1))
	return onRank(f+1, r, a), onRank(f+1, r, b)
}

// lowTwo returns the indexes of the two lowest set bits of m, -1 for each
// that is missing; highTwo those of the two highest.
func lowTwo(m uint32) (a, b int) {
	if m == 0 {
		return -1, -1
	}
	a = bits.TrailingZeros32(m)
	if m &= m - 1; m == 0 {
		return a, -1
	}
	return a, bits.TrailingZeros32(m)
}

func highTwo(m uint32) (a, b int) {
	a = bits.Len32(m) - 1
	if a < 0 {
		return -1, -1
	}
	return a, bits.Len32(m&^(1<<a)) - 1
}

// onFile returns the point of file f and rank base+i, NoSquare when i is
// -1; onRank that of file base+i and rank r.
func onFile(f, base, i int) Square {
	if i < 0 {
		return NoSquare
	}
	return SquareAt(f, base+i)
}

func onRank(base, r, i int) Square {
	if i < 0 {
		return NoSquare
	}
	return SquareAt(base+i, r)
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
