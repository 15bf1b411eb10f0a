package export

import (
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// standardFEN is the FEN of the standard start position.
var standardFEN = board.StartFEN

// fenWriter writes the FEN of a position that changes one move at a time.
// It keeps the placement text, and a move rewrites only the ranks of its
// two squares in place: the FEN of every ply of a game costs little more
// than copying it.
type fenWriter struct {
	place []byte             // placement: ranks 9 to 0, '/' between
	at    [board.Ranks]uint8 // offset of each rank's text in place
	n     [board.Ranks]uint8 // length of each rank's text
}

// reset sets the placement from p.
func (fw *fenWriter) reset(p *board.Position) {
	b := p.Board()
	fw.place = fw.place[:0]
	for r := board.Ranks - 1; r >= 0; r-- {
		var row [board.Files]byte
		n := rankText(&row, &b, r)
		fw.at[r], fw.n[r] = uint8(len(fw.place)), uint8(n)
		fw.place = append(fw.place, row[:n]...)
		if r > 0 {
			fw.place = append(fw.place, '/')
		}
	}
}

// moved updates the placement after p made m (the position after m).
func (fw *fenWriter) moved(p *board.Position, m board.Move) {
	b := p.Board()
	from, to := m.From().Rank(), m.To().Rank()
	fw.setRank(&b, from)
	if to != from {
		fw.setRank(&b, to)
	}
}

// setRank rewrites the text of rank r of board b in the placement. When
// its length changes, the ranks after it (below it) move.
func (fw *fenWriter) setRank(b *[board.Squares]board.Piece, r int) {
	var row [board.Files]byte
	n := rankText(&row, b, r)
	at, old := int(fw.at[r]), int(fw.n[r])
	if d := n - old; d != 0 {
		end := len(fw.place)
		if d > 0 {
			fw.place = append(fw.place, row[:d]...) // room; overwritten below
		}
		copy(fw.place[at+n:], fw.place[at+old:end])
		fw.place = fw.place[:end+d]
		for q := r - 1; q >= 0; q-- {
			fw.at[q] = uint8(int(fw.at[q]) + d)
		}
		fw.n[r] = uint8(n)
	}
	copy(fw.place[at:], row[:n])
}

// rankText writes the FEN text of rank r of board b to row and returns
// its length.
func rankText(row *[board.Files]byte, b *[board.Squares]board.Piece, r int) int {
	n, empty := 0, byte(0)
	for _, pc := range b[r*board.Files : (r+1)*board.Files] {
		if pc.IsEmpty() {
			empty++
			continue
		}
		if empty > 0 {
			row[n] = '0' + empty
			n++
			empty = 0
		}
		row[n] = pc.FENLetter()
		n++
	}
	if empty > 0 {
		row[n] = '0' + empty
		n++
	}
	return n
}

// append appends the FEN of p, whose placement fw holds, to dst.
func (fw *fenWriter) append(dst []byte, p *board.Position) []byte {
	return appendCounters(append(dst, fw.place...), p)
}

// appendFEN appends p.FEN() to dst without the allocations of the board
// package's general path.
func appendFEN(dst []byte, p *board.Position) []byte {
	var fw fenWriter
	fw.reset(p)
	return fw.append(dst, p)
}

// appendCounters appends the FEN fields after the placement: side to
// move, the two unused fields and the move counters.
func appendCounters(dst []byte, p *board.Position) []byte {
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
