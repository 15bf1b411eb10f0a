package notation

import (
	"hash/maphash"
	"strings"
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

type chineseEntry struct {
	text string
	v    vline
}

func init() { chineseCache.seed = maphash.MakeSeed() }

// chineseVline returns the vline of Chinese move text, as ParseChinese
// and Chinese.vline give it.
func chineseVline(text string) (vline, error) {
	slot := &chineseCache.slots[maphash.String(chineseCache.seed, text)&(uint64(len(chineseCache.slots))-1)]
	if e := slot.Load(); e != nil && e.text == text {
		return e.v, nil
	}
	c, err := ParseChinese(text)
	if err != nil {
		return vline{}, err
	}
	v, _ := c.vline()
	// A copy of the text: it may be a piece of a whole file's buffer.
	slot.Store(&chineseEntry{text: strings.Clone(text), v: v})
	return v, nil
}
