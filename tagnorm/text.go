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

	"github.com/liuzl/cedar-go"
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
// written in simplified characters already: a string in which no key of
// a t2s dictionary occurs is returned as it is (t2sTouches).
// That is exactly what Convert returns: it replaces only text that
// matches a key where the key begins, and gives every other character
// back as it was (for valid UTF-8; Convert turns invalid bytes into
// U+FFFD, so such strings still go through it).
func toSimplified(s string) string {
	t2sOnce.Do(func() { t2s, t2sErr = opencc.New("t2s") })
	if t2sErr != nil {
		return s // the tables are embedded: not seen to fail
	}
	if utf8.ValidString(s) {
		if !t2sTouches(s) {
			return s
		}
		return convert(s)
	}
	return convertOpenCC(s)
}

// convertOpenCC returns t2s.Convert of s, s if it fails.
func convertOpenCC(s string) string {
	out, err := t2s.Convert(s)
	if err != nil {
		return s
	}
	return out
}

// t2sTouches reports whether a key of one of the t2s dictionaries occurs
// in s, starting at one of its characters: OpenCC's Convert replaces only
// such keys (its segmentation examines fewer places, and keys of at most
// 10 characters), so when none occurs it gives s back. Most names and
// events have characters that begin some phrase's key without holding a
// whole key; a whole key is what this looks for, without allocating
// (Convert allocates a map per character and dictionary).
func t2sTouches(s string) bool {
	var buf [64]byte
	b := append(buf[:0], s...)
	for i := 0; i < len(b); {
		for _, g := range t2s.DictChains {
			for _, d := range g.Dicts {
				if d.Trie == nil || keyAt(d.Trie, b[i:]) {
					return true
				}
			}
		}
		_, n := utf8.DecodeRune(b[i:])
		i += n
	}
	return false
}

// convertWindow is the number of characters from each place within which
// OpenCC's Convert looks for keys.
const convertWindow = 10

// convert returns what t2s.Convert returns for s, valid UTF-8, without
// its allocations (a map per character and dictionary, a string per
// token). For each dictionary group in turn, it goes through the text:
// at each place the first dictionary of the group with a key within the
// next convertWindow characters gives its longest such key's first value,
// and the place moves past the key; else the character stays and the
// place moves past it.
func convert(s string) string {
	in := []byte(s)
	for _, g := range t2s.DictChains {
		for _, d := range g.Dicts {
			if d.Trie == nil {
				return s // Convert fails (not seen: the tables are embedded)
			}
		}
	}
	var out []byte
	for _, g := range t2s.DictChains {
		out = out[:0]
		for i := 0; i < len(in); {
			end, n := i, 0
			for end < len(in) && n < convertWindow {
				_, w := utf8.DecodeRune(in[end:])
				end += w
				n++
			}
			matched := false
			for _, d := range g.Dicts {
				l, v, ok := longestKey(d.Trie, in[i:end])
				if !ok {
					return convertOpenCC(s)
				}
				if l > 0 {
					if v >= len(d.Values) || len(d.Values[v]) == 0 {
						return convertOpenCC(s) // not in the embedded tables
					}
					out = append(out, d.Values[v][0]...)
					i += l
					matched = true
					break
				}
			}
			if !matched {
				_, w := utf8.DecodeRune(in[i:])
				out = append(out, in[i:i+w]...)
				i += w
			}
		}
		in, out = out, in
	}
	return string(in)
}

// longestKey returns the length in bytes and the value of the longest key
// of trie that is a prefix of b, 0 if none is (as cedar's PrefixMatch
// finds them). ok is false when the key cedar gives back for a node
// reached (Cedar.Key, what Convert takes) is not the path to it, as for
// some control characters: only Convert itself then says what it gives.
func longestKey(trie *cedar.Cedar, b []byte) (n, value int, ok bool) {
	from := 0
	for j := range b {
		to, err := trie.Jump(b[j:j+1], from)
		if err != nil {
			break
		}
		if v, err := trie.Value(to); err == nil {
			if k, err := trie.Key(to); err != nil || string(k) != string(b[:j+1]) {
				return 0, 0, false
			}
			n, value = j+1, v
		}
		from = to
	}
	return n, value, true
}

// keyAt reports whether a key of trie is a prefix of b, walking it byte
// by byte as cedar's PrefixMatch does.
func keyAt(trie *cedar.Cedar, b []byte) bool {
	from := 0
	for j := range b {
		to, err := trie.Jump(b[j:j+1], from)
		if err != nil {
			return false
		}
		if _, err := trie.Value(to); err == nil {
			return true
		}
		from = to
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
