package parse

import (
	"math/rand"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"
)

// TestBinDecodeUTF16MatchesXText checks the direct UTF-16LE decoder
// against golang.org/x/text on random code units biased towards the hard
// cases: surrogates (paired, lone, reversed), NUL, U+FFFD, odd lengths.
func TestBinDecodeUTF16MatchesXText(t *testing.T) {
	units := []uint16{0, 'a', 0x7f, 0x80, 0x4e2d, 0xfffd, 0xfeff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var p []byte
		for j := rng.Intn(12); j > 0; j-- {
			u := units[rng.Intn(len(units))]
			if rng.Intn(4) == 0 {
				u = uint16(rng.Intn(1 << 16))
			}
			p = append(p, byte(u), byte(u>>8))
		}
		if rng.Intn(4) == 0 {
			p = append(p, byte(rng.Intn(256)))
		}
		got, gotRepl := binDecodeUTF16(p)
		want, wantRepl := xtextDecodeUTF16(p)
		if got != want || gotRepl != wantRepl {
			t.Fatalf("% x: got %q %v, x/text %q %v", p, got, gotRepl, want, wantRepl)
		}
	}
}

// xtextDecodeUTF16 is the reference: binDecodeUTF16 as it was written with
// golang.org/x/text.
func xtextDecodeUTF16(p []byte) (string, bool) {
	n := len(p) &^ 1
	for i := 0; i+1 < len(p); i += 2 {
		if p[i] == 0 && p[i+1] == 0 {
			n = i
			break
		}
	}
	odd := n < len(p) && n == len(p)&^1 && len(p)%2 == 1
	out, err := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewDecoder().Bytes(p[:n])
	if err != nil {
		return "", true
	}
	s := string(out)
	return s, odd || strings.ContainsRune(s, '\uFFFD')
}
