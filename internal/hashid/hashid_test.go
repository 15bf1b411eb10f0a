package hashid

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
)

// The first outputs of splitmix64 seeded with 0 are published with the
// generator (Vigna's reference implementation's test vector).
func TestSequenceReference(t *testing.T) {
	next := Sequence(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := next(); got != want {
			t.Errorf("value %d = %#x, want %#x", i, got, want)
		}
	}
}

func TestMixIsBijectiveOnSample(t *testing.T) {
	seen := map[uint64]uint64{}
	for x := uint64(0); x < 1<<16; x++ {
		y := Mix(x * Golden)
		if prev, ok := seen[y]; ok {
			t.Fatalf("Mix(%d) = Mix(%d)", x, prev)
		}
		seen[y] = x
	}
}

func TestHex16(t *testing.T) {
	for _, s := range []string{"", "xqtool-player:王天一", "event\x002004"} {
		sum := sha256.Sum256([]byte(s))
		want := hex.EncodeToString(sum[:])[:16]
		if got := Hex16(s); got != want || len(got) != 16 {
			t.Errorf("Hex16(%q) = %q, want %q", s, got, want)
		}
	}
}

func ExampleHex16() {
	fmt.Println(Hex16("abc"))
	// Output: ba7816bf8f01cfea
}
