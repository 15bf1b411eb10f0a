package notation

// symbolSlots is the size of symbols: a power of two, several times the
// number of characters classify knows, so that most lookups probe one
// slot.
const symbolSlots = 512

// symbol is a character of Chinese move text with its class and value as
// classify gives them.
type symbol struct {
	r   rune
	cls uint8
	val int8
}

// symbols holds every character classify knows, open-addressed by
// symbolHash (rune 0, which classify does not know, marks a free slot).
// Its 4 KB stay in the processor's cache while a corpus is read, where
// classify's switch costs a chain of comparisons per character and a table
// of every character (runeClasses) is too big to stay there.
var symbols = func() *[symbolSlots]symbol {
	t := new([symbolSlots]symbol)
	for r := range rune(0x10000) {
		c, v := classify(r)
		if c == clNone {
			continue
		}
		i := symbolHash(r)
		for t[i].r != 0 {
			i = (i + 1) % symbolSlots
		}
		t[i] = symbol{r, c, v}
	}
	return t
}()

func symbolHash(r rune) uint32 { return uint32(r) * 0x9E3779B1 >> 23 % symbolSlots }

// symbolOf returns classify(r), from symbols.
func symbolOf(r rune) (uint8, int8) {
	if r == 0 {
		return clNone, 0
	}
	for i := symbolHash(r); ; i = (i + 1) % symbolSlots {
		s := &symbols[i]
		if s.r == r {
			return s.cls, s.val
		}
		if s.r == 0 {
			return clNone, 0
		}
	}
}
