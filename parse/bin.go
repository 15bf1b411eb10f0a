// Helpers of the binary readers (XQF, CBR/CBL, CBF) and the XQF writer:
// a board of pieces by square and its FEN, and the GB18030 and UTF-16 text
// fields.

package parse

import (
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/xqtool/xqtool/board"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// binStartPlacement is the FEN placement of the standard start position.
const binStartPlacement = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"

// binBoard is a placement indexed by board.Square.
type binBoard [board.Squares]board.Piece

// binPlacement returns the FEN placement of b (rank 9 first).
func binPlacement(b *binBoard) string {
	s := board.Setup{Board: *b}
	return s.Placement()
}

// binStartFEN is the FEN of a binary record's start position b: the side
// to move is that of the piece the first move moves, else Black when the
// header says so (black), else Red.
func binStartFEN(b *binBoard, black bool, rec *Record) string {
	side := board.Red
	if black {
		side = board.Black
	}
	if len(rec.Root.Children) > 0 {
		if p := b[rec.Root.Children[0].Move.From()]; !p.IsEmpty() {
			side = p.Color()
		}
	}
	return binFEN(b, side)
}

// binFEN returns "placement w" or "placement b".
func binFEN(b *binBoard, side board.Color) string {
	if side == board.Black {
		return binPlacement(b) + " b"
	}
	return binPlacement(b) + " w"
}

// binStartBoard returns the standard start position.
func binStartBoard() binBoard {
	var b binBoard
	for i, v := range xqfStandardSlots {
		b[xqfSquare(v)] = board.MakePiece(board.Color(i/16), xqfSlotKinds[i%16])
	}
	return b
}

// binValid reports whether b has exactly one king of each colour.
func binValid(b *binBoard) bool {
	kings := binKings(b)
	return kings[0] == 1 && kings[1] == 1
}

// binKings counts the kings of each colour on b.
func binKings(b *binBoard) [2]int {
	var kings [2]int
	for _, p := range b {
		if p.Kind() == board.King {
			kings[p.Color()]++
		}
	}
	return kings
}

// binDecodeGB decodes GBK/GB18030 text with replacement. It reports
// whether replacement characters were needed.
func binDecodeGB(p []byte) (string, bool) {
	ascii := true
	for _, c := range p {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(p), false
	}
	// Decode with a pooled decoder into a pooled buffer (3 bytes of UTF-8
	// per input byte is the most GB18030 can produce, U+FFFD for a stray
	// byte included).
	gb := gbDecoders.Get().(*gbDecoder)
	defer gbDecoders.Put(gb)
	if need := 3*len(p) + 4; cap(gb.buf) < need {
		gb.buf = make([]byte, need)
	}
	gb.dec.Reset()
	n, _, err := gb.dec.Transform(gb.buf[:cap(gb.buf)], p, true)
	out := gb.buf[:n]
	if err != nil { // not expected: take the general path
		if out, err = simplifiedchinese.GB18030.NewDecoder().Bytes(p); err != nil {
			return strings.ToValidUTF8(string(p), "\uFFFD"), true
		}
	}
	s := string(out)
	return s, strings.ContainsRune(s, '\uFFFD')
}

// gbDecoder is a GB18030 decoder and its output buffer, recycled through
// gbDecoders by binDecodeGB.
type gbDecoder struct {
	dec *encoding.Decoder
	buf []byte
}

var gbDecoders = sync.Pool{New: func() any { return &gbDecoder{dec: simplifiedchinese.GB18030.NewDecoder()} }}

// binGBCut returns the length of p without a multi-byte GB18030 character
// cut at its end (as happens when a writer truncates a field).
func binGBCut(p []byte) int {
	i := 0
	for i < len(p) {
		switch {
		case p[i] < 0x80:
			i++
		case i+1 >= len(p):
			return i
		case p[i+1] >= 0x30 && p[i+1] <= 0x39:
			if i+3 >= len(p) {
				return i
			}
			i += 4
		default:
			i += 2
		}
	}
	return len(p)
}

// binEncodeGB encodes s as GB18030, cut to at most max bytes without
// splitting a character. Characters that cannot be encoded are dropped.
func binEncodeGB(s string, max int) []byte {
	var out []byte
	enc := simplifiedchinese.GB18030.NewEncoder()
	var buf [8]byte
	for _, r := range s {
		n := 0
		if r < 0x80 {
			buf[0] = byte(r)
			n = 1
		} else {
			b, err := enc.Bytes([]byte(string(r)))
			if err != nil {
				continue
			}
			n = copy(buf[:], b)
		}
		if len(out)+n > max {
			break
		}
		out = append(out, buf[:n]...)
	}
	return out
}

// binDecodeUTF16 decodes UTF-16LE text up to the first NUL code unit,
// replacing bad surrogates. It reports whether replacement was needed.
// It decodes directly (CBR titles and comments are short and many; a
// golang.org/x/text decoder per field cost more than the decoding, and a
// test checks that both give the same text).
func binDecodeUTF16(p []byte) (string, bool) {
	n := len(p) &^ 1
	for i := 0; i+1 < len(p); i += 2 {
		if p[i] == 0 && p[i+1] == 0 {
			n = i
			break
		}
	}
	repl := n < len(p) && n == len(p)&^1 && len(p)%2 == 1 // an odd byte left over
	var stack [256]byte
	out := stack[:0]
	for i := 0; i < n; i += 2 {
		r := rune(p[i]) | rune(p[i+1])<<8
		switch {
		case r < utf8.RuneSelf:
			out = append(out, byte(r))
			continue
		case utf16.IsSurrogate(r):
			// As golang.org/x/text does: a surrogate followed by a low
			// surrogate takes both units (one rune, or one U+FFFD when the
			// first is not a high surrogate); otherwise it is replaced
			// alone.
			next := rune(0)
			if i+3 < n {
				next = rune(p[i+2]) | rune(p[i+3])<<8
			}
			if next >= 0xdc00 && next < 0xe000 {
				r = utf16.DecodeRune(r, next)
				i += 2
			} else {
				r = utf8.RuneError
			}
		}
		if r == utf8.RuneError {
			repl = true
		}
		out = utf8.AppendRune(out, r)
	}
	return string(out), repl
}
