package notation

import (
	"testing"
	"unicode/utf8"
)

// TestSymbolOf checks that the table gives what classify gives, for every
// code point (and for the replacement character of invalid UTF-8).
func TestSymbolOf(t *testing.T) {
	known := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		c, v := classify(r)
		gc, gv := symbolOf(r)
		if gc != c || gv != v {
			t.Fatalf("symbolOf(%U) = %d, %d; classify gives %d, %d", r, gc, gv, c, v)
		}
		if c != clNone {
			known++
		}
	}
	if known == 0 || known > symbolSlots/2 {
		t.Fatalf("%d characters known, table of %d slots", known, symbolSlots)
	}
	t.Logf("%d characters in %d slots", known, symbolSlots)
}

// FuzzDecodeRune checks that DecodeRune reads a string as range over it
// does (ParseChinese relies on it), valid UTF-8 or not.
func FuzzDecodeRune(f *testing.F) {
	for _, s := range []string{"炮二平五", "車１進１", "\xe7\x82", "\xed\xa0\x80", "\xe0\x80\x80x", "h2e2", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i := 0
		for j, want := range s {
			if j != i {
				t.Fatalf("%q: range at byte %d, DecodeRune at %d", s, j, i)
			}
			r, n := DecodeRune(s[i:])
			if r != want {
				t.Fatalf("%q at %d: DecodeRune = %U, range gives %U", s, i, r, want)
			}
			i += n
		}
		if i != len(s) {
			t.Fatalf("%q: DecodeRune stopped at %d of %d", s, i, len(s))
		}
	})
}
