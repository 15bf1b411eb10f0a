package notation

import (
	"testing"
	"unicode/utf8"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		w    string
		want Word
	}{
		{"炮二平五", Word{Class: ClassChinese, Cut: 12}},
		{"马二上三", Word{Class: ClassChinese, Cut: 12}},
		{"马8下7!?", Word{Class: ClassChinese, Cut: 8}},
		{"前兵九平八", Word{Class: ClassChinese, Cut: 15}},
		{"炮二平", Word{}},
		{"炮二五平", Word{}},
		{"h2e2", Word{Class: ClassCoord, Cut: 4}},
		{"H2-E2+", Word{Class: ClassCoord, Cut: 5}},
		{"h0g2", Word{Class: ClassCoord, Rank0: true, Cut: 4}},
		{"i10h10", Word{Class: ClassCoord, Rank10: true, Cut: 6}},
		{"h2h2", Word{Class: ClassSAN, Cut: 4}}, // not coordinates: the squares are one; SAN by shape
		{"C2.5", Word{Class: ClassWXF, Cut: 4}},
		{"Ｃ２＝５", Word{Class: ClassWXF, Cut: 12}},
		{"G5+1", Word{Class: ClassWXF, Cut: 4}},
		{"+C-2?", Word{Class: ClassWXF, Cut: 4}},
		{"C25", Word{Class: ClassWXF, Cut: 3}},
		{"c25+", Word{Class: ClassWXF, Cut: 3}},
		{"C2", Word{}},
		{"Cbe2", Word{Class: ClassSAN, Cut: 4}},
		{"Hg7#", Word{Class: ClassSAN, Cut: 3}},
		{"c4", Word{Class: ClassSAN, Cut: 2}},
		{"Gg7", Word{}}, // G names two kinds: not SAN
		{"好棋", Word{}},
		{"", Word{}},
	}
	for _, tt := range tests {
		if got := Classify(tt.w); got != tt.want {
			t.Errorf("Classify(%q) = %+v, want %+v", tt.w, got, tt.want)
		}
	}
}

// TestRuneOf checks RuneOf against classify, the one list of the
// characters of Chinese notation, and Written against FormatChinese's
// alphabets.
func TestRuneOf(t *testing.T) {
	for r := range rune(0x10000) {
		c, _ := classify(r)
		if (c == clNone) != (RuneOf(r) == 0) {
			t.Errorf("%q: RuneOf %d, classify %d", r, RuneOf(r), c)
		}
		if Written(r) && RuneOf(r) == 0 {
			t.Errorf("%q: written but not read", r)
		}
	}
	for _, r := range "上下叄包伍" {
		if RuneOf(r) == 0 || Written(r) {
			t.Errorf("%q: RuneOf %d, Written %v", r, RuneOf(r), Written(r))
		}
	}
	for _, r := range "炮砲进進后後五５5" {
		if !Written(r) {
			t.Errorf("%q not written", r)
		}
	}
}

func FuzzClassify(f *testing.F) {
	for _, s := range []string{"炮二平五", "马二上三!", "h2e2", "i10h10", "C2.5", "C25", "+C-2", "Ｃ２＝５", "Cbe2", "好", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		c := Classify(w)
		if c.Cut < 0 || c.Cut > len(w) || (c.Class == 0) != (c.Cut == 0) {
			t.Fatalf("Classify(%q) = %+v", w, c)
		}
		if utf8.ValidString(w) && !utf8.ValidString(w[:c.Cut]) {
			t.Fatalf("Classify(%q) cuts inside a rune: %+v", w, c)
		}
	})
}
