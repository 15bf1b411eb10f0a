// The move-text tokenizer: one pass over the bytes of the move text.

package parse

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/xqtool/xqtool/notation"
)

// moveText tokenizes the move text from c: one pass over the bytes, with
// the scanner's place in locals. ASCII bytes are never decoded. The
// common words (a move number, a coordinate or Chinese move followed by a
// blank) are recognised by their shape; any other word is scanned once,
// noting on the way what the word handler needs to know about it (is it
// ASCII, does it hold a colon).
func (g *pgnGame) moveText(c pgnCursor) {
	s := g.s
	depth, pendingNum := 0, 0
	for c.i < len(s) {
		if len(g.toks) >= pgnMaxTokens {
			g.problem(c.pos(), "", fmt.Errorf("%w: more than %d tokens, rest skipped", ErrSyntax, pgnMaxTokens))
			return
		}
		b := s[c.i]
		if b == ' ' {
			// By far the most common byte between tokens.
			c.i++
			c.col++
			c.off++
			continue
		}
		// Blanks, brackets, non-ASCII runes and '%' need a closer look;
		// any other byte starts a word.
		if k := pgnWordByte[b]; k == pgnWordStop || k == pgnWordHigh || b == '%' {
			switch b {
			case '\t', '\r', '\f', '\v', 0:
				c.i++
				c.col++
				c.off++
				continue
			case '\n':
				c = g.newline(c)
				continue
			case '{':
				pos := c.pos()
				c = g.skip(c, 1)
				start := c.i
				end := strings.IndexByte(s[start:], '}')
				if end < 0 {
					g.addTrimmed(pgnTokComment, start, len(s), pos)
					g.problem(pos, "{", fmt.Errorf("%w: unterminated comment", ErrTruncated))
					return
				}
				c = g.skip(g.advance(c, start+end), 1) // the comment and '}'
				g.addTrimmed(pgnTokComment, start, start+end, pos)
				continue
			case ';':
				pos := c.pos()
				c = g.skip(c, 1)
				start := c.i
				end := strings.IndexByte(s[start:], '\n')
				if end < 0 {
					end = len(s) - start
				}
				c = g.advanceLine(c, start+end)
				g.addTrimmed(pgnTokComment, start, start+end, pos)
				continue
			case '%':
				if c.col == 1 {
					end := strings.IndexByte(s[c.i:], '\n')
					if end < 0 {
						end = len(s) - c.i
					}
					c = g.advanceLine(c, c.i+end)
					continue
				}
			case '(':
				g.addSpan(pgnTokOpen, 0, 0, c.pos())
				c = g.skip(c, 1)
				depth++
				pendingNum = 0
				continue
			case ')':
				g.addSpan(pgnTokClose, 0, 0, c.pos())
				c = g.skip(c, 1)
				if depth > 0 {
					depth--
				}
				pendingNum = 0
				continue
			case '}':
				if g.wxfKeyword {
					return // }END: end of the move text
				}
				// A lone '}': junk.
				g.addSpan(pgnTokJunk, c.i, c.i+1, c.pos())
				c = g.skip(c, 1)
				continue
			case '$':
				pos := c.pos()
				start := c.i
				c = g.skip(c, 1)
				for c.i < len(s) && s[c.i] >= '0' && s[c.i] <= '9' {
					c = g.skip(c, 1)
				}
				g.addSpan(pgnTokNAG, start, c.i, pos) // "$" and the digits
				continue
			}
			if b >= utf8.RuneSelf {
				switch r, n := notation.DecodeRune(s[c.i:]); r {
				case '\u3000', '\ufeff':
					c = g.skip(c, n)
					continue
				case '（':
					pos := c.pos()
					c = g.skip(c, n)
					start := c.i
					// A full-width parenthesis is a comment when it closes soon.
					end := strings.Index(s[start:min(len(s), start+4096)], "）")
					if end < 0 {
						g.addSpan(pgnTokJunk, start-n, start, pos)
						continue
					}
					c = g.advance(c, start+end)
					_, n = notation.DecodeRune(s[c.i:])
					c = g.skip(c, n)
					g.addTrimmed(pgnTokComment, start, start+end, pos)
					continue
				}
			}
		}
		// A word: up to a blank, a bracket, ';', '$', U+3000 or '（'. A
		// word holds no newline, so only the columns of its non-ASCII
		// runes need counting.
		pos := c.pos()
		start := c.i
		// The shapes of most words are recognised before any scan; each
		// gives what the scan and the fast paths below would.
		switch b := s[start]; {
		case b >= '0' && b <= '9':
			// "12.": a move number alone.
			if k, n := pgnNumberAt(s, start); k > start {
				c.i = k
				c.col += k - start
				c.off += int64(k - start)
				pendingNum = n
				continue
			}
		case b >= 'A' && start+4 <= len(s) && pgnWordEnds(s, start+4) && pgnCoord4(s[start:start+4]):
			w := s[start : start+4]
			c.i += 4
			c.col += 4
			c.off += 4
			g.addQuickMove(start, c.i, pos, notation.ClassCoord, w[1] == '0' || w[3] == '0', pendingNum)
			pendingNum = 0
			continue
		case b >= 0xE0 && start+12 <= len(s) && pgnWordEnds(s, start+12) && pgnChineseAt(s, start):
			c.i += 12
			c.col += 4
			if g.legacy {
				c.off += 8
			} else {
				c.off += 12
			}
			g.addQuickMove(start, c.i, pos, notation.ClassChinese, false, pendingNum)
			pendingNum = 0
			continue
		}
		j, runes, runeBytes, colon, chinese := pgnScanWord(s, start)
		ascii := j - start - runeBytes
		c.i = j
		c.col += ascii + runes
		if g.legacy {
			c.off += int64(ascii + 2*runes)
		} else {
			c.off += int64(j - start)
		}
		// Fast paths for the words that make up most move text. Each
		// gives what word would: none of these shapes can be a result,
		// a side prefix, a placeholder or noise.
		switch w := s[start:j]; {
		case colon:
		case runes == 0 && len(w) == 4 && pgnCoord4(w):
			// "h2e2": coordinates only (a file letter is never the
			// third character of a WXF move).
			g.addQuickMove(start, j, pos, notation.ClassCoord, w[1] == '0' || w[3] == '0', pendingNum)
			pendingNum = 0
			continue
		case runes == 0 && w[0] >= '0' && w[0] <= '9':
			// "12.": a move number alone.
			if n, ok := pgnNumberDots(w); ok {
				pendingNum = n
				continue
			}
		case runes == 4 && len(w) == 12 && pgnChinese4(chinese):
			// "炮二平五": no digit run followed by a dot, no suffix.
			g.addQuickMove(start, j, pos, notation.ClassChinese, false, pendingNum)
			pendingNum = 0
			continue
		}
		var end bool
		if pendingNum, end = g.word(start, j, pos, depth, pendingNum, colon); end {
			return // result token: the game ends here
		}
	}
}

