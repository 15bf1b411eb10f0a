// The words of move text: move numbers, placeholders, results and the
// notation classifier.

package parse

import (
	"strings"
	"unicode/utf8"
)

// pgnIndexColon returns the index of the first ':' or '：' in w, or -1.
func pgnIndexColon(w string) int {
	for i := 0; i < len(w); i++ {
		switch {
		case w[i] == ':':
			return i
		case w[i] == 0xEF && i+2 < len(w) && w[i+1] == 0xBC && w[i+2] == 0x9A: // '：'
			return i
		}
	}
	return -1
}

// pgnAdvancePos moves pos over prefix (on one line).
func pgnAdvancePos(pos Pos, prefix string, legacy bool) Pos {
	for _, r := range prefix {
		pos.Column++
		switch {
		case r < utf8.RuneSelf:
			pos.Offset++
		case legacy:
			pos.Offset += 2
		default:
			pos.Offset += int64(utf8.RuneLen(r))
		}
	}
	return pos
}

// pgnMoveNumber splits "12." / "12..." / "1.炮二平五" / "１、" into the
// number and the rest.
func pgnMoveNumber(w string) (int, string, bool) {
	n, i := 0, 0
	digits := 0
	for i < len(w) {
		c := w[i]
		if c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			i++
		} else if i+3 <= len(w) && w[i] == 0xEF && w[i+1] == 0xBC && w[i+2] >= 0x90 && w[i+2] <= 0x99 {
			n = n*10 + int(w[i+2]-0x90)
			i += 3
		} else {
			break
		}
		digits++
		if n > 1e7 {
			n = 1e7
		}
	}
	if digits == 0 || i == len(w) {
		return 0, "", false
	}
	j := i
	for j < len(w) {
		if w[j] == '.' {
			j++
			continue
		}
		r, sz := utf8.DecodeRuneInString(w[j:])
		if r == '.' || r == '…' || r == '．' || r == '、' || r == '。' || r == '‥' {
			j += sz
			continue
		}
		break
	}
	if j == i {
		return 0, "", false
	}
	return n, w[j:], true
}

// pgnIsPlaceholder reports whether w stands for a missing move: dots,
// ellipses, full stops.
func pgnIsPlaceholder(w string) bool {
	if w == "" {
		return false
	}
	// Every placeholder rune starts with one of these bytes.
	if c := w[0]; c != '.' && c != 0xE2 && c != 0xE3 && c != 0xEF {
		return false
	}
	for _, r := range w {
		if r != '.' && r != '…' && r != '．' && r != '。' && r != '‥' && r != '—' {
			return false
		}
	}
	return true
}

// pgnIsNoise reports words that scraped text puts around moves and that
// are dropped silently: 第1回合, 第1步.
func pgnIsNoise(w string) bool {
	return strings.HasPrefix(w, "第") && (strings.HasSuffix(w, "回合") || strings.HasSuffix(w, "步"))
}

// pgnResultToken returns the normalised result of a result token, or "".
func pgnResultToken(w string) string {
	switch w {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2", "½-½", "1/2", "½":
		return "1/2-1/2"
	case "*":
		return "*"
	case "红胜", "红先胜", "黑负", "紅勝", "紅先勝", "黑負":
		return "1-0"
	case "黑胜", "红负", "红先负", "黑勝", "紅負", "紅先負":
		return "0-1"
	case "和棋", "红和", "红先和", "紅和", "紅先和":
		return "1/2-1/2"
	}
	return ""
}

// NormalizeResult maps a declared result to "1-0", "0-1", "1/2-1/2" or
// "*": PGN tokens, ½-½, the Chinese texts of vschess (红胜, 黑负, 和棋 …)
// and the W/L/D letters of some web pages (from Red's side). Anything else
// non-empty is "*"; an empty value stays "".
func NormalizeResult(v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	if r := pgnResultToken(v); r != "" {
		return r
	}
	switch v {
	case "和", "和局", "平局", "D", "d", "=":
		return "1/2-1/2"
	case "W", "w", "胜", "勝":
		return "1-0"
	case "L", "l", "负", "負":
		return "0-1"
	case "1 - 0", "1:0":
		return "1-0"
	case "0 - 1", "0:1":
		return "0-1"
	}
	return "*"
}

