package notation

import (
	"errors"

	"github.com/xqtool/xqtool/board"
)

// WXF is a move in WXF / AXF letter notation, parsed without a board:
// C2.5 is {Piece: Cannon, File: 2, Direction: Sideways, Number: 5}, R+.3 is
// {Piece: Rook, Qualifier: Front, Direction: Sideways, Number: 3}, and the
// official pawn forms ++.4 and 3+.4 are {Piece: Pawn, Qualifier:
// Frontmost, ...} and {Piece: Pawn, Qualifier: Front, File: 3, ...}.
type WXF struct {
	Piece     board.Kind
	Qualifier Qualifier
	File      int // origin file 1..9 in the mover's numbering; 0 when not written
	Direction Direction
	Number    int // steps for a line mover going forward or back, else the destination file

	kinds  uint8 // kinds a letter may mean (G: king or advisor); 0 = Piece
	alt    vline // the other reading of a leading digit (xqbase piece codes)
	hasAlt bool
	noSign bool // the direction sign was omitted (C25): Resolve tries each
	quiet  bool // fail with errQuiet, explaining nothing (Try)
}

// wxfKind maps a WXF piece letter (either case) to the kinds it names.
func wxfKind(c byte) uint8 {
	switch c | 0x20 {
	case 'k':
		return kindBit(board.King)
	case 'g':
		return kindBit(board.King) | kindBit(board.Advisor)
	case 'a':
		return kindBit(board.Advisor)
	case 'e', 'b', 'm':
		return kindBit(board.Bishop)
	case 'h', 'n':
		return kindBit(board.Knight)
	case 'r':
		return kindBit(board.Rook)
	case 'c':
		return kindBit(board.Cannon)
	case 'p', 's':
		return kindBit(board.Pawn)
	}
	return 0
}

// keypadKinds are xqbase's numeric piece codes 1..7 = K A B N R C P.
func keypadKind(c byte) board.Kind {
	if c >= '1' && c <= '7' {
		return board.Kind(c - '0')
	}
	return board.NoKind
}

func firstKind(bits uint8) board.Kind {
	for k := board.King; k <= board.Pawn; k++ {
		if bits&kindBit(k) != 0 {
			return k
		}
	}
	return board.NoKind
}

func isDigit19(c byte) bool { return c >= '1' && c <= '9' }

func signQual(c byte) Qualifier {
	switch c {
	case '+':
		return Front
	case '-':
		return Rear
	}
	return NoQualifier
}

// ParseWXF parses a move in WXF / AXF notation (FORMATS 4): a piece letter
// (K A E H R C P, also G B M N S, either case), the origin file or a tandem
// sign (+ front, - rear, . middle, a..e ordinals), the direction (+, -,
// . or =) and a digit. It accepts the sign before the letter (+C-2), the
// official pawn forms ++.4, --.4, 3+.4 and 33.4, xqbase's numeric piece
// codes (62.5), and trailing annotations (!, ?, +, ++, #). It returns an
// *Error matching ErrSyntax if s is not such a move.
//
// A hand-typed move without its direction sign (C25 for C2.5) is read too:
// Resolve then tries sideways, forward and back, and accepts the text only
// when exactly one reading is a legal move (otherwise an ErrSyntax error).
func ParseWXF(s string) (WXF, error) {
	t := trimSpaceASCII(s)
	if w, ok := parseWXFNoSign(t); ok {
		return w, nil
	}
	if len(t) < 4 {
		return WXF{}, syntaxError(s)
	}
	for i := 4; i < len(t); i++ {
		if !isAnnotation(rune(t[i])) {
			return WXF{}, syntaxError(s)
		}
	}
	c0, c1, c2, c3 := t[0], t[1], t[2], t[3]
	var w WXF
	switch c2 {
	case '+':
		w.Direction = Forward
	case '-':
		w.Direction = Backward
	case '.', '=':
		w.Direction = Sideways
	default:
		return WXF{}, syntaxError(s)
	}
	if !isDigit19(c3) {
		return WXF{}, syntaxError(s)
	}
	w.Number = int(c3 - '0')
	k0, k1 := wxfKind(c0), wxfKind(c1)
	switch {
	case k0 != 0 && isDigit19(c1):
		w.kinds, w.File = k0, int(c1-'0')
	case k0 != 0 && (c1 == '+' || c1 == '-'):
		w.kinds, w.Qualifier = k0, signQual(c1)
	case k0 != 0 && c1 == '.':
		w.kinds, w.Qualifier = k0, Middle
	case k0 != 0 && (c1|0x20) >= 'a' && (c1|0x20) <= 'e':
		w.kinds, w.Qualifier = k0, First+Qualifier(c1|0x20-'a')
	case (c0 == '+' || c0 == '-') && k1 != 0:
		w.kinds, w.Qualifier = k1, signQual(c0)
	case c0 == '+' && c1 == '+':
		w.kinds, w.Qualifier = kindBit(board.Pawn), Frontmost
	case c0 == '-' && c1 == '-':
		w.kinds, w.Qualifier = kindBit(board.Pawn), Rearmost
	case isDigit19(c0) && (c1 == '+' || c1 == '-' || c1 == c0):
		// Official WXF pawns on two doubled files: file digit, then the
		// position on the file; or xqbase's numeric piece code.
		w.kinds, w.File, w.Qualifier = kindBit(board.Pawn), int(c0-'0'), signQual(c1)
		if c1 == c0 {
			w.Qualifier = Middle
		}
		if k := keypadKind(c0); k != board.NoKind {
			w.alt = vline{kinds: kindBit(k), dir: w.Direction, num: int8(w.Number), wxf: true}
			if c1 == c0 {
				w.alt.file = int8(c1 - '0')
			} else {
				w.alt.qual = signQual(c1)
			}
			w.hasAlt = w.alt.valid(false)
		}
	case keypadKind(c0) != board.NoKind && isDigit19(c1):
		w.kinds, w.File = kindBit(keypadKind(c0)), int(c1-'0')
	default:
		return WXF{}, syntaxError(s)
	}
	w.Piece = firstKind(w.kinds)
	if w.kinds == kindBit(w.Piece) {
		w.kinds = 0
	}
	v := w.vline()
	if !v.valid(false) {
		if !w.hasAlt {
			return WXF{}, syntaxError(s)
		}
		// Only the alternative reading is well formed.
		w.Piece, w.kinds = firstKind(w.alt.kinds), 0
		w.Qualifier, w.File = w.alt.qual, int(w.alt.file)
		w.hasAlt = false
	}
	return w, nil
}

