package notation

import (
	"hash/maphash"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestChineseCache checks that the cache gives what parsing gives, on a
// miss and on a hit, from goroutines sharing it (run with -race), for
// enough distinct texts that some share a slot (entries are replaced),
// and that texts that do not parse are refused every time.
func TestChineseCache(t *testing.T) {
	seen := map[string]bool{}
	var texts []string
	var buf [board.MaxMoves]board.Move
	for _, p := range randomPositions(t, 3000) {
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			for _, st := range []ChineseStyle{{}, {Traditional: true}, {ASCIIDigits: true}} {
				if s := FormatChinese(&p, m, st); !seen[s] {
					seen[s] = true
					texts = append(texts, s)
				}
			}
		}
	}
	texts = append(texts, "炮二平", "马八进七七", "", "车一平一x", "炮二平五炮二平五炮二平五炮二平五")
	slots := map[uint64]int{}
	for _, s := range texts {
		slots[maphash.String(chineseCache.seed, s)&uint64(len(chineseCache.slots)-1)]++
	}
	if len(slots) == len(texts) {
		t.Fatalf("%d texts in as many slots: no replacement tested", len(texts))
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 2 {
				for i := range texts {
					s := texts[(i+g*997)%len(texts)]
					got, gerr := chineseVline(s)
					c, err := ParseChinese(s)
					var want vline
					if err == nil {
						want, _ = c.vline()
					}
					if (gerr == nil) != (err == nil) || got != want {
						t.Errorf("round %d, %q: cached %+v, %v; parsed %+v, %v", round, s, got, gerr, want, err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("%d texts", len(texts))
}
