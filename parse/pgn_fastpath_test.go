package parse

import (
	"math/rand/v2"
	"testing"

	"github.com/xqtool/xqtool/notation"
)

// TestFastPathsAgreeWithClassify: the tokenizer's fast paths take some
// words as moves without asking notation.Classify (coordinates of four
// characters, Chinese moves of four characters). Each word they take must
// be exactly what Classify says of it: the same notation, rank 0 use and
// no annotation suffix.
func TestFastPathsAgreeWithClassify(t *testing.T) {
	// Coordinates: every word of a file letter (either case, and the
	// letters next to the files), a digit, a letter, a digit.
	letters := []byte("@ABCDEFGHIJabcdefghij")
	taken := 0
	for _, f1 := range letters {
		for r1 := byte('0'); r1 <= '9'; r1++ {
			for _, f2 := range letters {
				for r2 := byte('0'); r2 <= '9'; r2++ {
					w := string([]byte{f1, r1, f2, r2})
					if !pgnCoord4(w) {
						continue
					}
					taken++
					c := notation.Classify(w)
					if c.Class != notation.ClassCoord || c.Cut != len(w) || c.Rank0 != (r1 == '0' || r2 == '0') {
						t.Fatalf("pgnCoord4(%q) takes it as coordinates; Classify says %+v", w, c)
					}
				}
			}
		}
	}
	if taken == 0 {
		t.Fatal("pgnCoord4 took no word")
	}

	// Chinese: words of four characters from the lexicon (and a few
	// that are not in it), at random.
	var lex []rune
	for r := rune(0x800); r < 0x10000; r++ {
		if notation.RuneOf(r) != 0 {
			lex = append(lex, r)
		}
	}
	lex = append(lex, '的', '局', '红', '。')
	rng := rand.New(rand.NewPCG(13, 4))
	taken = 0
	for range 200000 {
		w := string([]rune{lex[rng.IntN(len(lex))], lex[rng.IntN(len(lex))], lex[rng.IntN(len(lex))], lex[rng.IntN(len(lex))]})
		if len(w) != 12 || !pgnChineseAt(w, 0) {
			continue
		}
		taken++
		if c := notation.Classify(w); c.Class != notation.ClassChinese || c.Cut != len(w) {
			t.Fatalf("pgnChineseAt(%q) takes it as Chinese; Classify says %+v", w, c)
		}
	}
	if taken == 0 {
		t.Fatal("pgnChineseAt took no word")
	}
}
