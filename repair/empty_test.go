package repair

import (
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// TestNeverAnEmptyGame: a record whose only move fails is not asked
// "did you mean … removed?" nor repaired into a game without moves, while
// the same move followed by others still gets its candidates.
func TestNeverAnEmptyGame(t *testing.T) {
	for _, c := range []struct {
		fen  string
		line []string
	}{
		{"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1", []string{"前兵平五"}}, // 前兵 names two pawns
		{"4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1", []string{"帅六进一"}},       // onto its own advisor
	} {
		setup, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		start, err := board.NewPositionRelaxed(setup, ^board.PositionErrorKinds(0))
		if err != nil {
			t.Fatal(err)
		}
		in := Input{Start: start, Notation: notation.NotationChinese}
		for _, m := range c.line {
			in.Line = append(in.Line, Written{Text: m})
		}
		for _, quick := range []bool{true, false} {
			res := Search(in, Options{Quick: quick})
			if res.Fail != 0 {
				t.Fatalf("%v: fail at %d, want 0", c.line, res.Fail)
			}
			if res.Complete && len(res.Line) == 0 {
				t.Errorf("%v: repaired into an empty game: %+v", c.line, res.Repairs)
			}
			for _, cand := range res.Candidates {
				if cand.Kind == Extra {
					t.Errorf("%v: proposes removing the only move: %+v", c.line, cand)
				}
			}
			if s := res.Suggestion(Options{Quick: quick}); strings.Contains(s, "removed") {
				t.Errorf("%v: %q", c.line, s)
			}
		}
	}
}
