package dedupe

import (
	"fmt"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestCollectionCopies: a collection copied whole, twice, with more
// games than the cache of first games holds (so that slots are taken
// over) and records far apart in the temporary file (gaps the forward
// reader skips), one line longer than the cache keeps: every game of a
// copy is an exact copy of its first appearance, and the name pairs of
// the copies are found.
func TestCollectionCopies(t *testing.T) {
	defer func(b int) { repCacheBytes = b }(repCacheBytes)
	repCacheBytes = 64 << 10
	n := 2*repCacheBytes/headBytes(&head{moves: make([]board.Move, 50)}) + 7
	lines := make([]Game, n)
	for j := range lines {
		lines[j] = g(fmt.Sprint("first/", j), line(uint64(j)+100, 30+j%40))
	}
	lines[5] = g("first/long", line(99, repCacheMoves+10))
	var games []Game
	for c := range 3 {
		for j := range lines {
			gm := lines[j]
			gm.Source = fmt.Sprint(c, "/", j)
			gm.Tags[4] = "胡荣华"
			if c > 0 && j%3 == 0 {
				gm.Tags[4] = "胡榮華" // written in the other script
			}
			games = append(games, gm)
		}
	}
	same := func(x, y string) bool { return x == "胡榮華" && y == "胡荣华" }
	got := run(t, Options{SameName: same}, games...)
	for c := range 3 {
		for j := range n {
			v := got[c*n+j]
			want := Kind(Exact)
			if c == 0 {
				want = None
			}
			if v.Kind != want || v.Kept != j {
				t.Fatalf("copy %d of game %d: %v of %d, want %v of %d", c, j, v.Kind, v.Kept, want, j)
			}
			pairs := 0
			if c > 0 && j%3 == 0 {
				pairs = 1
			}
			if len(v.NamePairs) != pairs {
				t.Fatalf("copy %d of game %d: name pairs %v", c, j, v.NamePairs)
			}
		}
	}
}
