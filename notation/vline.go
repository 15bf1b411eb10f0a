package notation

import "github.com/xqtool/xqtool/board"

// Direction is the third element of a vertical-line move: 进, 退 or 平.
type Direction uint8

// The directions. Forward is towards the opponent.
const (
	NoDirection Direction = iota
	Forward               // 进, WXF +
	Backward              // 退, WXF -
	Sideways              // 平, WXF . or =
)

// Qualifier tells apart pieces of one kind standing on one file.
// Counting always goes from the front (nearest the opponent) backwards.
type Qualifier uint8

// The qualifiers. First..Fifth are the ordinals 一..五 (xqbase WXF a..e);
// Frontmost and Rearmost are the official WXF pawn forms ++ and -- for
// four or five pawns on a file.
const (
	NoQualifier Qualifier = iota
	Front                 // 前, WXF +
	Middle                // 中, xqbase WXF .
	Rear                  // 后 or 後, WXF -
	First                 // 一, xqbase WXF a
	Second                // 二, b
	Third                 // 三, c
	Fourth                // 四, d
	Fifth                 // 五, e
	Frontmost             // WXF ++
	Rearmost              // WXF --
)

// Note reports how a vertical-line move was matched when the reading was
// not the plain standard one. The zero Note means nothing to report.
type Note uint8

// Notes, as a bit set.
const (
	// NoteDisagree: several pieces matched the text under different
	// qualifier conventions and the preferred reading (xqbase for Chinese,
	// official WXF for WXF) chose one.
	NoteDisagree Note = 1 << iota
	// NoteConvention: the text matched one piece, but only under a
	// convention other than the preferred one (for example a traditional
	// per-file qualifier or a five-character form).
	NoteConvention
	// NotePlainForm: a plain piece-and-file form was accepted although the
	// file holds several pieces of that kind, because only one of them can
	// make the stated move (FORMATS 3.6 step 6).
	NotePlainForm
	// NoteAlternative: the text was read with an alternative meaning of an
	// ambiguous letter or digit (WXF G, or xqbase's numeric piece codes).
	NoteAlternative
)

// Conventions under which a qualifier can name a piece (a bit set).
const (
	convXqbase uint8 = 1 << iota // xqbase standard (ElephantEye, XQWizard)
	convTrad                     // per file: traditional books, XQStudio, HK/TW
	convWXF                      // official WXF letters
	convPlain                    // plain-form tolerance of 3.6 step 6
	convAll    = convXqbase | convTrad | convWXF
)

// vline is the board-free content of a Chinese or WXF move.
type vline struct {
	kinds uint8 // bit set of board.Kind; 1<<board.Pawn when omitted
	qual  Qualifier
	file  int8 // origin file 1..9 in the mover's numbering, 0 if absent
	dir   Direction
	num   int8 // 1..9
	wxf   bool // read with the WXF conventions first
	quiet bool // fail with errQuiet, explaining nothing (Try)
}

func kindBit(k board.Kind) uint8 { return 1 << k }

const diagonalKinds = 1<<board.Knight | 1<<board.Bishop | 1<<board.Advisor

// fileX returns the board file (0..8) of file n (1..9) in c's numbering.
func fileX(c board.Color, n int) int {
	if c == board.Red {
		return 9 - n
	}
	return n - 1
}

// moverFile returns the file number (1..9) in c's numbering of board file x.
func moverFile(c board.Color, x int) int {
	if c == board.Red {
		return 9 - x
	}
	return x + 1
}

// fileOrder returns the index (0 = front) of sq among the pieces equal to
// pc on its file, and their number.
func fileOrder(p *board.Position, pc board.Piece, sq board.Square) (i, n int) {
	x, y := sq.File(), sq.Rank()
	front := pc.Color() == board.Red
	for r := 0; r < board.Ranks; r++ {
		if p.Piece(board.SquareAt(x, r)) != pc {
			continue
		}
		n++
		if front && r > y || !front && r < y {
			i++
		}
	}
	return i, n
}

// pawnSeq returns the xqbase sequence number of the pawn pc on sq among
// the mover's pawns standing on files that hold two or more of them
// (files from the mover's right, then front to back), and the size of
// that set. j is -1 when the pawn is not counted.
func pawnSeq(p *board.Position, pc board.Piece, sq board.Square) (j, total int) {
	c := pc.Color()
	j = -1
	for f := 1; f <= 9; f++ {
		x := fileX(c, f)
		cnt := 0
		for r := 0; r < board.Ranks; r++ {
			if p.Piece(board.SquareAt(x, r)) == pc {
				cnt++
			}
		}
		if cnt < 2 {
			continue
		}
		if x == sq.File() {
			i, _ := fileOrder(p, pc, sq)
			j = total + i
		}
		total += cnt
	}
	return j, total
}

