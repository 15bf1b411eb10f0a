package pipeline

import "testing"

// TestGameID: the id is part of the dataset contract (it must never
// change), and the games of one file never share one.
func TestGameID(t *testing.T) {
	if got := GameID("/data/games.pgn", 0); got != "8ac8b357e206d542" {
		t.Errorf("GameID(/data/games.pgn, 0) = %s; the documented id changed", got)
	}
	if GameID("a", 1) == GameID("a", 2) || GameID("a1", 0) == GameID("a", 10) || GameID("/x/a.pgn", 0) == GameID("/y/a.pgn", 0) {
		t.Error("GameID collides on neighbouring inputs")
	}
	seen := map[string]bool{}
	h := hashFile("/data/big.pgn")
	for i := range 200000 {
		id := h.id(i)
		if len(id) != 16 || seen[id] {
			t.Fatalf("game %d: id %q (length or repeat)", i, id)
		}
		seen[id] = true
		if i < 10 && id != GameID("/data/big.pgn", i) {
			t.Fatalf("game %d: %s, GameID says %s", i, id, GameID("/data/big.pgn", i))
		}
	}
}
