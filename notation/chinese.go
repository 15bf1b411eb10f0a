package notation

import (
	"unicode/utf8"

	"github.com/xqtool/xqtool/board"
)

// Chinese is a move in Chinese vertical-line notation, parsed without a
// board: 炮二平五 is {Piece: Cannon, File: 2, Direction: Sideways,
// Number: 5}, 前马进７ is {Piece: Knight, Qualifier: Front, Direction:
// Forward, Number: 7}. Files and numbers are in the mover's numbering,
// whoever the mover turns out to be.
type Chinese struct {
	Piece     board.Kind // NoKind when the piece is omitted (a pawn: 前九平八)
	Qualifier Qualifier  // NoQualifier for the plain form
	File      int        // origin file 1..9; 0 when not written
	Direction Direction
	Number    int // steps for a line mover going forward or back, else the destination file
}

// Character classes of Chinese move text.
const (
	clNone uint8 = iota
	clPiece
	clNum
	clQual
	clDir
)

// classify maps one character of Chinese move text to its class and value
// (FORMATS 3.5): a board.Kind, a numeral 1..9, a Qualifier or a Direction.
func classify(r rune) (uint8, int8) {
	switch {
	case r >= '1' && r <= '9':
		return clNum, int8(r - '0')
	case r >= '１' && r <= '９':
		return clNum, int8(r - '０')
	}
	switch r {
	case '帅', '帥', '将', '將':
		return clPiece, int8(board.King)
	case '仕', '士':
		return clPiece, int8(board.Advisor)
	case '相', '象':
		return clPiece, int8(board.Bishop)
	case '马', '馬', '傌', '碼':
		return clPiece, int8(board.Knight)
	case '车', '車', '俥', '硨', '砗':
		return clPiece, int8(board.Rook)
	case '炮', '砲', '包':
		return clPiece, int8(board.Cannon)
	case '兵', '卒':
		return clPiece, int8(board.Pawn)
	case '进', '進', '上':
		return clDir, int8(Forward)
	case '退', '下':
		return clDir, int8(Backward)
	case '平':
		return clDir, int8(Sideways)
	case '前':
		return clQual, int8(Front)
	case '中':
		return clQual, int8(Middle)
	case '后', '後':
		return clQual, int8(Rear)
	case '一', '壹':
		return clNum, 1
	case '二', '贰', '貳':
		return clNum, 2
	case '三', '叁', '參', '叄':
		return clNum, 3
	case '四', '肆':
		return clNum, 4
	case '五', '伍':
		return clNum, 5
	case '六', '陆', '陸':
		return clNum, 6
	case '七', '柒':
		return clNum, 7
	case '八', '捌':
		return clNum, 8
	case '九', '玖':
		return clNum, 9
	}
	return clNone, 0
}

// isSpace reports white space, including the ideographic space.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u3000' || r == '\u00a0'
}

// isAnnotation reports the characters of move annotations (!, ?, + for
// check, # or ++ for mate), in ASCII or full width.
func isAnnotation(r rune) bool {
	switch r {
	case '!', '?', '+', '#', '！', '？', '＋':
		return true
	}
	return false
}

