// Package board is the legal-move core of xqtool: the xiangqi (Chinese chess)
// board, its pieces, legal move generation, check, checkmate and stalemate,
// FEN reading and writing, Zobrist keys and perft.
//
// Squares are numbered 0..89 as rank*9 + file, with file 0..8 = ICCS a..i
// (left to right from Red's side) and rank 0..9 from Red's back rank, so a0
// is 0, i0 is 8 and i9 is 89. Red moves "up" (towards rank 9).
//
// The package knows nothing of files or notations other than FEN and the
// lowercase ICCS square names used by Move.String.
package board

import "fmt"

// Board dimensions.
const (
	Files   = 9
	Ranks   = 10
	Squares = Files * Ranks
)

// Square is a point of the board, 0..89 (rank*9 + file). NoSquare marks
// "none".
type Square int8

// NoSquare is the invalid square.
const NoSquare Square = -1

// SquareAt returns the square of the given file (0..8) and rank (0..9).
func SquareAt(file, rank int) Square { return Square(rank*Files + file) }

// File returns 0..8 (a..i).
func (s Square) File() int { return int(fileOf[uint8(s)%128]) }

// Rank returns 0..9.
func (s Square) Rank() int { return int(rankOf[uint8(s)%128]) }

// fileOf and rankOf avoid divisions in hot paths.
var fileOf, rankOf = func() (f, r [128]int8) {
	for i := range f {
		f[i], r[i] = int8(i%Files), int8(i/Files)
	}
	return
}()

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < Squares }

// Mirror returns the left-right mirror of s: file a ↔ i (f → 8−f), the
// rank unchanged. An invalid square is returned unchanged.
func (s Square) Mirror() Square {
	if !s.Valid() {
		return s
	}
	return SquareAt(Files-1-s.File(), s.Rank())
}

// String returns the ICCS name, e.g. "h2", or "-" for an invalid square.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
}

// ParseSquare parses an ICCS square name such as "h2" (case-insensitive).
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 {
		return NoSquare, fmt.Errorf("board: bad square %q", s)
	}
	f := s[0] | 0x20
	r := s[1]
	if f < 'a' || f > 'i' || r < '0' || r > '9' {
		return NoSquare, fmt.Errorf("board: bad square %q", s)
	}
	return SquareAt(int(f-'a'), int(r-'0')), nil
}

// Color is the side: Red (moves first) or Black.
type Color uint8

// The two sides.
const (
	Red Color = iota
	Black
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

// String returns "red" or "black".
func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Kind is a piece type without colour.
type Kind uint8

// Piece kinds, in FEN letter order K A B N R C P.
const (
	NoKind  Kind = iota
	King         // 帅/将, FEN K
	Advisor      // 仕/士, FEN A
	Bishop       // 相/象 (elephant), FEN B (E accepted)
	Knight       // 马 (horse), FEN N (H accepted)
	Rook         // 车 (chariot), FEN R
	Cannon       // 炮, FEN C
	Pawn         // 兵/卒, FEN P
)

// NumKinds is one more than the largest Kind.
const NumKinds = 8

var kindLetters = [NumKinds]byte{'.', 'K', 'A', 'B', 'N', 'R', 'C', 'P'}

// Letter returns the uppercase FEN letter of the kind ('.' for NoKind).
func (k Kind) Letter() byte { return kindLetters[k&7] }

// String returns the uppercase FEN letter.
func (k Kind) String() string { return string(k.Letter()) }

// Piece is a coloured piece: Kind in the low three bits, colour in bit 3.
// The zero value, NoPiece, is an empty point.
type Piece uint8

// NoPiece is an empty point.
const NoPiece Piece = 0

// NumPieces is one more than the largest Piece value.
const NumPieces = 16

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return Piece(c)<<3 | Piece(k) }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// IsEmpty reports whether p is NoPiece.
func (p Piece) IsEmpty() bool { return p&7 == 0 }

// FENLetter returns the FEN letter: uppercase for Red, lowercase for Black,
// '.' for NoPiece.
func (p Piece) FENLetter() byte {
	if p.IsEmpty() {
		return '.'
	}
	l := p.Kind().Letter()
	if p.Color() == Black {
		l |= 0x20
	}
	return l
}

// String returns the FEN letter.
func (p Piece) String() string { return string(p.FENLetter()) }

// PieceFromFEN maps a FEN letter to a piece. H/h (horse) and E/e
// (elephant) are accepted as aliases of N and B.
func PieceFromFEN(b byte) (Piece, bool) {
	c := Red
	if b >= 'a' && b <= 'z' {
		c = Black
		b -= 0x20
	}
	var k Kind
	switch b {
	case 'K':
		k = King
	case 'A':
		k = Advisor
	case 'B', 'E':
		k = Bishop
	case 'N', 'H':
		k = Knight
	case 'R':
		k = Rook
	case 'C':
		k = Cannon
	case 'P':
		k = Pawn
	default:
		return NoPiece, false
	}
	return MakePiece(c, k), true
}

// Move is a move from one square to another, packed as from<<7 | to. The
// zero value is NoMove (a0a0 is never a move). Move is comparable and
// usable as a map key.
type Move uint16

// NoMove is the zero Move.
const NoMove Move = 0

// NewMove returns the move from → to.
func NewMove(from, to Square) Move { return Move(uint16(from)<<7 | uint16(to)) }

// From returns the origin square.
func (m Move) From() Square { return Square(m >> 7) }

// To returns the destination square.
func (m Move) To() Square { return Square(m & 0x7f) }

// Mirror returns the left-right mirror of m: both squares mirrored as by
// Square.Mirror. An invalid move is returned unchanged. The mirror of a
// legal move is legal in the mirrored position, and mirroring twice gives
// m back.
func (m Move) Mirror() Move {
	if !m.Valid() {
		return m
	}
	return NewMove(m.From().Mirror(), m.To().Mirror())
}

// Valid reports whether both squares are on the board and differ.
func (m Move) Valid() bool {
	return m.From().Valid() && m.To().Valid() && m.From() != m.To() && m>>14 == 0
}

// String returns the lowercase ICCS (UCCI) form, e.g. "h2e2", or "0000" for
// NoMove or an invalid move.
func (m Move) String() string {
	if !m.Valid() {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// ParseMove parses a 4-character UCCI move such as "h2e2"
// (case-insensitive). Other spellings belong to package notation.
func ParseMove(s string) (Move, error) {
	if len(s) != 4 {
		return NoMove, fmt.Errorf("board: bad move %q", s)
	}
	f, err := ParseSquare(s[:2])
	if err != nil {
		return NoMove, fmt.Errorf("board: bad move %q", s)
	}
	t, err := ParseSquare(s[2:])
	if err != nil || f == t {
		return NoMove, fmt.Errorf("board: bad move %q", s)
	}
	return NewMove(f, t), nil
}
