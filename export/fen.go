package export

import (
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// standardFEN is the FEN of the standard start position.
var standardFEN = board.StartFEN

// appendFEN appends p.FEN() to dst without the allocations of the board
// package's general path (it is written for every ply).
func appendFEN(dst []byte, p *board.Position) []byte {
	for r := board.Ranks - 1; r >= 0; r-- {
		empty := byte(0)
		for f := 0; f < board.Files; f++ {
			pc := p.Piece(board.SquareAt(f, r))
			if pc.IsEmpty() {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, '0'+empty)
				empty = 0
			}
			dst = append(dst, pc.FENLetter())
		}
		if empty > 0 {
			dst = append(dst, '0'+empty)
		}
		if r > 0 {
			dst = append(dst, '/')
		}
	}
	if p.Side() == board.Black {
		dst = append(dst, " b - - "...)
	} else {
		dst = append(dst, " w - - "...)
	}
	dst = strconv.AppendInt(dst, int64(p.HalfMove()), 10)
	dst = append(dst, ' ')
	fm := p.FullMove()
	if fm < 1 {
		fm = 1
	}
	return strconv.AppendInt(dst, int64(fm), 10)
}

// appendICCS appends the lowercase ICCS form of m ("h2e2").
func appendICCS(dst []byte, m board.Move) []byte {
	if !m.Valid() {
		return append(dst, "0000"...)
	}
	f, t := m.From(), m.To()
	return append(dst, byte('a'+f.File()), byte('0'+f.Rank()), byte('a'+t.File()), byte('0'+t.Rank()))
}