// trimChinese removes surrounding white space and trailing annotations.
func trimChinese(s string) string {
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if !isSpace(r) {
			break
		}
		s = s[n:]
	}
	for len(s) > 0 {
		r, n := utf8.DecodeLastRuneInString(s)
		if !isSpace(r) && !isAnnotation(r) {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

// ParseChinese parses a move in Chinese notation in any of the five
// layouts of FORMATS 3.1 (炮二平五, 前炮平五, 炮前平五, 前兵九平八, 前九平八
// or 二7平6), with any character variant and numeral style, and trailing
// annotations (!, ?, +) ignored. It returns an *Error matching ErrSyntax if
// s is not such a move.
func ParseChinese(s string) (Chinese, error) {
	m, _, err := parseChinese(s)
	return m, err
}

// chineseVline returns the vline of Chinese move text, as ParseChinese
// and Chinese.vline give it.
func chineseVline(text string) (vline, error) {
	if v, ok := chineseVlinePlain(text); ok {
		return v, nil
	}
	_, v, err := parseChinese(text)
	return v, err
}

// chineseVlinePlain reads the plain layout, piece, file, direction and
// number (炮二平五), straight into a vline: most moves of a record are
// written so. ok is false for any other text, which parseChinese reads;
// for the texts it reads, parseChinese gives the same vline.
func chineseVlinePlain(s string) (v vline, ok bool) {
	var cls [5]uint8
	var val [5]int8
	n, ok := classifyAll(s, false, &cls, &val)
	if !ok || n != 4 || cls[0] != clPiece || cls[1] != clNum || cls[2] != clDir || cls[3] != clNum {
		return vline{}, false
	}
	// The classes fix the ranges: a kind of piece, numerals 1..9, a
	// direction. What is left of Chinese.vline's checks is that a piece
	// moving diagonally never moves sideways.
	kinds, dir := kindBit(board.Kind(val[0])), Direction(val[2])
	if kinds&diagonalKinds != 0 && dir == Sideways {
		return vline{}, false
	}
	return vline{kinds: kinds, file: val[1], dir: dir, num: val[3]}, true
}

// parseChinese is ParseChinese, with the move's vline.
func parseChinese(s string) (Chinese, vline, error) {
	var cls [5]uint8
	var val [5]int8
	// Most texts are just the symbols: classify them directly, and trim
	// spaces and annotations only when something is not a symbol.
	n, ok := classifyAll(s, false, &cls, &val)
	if !ok {
		if n, ok = classifyAll(trimChinese(s), true, &cls, &val); !ok {
			return Chinese{}, vline{}, syntaxError(s)
		}
	}
	var m Chinese
	switch {
	case n == 4 && cls[0] == clPiece && cls[1] == clNum:
		// P F D N
		m.Piece, m.File = board.Kind(val[0]), int(val[1])
	case n == 4 && cls[0] == clQual && cls[1] == clPiece:
		// Q P D N
		m.Qualifier, m.Piece = Qualifier(val[0]), board.Kind(val[1])
	case n == 4 && cls[0] == clNum && cls[1] == clPiece:
		// ordinal P D N
		if val[0] > 5 {
			return Chinese{}, vline{}, syntaxError(s)
		}
		m.Qualifier, m.Piece = First+Qualifier(val[0]-1), board.Kind(val[1])
	case n == 4 && cls[0] == clPiece && cls[1] == clQual:
		// P Q D N (HK/TW)
		m.Piece, m.Qualifier = board.Kind(val[0]), Qualifier(val[1])
	case n == 4 && cls[1] == clNum && (cls[0] == clQual || cls[0] == clNum):
		// Q F D N, piece omitted
		q, ok := qualifierOf(cls[0], val[0])
		if !ok {
			return Chinese{}, vline{}, syntaxError(s)
		}
		m.Qualifier, m.File = q, int(val[1])
	case n == 5 && cls[1] == clPiece && cls[2] == clNum && (cls[0] == clQual || cls[0] == clNum):
		// Q P F D N
		q, ok := qualifierOf(cls[0], val[0])
		if !ok {
			return Chinese{}, vline{}, syntaxError(s)
		}
		m.Qualifier, m.Piece, m.File = q, board.Kind(val[1]), int(val[2])
	default:
		return Chinese{}, vline{}, syntaxError(s)
	}
	if cls[n-2] != clDir || cls[n-1] != clNum {
		return Chinese{}, vline{}, syntaxError(s)
	}
	m.Direction, m.Number = Direction(val[n-2]), int(val[n-1])
	v, ok := m.vline()
	if !ok {
		return Chinese{}, vline{}, syntaxError(s)
	}
	return m, v, nil
}

// classifyAll classifies the symbols of s into cls and val and returns
// their number; ok is false when a character is not a symbol (spaces are
// passed over when skipSpace is set) or there are more than five.
func classifyAll(s string, skipSpace bool, cls *[5]uint8, val *[5]int8) (n int, ok bool) {
	for i := 0; i < len(s); {
		r, sz := DecodeRune(s[i:]) // as range decodes, CJK inline
		i += sz
		if skipSpace && isSpace(r) {
			continue
		}
		c, v := symbolOf(r)
		if c == clNone || n == len(cls) {
			return n, false
		}
		cls[n], val[n] = c, v
		n++
	}
	return n, true
}

func qualifierOf(cl uint8, v int8) (Qualifier, bool) {
	if cl == clQual {
		return Qualifier(v), true
	}
	if v >= 1 && v <= 5 {
		return First + Qualifier(v-1), true
	}
	return NoQualifier, false
}

// vline converts m to the shared form, checking that it is well formed.
func (m Chinese) vline() (vline, bool) {
	k := m.Piece
	if k == board.NoKind {
		k = board.Pawn
	}
	if m.File < 0 || m.File > 9 || m.Number < 1 || m.Number > 9 || k > board.Pawn {
		return vline{}, false
	}
	v := vline{kinds: kindBit(k), qual: m.Qualifier, file: int8(m.File), dir: m.Direction, num: int8(m.Number)}
	return v, v.valid(m.Piece == board.NoKind)
}

// valid checks ranges and the shapes that no piece can make.
func (v *vline) valid(pieceOmitted bool) bool {
	switch {
	case v.kinds == 0 || v.kinds&^0xfe != 0:
		return false
	case v.qual > Rearmost || v.file < 0 || v.file > 9 || v.num < 1 || v.num > 9:
		return false
	case v.dir < Forward || v.dir > Sideways:
		return false
	case v.qual == NoQualifier && v.file == 0:
		return false
	case pieceOmitted && v.qual == NoQualifier:
		return false
	case v.kinds&^diagonalKinds == 0 && v.dir == Sideways:
		return false
	}
	return true
}

// Resolve returns the legal move of p that m describes, or an *Error
// matching ErrIllegal or ErrAmbiguous.
func (m Chinese) Resolve(p *board.Position) (board.Move, error) {
	mv, _, err := m.ResolveNote(p)
	return mv, err
}

// ResolveNote is Resolve that also reports how the qualifier conventions
// were applied (see Note).
func (m Chinese) ResolveNote(p *board.Position) (board.Move, Note, error) {
	v, ok := m.vline()
	if !ok {
		return board.NoMove, 0, syntaxError(m.String())
	}
	var buf [board.MaxMoves]board.Move
	moves := p.AppendLegalMoves(buf[:0])
	mv, note, err := v.resolve(p, moves, "")
	if err != nil {
		return board.NoMove, 0, withText(err, m.String())
	}
	return mv, note, nil
}

// String returns m in the xqbase spelling with Red's numerals (the mover
// is not known without a board).
func (m Chinese) String() string {
	var b []byte
	k := m.Piece
	switch {
	case m.Qualifier >= First && m.Qualifier <= Fifth:
		b = utf8.AppendRune(b, redNumerals[m.Qualifier-First+1])
	case m.Qualifier >= Front && m.Qualifier <= Rear:
		b = utf8.AppendRune(b, styleSimplified.qual[m.Qualifier])
	case m.Qualifier != NoQualifier:
		b = append(b, '?')
	}
	if k != board.NoKind {
		b = utf8.AppendRune(b, styleSimplified.piece[0][k&7])
	}
	if m.File != 0 {
		b = utf8.AppendRune(b, numeral(board.Red, m.File, ChineseStyle{}))
	}
	b = utf8.AppendRune(b, styleSimplified.dir[m.Direction&3])
	b = utf8.AppendRune(b, numeral(board.Red, m.Number, ChineseStyle{}))
	return string(b)
}

// ChineseStyle selects the spelling of FormatChinese. The zero value is
// the xqbase standard: simplified characters, Red's numerals 一..九,
// Black's full-width digits １..９.
type ChineseStyle struct {
	// Traditional writes traditional characters: 帥 將 馬 車 砲 (Black's
	// cannon) 進 後.
	Traditional bool
	// ASCIIDigits writes Black's numerals as 1..9.
	ASCIIDigits bool
}

type charSet struct {
	piece [2][8]rune // by colour and kind
	dir   [4]rune
	qual  [4]rune
}

var (
	styleSimplified = charSet{
		piece: [2][8]rune{
			{'?', '帅', '仕', '相', '马', '车', '炮', '兵'},
			{'?', '将', '士', '象', '马', '车', '炮', '卒'},
		},
		dir:  [4]rune{'?', '进', '退', '平'},
		qual: [4]rune{'?', '前', '中', '后'},
	}
	styleTraditional = charSet{
		piece: [2][8]rune{
			{'?', '帥', '仕', '相', '馬', '車', '炮', '兵'},
			{'?', '將', '士', '象', '馬', '車', '砲', '卒'},
		},
		dir:  [4]rune{'?', '進', '退', '平'},
		qual: [4]rune{'?', '前', '中', '後'},
	}
	redNumerals = [10]rune{'?', '一', '二', '三', '四', '五', '六', '七', '八', '九'}
)

// numeral returns the numeral n (1..9) in c's style.
func numeral(c board.Color, n int, st ChineseStyle) rune {
	if n < 1 || n > 9 {
		return '?'
	}
	switch {
	case c == board.Red:
		return redNumerals[n]
	case st.ASCIIDigits:
		return rune('0' + n)
	}
	return rune('０' + n)
}

// FormatChinese returns m, a legal move of p, in Chinese notation following
// the xqbase standard (FORMATS 3.4, 3.7): 前/后 (and 中, or 一..五 for four or
// five pawns counted over all files holding two or more) replace the
// origin file when pieces of one kind share a file; advisors and elephants
// are never qualified. If the origin square of m is empty it returns the
// ICCS form of m.
func FormatChinese(p *board.Position, m board.Move, opt ChineseStyle) string {
	var buf [16]byte
	return string(AppendChinese(buf[:0], p, m, opt))
}

// AppendChinese appends FormatChinese(p, m, opt) to dst.
func AppendChinese(dst []byte, p *board.Position, m board.Move, opt ChineseStyle) []byte {
	from, to := m.From(), m.To()
	pc := p.Piece(from)
	if pc.IsEmpty() || !m.Valid() {
		return append(dst, m.String()...)
	}
	cs := &styleSimplified
	if opt.Traditional {
		cs = &styleTraditional
	}
	c, k := pc.Color(), pc.Kind()
	q := NoQualifier
	switch k {
	case board.Rook, board.Knight, board.Cannon, board.Pawn:
		i, n := fileOrder(p, pc, from)
		if n < 2 {
			break
		}
		if k == board.Pawn {
			i, n = pawnSeq(p, pc, from)
		}
		switch {
		case n == 2:
			q = Front + Qualifier(2*i)
		case n == 3:
			q = Front + Qualifier(i)
		case i < 5:
			q = First + Qualifier(i)
		}
	}
	switch {
	case q == NoQualifier:
		dst = utf8.AppendRune(dst, cs.piece[c][k])
		dst = utf8.AppendRune(dst, numeral(c, moverFile(c, from.File()), opt))
	case q >= First:
		dst = utf8.AppendRune(dst, redNumerals[q-First+1])
		dst = utf8.AppendRune(dst, cs.piece[c][k])
	default:
		dst = utf8.AppendRune(dst, cs.qual[q])
		dst = utf8.AppendRune(dst, cs.piece[c][k])
	}
	d, num := moveShape(c, k, from, to)
	dst = utf8.AppendRune(dst, cs.dir[d])
	return utf8.AppendRune(dst, numeral(c, num, opt))
}

// moveShape returns the direction and number of the move from → to of a
// piece (c, k).
func moveShape(c board.Color, k board.Kind, from, to board.Square) (Direction, int) {
	dy := to.Rank() - from.Rank()
	if c == board.Black {
		dy = -dy
	}
	d := Sideways
	switch {
	case dy > 0:
		d = Forward
	case dy < 0:
		d = Backward
		dy = -dy
	}
	if d == Sideways || kindBit(k)&diagonalKinds != 0 {
		return d, moverFile(c, to.File())
	}
	return d, dy
}
