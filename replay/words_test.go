package replay

import (
	"errors"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
)

// TestPGNWords replays PGN move text whose words the reader once dropped:
// 上/下 directions play, and an unknown word where a move should be ends
// the main line at its own ply with a syntax failure (unreadable_move),
// rather than the next move being played by the wrong side.
func TestPGNWords(t *testing.T) {
	tests := []struct {
		in      string
		plies   []string // the valid prefix, ICCS
		failPly int      // 0: no failure
	}{
		{"1. 炮二平五 马８进７ 2. 马二上三 马２进３ 3. 马三下二\n", []string{"h2e2", "h9g7", "h0g2", "b9c7", "g2h0"}, 0},
		{"1. 炮二平五 马８飞７ 2. 马二进三 马２进３\n", []string{"h2e2"}, 2},
		{"1. 炮二平五 马８进７ 2. 马二飞三 车９平８\n", []string{"h2e2", "h9g7"}, 3},
	}
	for _, tt := range tests {
		rec, err := parse.NewPGNReader(strings.NewReader(tt.in), "t.pgn").Next()
		if err != nil {
			t.Fatal(err)
		}
		g := Replay(rec, Options{})
		var got []string
		for _, p := range g.Plies {
			got = append(got, p.Move.String())
		}
		if strings.Join(got, " ") != strings.Join(tt.plies, " ") {
			t.Errorf("%q: plies %v, want %v", tt.in, got, tt.plies)
		}
		switch {
		case tt.failPly == 0 && g.Fail != nil:
			t.Errorf("%q: failure %v", tt.in, g.Fail)
		case tt.failPly != 0 && (g.Fail == nil || g.Fail.Ply != tt.failPly || !errors.Is(g.Fail.Err, notation.ErrSyntax)):
			t.Errorf("%q: failure %v, want a syntax failure at ply %d", tt.in, g.Fail, tt.failPly)
		}
	}
}
