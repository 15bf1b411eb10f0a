package repair

import (
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// Roles of the characters of Chinese move text, as the edits see them.
const (
	roleNone uint8 = iota
	rolePiece
	roleNumeral
	roleQualifier
	roleDirection
)

// Numeral scripts: an edited numeral keeps the script of the one it
// replaces (炮二平五 becomes 炮二平四, 马８进７ becomes 马８进６).
const (
	scriptChinese   uint8 = iota // 一..九
	scriptFullWidth              // １..９
	scriptASCII                  // 1..9
	scriptFinancial              // 壹..玖
)

var numerals = [4][10]rune{
	scriptChinese:   {0, '一', '二', '三', '四', '五', '六', '七', '八', '九'},
	scriptFullWidth: {0, '１', '２', '３', '４', '５', '６', '７', '８', '９'},
	scriptASCII:     {0, '1', '2', '3', '4', '5', '6', '7', '8', '9'},
	scriptFinancial: {0, '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'},
}

// glyph is what one character of Chinese move text means: its role and
// value (a board.Kind, a numeral 1..9, a notation.Qualifier or a
// notation.Direction), with the script of a numeral and whether it is a
// traditional form.
type glyph struct {
	role   uint8
	value  int8
	script uint8
	trad   bool
}

// glyphOf reads one character of Chinese move text; role is roleNone for
// a character that is not notation. It knows the characters that
// notation.ParseChinese reads (FORMATS 3.5).
func glyphOf(r rune) glyph {
	for s := range numerals {
		for v := 1; v <= 9; v++ {
			if numerals[s][v] == r {
				return glyph{role: roleNumeral, value: int8(v), script: uint8(s)}
			}
		}
	}
	switch r {
	case '貳':
		return glyph{role: roleNumeral, value: 2, script: scriptFinancial, trad: true}
	case '參', '叄':
		return glyph{role: roleNumeral, value: 3, script: scriptFinancial, trad: true}
	case '陸':
		return glyph{role: roleNumeral, value: 6, script: scriptFinancial, trad: true}
	case '帅', '将':
		return glyph{role: rolePiece, value: int8(board.King)}
	case '帥', '將':
		return glyph{role: rolePiece, value: int8(board.King), trad: true}
	case '仕', '士':
		return glyph{role: rolePiece, value: int8(board.Advisor)}
	case '相', '象':
		return glyph{role: rolePiece, value: int8(board.Bishop)}
	case '马', '碼':
		return glyph{role: rolePiece, value: int8(board.Knight)}
	case '馬', '傌':
		return glyph{role: rolePiece, value: int8(board.Knight), trad: true}
	case '车', '砗':
		return glyph{role: rolePiece, value: int8(board.Rook)}
	case '車', '俥', '硨':
		return glyph{role: rolePiece, value: int8(board.Rook), trad: true}
	case '炮', '包':
		return glyph{role: rolePiece, value: int8(board.Cannon)}
	case '砲':
		return glyph{role: rolePiece, value: int8(board.Cannon), trad: true}
	case '兵', '卒':
		return glyph{role: rolePiece, value: int8(board.Pawn)}
	case '进', '上':
		return glyph{role: roleDirection, value: int8(notation.Forward)}
	case '進':
		return glyph{role: roleDirection, value: int8(notation.Forward), trad: true}
	case '退', '下':
		return glyph{role: roleDirection, value: int8(notation.Backward)}
	case '平':
		return glyph{role: roleDirection, value: int8(notation.Sideways)}
	case '前':
		return glyph{role: roleQualifier, value: int8(notation.Front)}
	case '中':
		return glyph{role: roleQualifier, value: int8(notation.Middle)}
	case '后':
		return glyph{role: roleQualifier, value: int8(notation.Rear)}
	case '後':
		return glyph{role: roleQualifier, value: int8(notation.Rear), trad: true}
	}
	return glyph{}
}

// style is how a record writes Chinese moves, learnt from its own text:
// the character it uses for each piece of each side, traditional or
// simplified direction and qualifier characters, and each side's numeral
// script. Edits and inserted moves are written in it, so a repair reads
// like the rest of the record.
type style struct {
	piece  [2][board.NumKinds]rune
	trad   bool
	script [2]uint8
}

// Default characters: the xqbase standard (notation.FormatChinese).
var (
	simplifiedPieces = [2][board.NumKinds]rune{
		{0, '帅', '仕', '相', '马', '车', '炮', '兵'},
		{0, '将', '士', '象', '马', '车', '炮', '卒'},
	}
	traditionalPieces = [2][board.NumKinds]rune{
		{0, '帥', '仕', '相', '馬', '車', '炮', '兵'},
		{0, '將', '士', '象', '馬', '車', '砲', '卒'},
	}
)

// learnStyle reads the style of the Chinese moves texts, played by sides.
func learnStyle(texts []string, sides []board.Color) style {
	var count [2][board.NumKinds]map[rune]int
	var scripts [2][4]int
	trad, simp := 0, 0
	for i, t := range texts {
		side := sides[i]
		for _, r := range t {
			g := glyphOf(r)
			switch g.role {
			case roleNone:
				continue
			case rolePiece:
				m := &count[side][g.value]
				if *m == nil {
					*m = map[rune]int{}
				}
				(*m)[r]++
			case roleNumeral:
				scripts[side][g.script]++
			}
			if g.trad {
				trad++
			} else if isSimplified(r) {
				simp++
			}
		}
	}
	var st style
	st.trad = trad > simp
	st.piece = simplifiedPieces
	if st.trad {
		st.piece = traditionalPieces
	}
	for c := range 2 {
		for k := range board.NumKinds {
			best := 0
			for r, n := range count[c][k] {
				if n > best || n == best && r < st.piece[c][k] {
					st.piece[c][k], best = r, n
				}
			}
		}
		st.script[c] = scriptChinese
		if c == int(board.Black) {
			st.script[c] = scriptFullWidth
		}
		best := 0
		for s, n := range scripts[c] {
			if n > best {
				st.script[c], best = uint8(s), n
			}
		}
	}
	return st
}

// isSimplified reports the simplified characters that have a traditional
// counterpart in move text.
func isSimplified(r rune) bool {
	switch r {
	case '帅', '将', '马', '车', '进', '后':
		return true
	}
	return false
}

func (st *style) direction(d notation.Direction) rune {
	switch d {
	case notation.Forward:
		if st.trad {
			return '進'
		}
		return '进'
	case notation.Backward:
		return '退'
	}
	return '平'
}

func (st *style) qualifier(q notation.Qualifier) rune {
	switch q {
	case notation.Front:
		return '前'
	case notation.Middle:
		return '中'
	}
	if st.trad {
		return '後'
	}
	return '后'
}

// chineseStyle is the notation.ChineseStyle closest to st, for moves
// written whole (an inserted ply).
func (st *style) chineseStyle() notation.ChineseStyle {
	return notation.ChineseStyle{Traditional: st.trad, ASCIIDigits: st.script[board.Black] == scriptASCII}
}

// format writes m, a legal move of p, in st: notation.FormatChinese with
// the record's characters for the pieces, directions, qualifiers and the
// mover's numerals. It falls back on the xqbase spelling should the
// record's characters not read back as m.
func (st *style) format(p *board.Position, m board.Move) string {
	std := notation.FormatChinese(p, m, st.chineseStyle())
	side := p.Side()
	rs := []rune(std)
	for i, r := range rs {
		g := glyphOf(r)
		switch g.role {
		case rolePiece:
			rs[i] = st.piece[side][g.value]
		case roleDirection:
			rs[i] = st.direction(notation.Direction(g.value))
		case roleQualifier:
			rs[i] = st.qualifier(notation.Qualifier(g.value))
		case roleNumeral:
			if i > 0 { // not an ordinal qualifier (一兵)
				rs[i] = numerals[st.script[side]][g.value]
			}
		}
	}
	if text := string(rs); text != std {
		if got, err := notation.ResolveText(p, text, notation.NotationChinese); err == nil && got == m {
			return text
		}
	}
	return std
}