// pgnCoord4 reports whether w is a four-character coordinate move
// ("h2e2", "H2E2") between two different squares, as notation.Classify would.
func pgnCoord4(w string) bool {
	f1, f2 := w[0]|0x20, w[2]|0x20
	return f1 >= 'a' && f1 <= 'i' && f2 >= 'a' && f2 <= 'i' &&
		w[1] >= '0' && w[1] <= '9' && w[3] >= '0' && w[3] <= '9' &&
		(f1 != f2 || w[1] != w[3])
}

// pgnWordEnds reports whether a word that reaches s[k] ends there: at the
// end of s or at an ASCII byte that ends words.
func pgnWordEnds(s string, k int) bool { return k == len(s) || pgnWordByte[s[k]] == pgnWordStop }

// pgnChineseAt reports whether s[i:i+12] is four three-byte characters
// of Chinese notation with a direction third, as pgnScanWord and
// pgnChinese4 would find.
func pgnChineseAt(s string, i int) bool {
	w := s[i : i+12]
	var cls uint32
	for k := 0; k < 12; k += 3 {
		if w[k]&0xF0 != 0xE0 || w[k+1]&0xC0 != 0x80 || w[k+2]&0xC0 != 0x80 {
			return false
		}
		r := rune(w[k]&0x0F)<<12 | rune(w[k+1]&0x3F)<<6 | rune(w[k+2]&0x3F)
		if r < 0x800 { // overlong: not a three-byte rune
			return false
		}
		cls |= uint32(notation.RuneOf(r)) << (8 * (k / 3))
	}
	return pgnChinese4(cls)
}

