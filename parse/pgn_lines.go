// The game splitter's view of a line: what kind of line it is, judged on
// raw (undecoded) bytes or on a decoded line of the tag section.

package parse

import (
	"strings"
)

// Line kinds seen by the game splitter.
const (
	pgnLineBlank  = iota // blank or comment-only (%, ;) line
	pgnLineHeader        // tag line or WXF keyword line: may start a game
	pgnLineBroken        // a malformed tag line: part of a tag section
	pgnLineMoves         // anything else
)

// pgnKeywords are the header keywords of the WXF keyword dialect.
var pgnKeywords = []string{"FORMAT", "RED", "BLACK", "RESULT", "DATE", "EVENT", "FEN"}

// pgnLineKind classifies a raw line. It looks at ASCII bytes only, which is
// safe in GBK and Big5 at the start of a line.
func pgnLineKind[T string | []byte](b T) int {
	i := 0
	// Control bytes (a disk error) count as blanks: "\x00[Event" is
	// still a tag line.
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n' || b[i] == '\f' || b[i] == '\v' || pgnControl[b[i]]) {
		i++
	}
	// Skip a UTF-8 BOM or ideographic spaces? Only ASCII matters here.
	if i == len(b) {
		return pgnLineBlank
	}
	rest := b[i:]
	if len(rest) > 512 {
		// Only the start matters, and the end for pgnLooksBroken.
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
		rest = rest[:512]
	}
	switch c := rest[0]; {
	case c == '[':
		j := 1
		for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
			j++
		}
		if j < len(rest) && pgnIsLetter(rest[j]) {
			return pgnLineHeader
		}
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
		return pgnLineMoves
	case c == '%' && i == 0:
		return pgnLineBlank
	case c >= 'A' && c <= 'Z':
		for _, k := range pgnKeywords {
			if len(rest) > len(k) && string(rest[:len(k)]) == k && (rest[len(k)] == ' ' || rest[len(k)] == '\t') {
				return pgnLineHeader
			}
		}
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
	case pgnIsLetter(c):
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
	}
	if c := rest[0]; c >= 0x80 || c == '-' || c >= 'A' && c <= 'Z' {
		// The header of a Chinese program's text export (pgn_textexport.go).
		if k, ok := textExportRawKind(rest); ok {
			return k
		}
	}
	return pgnLineMoves
}

// pgnLooksBroken reports whether a line looks like a tag pair that lost a
// bracket: `Name "value"]` or `[ "value"]`.
func pgnLooksBroken[T string | []byte](b T) bool {
	e := pgnTrimmedLen(b)
	if e < 3 || b[e-1] != ']' {
		return false
	}
	q := -1
	for i := 0; i < e; i++ {
		if b[i] == '"' || b[i] == '\'' {
			q = i
			break
		}
	}
	if q < 0 {
		return false
	}
	// Only a word of letters (and brackets, blanks) before the quote.
	for i := 0; i < q; i++ {
		c := b[i]
		if !pgnIsLetter(c) && !(c >= '0' && c <= '9') && c != '[' && c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// pgnOpenTag reports whether a tag line ends inside a quoted value (some
// converters write a length byte such as '\n' into the value).
func pgnOpenTag[T string | []byte](b T) bool {
	e := pgnTrimmedLen(b)
	if e > 0 && b[e-1] == ']' {
		return false
	}
	for i := 0; i < e; i++ {
		if b[i] == '"' {
			return true
		}
	}
	return false
}

// pgnClosesTag reports whether a line ends a tag value left open by the
// previous line: it ends with `"]`.
func pgnClosesTag[T string | []byte](b T) bool {
	e := pgnTrimmedLen(b)
	return e >= 2 && b[e-1] == ']' && (b[e-2] == '"' || b[e-2] == '\'')
}

// pgnTrimmedLen is the length of b without its trailing blanks (spaces,
// tabs, line ends).
func pgnTrimmedLen[T string | []byte](b T) int {
	e := len(b)
	for e > 0 && (b[e-1] == ' ' || b[e-1] == '\t' || b[e-1] == '\r' || b[e-1] == '\n') {
		e--
	}
	return e
}

func pgnIsLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' }

// pgnLineKindString is pgnLineKind on a decoded line, where ideographic
// spaces and a byte-order mark also count as blanks.
func pgnLineKindString(l string) int {
	for {
		switch {
		case l == "":
			return pgnLineBlank
		case l[0] == ' ' || l[0] == '\t' || l[0] == '\r' || l[0] == '\f' || l[0] == '\v' || pgnControl[l[0]]:
			l = l[1:]
		case strings.HasPrefix(l, "\u3000") || strings.HasPrefix(l, "\ufeff"):
			l = l[3:]
		default:
			return pgnLineKind(l)
		}
	}
}

func pgnIsKeywordLine(l string) bool {
	t := strings.TrimLeft(l, " \t")
	for _, k := range pgnKeywords {
		if strings.HasPrefix(t, k) && len(t) > len(k) && (t[len(k)] == ' ' || t[len(k)] == '\t') {
			return true
		}
	}
	return strings.HasPrefix(t, "START{")
}
