package notation

import (
	"strings"
	"unicode/utf8"

	"github.com/xqtool/xqtool/board"
)

// Class is a set of the notations a word of move text can be written in
// (Classify). Coordinates cover ICCS and UCI: the ranks a word uses
// (Word.Rank0, Word.Rank10) tell them apart.
type Class uint8

// The notation classes of a word.
const (
	ClassChinese Class = 1 << iota
	ClassWXF
	ClassCoord
	ClassSAN
)

// Word is what Classify finds out about one word of move text, without a
// board.
type Word struct {
	Class  Class // the notations the word can be read in; 0: not a move
	Rank0  bool  // a coordinate move uses rank 0 (ICCS)
	Rank10 bool  // a coordinate move uses rank 10 (UCI)
	Cut    int   // byte index where the annotation suffix (!, ?, +, #) starts
}

// RuneClass is the role of one character in Chinese move text (RuneOf).
type RuneClass uint8

// Roles of the characters of Chinese move text.
const (
	RunePiece     RuneClass = 1 << iota // 炮 马 車 …
	RuneDirection                       // 进 退 平 上 下 …
	RuneQualifier                       // 前 中 后 …
	RuneNumeral                         // 一 … 九, １ … ９, 1 … 9, 壹 …
)

// runeWritten marks, in runeClasses, the characters that FormatChinese
// writes (in any style).
const runeWritten RuneClass = 1 << 7

// runeClasses holds the role of every BMP character that classify knows,
// indexed directly: a table lookup is much cheaper than the switch.
var runeClasses = func() *[0x10000]RuneClass {
	t := new([0x10000]RuneClass)
	for r := range rune(len(t)) {
		switch c, _ := classify(r); c {
		case clPiece:
			t[r] = RunePiece
		case clDir:
			t[r] = RuneDirection
		case clQual:
			t[r] = RuneQualifier
		case clNum:
			t[r] = RuneNumeral
		}
	}
	for _, cs := range []*charSet{&styleSimplified, &styleTraditional} {
		for _, side := range cs.piece {
			for _, r := range side[1:] {
				t[r] |= runeWritten
			}
		}
		for _, r := range append(cs.dir[1:], cs.qual[1:]...) {
			t[r] |= runeWritten
		}
	}
	for n := 1; n <= 9; n++ {
		for _, st := range []ChineseStyle{{}, {ASCIIDigits: true}} {
			t[numeral(board.Red, n, st)] |= runeWritten
			t[numeral(board.Black, n, st)] |= runeWritten
		}
	}
	return t
}()

// RuneOf returns the role of r in Chinese move text (ParseChinese reads
// exactly these characters), or 0.
func RuneOf(r rune) RuneClass {
	if uint32(r) >= uint32(len(runeClasses)) {
		return 0
	}
	return runeClasses[r] &^ runeWritten
}

// Written reports whether FormatChinese writes r in one of its styles: the
// standard spelling of Chinese move text, a subset of the characters that
// RuneOf knows (炮, 砲, 进, 進, 五, ５, 5, but not 包, 上 or 伍).
func Written(r rune) bool {
	return uint32(r) < uint32(len(runeClasses)) && runeClasses[r]&runeWritten != 0
}

// Classify finds the notations a word of move text can be written in, from
// its shape alone, and where its annotation suffix starts:
//
//   - Chinese: four or five characters of Chinese notation (RuneOf) with a
//     direction third (or fourth of five): 炮二平五, 马二上三, 前兵九平八;
//   - coordinates: two different squares, an optional hyphen between them,
//     ranks 0..9 or 1..10: h2e2, H2-E2, i10h10;
//   - WXF: a piece letter, a file or tandem sign, a direction and a digit
//     (C2.5, +C-2, ++.4, 62.5), or a piece letter and two digits with the
//     sideways sign left out (C25);
//   - XBoard SAN, when nothing else fits: Cbe2, Hg7, c4.
//
// Full-width letters, digits and signs (Ｃ２＝５) count as ASCII. A word
// can have several classes (the caller decides by the game's majority);
// its Class is 0 when it fits none. Classify never looks at a board: a
// word of a class may still fail to parse or to resolve.
func Classify(w string) Word {
	var t Word
	if w == "" {
		return t
	}
	// Chinese: 4 or 5 notation characters with a direction in 3rd or 4th
	// place, then optional marks.
	if w[0] >= utf8.RuneSelf {
		n, i := 0, 0
		var cls [6]RuneClass
		for i < len(w) && n < len(cls) {
			r, sz := DecodeRune(w[i:])
			k := RuneOf(r)
			if k == 0 {
				break
			}
			cls[n] = k
			n++
			i += sz
		}
		if (n == 4 || n == 5) && suffixOnly(w[i:]) &&
			(cls[2]&RuneDirection != 0 || n == 5 && cls[3]&RuneDirection != 0) {
			t.Class = ClassChinese
			t.Cut = i
			return t
		}
	}
	// Fold full-width ASCII for the letter notations.
	a, ok := foldASCII(w)
	if !ok || len(a) < 2 {
		return t
	}
	// Coordinates: a0b1, A0-B1, UCI ranks 1..10.
	if f1, r1, k := classSquare(a, 0); k > 0 {
		j := k
		if j < len(a) && a[j] == '-' {
			j++
		}
		if f2, r2, k2 := classSquare(a, j); k2 > 0 && suffixOnly(a[j+k2:]) && (f1 != f2 || r1 != r2) {
			t.Class |= ClassCoord
			t.Rank0 = r1 == 0 || r2 == 0
			t.Rank10 = r1 == 10 || r2 == 10
			t.Cut = foldedCut(w, a, j+k2)
		}
	}
	// WXF: four-character body, marks after it; or three characters with
	// the sideways sign left out.
	switch {
	case len(a) >= 4 && wxfBody(a[:4]) && suffixOnly(a[4:]):
		t.Class |= ClassWXF
		if t.Cut == 0 {
			t.Cut = foldedCut(w, a, 4)
		}
	case len(a) >= 3 && wxfLetter[a[0]] && isDigit19(a[1]) && isDigit19(a[2]) && suffixOnly(a[3:]):
		t.Class |= ClassWXF
		if t.Cut == 0 {
			t.Cut = foldedCut(w, a, 3)
		}
	}
	// XBoard SAN.
	if t.Class == 0 {
		if k := sanLength(a); k > 0 && suffixOnly(a[k:]) {
			t.Class |= ClassSAN
			t.Cut = foldedCut(w, a, k)
		}
	}
	return t
}

