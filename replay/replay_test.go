package replay

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestStartFENShortcut checks that the start FEN spellings replay takes
// without parsing read as the start position when parsed.
func TestStartFENShortcut(t *testing.T) {
	for _, fen := range []string{board.StartFEN, startFENShort} {
		s, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		p, err := board.NewPosition(s)
		if err != nil {
			t.Fatal(err)
		}
		if p != board.StartPosition() {
			t.Errorf("%q parses to %s, not the start position", fen, p.FEN())
		}
	}
}
