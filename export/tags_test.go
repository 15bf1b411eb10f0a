package export

import (
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
)

func TestParseDate(t *testing.T) {
	tests := []struct {
		in   string
		year int
		date string // "" when no full date
	}{
		{"1999.05.02", 1999, "1999-05-02"},
		{"1999-5-2", 1999, "1999-05-02"},
		{"2010/01/31", 2010, "2010-01-31"},
		{"2001年3月4日", 2001, "2001-03-04"},
		{"2001年12月24", 2001, "2001-12-24"},
		{" 1985.??.?? ", 1985, ""},
		{"1976年", 1976, ""},
		{"1976", 1976, ""},
		{"2001.02.30", 2001, ""},
		{"2001.13.01", 2001, ""},
		{"2001.1-2", 2001, ""},
		{"0999.01.01", 0, ""},
		{"19850101", 0, ""},
		{"", 0, ""},
		{"??", 0, ""},
		{"May 1999", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			y, d, ok := ParseDate(tt.in)
			got := ""
			if ok {
				got = d.Format(time.DateOnly)
			}
			if y != tt.year || got != tt.date {
				t.Errorf("ParseDate(%q) = %d, %q; want %d, %q", tt.in, y, got, tt.year, tt.date)
			}
		})
	}
}

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

func TestAppendFEN(t *testing.T) {
	for _, fen := range []string{
		board.StartFEN,
		"3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 3 17",
	} {
		p, err := board.PositionFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(p.AppendFEN(nil)); got != p.FEN() {
			t.Errorf("AppendFEN = %q, FEN() = %q", got, p.FEN())
		}
	}
}

// TestFENWriterPlayout checks the incremental FEN of positions.parquet
// against Position.FEN along pseudo-random legal games (captures, checks,
// moves within a rank and across ranks).
func TestFENWriterPlayout(t *testing.T) {
	for seed := range 20 {
		p := board.StartPosition()
		var fw fenWriter
		fw.reset(&p)
		x := uint32(seed*2654435761 + 1)
		for ply := 0; ply < 200; ply++ {
			if got := string(fw.append(nil, &p)); got != p.FEN() {
				t.Fatalf("seed %d ply %d: fenWriter = %q, FEN() = %q", seed, ply, got, p.FEN())
			}
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			x = x*1664525 + 1013904223
			m := moves[int(x>>8)%len(moves)]
			p.MakeMove(m)
			fw.moved(&p, m)
		}
	}
}