// pgnChineseRunes classifies the characters of Chinese notation (BMP
// runes, indexed directly: a table lookup is much cheaper than a map).
var pgnChineseRunes = func() *[0x10000]uint8 {
	const (
		piece = 1 << iota
		dir
		place
		digit
	)
	m := new([0x10000]uint8)
	add := func(s string, k uint8) {
		for _, r := range s {
			m[r] |= k
		}
	}
	add("帅帥将將仕士相象马馬傌碼车車俥硨砗炮砲包兵卒", piece)
	add("进進退平", dir)
	add("前中后後", place)
	add("一二三四五六七八九１２３４５６７８９123456789壹贰貳叁參肆伍陆陸柒捌玖", digit)
	return m
}()

// pgnDecodeRune is utf8.DecodeRuneInString with the three-byte sequences
// of CJK text decoded inline.
func pgnDecodeRune(w string) (rune, int) {
	if len(w) >= 3 && w[0]&0xF0 == 0xE0 && w[1]&0xC0 == 0x80 && w[2]&0xC0 == 0x80 {
		r := rune(w[0]&0x0F)<<12 | rune(w[1]&0x3F)<<6 | rune(w[2]&0x3F)
		if r >= 0x800 && (r < 0xD800 || r > 0xDFFF) { // not overlong, not a surrogate
			return r, 3
		}
	}
	return utf8.DecodeRuneInString(w)
}

// pgnChineseClass returns the class bits of r in Chinese notation.
func pgnChineseClass(r rune) uint8 {
	if r < 0 || r >= 0x10000 {
		return 0
	}
	return pgnChineseRunes[r]
}

const pgnChineseDir = 2

// pgnClass is what pgnClassify finds out about a word.
type pgnClass struct {
	class  uint8 // notation classes (pgnClass*), 0 if none
	rank0  bool  // a coordinate move uses rank 0
	rank10 bool  // a coordinate move uses rank 10
	cut    int   // where the annotation suffix starts
}

// pgnClassify finds the notation classes a word can belong to and where
// its annotation suffix starts. ascii tells that w holds no byte ≥ 0x80
// (then there is nothing to fold).
func pgnClassify(w string, ascii bool) pgnClass {
	var t pgnClass
	// Chinese: 4 or 5 notation characters with a direction in 3rd or 4th
	// place, then optional marks.
	if w[0] >= utf8.RuneSelf {
		n, i := 0, 0
		var cls [6]uint8
		for i < len(w) && n < 6 {
			r, sz := pgnDecodeRune(w[i:])
			k := pgnChineseClass(r)
			if k == 0 {
				break
			}
			cls[n] = k
			n++
			i += sz
		}
		if (n == 4 || n == 5) && pgnSuffixOnly(w[i:]) &&
			(cls[2]&pgnChineseDir != 0 || n == 5 && cls[3]&pgnChineseDir != 0) {
			t.class = pgnClassChinese
			t.cut = i
			return t
		}
	}
	// Fold full-width ASCII for the letter notations.
	a := w
	if !ascii {
		var ok bool
		if a, ok = pgnFoldASCII(w); !ok {
			return t
		}
	}
	if len(a) < 2 {
		return t
	}
	// Coordinates: a0b1, A0-B1, UCI ranks 1..10.
	if f1, r1, k := pgnSquare(a, 0); k > 0 {
		j := k
		if j < len(a) && a[j] == '-' {
			j++
		}
		if f2, r2, k2 := pgnSquare(a, j); k2 > 0 && pgnSuffixOnly(a[j+k2:]) && (f1 != f2 || r1 != r2) {
			t.class |= pgnClassCoord
			t.rank0 = r1 == 0 || r2 == 0
			t.rank10 = r1 == 10 || r2 == 10
			t.cut = pgnCut(w, a, j+k2)
		}
	}
	// WXF: four-character body, marks after it.
	if len(a) >= 4 && pgnWXFBody(a[:4]) && pgnSuffixOnly(a[4:]) {
		t.class |= pgnClassWXF
		if t.cut == 0 {
			t.cut = pgnCut(w, a, 4)
		}
	}
	// XBoard SAN.
	if t.class == 0 {
		if k := pgnSAN(a); k > 0 && pgnSuffixOnly(a[k:]) {
			t.class |= pgnClassSAN
			t.cut = pgnCut(w, a, k)
		}
	}
	// WXF typed without the direction sign (C25): letter, file, digit;
	// the notation package reads it where only one reading is legal.
	if t.class == 0 && len(a) >= 3 && pgnWXFPiece[a[0]] && a[1] >= '1' && a[1] <= '9' &&
		a[2] >= '1' && a[2] <= '9' && pgnSuffixOnly(a[3:]) {
		t.class |= pgnClassWXF
		t.cut = pgnCut(w, a, 3)
	}
	return t
}

