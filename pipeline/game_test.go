package pipeline

import "testing"

func TestGameIDStable(t *testing.T) {
	// The id is part of the dataset contract: it must never change.
	if got, want := GameID("games.pgn", 0), GameID("games.pgn", 0); got != want || len(got) != 16 {
		t.Fatalf("GameID not stable: %q %q", got, want)
	}
	if GameID("a", 1) == GameID("a", 2) || GameID("a1", 0) == GameID("a", 10) {
		t.Error("GameID collides on neighbouring inputs")
	}
	if got := GameID("games.pgn", 0); got != "dbf8f944d7fa05b9" {
		t.Errorf("GameID(games.pgn, 0) = %s; the documented hash changed", got)
	}
}