// DecodeRune is utf8.DecodeRuneInString with the three-byte sequences of
// CJK text decoded inline.
func DecodeRune(w string) (rune, int) {
	if len(w) >= 3 && w[0]&0xF0 == 0xE0 && w[1]&0xC0 == 0x80 && w[2]&0xC0 == 0x80 {
		r := rune(w[0]&0x0F)<<12 | rune(w[1]&0x3F)<<6 | rune(w[2]&0x3F)
		if r >= 0x800 && (r < 0xD800 || r > 0xDFFF) { // not overlong, not a surrogate
			return r, 3
		}
	}
	return utf8.DecodeRuneInString(w)
}

// foldedCut returns the byte index in the original word w after the first
// k runes of its folded form a (folding maps rune to byte one to one).
func foldedCut(w, a string, k int) int {
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

// foldASCII maps full-width ASCII (Ｃ２＝５) to ASCII; ok is false for any
// other non-ASCII rune.
func foldASCII(w string) (string, bool) {
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

// classSquare reads a square "a0".."i10" at a[i:]; it returns file, rank
// and the length read (0 if none).
func classSquare(a string, i int) (int, int, int) {
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

// wxfLetter marks the piece letters of WXF (either case, as wxfKind), and
// sanLetter those of SAN (upper case, naming one kind, as ParseSAN).
var wxfLetter, sanLetter = func() (w, s [256]bool) {
	for c := range 256 {
		k := wxfKind(byte(c))
		w[c] = k != 0 && (c|0x20 >= 'a' && c|0x20 <= 'z')
		s[c] = w[c] && c >= 'A' && c <= 'Z' && k&(k-1) == 0
	}
	return w, s
}()

// wxfBody matches the four characters of a WXF move: a piece letter, a
// sign or a digit; then a file, tandem sign or ordinal (a..e); a direction
// (+ - . =) and a digit.
func wxfBody(b string) bool {
	c0, c1, c2, c3 := b[0], b[1], b[2], b[3]
	if !(wxfLetter[c0] || c0 == '+' || c0 == '-' || isDigit19(c0)) {
		return false
	}
	if c0 == '+' || c0 == '-' || isDigit19(c0) {
		// Tandem pieces: +P+1, -C.5, 1P+1 (ordinal then piece).
		if !wxfLetter[c1] && !(isDigit19(c1) || c1 == '+' || c1 == '-' || c1 == '.') {
			return false
		}
	} else if !(isDigit19(c1) || c1 == '+' || c1 == '-' || c1 == '.' || c1 >= 'a' && c1 <= 'e') {
		return false
	}
	if c2 != '+' && c2 != '-' && c2 != '.' && c2 != '=' {
		return false
	}
	return isDigit19(c3)
}

// sanLength matches XBoard SAN ([piece]?[a-i]?(10|[0-9])?x?[a-i](10|[0-9]))
// at the start of a and returns its length, or 0.
func sanLength(a string) int {
	i := 0
	if i < len(a) && sanLetter[a[i]] {
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
				if suffixOnly(a[k:]) {
					return k
				}
			}
		}
	}
	return 0
}

// suffixOnly reports whether s is empty or only annotation marks.
func suffixOnly(s string) bool {
	for _, r := range s {
		if !isAnnotation(r) {
			return false
		}
	}
	return true
}