// perFile reports whether q names index i of n pieces on one file, read
// per file as traditional books and XQStudio do.
func perFile(q Qualifier, i, n int) bool {
	if n < 2 {
		return false
	}
	switch q {
	case Front:
		return i == 0
	case Rear:
		return i == n-1
	case Middle:
		return n%2 == 1 && i == n/2
	case First, Second, Third, Fourth, Fifth:
		return i == int(q-First)
	}
	return false
}

// xqbaseQual reports whether q names number j of the xqbase counted set of
// size total.
func xqbaseQual(q Qualifier, j, total int) bool {
	switch {
	case total == 2:
		return q == Front && j == 0 || q == Rear && j == 1
	case total == 3:
		return q == Front && j == 0 || q == Middle && j == 1 || q == Rear && j == 2
	case total >= 4:
		return q >= First && q <= Fifth && j == int(q-First)
	}
	return false
}

// wxfQual reports whether q names index i of n pieces on one file under
// the official WXF rules (4.2, 4.3).
func wxfQual(q Qualifier, i, n int, fileGiven bool) bool {
	if n < 2 {
		return false
	}
	if fileGiven || n <= 3 {
		switch q {
		case Front:
			return i == 0
		case Rear:
			return i == n-1
		case Middle:
			return fileGiven && n == 3 && i == 1
		}
		return false
	}
	switch q {
	case Frontmost:
		return i == 0
	case Front:
		return i == 1
	case Rear:
		return i == n-2
	case Rearmost:
		return i == n-1
	}
	return false
}

// originMask returns the conventions under which v's origin part (file
// and qualifier) names the piece pc on sq; 0 if none.
func (v *vline) originMask(p *board.Position, pc board.Piece, sq board.Square) uint8 {
	c, k := pc.Color(), pc.Kind()
	if v.file != 0 && moverFile(c, sq.File()) != int(v.file) {
		return 0
	}
	i, n := fileOrder(p, pc, sq)
	if v.qual == NoQualifier {
		switch {
		case v.file == 0:
			return 0
		case n == 1, k == board.Advisor, k == board.Bishop, k == board.King:
			return convAll
		case k == board.Pawn && n%2 == 1:
			if i == n/2 {
				return convWXF | convPlain
			}
			return 0
		}
		return convPlain
	}
	var m uint8
	if perFile(v.qual, i, n) {
		m |= convTrad
	}
	if v.file == 0 {
		if k == board.Pawn {
			if j, total := pawnSeq(p, pc, sq); j >= 0 && xqbaseQual(v.qual, j, total) {
				m |= convXqbase
			}
		} else if n >= 2 && (v.qual == Front && i == 0 || v.qual == Rear && i == n-1 || v.qual == Middle && n == 3 && i == 1) {
			m |= convXqbase
		}
	}
	if v.wxf && wxfQual(v.qual, i, n, v.file != 0) {
		m |= convWXF
	}
	return m
}

// destOK reports whether from → to, a move of a piece of colour c and
// kind k, fits v's direction and number.
func (v *vline) destOK(c board.Color, k board.Kind, from, to board.Square) bool {
	x, y, x2, y2 := from.File(), from.Rank(), to.File(), to.Rank()
	dy := y2 - y
	if c == board.Black {
		dy = -dy
	}
	n := int(v.num)
	if kindBit(k)&diagonalKinds != 0 {
		if x2 != fileX(c, n) {
			return false
		}
		switch v.dir {
		case Forward:
			return dy > 0
		case Backward:
			return dy < 0
		}
		return false
	}
	switch v.dir {
	case Forward:
		return x2 == x && dy == n
	case Backward:
		return x2 == x && dy == -n
	case Sideways:
		return dy == 0 && x2 == fileX(c, n)
	}
	return false
}

