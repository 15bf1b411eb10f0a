package dataset

import (
	"slices"
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// fenWriter writes the FEN of a position that changes one move at a time.
// It keeps the text of each rank, and a move rewrites only the ranks of
// its two squares: the FEN of every ply of a game costs little more than
// copying the ten texts.
//
// It follows the board itself (a copy updated by each move, as
// Position.MakeMove does) rather than copying the position's board every
// ply, writes a rank's text with tables and no branch (rank), and counts the
// pieces of each kind on each file, which notationKey asks about.
type fenWriter struct {
	ranks [board.Ranks][rankLen]byte // text of each rank, n[r] bytes of it
	n     [board.Ranks]uint8
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
	for r := range board.Ranks {
		fw.setRank(r)
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

// moved updates the placement after m was made.
func (fw *fenWriter) moved(m board.Move) {
	from, to := m.From(), m.To()
	fw.put(to, fw.b[from])
	fw.put(from, board.NoPiece)
	fw.setRank(from.Rank())
	if r := to.Rank(); r != from.Rank() {
		fw.setRank(r)
	}
}

// setRank rewrites the text of rank r.
func (fw *fenWriter) setRank(r int) {
	fw.n[r] = uint8(fw.rank(&fw.ranks[r], r))
}

// fenRoom bounds the bytes append writes past its dst (the placement with
// the whole slot of the last rank, the side and the counters): a caller
// that gives it this much room spares it a copy.
const fenRoom = board.Ranks*(board.Files+1) + rankLen + 32

// append appends the FEN of p, whose placement fw holds, to dst.
//
// Each rank's slot is copied whole (a fixed 16-byte move) and the next
// rank written over its end.
func (fw *fenWriter) append(dst []byte, p *board.Position) []byte {
	at := len(dst)
	dst = slices.Grow(dst, fenRoom)
	out := dst[at : at+board.Ranks*(board.Files+1)+rankLen]
	n := 0
	for r := board.Ranks - 1; r >= 0; r-- {
		copy(out[n:n+rankLen], fw.ranks[r][:])
		n += int(fw.n[r])
		out[n] = '/'
		n++
	}
	dst = dst[:at+n-1] // without the last '/'
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
