package repair

import (
	"unicode/utf8"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// emitFunc receives one edited text of a written move, the kind of slip
// it undoes and a note on what changed.
type emitFunc func(k Kind, text, note string)

// note returns "new/old", the note of a one-character edit.
func note(repl, written rune) string {
	var b [8]byte
	out := utf8.AppendRune(b[:0], repl)
	out = append(out, '/')
	return string(utf8.AppendRune(out, written))
}

// chineseEdits calls emit with every edit of the Chinese move text w
// that undoes one slip, kind by kind (the order of Kind), for a move of
// side.
func chineseEdits(w string, side board.Color, st *style, kinds Kinds, emit emitFunc) {
	rs := []rune(w)
	n := len(rs)
	if n == 0 || n > 8 {
		return
	}
	gs := make([]glyph, n)
	unknown, unknownAt := 0, -1
	for i, r := range rs {
		gs[i] = glyphOf(r)
		if gs[i].role == roleNone {
			unknown++
			unknownAt = i
		}
	}
	with := func(i int, r rune) string {
		old := rs[i]
		rs[i] = r
		s := string(rs)
		rs[i] = old
		return s
	}
	// The word's numeral script, for numerals written anew.
	script := st.script[side]
	for i := n - 1; i >= 0; i-- {
		if gs[i].role == roleNumeral && i > 0 {
			script = gs[i].script
			break
		}
	}

	if kinds.Has(Direction) {
		for i, g := range gs {
			if g.role != roleDirection {
				continue
			}
			for d := notation.Forward; d <= notation.Sideways; d++ {
				if d == notation.Direction(g.value) {
					continue
				}
				r := st.direction(d)
				switch {
				case rs[i] == '上' || rs[i] == '下':
					r = [4]rune{0, '上', '下', '平'}[d]
				case g.trad && d == notation.Forward:
					r = '進'
				}
				emit(Direction, with(i, r), note(r, rs[i]))
			}
		}
	}
	if kinds.Has(Number) {
		for i, g := range gs {
			if g.role != roleNumeral {
				continue
			}
			for _, v := range [2]int8{g.value - 1, g.value + 1} {
				if v >= 1 && v <= 9 {
					r := numerals[g.script][v]
					emit(Number, with(i, r), note(r, rs[i]))
				}
			}
		}
	}
	if kinds.Has(Mirror) && unknown == 0 && n >= 4 {
		mirrorEdit(rs, gs, emit)
	}
	if kinds.Has(Qualifier) && unknown == 0 {
		qualifierEdits(rs, gs, st, script, emit)
	}
	if kinds.Has(Piece) {
		for i, g := range gs {
			if g.role != rolePiece {
				continue
			}
			for k := board.King; k <= board.Pawn; k++ {
				if k != board.Kind(g.value) {
					r := st.piece[side][k]
					emit(Piece, with(i, r), note(r, rs[i]))
				}
			}
		}
	}
	if kinds.Has(Glyph) {
		glyphEdits(rs, unknown, unknownAt, side, st, script, emit)
	}
}

// mirrorEdit emits the move with every file numeral counted from the other
// side (n for 10-n): the origin file, and the last numeral when it is a
// file (平, or a horse, elephant or advisor move).
func mirrorEdit(rs []rune, gs []glyph, emit emitFunc) {
	n := len(rs)
	if gs[n-1].role != roleNumeral || gs[n-2].role != roleDirection {
		return
	}
	diagonal, pieceSeen := false, false
	for _, g := range gs[:n-2] {
		if g.role == rolePiece {
			pieceSeen = true
			switch board.Kind(g.value) {
			case board.Knight, board.Bishop, board.Advisor:
				diagonal = true
			}
		}
	}
	out := make([]rune, n)
	copy(out, rs)
	changed := false
	flip := func(i int) {
		g := gs[i]
		if v := 10 - g.value; v != g.value {
			out[i] = numerals[g.script][v]
			changed = true
		}
	}
	// The origin file: a numeral after the first character, before the
	// direction (the first character, when a numeral, is an ordinal).
	for i := 1; i < n-2; i++ {
		if gs[i].role == roleNumeral {
			flip(i)
		}
	}
	if notation.Direction(gs[n-2].value) == notation.Sideways || diagonal && pieceSeen {
		flip(n - 1)
	}
	if changed {
		emit(Mirror, string(out), "files counted from the other side")
	}
}

// qualifierEdits emits 前/中/后 for one another, a plain form for a
// qualified one (a file for the qualifier) and a qualified form for a
// plain one (a qualifier for the file).
func qualifierEdits(rs []rune, gs []glyph, st *style, script uint8, emit emitFunc) {
	n := len(rs)
	for i, g := range gs {
		if g.role != roleQualifier {
			continue
		}
		for q := notation.Front; q <= notation.Rear; q++ {
			if q == notation.Qualifier(g.value) {
				continue
			}
			r := st.qualifier(q)
			if q == notation.Rear && rs[i] == '後' {
				r = '後'
			} else if q == notation.Rear && rs[i] == '后' {
				r = '后'
			}
			out := append([]rune(nil), rs...)
			out[i] = r
			emit(Qualifier, string(out), note(r, rs[i]))
		}
	}
	if n != 4 || gs[2].role != roleDirection {
		return
	}
	var piece rune
	switch {
	case gs[0].role == roleQualifier && gs[1].role == rolePiece,
		gs[0].role == roleNumeral && gs[1].role == rolePiece && gs[0].value <= 5:
		piece = rs[1] // 前马进七, 一兵平五
	case gs[0].role == rolePiece && gs[1].role == roleQualifier:
		piece = rs[0] // 马前进七
	case gs[0].role == rolePiece && gs[1].role == roleNumeral:
		// Plain to qualified: 马二进三 for 前马进三 (mainland order).
		for q := notation.Front; q <= notation.Rear; q++ {
			r := st.qualifier(q)
			emit(Qualifier, string([]rune{r, rs[0], rs[2], rs[3]}), note(r, rs[1]))
		}
		return
	default:
		return
	}
	// Qualified to plain: the file in the script of the word's numerals.
	for f := 1; f <= 9; f++ {
		r := numerals[script][f]
		emit(Qualifier, string([]rune{piece, r, rs[2], rs[3]}), string([]rune{piece, r, '/', rs[0], rs[1]}))
	}
}

// glyphEdits emits, for a word with one character that is not notation,
// every notation character in its place; for a word of three notation
// characters, every character inserted at every place; for a word of
// five or more that does not parse, the word without each character.
func glyphEdits(rs []rune, unknown, at int, side board.Color, st *style, script uint8, emit emitFunc) {
	var alphabet []rune
	for k := board.King; k <= board.Pawn; k++ {
		alphabet = append(alphabet, st.piece[side][k])
	}
	for d := notation.Forward; d <= notation.Sideways; d++ {
		alphabet = append(alphabet, st.direction(d))
	}
	for q := notation.Front; q <= notation.Rear; q++ {
		alphabet = append(alphabet, st.qualifier(q))
	}
	for v := 1; v <= 9; v++ {
		alphabet = append(alphabet, numerals[script][v])
	}
	n := len(rs)
	switch {
	case unknown == 1:
		out := append([]rune(nil), rs...)
		for _, r := range alphabet {
			out[at] = r
			emit(Glyph, string(out), note(r, rs[at]))
		}
	case unknown > 1:
		return
	case n == 3:
		for i := 0; i <= n; i++ {
			for _, r := range alphabet {
				out := make([]rune, 0, n+1)
				out = append(out, rs[:i]...)
				out = append(out, r)
				out = append(out, rs[i:]...)
				emit(Glyph, string(out), string(r)+" added")
			}
		}
	case n >= 5:
		if _, err := notation.ParseChinese(string(rs)); err == nil {
			return
		}
		for i := range rs {
			out := make([]rune, 0, n-1)
			out = append(out, rs[:i]...)
			out = append(out, rs[i+1:]...)
			emit(Glyph, string(out), string(rs[i])+" removed")
		}
	}
}

// letterEdits calls emit with every one-character edit of the letter or
// coordinate move w in notation nt (WXF, ICCS, UCI or SAN), and the
// mirrored files of a WXF move. Edits of WXF moves are named by what they
// change when that is plain (a direction sign, a digit off by one, a
// piece letter, a tandem sign); the others are Character edits.
func letterEdits(w string, nt notation.Notation, kinds Kinds, emit emitFunc) {
	rs := []rune(w)
	if len(rs) == 0 || len(rs) > 8 {
		return
	}
	ascii := make([]rune, len(rs))
	for i, r := range rs {
		ascii[i] = r
		if r >= 0xFF01 && r <= 0xFF5E {
			ascii[i] = r - 0xFEE0
		}
	}
	wide := func(i int, r rune) rune {
		if rs[i] != ascii[i] {
			return r + 0xFEE0
		}
		return r
	}
	wxf := nt == notation.NotationWXF
	dirAt := -1 // the direction sign of a WXF move
	if wxf && len(ascii) >= 4 {
		dirAt = len(ascii) - 2
	}
	pieces := "KAEHRCP"
	for _, r := range ascii {
		if r == 'B' || r == 'N' || r == 'b' || r == 'n' {
			pieces = "KABNRCP"
		}
	}
	out := make([]rune, len(rs))
	for i, a := range ascii {
		var alphabet string
		switch {
		case a >= 'a' && a <= 'z' && wxf:
			alphabet = toLower(pieces)
		case a >= 'A' && a <= 'Z' && (wxf || nt == notation.NotationSAN):
			alphabet = pieces
		case a >= 'a' && a <= 'i':
			alphabet = "abcdefghi"
		case a >= 'A' && a <= 'I':
			alphabet = "ABCDEFGHI"
		case a >= '0' && a <= '9' && wxf:
			alphabet = "123456789+-."
		case a >= '0' && a <= '9':
			alphabet = "0123456789"
		case wxf && (a == '+' || a == '-' || a == '.' || a == '='):
			alphabet = "+-.123456789"
			if a == '=' {
				alphabet = "+-=123456789"
			}
		default:
			continue
		}
		for _, r := range alphabet {
			if r == a || a == '=' && r == '.' || a == '.' && r == '=' {
				continue
			}
			k := Character
			if wxf {
				k = wxfKind(i, dirAt, a, r)
			}
			if !kinds.Has(k) {
				continue
			}
			copy(out, rs)
			out[i] = wide(i, r)
			emit(k, string(out), note(out[i], rs[i]))
		}
	}
	if wxf && kinds.Has(Mirror) && dirAt == 2 && len(ascii) == 4 {
		wxfMirror(rs, ascii, wide, emit)
	}
}

// wxfKind names a one-character edit of a WXF move.
func wxfKind(i, dirAt int, old, repl rune) Kind {
	sign := func(r rune) bool { return r == '+' || r == '-' || r == '.' || r == '=' }
	digit := func(r rune) bool { return r >= '0' && r <= '9' }
	switch {
	case i == dirAt && sign(old) && sign(repl):
		return Direction
	case digit(old) && digit(repl) && (old-repl == 1 || repl-old == 1):
		return Number
	case old >= 'A' && repl >= 'A':
		return Piece
	case i < dirAt && (sign(old) || sign(repl)):
		return Qualifier
	}
	return Character
}

// wxfMirror emits a plain WXF move with its files counted from the other
// side.
func wxfMirror(rs, ascii []rune, wide func(int, rune) rune, emit emitFunc) {
	if ascii[1] < '1' || ascii[1] > '9' || ascii[3] < '1' || ascii[3] > '9' {
		return
	}
	out := append([]rune(nil), rs...)
	out[1] = wide(1, '0'+10-(ascii[1]-'0'))
	switch ascii[0] | 0x20 {
	case 'h', 'e', 'a', 'b', 'n':
		out[3] = wide(3, '0'+10-(ascii[3]-'0'))
	default:
		if ascii[2] == '.' || ascii[2] == '=' {
			out[3] = wide(3, '0'+10-(ascii[3]-'0'))
		}
	}
	if string(out) != string(rs) {
		emit(Mirror, string(out), "files counted from the other side")
	}
}

func toLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
