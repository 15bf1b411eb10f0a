package replay

import (
	"errors"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/parse"
)

// TestMissingKing: a start without a king is replayed with the king on
// its home square when that square is empty (StartErr still the
// position error, saying where the king was put); else nothing is.
func TestMissingKing(t *testing.T) {
	tests := []struct {
		fen, move string
		start     string // the start replayed, "" when none
		put       string
	}{
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "h2e2", board.StartFEN, "red king put on e0"},
		{"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "h2e2", board.StartFEN, "black king put on e9"},
		{"9/9/9/9/9/2p1p4/9/9/9/R3K4 w", "a0a1", "4k4/9/9/9/9/2p1p4/9/9/9/R3K4 w - - 0 1", "black king put on e9"},
		{"4r4/9/9/9/9/2p1p4/9/9/9/R3K4 w", "a0a1", "", ""}, // e9 taken
		{"9/9/9/9/9/9/9/9/9/9 w", "a0a1", "", ""},          // both kings home: they would face
		{"4k4/9/9/9/9/9/9/9/9/3KK4 w", "d0d1", "", ""},     // two red kings
	}
	for _, tt := range tests {
		m, err := board.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		rec := &parse.Record{FEN: tt.fen}
		rec.Root.Children = []*parse.Node{{Move: m}}
		g := Replay(rec, Options{})
		if !errors.Is(g.StartErr, board.ErrInvalidPosition) {
			t.Errorf("%s: StartErr %v", tt.fen, g.StartErr)
		}
		if tt.start == "" {
			if g.HasStart {
				t.Errorf("%s: replayed from %s", tt.fen, g.Start.FEN())
			}
			continue
		}
		if !g.HasStart || g.Start.FEN() != tt.start || len(g.Plies) != 1 {
			t.Errorf("%s: start %v %s, %d plies", tt.fen, g.HasStart, g.Start.FEN(), len(g.Plies))
		}
		if !strings.Contains(g.StartErr.Error(), tt.put) {
			t.Errorf("%s: StartErr %q does not say %q", tt.fen, g.StartErr, tt.put)
		}
	}
}
