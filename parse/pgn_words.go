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