// pgnNumberAt reads a word of ASCII digits and dots only ("12.", "3...")
// at s[i:] and returns its end and the number, as pgnNumberDots would;
// the end is i if there is no such word.
func pgnNumberAt(s string, i int) (int, int) {
	n, k := 0, i
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		n = min(n*10+int(s[k]-'0'), 1e7)
		k++
	}
	if k == i || k == len(s) || s[k] != '.' {
		return i, 0
	}
	for k < len(s) && s[k] == '.' {
		k++
	}
	if !pgnWordEnds(s, k) {
		return i, 0
	}
	return k, n
}

// pgnNumberDots reads a word of ASCII digits and dots only ("12.",
// "3..."), the number as pgnMoveNumber reads it.
func pgnNumberDots(w string) (int, bool) {
	n, i := 0, 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		n = min(n*10+int(w[i]-'0'), 1e7)
		i++
	}
	if i == len(w) {
		return 0, false
	}
	for ; i < len(w); i++ {
		if w[i] != '.' {
			return 0, false
		}
	}
	return n, true
}

// pgnChinese4 reports whether four non-ASCII runes whose Chinese classes
// are the bytes of cls (first rune lowest) are notation characters with
// a direction third, as notation.Classify would find. A rune of any class is
// three bytes long in UTF-8.
func pgnChinese4(cls uint32) bool {
	return cls&0xFF != 0 && cls&0xFF00 != 0 && cls&0xFF0000 != 0 && cls&0xFF000000 != 0 &&
		(cls>>16)&uint32(notation.RuneDirection) != 0
}

// pgnScanWord scans the word that starts at s[i] and returns its end,
// the number of its non-ASCII runes and their bytes, whether it holds a
// colon (a side prefix such as "红方:" may end there), and the Chinese
// notation classes of its first four non-ASCII runes, one per byte (the
// runes are decoded here anyway). A word ends at a blank, a bracket, ';',
// '$', U+3000 or '（'. It is a function of its own so that its loop keeps
// everything in registers.
func pgnScanWord(s string, i int) (j, runes, runeBytes int, colon bool, chinese uint32) {
	j = i
	for j < len(s) {
		// Most bytes of a word are plain ASCII.
		for j < len(s) && pgnWordByte[s[j]] == pgnWordPlain {
			j++
		}
		if j == len(s) {
			break
		}
		switch pgnWordByte[s[j]] {
		case pgnWordStop:
			return
		case pgnWordColon:
			colon = true
			j++
		default: // non-ASCII
			// pgnDecodeRune, inlined by hand: most of these runes are
			// CJK characters, three bytes long.
			var r rune
			n := 3
			if j+2 < len(s) && s[j]&0xF0 == 0xE0 && s[j+1]&0xC0 == 0x80 && s[j+2]&0xC0 == 0x80 {
				r = rune(s[j]&0x0F)<<12 | rune(s[j+1]&0x3F)<<6 | rune(s[j+2]&0x3F)
			}
			if r < 0x800 || r >= 0xD800 && r <= 0xDFFF { // not three bytes, overlong or a surrogate
				r, n = utf8.DecodeRuneInString(s[j:])
			}
			switch r {
			case '\u3000', '（':
				return
			case '：':
				colon = true
			}
			if runes < 4 {
				chinese |= uint32(notation.RuneOf(r)) << (8 * runes)
			}
			j += n
			runes++
			runeBytes += n
		}
	}
	return
}

// Kinds of bytes in a word of move text (pgnWordByte).
const (
	pgnWordPlain = iota
	pgnWordStop  // ends the word
	pgnWordColon // ':' (a side prefix such as "红方:" may end there)
	pgnWordHigh  // starts a non-ASCII rune
)

// pgnWordByte classifies the bytes of a word. '$' ends a word only after
// its first byte, but a word never starts with '$' (that is a NAG).
var pgnWordByte = func() (t [256]uint8) {
	for _, c := range []byte(" \t\r\n\f\v\x00{}();$") {
		t[c] = pgnWordStop
	}
	t[':'] = pgnWordColon
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = pgnWordHigh
	}
	return t
}()

