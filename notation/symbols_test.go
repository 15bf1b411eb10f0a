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
