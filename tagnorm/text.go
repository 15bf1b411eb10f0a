// Package tagnorm normalizes the text of record tags so that the same
// player, event or date written by different sources compares equal:
// names in traditional and simplified characters (胡榮華, 胡荣华),
// full-width and ASCII letters, decorative punctuation and spacing, and
// the many ways a date is typed (1976年, 1985.??.??, 76年3月, １９９０年).
//
// It is what games.parquet's red_norm, black_norm, event_norm,
// date_parsed and date_precision columns hold, and what the duplicate
// report uses to show name pairs that differ only in script. The
// original tag values are never changed.
package tagnorm

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/longbridgeapp/opencc"
	"golang.org/x/text/width"
)

// Text returns the normalized form of a name or event: traditional
// characters converted to simplified (OpenCC's t2s tables, phrases
// first), full-width ASCII folded to ASCII and ASCII letters lowered,
// white space and punctuation or symbols removed (·, 「」, 《》, (), -,
// quotes …; the text inside brackets stays). Letters, digits and marks
// are kept in order. Text of only removed characters gives "".
//
// Text is safe for concurrent use. Converted values are cached (a bounded
// cache: memory does not grow with the corpus).
func Text(s string) string {
	if s == "" {
		return ""
	}
	if isPlainASCII(s) {
		return foldASCII(s)
	}
	if v, ok := cache.get(s); ok {
		return v
	}
	v := foldASCII(strip(toSimplified(width.Fold.String(s))))
	cache.put(s, v)
	return v
}

// ScriptSplit reports whether a and b differ as written but are equal
// after Text: the same name typed in another script or style.
func ScriptSplit(a, b string) bool { return a != b && Text(a) != "" && Text(a) == Text(b) }

// isPlainASCII reports whether s is ASCII: no conversion to make.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldASCII lowers ASCII letters and drops white space, punctuation and
// symbols of an ASCII-only or already converted string.
func foldASCII(s string) string {
	keep := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf && (c >= 'A' && c <= 'Z' || !isASCIIAlnum(c)) {
			keep = false
			break
		}
	}
	if keep {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			b = append(b, c)
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case isASCIIAlnum(c):
			b = append(b, c)
		}
	}
	return string(b)
}

func isASCIIAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// strip drops every rune that is white space, punctuation, a symbol or a
// control or format character.
func strip(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) ||
			unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
}

var (
	t2sOnce sync.Once
	t2s     *opencc.OpenCC
	t2sErr  error
)

// toSimplified converts traditional characters to simplified ones with
// OpenCC's t2s conversion (loaded on first use, ~10 ms).
//
// OpenCC's conversion costs ~20 µs a call (it builds a map of every
// dictionary match at every character), and most names and events are
// written in simplified characters already: a string none of whose
// characters begins a key of a t2s dictionary is returned as it is.
// That is exactly what Convert returns: it replaces only text that
// matches a key where the key begins, and gives every other character
// back as it was (for valid UTF-8; Convert turns invalid bytes into
// U+FFFD, so such strings still go through it).
func toSimplified(s string) string {
	t2sOnce.Do(func() { t2s, t2sErr = opencc.New("t2s") })
	if t2sErr != nil {
		return s // the tables are embedded: not seen to fail
	}
	if utf8.ValidString(s) && !t2sTouches(s) {
		return s
	}
	out, err := t2s.Convert(s)
	if err != nil {
		return s
	}
	return out
}

// t2sTouches reports whether a character of s begins a key of one of the
// t2s dictionaries (a path for its UTF-8 bytes leaves the root of the
// dictionary's trie).
func t2sTouches(s string) bool {
	var b [utf8.UTFMax]byte
	for _, r := range s {
		n := utf8.EncodeRune(b[:], r)
		for _, g := range t2s.DictChains {
			for _, d := range g.Dicts {
				if d.Trie == nil {
					return true
				}
				if _, err := d.Trie.Jump(b[:n], 0); err == nil {
					return true
				}
			}
		}
	}
	return false
}

// cache holds converted values: names and events repeat across a
// database, and OpenCC's conversion costs ~20 µs a call. It is bounded:
// when full it starts again empty.
var cache = &textCache{m: make(map[string]string)}

const cacheMax = 1 << 14

type textCache struct {
	mu sync.Mutex
	m  map[string]string
}

func (c *textCache) get(k string) (string, bool) {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	return v, ok
}

func (c *textCache) put(k, v string) {
	c.mu.Lock()
	if len(c.m) >= cacheMax {
		clear(c.m)
	}
	c.m[k] = v
	c.mu.Unlock()
}

// HasHan reports whether s has a Han (Chinese) character.
func HasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}
