package dataset

import (
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// fenWriter writes the FEN of a position that changes one move at a time.
// It keeps the placement text, and a move rewrites only the ranks of its
// two squares in place: the FEN of every ply of a game costs little more
// than copying it.
//
// It follows the board itself (a copy updated by each move, as
// Position.MakeMove does) rather than copying the position's board every
// ply, writes a rank's text with tables and no branch (rank), and counts the
// pieces of each kind on each file, which notationKey asks about.
type fenWriter struct {
	place []byte             // placement: ranks 9 to 0, '/' between
	at    [board.Ranks]uint8 // offset of each rank's text in place
	n     [board.Ranks]uint8 // length of each rank's text
	b     [board.Squares]board.Piece
	count [board.Files][16]uint8 // pieces by file and piece
}

// fenLetters is the FEN letter of each piece (Piece.FENLetter), 0 for an
// empty point.
var fenLetters = func() (t [256]byte) {
	for i := range t {
		if pc := board.Piece(i); !pc.IsEmpty() {
			t[i] = pc.FENLetter()
		}
	}
	return t
}()

// reset sets the placement from p.
func (fw *fenWriter) reset(p *board.Position) {
	fw.b = p.Board()
	fw.count = [board.Files][16]uint8{}
	for sq, pc := range fw.b {
		if !pc.IsEmpty() {
			fw.count[board.Square(sq).File()][pc&15]++
		}
	}
	fw.place = fw.place[:0]
	for r := board.Ranks - 1; r >= 0; r-- {
		at := len(fw.place)
		var row [rankLen]byte
		fw.place = append(fw.place, row[:fw.rank(&row, r)]...)
		fw.at[r], fw.n[r] = uint8(at), uint8(len(fw.place)-at)
		if r > 0 {
			fw.place = append(fw.place, '/')
		}
	}
}

// rankLen bounds the text of a rank written by rank (board.Files
// characters at most) with room for its scratch writes.
const rankLen = 16

// isPiece is 1 for a piece, 0 for an empty point.
var isPiece = func() (t [256]int) {
	for i := range t {
		if fenLetters[i] != 0 {
			t[i] = 1
		}
	}
	return t
}()

// rank writes the text of rank r into row and returns its length.
//
// It has no branch on the pieces: every point writes the count of the
// empty points before it and its letter, and advances past what a piece
// keeps (the count only if there were empty points). With branches the
// mispredictions were most of the FEN's cost.
func (fw *fenWriter) rank(row *[rankLen]byte, r int) int {
	n, empty := 0, 0
	for _, pc := range (*[board.Files]board.Piece)(fw.b[r*board.Files:]) {
		p := isPiece[pc]
		row[n&(rankLen-1)] = '0' + byte(empty)
		n += p & ((empty + 15) >> 4) // 1 when 1 ≤ empty ≤ 9 and pc a piece
		row[n&(rankLen-1)] = fenLetters[pc]
		n += p
		empty = (empty + 1) * (1 - p)
	}
	row[n&(rankLen-1)] = '0' + byte(empty)
	return n + (empty+15)>>4
}

// put sets square sq to pc on the board and in the counts.
func (fw *fenWriter) put(sq board.Square, pc board.Piece) {
	x := sq.File()
	if old := fw.b[sq]; !old.IsEmpty() {
		fw.count[x][old&15]--
	}
	if !pc.IsEmpty() {
		fw.count[x][pc&15]++
	}
	fw.b[sq] = pc
}

// moved updates the placement after m was made (p is the position after
// it, for the tests' sake unused).
func (fw *fenWriter) moved(_ *board.Position, m board.Move) {
	from, to := m.From(), m.To()
	fw.put(to, fw.b[from])
	fw.put(from, board.NoPiece)
	fw.setRank(from.Rank())
	if r := to.Rank(); r != from.Rank() {
		fw.setRank(r)
	}
}

// setRank rewrites the text of rank r in the placement. When its length
// changes, the ranks after it (below it) move.
func (fw *fenWriter) setRank(r int) {
	var row [rankLen]byte
	n := fw.rank(&row, r)
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
	dst = append(dst, fw.place...)
	if p.Side() == board.Black {
		dst = append(dst, " b - - "...)
	} else {
		dst = append(dst, " w - - "...)
	}
	dst = appendSmall(dst, p.HalfMove())
	dst = append(dst, ' ')
	return appendSmall(dst, max(p.FullMove(), 1))
}

// appendSmall appends the decimal text of n (as strconv.AppendInt, which
// costs more for the counters' small numbers).
func appendSmall(dst []byte, n int) []byte {
	switch {
	case n >= 0 && n < 10:
		return append(dst, '0'+byte(n))
	case n >= 10 && n < 100:
		return append(dst, '0'+byte(n/10), '0'+byte(n%10))
	}
	return strconv.AppendInt(dst, int64(n), 10)
}

// alone reports whether the piece on from is the only one of its kind and
// side on its file (see notationKey).
func (fw *fenWriter) alone(from board.Square) bool {
	return fw.count[from.File()][fw.b[from]&15] == 1
}