// shapedMove returns the move of the piece (c, k) on from that v
// describes, ignoring the position, or false if there is none on the board.
func (v *vline) shapedMove(c board.Color, k board.Kind, from board.Square) (board.Move, bool) {
	x, y := from.File(), from.Rank()
	s := 1
	if c == board.Black {
		s = -1
	}
	n := int(v.num)
	var x2, y2 int
	if kindBit(k)&diagonalKinds != 0 {
		x2 = fileX(c, n)
		dx := x2 - x
		if dx < 0 {
			dx = -dx
		}
		var dy int
		switch {
		case k == board.Knight && (dx == 1 || dx == 2):
			dy = 3 - dx
		case k == board.Bishop && dx == 2:
			dy = 2
		case k == board.Advisor && dx == 1:
			dy = 1
		default:
			return board.NoMove, false
		}
		switch v.dir {
		case Forward:
			y2 = y + s*dy
		case Backward:
			y2 = y - s*dy
		default:
			return board.NoMove, false
		}
	} else {
		switch v.dir {
		case Forward:
			x2, y2 = x, y+s*n
		case Backward:
			x2, y2 = x, y-s*n
		case Sideways:
			x2, y2 = fileX(c, n), y
		default:
			return board.NoMove, false
		}
	}
	if x2 < 0 || x2 >= board.Files || y2 < 0 || y2 >= board.Ranks || x2 == x && y2 == y {
		return board.NoMove, false
	}
	return board.NewMove(from, board.SquareAt(x2, y2)), true
}

// resolve matches v against moves, the legal moves of p.
func (v *vline) resolve(p *board.Position, moves []board.Move, text string) (board.Move, Note, error) {
	var cands [board.MaxMoves]board.Move
	var masks [board.MaxMoves]uint8
	n := 0
	var union uint8
	for _, m := range moves {
		from := m.From()
		pc := p.Piece(from)
		if v.kinds&kindBit(pc.Kind()) == 0 || !v.destOK(pc.Color(), pc.Kind(), from, m.To()) {
			continue
		}
		mask := v.originMask(p, pc, from)
		if mask == 0 || n == len(cands) {
			continue
		}
		cands[n], masks[n] = m, mask
		union |= mask
		n++
	}
	switch n {
	case 0:
		if v.quiet {
			return board.NoMove, 0, errQuiet
		}
		return board.NoMove, 0, v.diagnose(p, text)
	case 1:
		var note Note
		switch {
		case masks[0]&convPlain != 0 && masks[0]&convAll == 0:
			note = NotePlainForm
		case masks[0]&v.preferred()[0] == 0:
			note = NoteConvention
		}
		return cands[0], note, nil
	}
	for _, conv := range v.preferred() {
		pick, cnt := -1, 0
		for i := range n {
			if masks[i]&conv != 0 {
				pick = i
				cnt++
			}
		}
		if cnt == 1 {
			return cands[pick], NoteDisagree, nil
		}
		if cnt > 1 {
			break
		}
	}
	if v.quiet {
		return board.NoMove, 0, errQuiet
	}
	return board.NoMove, 0, ambiguousError(p, text, cands[:n])
}

// preferred lists the conventions in order of preference.
func (v *vline) preferred() []uint8 {
	if v.wxf {
		return prefWXF[:]
	}
	return prefChinese[:]
}

var (
	prefChinese = [...]uint8{convXqbase, convTrad, convWXF}
	prefWXF     = [...]uint8{convWXF, convXqbase, convTrad}
)

// diagnose builds the ErrIllegal error for a text that no legal move
// matches, naming the board's reason when the text describes a move.
func (v *vline) diagnose(p *board.Position, text string) error {
	var shaped []board.Move
	var reason error
	own, other := 0, 0
	for pass := 0; pass < 2 && len(shaped) == 0; pass++ {
		side := p.Side()
		if pass == 1 {
			if own > 0 {
				break
			}
			side = side.Other()
		}
		for sq := board.Square(0); sq < board.Squares; sq++ {
			pc := p.Piece(sq)
			if pc.IsEmpty() || pc.Color() != side || v.kinds&kindBit(pc.Kind()) == 0 || v.originMask(p, pc, sq) == 0 {
				continue
			}
			if pass == 0 {
				own++
			} else {
				other++
			}
			m, ok := v.shapedMove(side, pc.Kind(), sq)
			if !ok {
				continue
			}
			if err := p.CheckMove(m); err != nil {
				if reason == nil {
					reason = err
				}
				shaped = append(shaped, m)
			}
		}
	}
	if reason == nil {
		if own == 0 && other > 0 {
			reason = board.ErrWrongSide
		} else if own > 0 {
			reason = board.ErrBadPath
		} else {
			reason = board.ErrNoPiece
		}
	}
	return illegalError(p, text, reason, shaped)
}
