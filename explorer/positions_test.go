package explorer

import (
	"strings"
	"testing"
)

func TestReadPositions(t *testing.T) {
	list := "[FEN_INDEX \"1\"]\n[EVENT \"start\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\n" +
		"[FEN_INDEX \"2\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w\"]\n\n" +
		"[FEN_INDEX \"3\"]\n[EVENT \"no red king\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/9 w\"]\n"
	got, err := ReadPositions(strings.NewReader(list), "list.fen")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d entries", len(got))
	}
	if got[0].Name != "start" || got[0].Err != nil || got[0].Position.FEN() != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" {
		t.Errorf("entry 1: %q %v %s", got[0].Name, got[0].Err, got[0].Position.FEN())
	}
	if got[1].Name != "2" || got[1].Err != nil || got[1].Position.King(1).String() != "e9" {
		t.Errorf("entry 2: %q %v", got[1].Name, got[1].Err)
	}
	if got[2].Name != "no red king" || got[2].Err == nil {
		t.Errorf("entry 3: %q %v", got[2].Name, got[2].Err)
	}
	// A game file gives the start position of each game.
	pgn := "[Event \"a\"]\n\n1. h2e2 *\n\n[Event \"b\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 b\"]\n\n1... e9e8 *\n"
	got, err = ReadPositions(strings.NewReader(pgn), "games.pgn")
	if err != nil || len(got) != 2 || got[0].Name != "a" || got[1].Position.FEN() != "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1" {
		t.Errorf("game file: %v, %+v", err, got)
	}
	if _, err := ReadPositions(strings.NewReader(""), "empty.fen"); err == nil {
		t.Error("an empty list read without an error")
	}
}
