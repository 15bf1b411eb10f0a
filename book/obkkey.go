package book

import "github.com/xqtool/xqtool/board"

// OBKKey returns the 64-bit Zobrist key by which 冰河 (BHGUI) books, and
// the 鹏飞 and 勇芳 books that copy them, key a position (the vkey
// column): the XOR of one number per piece, by piece and point, XORed
// with one more number when Red is to move (docs/books.md).
//
// The numbers are 冰河's own, published as a table (obkkey_table.go); no
// generator of them is known. The table is checked against keys
// published apart from it: the start position's key in 冰河's books,
// 7101337512282506414 (walker8088/XqMagicF, 冰河开局库结构说明.txt, read
// from a real book), in TestOBKKeyPublished.
func OBKKey(p *board.Position) uint64 {
	var z uint64
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if pc := p.Piece(sq); !pc.IsEmpty() {
			z ^= obkPieceKeys[eleeyePiece(pc)][obkPoint(sq)]
		}
	}
	if p.Side() == board.Red {
		z ^= obkRedKey
	}
	return z
}

// obkPoint is the index of a square in obkPieceKeys: rank 9 file a is 0,
// the points numbered along each rank, rank 0 file i is 89.
func obkPoint(sq board.Square) int {
	return (9-sq.Rank())*board.Files + sq.File()
}
