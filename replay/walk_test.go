package replay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
)

// TestWalk checks Walk's rule: a move that cannot be played is visited
// with its error and ends its line; its alternatives are still walked.
func TestWalk(t *testing.T) {
	in := "1. h2e2 (1. x9x9 h9g7) (1. b2e2) h9g7 (1... a9a5 b7e7) 2. h0g2\n"
	rec, err := parse.NewPGNReader(strings.NewReader(in), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Walk(board.StartPosition(), &rec.Root, rec.Notation, func(s Step) {
		if s.Err != nil {
			got = append(got, fmt.Sprintf("%d:%s!", s.Ply, s.Node.Text))
			return
		}
		got = append(got, fmt.Sprintf("%d:%s", s.Ply, s.Move))
	})
	// The lines that branch at one node are walked last first, each to
	// its end before the lines that branch off it.
	want := "1:b2e2 1:x9x9! 1:h2e2 2:h9g7 3:h0g2 2:a9a5!"
	if strings.Join(got, " ") != want {
		t.Errorf("walked %q, want %q", strings.Join(got, " "), want)
	}
}
