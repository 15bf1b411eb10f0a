// Where a tag section ends and the next game's begins when no move text
// separates them: `cat *.pgn > all.pgn` over files of which one holds tags
// only (an empty opening diagram) must not merge two games.

package parse

import "bytes"

// pgnTagRun follows the tag section of the game being collected: the
// names of its tags (as hashes, so that no line allocates) and whether a
// blank line followed them.
type pgnTagRun struct {
	names []uint64
	blank bool // a blank line came after the last tag line
}

func (r *pgnTagRun) reset() {
	r.names = r.names[:0]
	r.blank = false
}

// pgnTagNameHash returns the hash of the tag name of a header line (its
// keyword for a WXF keyword line), and whether the name is Game or Event.
func pgnTagNameHash(line []byte) (h uint64, gameOrEvent bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i < len(line) && line[i] == '[' {
		i++
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
	}
	start := i
	h = 14695981039346656037
	for i < len(line) && (pgnIsLetter(line[i]) || i > start && line[i] >= '0' && line[i] <= '9') {
		c := line[i] | 0x20 // tag names compare without case
		h = (h ^ uint64(c)) * 1099511628211
		i++
	}
	name := line[start:i]
	return h, len(name) == 4 && (name[0]|0x20) == 'g' && (name[1]|0x20) == 'a' && (name[2]|0x20) == 'm' && (name[3]|0x20) == 'e' ||
		len(name) == 5 && (name[0]|0x20) == 'e' && (name[1]|0x20) == 'v' && (name[2]|0x20) == 'e' && (name[3]|0x20) == 'n' && (name[4]|0x20) == 't'
}

// header takes a header line of the tag section and reports whether it
// starts a new game instead: when it repeats the section's first tag name
// after other tags (the same layout starts again; a tag written twice in
// a row is one game's), or, after a blank line, when it repeats any of its
// names or is a Game or Event tag.
func (r *pgnTagRun) header(line []byte) (newGame bool) {
	h, gameOrEvent := pgnTagNameHash(line)
	if len(r.names) > 0 {
		if h == r.names[0] && r.names[len(r.names)-1] != h {
			return true
		}
		if r.blank {
			if gameOrEvent {
				return true
			}
			for _, n := range r.names {
				if n == h {
					return true
				}
			}
		}
	}
	r.names = append(r.names, h)
	r.blank = false
	return false
}

// blankLine notes a blank line.
func (r *pgnTagRun) blankLine() {
	if len(r.names) > 0 {
		r.blank = true
	}
}

// pgnGluedTag finds where a game glued to the end of a line starts: `cat`
// of a file whose last line has no newline puts the next file's first tag
// on that line ("99. 马七进五  1-0[Game \"Chinese Chess\"]"). It returns
// the index of the '[' of a whole tag pair [Name "value"] that ends the
// line, after move text that ends in a result token, or that is a Game or
// Event tag; else -1.
func pgnGluedTag(line []byte) int {
	// Every line is asked: most hold no '[' after their first byte, which
	// IndexByte (assembly) tells fastest.
	if len(line) < 2 || bytes.IndexByte(line[1:], '[') < 0 {
		return -1
	}
	i := bytes.LastIndexByte(line, '[')
	// The first '[' of the tag that ends the line.
	for {
		j := bytes.LastIndexByte(line[:i], '[')
		if j < 0 || bytes.IndexByte(line[j:i], '"') >= 0 {
			break
		}
		i = j
	}
	prefix := bytes.TrimRightFunc(line[:i], func(r rune) bool { return r == ' ' || r == '\t' || r < 0x80 && pgnControl[r] })
	rest := bytes.TrimRight(line[i:], " \t\r\n")
	if len(prefix) == 0 || len(rest) < 5 || rest[len(rest)-1] != ']' || rest[len(rest)-2] != '"' ||
		pgnLineKind(rest) != pgnLineHeader || !detectTagLine(rest) {
		return -1
	}
	if _, gameOrEvent := pgnTagNameHash(rest); gameOrEvent {
		return i
	}
	for _, r := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
		if bytes.HasSuffix(prefix, []byte(r)) {
			return i
		}
	}
	return -1
}