// advance moves c to byte index j: line by line, and within a line
// without decoding ASCII bytes.
func (g *pgnGame) advance(c pgnCursor, j int) pgnCursor {
	for c.i < j {
		k := strings.IndexByte(g.s[c.i:j], '\n')
		if k < 0 {
			return g.advanceLine(c, j)
		}
		c = g.newline(g.advanceLine(c, c.i+k))
	}
	return c
}

// advanceLine moves c to byte index j over text that holds no newline.
func (g *pgnGame) advanceLine(c pgnCursor, j int) pgnCursor {
	s := g.s
	i, col, off := c.i, c.col, c.off
	for i < j {
		if s[i] < utf8.RuneSelf {
			i++
			col++
			off++
			continue
		}
		_, n := notation.DecodeRune(s[i:])
		i += n
		col++
		if g.legacy {
			off += 2
		} else {
			off += int64(n)
		}
	}
	c.i, c.col, c.off = i, col, off
	return c
}

// word handles the word s[start:end] of move text, at pos, and returns
// the pending move number (written before the next move). end reports
// that the word is the game's result. colon reports that the scanner
// saw a colon in the word.
func (g *pgnGame) word(start, end int, pos Pos, depth, pendingNum int, colon bool) (int, bool) {
	w := g.s[start:end]
	if res := pgnResultToken(w); res != "" {
		if depth == 0 {
			g.resultTok = res
			g.rec.Result = res
			return pendingNum, true
		}
		return pendingNum, false
	}
	// "红方：炮二平五": drop a side prefix.
	if colon {
		k := pgnIndexColon(w)
		adv := k + 1
		if w[k] != ':' {
			adv = k + len("：")
		}
		pos = pgnAdvancePos(pos, w[:adv], g.legacy)
		w = w[adv:]
		if w == "" {
			return pendingNum, false
		}
	}
	// Move number: digits followed by dots or a Chinese enumeration mark.
	if c := w[0]; c >= '0' && c <= '9' || c == 0xEF { // full-width digits start with 0xEF
		if n, rest, ok := pgnMoveNumber(w); ok {
			if rest != "" && notation.Classify(rest).Class == 0 {
				if t := notation.Classify(w); t.Class&notation.ClassWXF != 0 {
					g.addMove(end-len(w), end, pos, t, 0)
					return 0, false
				}
			}
			pendingNum = n
			pos = pgnAdvancePos(pos, w[:len(w)-len(rest)], g.legacy)
			w = rest
			if w == "" || pgnIsPlaceholder(w) {
				return pendingNum, false
			}
		}
	}
	if pgnIsPlaceholder(w) || pgnIsNoise(w) {
		return pendingNum, false
	}
	t := notation.Classify(w)
	if t.Class == 0 {
		// The word takes the pending number; build hands it on to the
		// next move if the word does not stand where a move should.
		g.addSpan(pgnTokWord, end-len(w), end, pos).number = int32(pendingNum)
		return 0, false
	}
	g.addMove(end-len(w), end, pos, t, pendingNum)
	return 0, false
}

// addQuickMove is addMove for a move of the one class c (a constant, so
// that the call is inlined) with no suffix.
func (g *pgnGame) addQuickMove(start, end int, pos Pos, c notation.Class, rank0 bool, num int) {
	g.classCount[bits.TrailingZeros8(uint8(c))&3]++
	g.rank0 = g.rank0 || rank0
	g.hadMoves = true
	t := g.addSpan(pgnTokMove, start, end, pos)
	t.class, t.rank0, t.number = c, rank0, int32(num)
}

// addMove adds the move s[start:end] of classes tc.
func (g *pgnGame) addMove(start, end int, pos Pos, tc notation.Word, num int) {
	if tc.Class&(tc.Class-1) == 0 { // one class, the usual case
		g.classCount[bits.TrailingZeros8(uint8(tc.Class))]++
	} else {
		for b := range g.classCount {
			if tc.Class&(1<<b) != 0 {
				g.classCount[b]++
			}
		}
	}
	g.rank0 = g.rank0 || tc.Rank0
	g.rank10 = g.rank10 || tc.Rank10
	g.hadMoves = true
	t := g.addSpan(pgnTokMove, start, start+tc.Cut, pos)
	t.end = int32(end)
	t.class, t.rank0, t.rank10 = tc.Class, tc.Rank0, tc.Rank10
	t.number = int32(num)
}
