package analyze

import (
	"math/rand"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestThreatTable checks that threatSeen gives what clsIsThreat gives, on
// a miss and on a hit, from goroutines sharing the table (run with -race),
// for enough (position, move) pairs that some share a slot (answers are
// replaced), whatever order the goroutines ask in.
func TestThreatTable(t *testing.T) {
	type pair struct {
		k    uint64
		pos  board.Position
		m    board.Move
		want bool
	}
	rng := rand.New(rand.NewSource(7))
	var pairs []pair
	slots := map[uint64]uint64{} // slot → a key that goes there
	shared := 0                  // pairs whose slot holds another key too
	threats := 0
	for len(pairs) < 6000 {
		pos := board.StartPosition()
		for _, m := range randomGame(rng, 200) {
			k := pos.Key() ^ uint64(m)*0x9E3779B97F4A7C15 // as threatAt keys it
			want := clsIsThreat(&pos, m)
			if want {
				threats++
			}
			pairs = append(pairs, pair{k, pos, m, want})
			if k0, ok := slots[k>>(64-15)]; !ok {
				slots[k>>(64-15)] = k
			} else if k0 != k {
				shared++
			}
			pos.MakeMove(m)
		}
	}
	if shared == 0 {
		t.Fatalf("%d pairs, no two keys in one slot: no replacement tested", len(pairs))
	}
	if threats == 0 {
		t.Fatalf("%d pairs, none a threat: the table's positive answer is not tested", len(pairs))
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 2 {
				for i := range pairs {
					p := &pairs[(i+g*997)%len(pairs)]
					pos := p.pos
					if got := threatSeen(p.k, &pos, p.m); got != p.want {
						t.Errorf("round %d, %s %v: threatSeen %v, the search %v", round, p.pos.FEN(), p.m, got, p.want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("%d pairs in %d slots (%d sharing one), %d threats", len(pairs), len(slots), shared, threats)
}
