package dataset

import "github.com/xqtool/xqtool/board"

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
		at := len(fw.place)
		fw.place = board.AppendRankFEN(fw.place, &b, r)
		fw.at[r], fw.n[r] = uint8(at), uint8(len(fw.place)-at)
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
	var buf [board.Files]byte
	row := board.AppendRankFEN(buf[:0], b, r)
	n := len(row)
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

// append appends the FEN of p, whose placement fw holds, to dst.
func (fw *fenWriter) append(dst []byte, p *board.Position) []byte {
	return board.AppendFENCounters(append(dst, fw.place...), p.Side(), p.HalfMove(), p.FullMove())
}
