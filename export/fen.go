package export

import (
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// standardFEN is the FEN of the standard start position.
var standardFEN = board.StartFEN

// fenWriter writes the FEN of a position that changes one move at a time.
// It keeps the placement text of each rank, and a move rewrites only the
// ranks of its two squares: the FEN of every ply of a game costs little
// more than copying it.
type fenWriter struct {
	ranks [board.Ranks][board.Files]byte // placement of each rank
	n     [board.Ranks]uint8             // bytes used in ranks
}

// reset sets the placement from p.
func (fw *fenWriter) reset(p *board.Position) {
	b := p.Board()
	for r := range board.Ranks {
		fw.setRank(&b, r)
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

// setRank writes the placement of rank r of board b.
func (fw *fenWriter) setRank(b *[board.Squares]board.Piece, r int) {
	row := &fw.ranks[r]
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
	fw.n[r] = uint8(n)
}

// append appends the FEN of p, whose placement fw holds, to dst.
func (fw *fenWriter) append(dst []byte, p *board.Position) []byte {
	for r := board.Ranks - 1; r >= 0; r-- {
		dst = append(dst, fw.ranks[r][:fw.n[r]]...)
		if r > 0 {
			dst = append(dst, '/')
		}
	}
	return appendCounters(dst, p)
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

// appendICCS appends the lowercase ICCS form of m ("h2e2").
func appendICCS(dst []byte, m board.Move) []byte {
	if !m.Valid() {
		return append(dst, "0000"...)
	}
	f, t := m.From(), m.To()
	return append(dst, byte('a'+f.File()), byte('0'+f.Rank()), byte('a'+t.File()), byte('0'+t.Rank()))
}