// pgnCut returns the byte index in the original word w after the first k
// runes of its folded form a (folding maps rune to byte one to one).
func pgnCut(w, a string, k int) int {
	if len(w) == len(a) {
		return k
	}
	i := 0
	for n := 0; n < k && i < len(w); n++ {
		_, sz := utf8.DecodeRuneInString(w[i:])
		i += sz
	}
	return i
}

// pgnFoldASCII maps full-width ASCII (Ｃ２＝５) to ASCII; ok is false for
// any other non-ASCII rune.
func pgnFoldASCII(w string) (string, bool) {
	ascii := true
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return w, true
	}
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range w {
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case r >= 0xFF01 && r <= 0xFF5E:
			b.WriteByte(byte(r - 0xFF01 + 0x21))
		case r == '－' || r == '—':
			b.WriteByte('-')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// pgnSquare reads a square "a0".."i10" at a[i:]; it returns file, rank and
// the length read (0 if none).
func pgnSquare(a string, i int) (int, int, int) {
	if i+2 > len(a) {
		return 0, 0, 0
	}
	f := a[i] | 0x20
	if f < 'a' || f > 'i' || a[i+1] < '0' || a[i+1] > '9' {
		return 0, 0, 0
	}
	if a[i+1] == '1' && i+2 < len(a) && a[i+2] == '0' {
		return int(f - 'a'), 10, 3
	}
	return int(f - 'a'), int(a[i+1] - '0'), 2
}

// pgnWXFPiece marks the WXF piece letters.
var pgnWXFPiece = func() (t [256]bool) {
	for _, c := range []byte("KAEBHNRCPkaebhnrcp") {
		t[c] = true
	}
	return t
}()

// pgnWXFBody matches [KAEBHNRCPkaebhnrcp+-1-9][1-9+-.a-e][+-.=][1-9].
func pgnWXFBody(b string) bool {
	c0, c1, c2, c3 := b[0], b[1], b[2], b[3]
	if !(pgnWXFPiece[c0] || c0 == '+' || c0 == '-' || c0 >= '1' && c0 <= '9') {
		return false
	}
	if c0 == '+' || c0 == '-' || c0 >= '1' && c0 <= '9' {
		// Tandem pieces: +P+1, -C.5, 1P+1 (ordinal then piece).
		if !pgnWXFPiece[c1] && !(c1 >= '1' && c1 <= '9' || c1 == '+' || c1 == '-' || c1 == '.') {
			return false
		}
	} else if !(c1 >= '1' && c1 <= '9' || c1 == '+' || c1 == '-' || c1 == '.' || c1 >= 'a' && c1 <= 'e') {
		return false
	}
	if c2 != '+' && c2 != '-' && c2 != '.' && c2 != '=' {
		return false
	}
	return c3 >= '1' && c3 <= '9'
}

// pgnSAN matches XBoard SAN ([KAEBHNRCP]?[a-i]?(10|[0-9])?x?[a-i](10|[0-9]))
// and returns its length.
func pgnSAN(a string) int {
	i := 0
	if i < len(a) && strings.IndexByte("KAEBHNRCP", a[i]) >= 0 {
		i++
	}
	// Try the longest disambiguation first.
	for _, skipFile := range []bool{true, false} {
		for _, skipRank := range []bool{true, false} {
			j := i
			if skipFile {
				if j < len(a) && a[j] >= 'a' && a[j] <= 'i' {
					j++
				} else {
					continue
				}
			}
			if skipRank {
				if j < len(a) && a[j] >= '0' && a[j] <= '9' {
					if a[j] == '1' && j+1 < len(a) && a[j+1] == '0' {
						j++
					}
					j++
				} else {
					continue
				}
			}
			if j < len(a) && a[j] == 'x' {
				j++
			}
			if j < len(a) && a[j] >= 'a' && a[j] <= 'i' && j+1 < len(a) && a[j+1] >= '0' && a[j+1] <= '9' {
				k := j + 2
				if a[j+1] == '1' && k < len(a) && a[k] == '0' {
					k++
				}
				if pgnSuffixOnly(a[k:]) {
					return k
				}
			}
		}
	}
	return 0
}

// pgnSuffixOnly reports whether s is empty or only annotation marks.
func pgnSuffixOnly(s string) bool {
	for _, r := range s {
		switch r {
		case '!', '?', '+', '#', '！', '？', '＋':
		default:
			return false
		}
	}
	return true
}