// noSignDirs are the readings of a move without its direction sign, the
// sideways one first (the usual omission).
var noSignDirs = [...]Direction{Sideways, Forward, Backward}

// parseWXFNoSign reads the sign-less form: a piece letter, the origin
// file and a digit (C25), then annotations only.
func parseWXFNoSign(t string) (WXF, bool) {
	if len(t) < 3 || wxfKind(t[0]) == 0 || !isDigit19(t[1]) || !isDigit19(t[2]) {
		return WXF{}, false
	}
	for i := 3; i < len(t); i++ {
		if !isAnnotation(rune(t[i])) {
			return WXF{}, false
		}
	}
	w := WXF{kinds: wxfKind(t[0]), File: int(t[1] - '0'), Number: int(t[2] - '0'), noSign: true}
	w.Piece = firstKind(w.kinds)
	if w.kinds == kindBit(w.Piece) {
		w.kinds = 0
	}
	for _, d := range noSignDirs {
		w.Direction = d
		if v := w.vline(); v.valid(false) {
			return w, true // Direction: the first well-formed reading
		}
	}
	return WXF{}, false
}

func trimSpaceASCII(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t' || s[0] == '\r' || s[0] == '\n') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t' || s[len(s)-1] == '\r' || s[len(s)-1] == '\n') {
		s = s[:len(s)-1]
	}
	return s
}

func (w WXF) vline() vline {
	if w.File < 0 || w.File > 9 || w.Number < 1 || w.Number > 9 || w.Piece > board.Pawn {
		return vline{}
	}
	kinds := w.kinds
	if kinds == 0 {
		kinds = kindBit(w.Piece)
		if w.Piece == board.NoKind {
			kinds = kindBit(board.Pawn)
		}
	}
	return vline{kinds: kinds, qual: w.Qualifier, file: int8(w.File), dir: w.Direction, num: int8(w.Number), wxf: true, quiet: w.quiet}
}

// Resolve returns the legal move of p that w describes, or an *Error
// matching ErrIllegal or ErrAmbiguous.
func (w WXF) Resolve(p *board.Position) (board.Move, error) {
	m, _, err := w.ResolveNote(p)
	return m, err
}

// ResolveNote is Resolve that also reports how the qualifier conventions
// were applied (see Note).
func (w WXF) ResolveNote(p *board.Position) (board.Move, Note, error) {
	var buf [board.MaxMoves]board.Move
	moves := p.AppendLegalMoves(buf[:0])
	m, note, err := w.resolve(p, moves, "")
	if err != nil {
		return board.NoMove, 0, withText(err, w.String())
	}
	return m, note, nil
}

func (w WXF) resolve(p *board.Position, moves []board.Move, text string) (board.Move, Note, error) {
	if w.noSign {
		return w.resolveNoSign(p, moves, text)
	}
	v := w.vline()
	if !v.valid(false) {
		return board.NoMove, 0, syntaxError(text)
	}
	m, note, err := v.resolve(p, moves, text)
	if err != nil && w.hasAlt {
		if m2, note2, err2 := w.alt.resolve(p, moves, text); err2 == nil {
			return m2, note2 | NoteAlternative, nil
		}
	}
	return m, note, err
}

