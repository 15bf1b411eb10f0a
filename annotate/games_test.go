package annotate

import (
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestGameStore reads back the games of the openings as added, in order
// and out of order, with their keys and tags.
func TestGameStore(t *testing.T) {
	games := openingGames(t)
	if len(games) < 2 {
		t.Fatalf("%d games", len(games))
	}
	s := gameStore{dir: t.TempDir()}
	defer s.close()
	var keys [][]uint64
	for i, g := range games {
		ps, err := g.positions()
		if err != nil {
			t.Fatal(err)
		}
		ks := make([]uint64, len(ps))
		for j := range ps {
			ks[j] = ps[j].Key()
		}
		keys = append(keys, ks)
		if err := s.add(&g, ks, i%2 == 1, 1000+i); err != nil {
			t.Fatal(err)
		}
	}
	order := make([]int, len(games))
	for i := range order {
		order[i] = i
	}
	// In order, then backwards (each read seeks), then in order again.
	rev := slices.Clone(order)
	slices.Reverse(rev)
	for _, o := range [][]int{order, rev, order} {
		for _, i := range o {
			var ge gameEntry
			if err := s.get(i, &ge); err != nil {
				t.Fatal(err)
			}
			g := games[i]
			if ge.g.ID != g.ID || ge.g.Result != g.Result || ge.side != g.Start.Side() || ge.cut != (i%2 == 1) || ge.tag != 1000+i ||
				!slices.Equal(ge.g.Moves, g.Moves) || !slices.Equal(ge.keys, keys[i]) {
				t.Fatalf("game %d read back as %+v", i, ge)
			}
		}
	}
	if err := s.get(len(games), &gameEntry{}); err == nil {
		t.Error("a game past the end read back")
	}
}

// FuzzDecodeGame checks that a record of the games' file, however
// damaged, decodes or fails without a panic, and that what decodes has
// one key more than moves.
func FuzzDecodeGame(f *testing.F) {
	g := Game{ID: "g1", Start: board.StartPosition(), Result: "1-0", Moves: []board.Move{board.Move(1), board.Move(2)}}
	rec := encodeForFuzz(&g, []uint64{1, 2, 3})
	f.Add(rec)
	f.Add(rec[:len(rec)-1])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, rec []byte) {
		var ge gameEntry
		if err := decodeGame(rec, &ge); err == nil && len(ge.keys) != len(ge.g.Moves)+1 {
			t.Fatalf("%d keys for %d moves", len(ge.keys), len(ge.g.Moves))
		}
	})
}

// encodeForFuzz returns the record gameStore.add writes for g.
func encodeForFuzz(g *Game, keys []uint64) []byte {
	s := gameStore{}
	return s.encode(g, keys, false, 7)
}
