// The tag section: PGN tag pairs and the WXF keyword lines.

package parse

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// tagLine parses the tag pairs of one header line.
func (g *pgnGame) tagLine(l string, line int) {
	lineOff := g.lineOff(line)
	col := func(i int) Pos {
		return Pos{Offset: lineOff + int64(i), Line: line, Column: 1 + utf8.RuneCountInString(l[:i])}
	}
	i := 0
	for {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r' || pgnControl[l[i]]) {
			if pgnControl[l[i]] {
				g.problem(col(i), "", fmt.Errorf("%w: control byte %#02x before a tag dropped", ErrSyntax, l[i]))
			}
			i++
		}
		if i >= len(l) {
			return
		}
		if l[i] != '[' {
			// A tag that lost its opening bracket, or junk after tags.
			j := i
			for j < len(l) && (pgnIsLetter(l[j]) || l[j] >= '0' && l[j] <= '9') {
				j++
			}
			if j > i && j < len(l) && (l[j] == ' ' || l[j] == '\t') {
				g.problem(col(i), strings.TrimSpace(l[i:]), fmt.Errorf("%w: tag without '['", ErrSyntax))
				i = g.tagBody(l, i, col)
				continue
			}
			g.problem(col(i), strings.TrimSpace(l[i:]), fmt.Errorf("%w: junk in tag section", ErrSyntax))
			return
		}
		i = g.tagBody(l, i+1, col)
	}
}

// tagBody parses `Name "value"]` starting at l[i] and returns the index
// after it.
func (g *pgnGame) tagBody(l string, i int, col func(int) Pos) int {
	start := i - 1
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	ns := i
	for i < len(l) && (pgnIsLetter(l[i]) || l[i] >= '0' && l[i] <= '9' || l[i] == '-') {
		i++
	}
	name := l[ns:i]
	if name == "" {
		g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):]), fmt.Errorf("%w: tag without a name", ErrSyntax))
		return len(l)
	}
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	var value string
	if i < len(l) && (l[i] == '"' || l[i] == '\'') {
		q := l[i]
		vs := i + 1
		// The value ends at the last quote before the ']' that ends the
		// tag: the first quote followed by ']' and then the end of the
		// line or another tag.
		end := -1
		for j := vs; j < len(l); j++ {
			if l[j] != q {
				continue
			}
			k := j + 1
			for k < len(l) && (l[k] == ' ' || l[k] == '\t') {
				k++
			}
			if k < len(l) && l[k] == ']' {
				r := strings.TrimLeft(l[k+1:], " \t\r\n")
				if r == "" || r[0] == '[' {
					end = j
					value = l[vs:j]
					i = k + 1
					break
				}
			}
		}
		if end < 0 {
			// No closing ']': take up to the last quote, or the line.
			if lq := strings.LastIndexByte(l[vs:], q); lq >= 0 {
				value = l[vs : vs+lq]
			} else {
				value = strings.TrimRight(l[vs:], " \t\r]")
			}
			g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):]), fmt.Errorf("%w: unterminated tag", ErrSyntax))
			i = len(l)
		}
	} else {
		// Unquoted value up to ']'.
		e := strings.IndexByte(l[i:], ']')
		if e < 0 {
			value = strings.TrimSpace(l[i:])
			i = len(l)
			g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):]), fmt.Errorf("%w: unterminated tag", ErrSyntax))
		} else {
			value = strings.TrimSpace(l[i : i+e])
			i += e + 1
			g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):i]), fmt.Errorf("%w: tag value not quoted", ErrSyntax))
		}
	}
	g.addTag(name, value)
	return i
}

func (g *pgnGame) addTag(name, value string) {
	g.tags = append(g.tags, Tag{Name: name, Value: value})
	switch {
	case strings.EqualFold(name, "FEN"):
		g.rec.FEN = strings.TrimSpace(value)
	case strings.EqualFold(name, "Result"):
		if g.resultTok == "" {
			g.rec.Result = NormalizeResult(value)
		}
	}
}

// keywordLine handles one line of the WXF keyword dialect. It reports
// whether the line opens the move text (START{).
func (g *pgnGame) keywordLine(l string, line int) bool {
	g.wxfKeyword = true
	t := strings.TrimSpace(l)
	if strings.HasPrefix(t, "START{") {
		return true
	}
	k := t
	v := ""
	if sp := strings.IndexAny(t, " \t"); sp >= 0 {
		k, v = t[:sp], strings.TrimSpace(t[sp+1:])
	}
	field := func(v string) (string, string) {
		parts := strings.Split(v, ";")
		first := strings.TrimSpace(parts[0])
		second := ""
		if len(parts) > 1 {
			second = strings.TrimSpace(parts[1])
		}
		return first, second
	}
	switch k {
	case "FORMAT":
		g.addTag("Format", v)
	case "RED":
		name, _ := field(v)
		g.addTag("Red", name)
	case "BLACK":
		name, _ := field(v)
		g.addTag("Black", name)
	case "RESULT":
		g.addTag("Result", v)
	case "DATE":
		g.addTag("Date", v)
	case "EVENT":
		ev, tc := field(v)
		g.addTag("Event", ev)
		if tc != "" {
			g.addTag("TimeControl", tc)
		}
	case "FEN":
		// "FEN ：…" in the text exports of XQStudio-like programs: the
		// colon, full-width or not, is not part of the FEN.
		g.addTag("FEN", strings.TrimSpace(strings.TrimLeft(v, ":：")))
	default:
		g.problem(Pos{Offset: g.lineOff(line), Line: line, Column: 1}, t, fmt.Errorf("%w: unknown keyword line", ErrSyntax))
	}
	return false
}
