package parse

import (
	"strings"

	"github.com/xqtool/xqtool/board"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"
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
	var kings [2]int
	for _, p := range b {
		if p.Kind() == board.King {
			kings[p.Color()]++
		}
	}
	return kings[0] == 1 && kings[1] == 1
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
	out, err := simplifiedchinese.GB18030.NewDecoder().Bytes(p)
	if err != nil {
		return strings.ToValidUTF8(string(p), "\uFFFD"), true
	}
	s := string(out)
	return s, strings.ContainsRune(s, '\uFFFD')
}

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
func binDecodeUTF16(p []byte) (string, bool) {
	n := len(p) &^ 1
	for i := 0; i+1 < len(p); i += 2 {
		if p[i] == 0 && p[i+1] == 0 {
			n = i
			break
		}
	}
	odd := n < len(p) && n == len(p)&^1 && len(p)%2 == 1
	out, err := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewDecoder().Bytes(p[:n])
	if err != nil {
		return "", true
	}
	s := string(out)
	return s, odd || strings.ContainsRune(s, '\uFFFD')
}