// resolveNoSign resolves a move written without its direction sign: the
// one reading that is a legal move, or ErrSyntax when several are (the
// text does not say which), or the sideways reading's error when none is.
func (w WXF) resolveNoSign(p *board.Position, moves []board.Move, text string) (board.Move, Note, error) {
	found, note, n := board.NoMove, Note(0), 0
	var first error
	for _, d := range noSignDirs {
		x := w
		x.noSign, x.Direction = false, d
		v := x.vline()
		if !v.valid(false) {
			continue
		}
		m, nt, err := v.resolve(p, moves, text)
		switch {
		case err != nil:
			if first == nil {
				first = err
			}
		case n == 0 || m != found:
			found, note = m, nt
			n++
		}
	}
	switch {
	case n == 1:
		return found, note, nil
	case n > 1:
		return board.NoMove, 0, &Error{Text: text, Err: ErrSyntax, Reason: errNoSignAmbiguous}
	case first == nil:
		return board.NoMove, 0, syntaxError(text)
	}
	return board.NoMove, 0, first
}

// errNoSignAmbiguous explains a sign-less move with several legal readings.
var errNoSignAmbiguous = errors.New("direction sign omitted and more than one reading is legal")

// String returns w in official WXF spelling (letters K A E H R C P).
func (w WXF) String() string {
	var b [8]byte
	n := 0
	letter := wxfLetters[w.Piece&7]
	switch {
	case w.Qualifier == Frontmost:
		b[0], b[1] = '+', '+'
	case w.Qualifier == Rearmost:
		b[0], b[1] = '-', '-'
	case w.File != 0 && w.Qualifier != NoQualifier && w.Piece == board.Pawn:
		b[0] = byte('0' + w.File%10)
		b[1] = qualSign(w.Qualifier, b[0])
	case w.Qualifier != NoQualifier:
		b[0], b[1] = letter, qualSign(w.Qualifier, '.')
	default:
		b[0], b[1] = letter, byte('0'+w.File%10)
	}
	b[2] = dirSign[w.Direction&3]
	b[3] = byte('0' + w.Number%10)
	n = 4
	return string(b[:n])
}

var (
	wxfLetters = [8]byte{'P', 'K', 'A', 'E', 'H', 'R', 'C', 'P'}
	dirSign    = [4]byte{'?', '+', '-', '.'}
)

func qualSign(q Qualifier, middle byte) byte {
	switch q {
	case Front:
		return '+'
	case Rear:
		return '-'
	case Middle:
		return middle
	case First, Second, Third, Fourth, Fifth:
		return byte('a' + q - First)
	}
	return '?'
}

// FormatWXF returns m, a legal move of p, in official WXF notation
// (FORMATS 4.1-4.3): letters K A E H R C P, '.' for sideways, the tandem
// sign after the letter for two pieces on a file (R+.3, C--1), and the
// official pawn forms (P+ P- with the plain form for a middle pawn; ++ P+
// P- -- for four or five on a file; file digit and sign, 3+.4 33.4 3-.4,
// when two files hold several pawns). If the origin square of m is empty
// it returns the ICCS form of m.
func FormatWXF(p *board.Position, m board.Move) string {
	var buf [8]byte
	return string(AppendWXF(buf[:0], p, m))
}

// AppendWXF appends FormatWXF(p, m) to dst.
func AppendWXF(dst []byte, p *board.Position, m board.Move) []byte {
	from, to := m.From(), m.To()
	pc := p.Piece(from)
	if pc.IsEmpty() || !m.Valid() {
		return append(dst, m.String()...)
	}
	c, k := pc.Color(), pc.Kind()
	f := byte('0' + moverFile(c, from.File()))
	letter := wxfLetters[k]
	b0, b1 := letter, f
	i, n := fileOrder(p, pc, from)
	switch {
	case n < 2 || k == board.King || k == board.Advisor || k == board.Bishop:
	case k != board.Pawn:
		switch {
		case i == 0:
			b1 = '+'
		case i == n-1:
			b1 = '-'
		case n == 3:
			b1 = '.'
		}
	case doubledFiles(p, pc) >= 2:
		switch {
		case i == 0:
			b0, b1 = f, '+'
		case i == n-1:
			b0, b1 = f, '-'
		case n == 3:
			b0, b1 = f, f
		}
	default:
		switch {
		case n <= 3 && i == 0, n >= 4 && i == 1:
			b1 = '+'
		case n <= 3 && i == n-1, n >= 4 && i == n-2:
			b1 = '-'
		case n >= 4 && i == 0:
			b0, b1 = '+', '+'
		case n >= 4 && i == n-1:
			b0, b1 = '-', '-'
		}
	}
	d, num := moveShape(c, k, from, to)
	return append(dst, b0, b1, dirSign[d], byte('0'+num))
}

// doubledFiles counts the files holding two or more pieces equal to pc.
func doubledFiles(p *board.Position, pc board.Piece) int {
	d := 0
	for x := 0; x < board.Files; x++ {
		n := 0
		for r := 0; r < board.Ranks; r++ {
			if p.Piece(board.SquareAt(x, r)) == pc {
				n++
			}
		}
		if n >= 2 {
			d++
		}
	}
	return d
}
