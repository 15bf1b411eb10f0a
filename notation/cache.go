package notation

import (
	"hash/maphash"
	"sync/atomic"
)

// chineseCache remembers the parsed form (vline) of Chinese move texts:
// a corpus uses a few thousand texts millions of times, and parsing one
// (decoding and classifying its characters) costs more than the rest of
// resolving it. It is a direct-mapped table of immutable entries, safe
// for concurrent use: an entry is replaced whole by the last text parsed
// into its slot. Only texts that parse are kept; the table is bounded
// whatever the input.
var chineseCache struct {
	seed  maphash.Seed
	slots [1 << 12]atomic.Pointer[chineseEntry]
}

// chineseEntry holds its text inline: a lookup reads one object, not an
// entry and then the bytes of its string.
type chineseEntry struct {
	v    vline
	n    uint8
	text [chineseTextMax]byte
}

// chineseTextMax bounds the texts kept (a move is four characters, 12
// bytes in UTF-8); longer ones are parsed every time.
const chineseTextMax = 32

func init() { chineseCache.seed = maphash.MakeSeed() }

// chineseVline returns the vline of Chinese move text, as ParseChinese
// and Chinese.vline give it.
func chineseVline(text string) (vline, error) {
	slot := &chineseCache.slots[maphash.String(chineseCache.seed, text)&(uint64(len(chineseCache.slots))-1)]
	if e := slot.Load(); e != nil && int(e.n) == len(text) && string(e.text[:e.n]) == text {
		return e.v, nil
	}
	c, err := ParseChinese(text)
	if err != nil {
		return vline{}, err
	}
	v, _ := c.vline()
	if len(text) <= chineseTextMax {
		e := &chineseEntry{v: v, n: uint8(len(text))}
		copy(e.text[:], text)
		slot.Store(e)
	}
	return v, nil
}
