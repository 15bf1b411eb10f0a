package book

import "github.com/xqtool/xqtool/board"

// ElephantEye's Zobrist tables. ElephantEye (xqbase/eleeye, pregen.cpp)
// draws its keys from RC4 keyed with four zero bytes: first the side key,
// then 14 piece tables (Red's king, advisor, bishop, knight, rook, cannon,
// pawn, then Black's) of 256 squares each, each entry three little-endian
// uint32 words (key, lock0, lock1). Its book keeps only lock1. The squares
// are those of its 16×16 board: file a..i is x 3..11, rank 9..0 is y 3..12,
// the square x + 16·y.

// eleeyeLocks holds lock1 of the 14 piece tables, by eleeye piece index
// (0..6 Red K A B N R C P, 7..13 Black) and 16×16 square; eleeyeSideLock
// is lock1 of the side key (XORed in when Black is to move).
var eleeyeLocks, eleeyeSideLock = func() (t [14][256]uint32, side uint32) {
	var r rc4
	r.init([]byte{0, 0, 0, 0})
	next := func() uint32 {
		_ = r.long() // key
		_ = r.long() // lock0
		return r.long()
	}
	side = next()
	for i := range t {
		for sq := range t[i] {
			t[i][sq] = next()
		}
	}
	return t, side
}()

// rc4 is the RC4 stream cipher, used as ElephantEye uses it: a generator
// of the Zobrist keys.
type rc4 struct {
	s    [256]byte
	x, y byte
}

func (r *rc4) init(key []byte) {
	for i := range r.s {
		r.s[i] = byte(i)
	}
	var j byte
	for i := range r.s {
		j += r.s[i] + key[i%len(key)]
		r.s[i], r.s[j] = r.s[j], r.s[i]
	}
	r.x, r.y = 0, 0
}

func (r *rc4) byte() byte {
	r.x++
	r.y += r.s[r.x]
	r.s[r.x], r.s[r.y] = r.s[r.y], r.s[r.x]
	return r.s[r.s[r.x]+r.s[r.y]]
}

// long reads four bytes as a little-endian word.
func (r *rc4) long() uint32 {
	b0, b1, b2, b3 := r.byte(), r.byte(), r.byte(), r.byte()
	return uint32(b0) | uint32(b1)<<8 | uint32(b2)<<16 | uint32(b3)<<24
}

// eleeyeSquare is the square of ElephantEye's 16×16 board.
func eleeyeSquare(sq board.Square) uint8 {
	return uint8(3+sq.File()) + 16*uint8(3+9-sq.Rank())
}

// eleeyeBoardSquare is the board square of an ElephantEye square, ok
// false off the board.
func eleeyeBoardSquare(s uint8) (board.Square, bool) {
	x, y := int(s&15), int(s>>4)
	if x < 3 || x > 11 || y < 3 || y > 12 {
		return board.NoSquare, false
	}
	return board.SquareAt(x-3, 12-y), true
}

// eleeyePiece is ElephantEye's table index of a piece: its kind in the
// order K A B N R C P, plus 7 for Black.
func eleeyePiece(pc board.Piece) int {
	i := int(pc.Kind()) - 1 // board.King is 1 … board.Pawn 7, in that order
	if pc.Color() == board.Black {
		i += 7
	}
	return i
}

// EleeyeLock returns the 32-bit Zobrist lock by which ElephantEye's book
// keys the position (lock1 of its key tables).
func EleeyeLock(p *board.Position) uint32 {
	var z uint32
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if pc := p.Piece(sq); !pc.IsEmpty() {
			z ^= eleeyeLocks[eleeyePiece(pc)][eleeyeSquare(sq)]
		}
	}
	if p.Side() == board.Black {
		z ^= eleeyeSideLock
	}
	return z
}

// eleeyeMove packs a move as ElephantEye does: the from-square in the low
// byte, the to-square in the high byte.
func eleeyeMove(m board.Move) uint16 {
	return uint16(eleeyeSquare(m.From())) | uint16(eleeyeSquare(m.To()))<<8
}

// eleeyeBoardMove unpacks an ElephantEye move, ok false when a square is
// off the board or both are one square.
func eleeyeBoardMove(v uint16) (board.Move, bool) {
	from, ok1 := eleeyeBoardSquare(uint8(v))
	to, ok2 := eleeyeBoardSquare(uint8(v >> 8))
	if !ok1 || !ok2 || from == to {
		return board.NoMove, false
	}
	return board.NewMove(from, to), true
}
