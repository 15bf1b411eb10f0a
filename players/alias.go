package players

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Errors of an alias file (wrapped in a *ParseError).
var (
	// ErrText: a field is not valid UTF-8 or holds a control character.
	ErrText = errors.New("invalid text")
	// ErrEmptyKey: a name has no letter left once titles, brackets and
	// punctuation are removed.
	ErrEmptyKey = errors.New("name with no letters")
	// ErrLineTooLong: a line over MaxLineBytes.
	ErrLineTooLong = errors.New("line too long")
)

// MaxLineBytes bounds a line of an alias file.
const MaxLineBytes = 1 << 16

// ParseError is an error of an alias file at a line (1-based) and field
// (1-based; 0 when the whole line is at fault).
type ParseError struct {
	Line, Field int
	Name        string // the name at fault, if any
	Err         error
}

func (e *ParseError) Error() string {
	msg := fmt.Sprintf("alias file: line %d", e.Line)
	if e.Field > 0 {
		msg += fmt.Sprintf(", field %d", e.Field)
	}
	msg += ": " + e.Err.Error()
	if e.Name != "" {
		msg += fmt.Sprintf(" (%q)", e.Name)
	}
	return msg
}

func (e *ParseError) Unwrap() error { return e.Err }

// Aliases is a reviewed alias file: for each player, the canonical name
// and the other names the same person is written as. It is the format of
// Scid's spelling file reduced to a TSV:
//
//	# comment
//	胡荣华	Hu Ronghua	HU Rong-hua	胡榮華(上海)
//	许银川	Xu Yinchuan
//
// One line per player: the canonical name, then its aliases, separated
// by tabs. Blank lines and lines starting with # are skipped; a field
// starting with # ends the line (xqtool players --suggest writes its
// evidence there). Names are matched by key (Parse: brackets, titles,
// script and width removed; romanized names by their folded words), so
// one alias covers its spellings that differ only in those. A line with
// only a canonical name declares the player (its key gets that name).
// Lines that share a name are one player, named by the first of them
// (xqtool players --suggest writes one line per pair: 杨官璘 杨官麟 and
// 杨官璘 YANG GuanLin make one player of three names).
//
// Aliases are applied exactly: a game's name whose key is listed is the
// player of its lines, whatever the automatic rules would say; lines that
// share no name are different players.
type Aliases struct {
	lines  []AliasLine
	byKey  map[string]int // key → index in lines of a line listing it
	parent []int          // union of lines sharing a name: the lowest index is the root
}

// AliasLine is one player of an alias file.
type AliasLine struct {
	Line      int
	Canonical string
	Aliases   []string
}

// Lines returns the players of the file, in file order.
func (a *Aliases) Lines() []AliasLine {
	if a == nil {
		return nil
	}
	return a.lines
}

// Canonical returns the canonical name of the player of a name: the
// first canonical name of the lines joined with a line listing it (by
// key), false when no line lists it.
func (a *Aliases) Canonical(name string) (string, bool) {
	l, ok := a.lookup(aliasKey(name))
	return l.Canonical, ok
}

// lookup returns the first line of the player whose names have key k.
func (a *Aliases) lookup(k string) (AliasLine, bool) {
	if a == nil {
		return AliasLine{}, false
	}
	i, ok := a.byKey[k]
	if !ok {
		return AliasLine{}, false
	}
	return a.lines[a.find(i)], true
}

func (a *Aliases) find(i int) int {
	for a.parent[i] != i {
		a.parent[i] = a.parent[a.parent[i]]
		i = a.parent[i]
	}
	return i
}

func (a *Aliases) union(i, j int) {
	i, j = a.find(i), a.find(j)
	if i > j {
		i, j = j, i
	}
	a.parent[j] = i
}

// aliasKey is the key an alias file matches a name by.
func aliasKey(name string) string { return Parse(name).Key }

// ReadAliases reads an alias file. It returns the first error, a
// *ParseError.
func ReadAliases(r io.Reader) (*Aliases, error) {
	a := &Aliases{byKey: map[string]int{}}
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		text, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if len(text) > MaxLineBytes {
			return nil, &ParseError{Line: line, Err: ErrLineTooLong}
		}
		if text == "" && err == io.EOF {
			return a, nil
		}
		text = strings.TrimSuffix(strings.TrimSuffix(text, "\n"), "\r")
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if strings.HasPrefix(strings.TrimSpace(text), "#") || strings.TrimSpace(text) == "" {
			if err == io.EOF {
				return a, nil
			}
			continue
		}
		var names []string
		onLine := map[string]bool{}
		idx := len(a.lines)
		for i, f := range strings.Split(text, "\t") {
			f = strings.TrimFunc(f, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
			if strings.HasPrefix(f, "#") {
				break
			}
			if f == "" {
				continue
			}
			if !validText(f) {
				return nil, &ParseError{Line: line, Field: i + 1, Name: f, Err: ErrText}
			}
			k := aliasKey(f)
			if k == "" {
				return nil, &ParseError{Line: line, Field: i + 1, Name: f, Err: ErrEmptyKey}
			}
			if len(names) == 0 {
				a.parent = append(a.parent, idx)
			}
			if j, ok := a.byKey[k]; ok && !onLine[k] {
				a.union(j, idx)
			} else if !ok {
				a.byKey[k] = idx
			}
			onLine[k] = true
			names = append(names, f)
		}
		if len(names) > 0 {
			a.lines = append(a.lines, AliasLine{Line: line, Canonical: names[0], Aliases: names[1:]})
		}
		if err == io.EOF {
			return a, nil
		}
	}
}

func validText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}
