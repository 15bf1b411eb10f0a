package dataset

import (
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
)

// TestRecordOf: a row's record has its tags, result, start and moves; a
// stored move that is no ICCS move ends the line there, flagged
// unreadable_move at its ply with the file, row and game.
func TestRecordOf(t *testing.T) {
	g := &Game{GameID: "g1", Source: "a.pgn", Index: 2, Format: "pgn", StartFEN: board.StartFEN, Result: "1-0",
		MovesICCS: []string{"h2e2", "h9g7"}, Tags: parse.Tags{{Name: "Red", Value: "R"}}, File: "games.parquet", Row: 7}
	rec, bad := recordOf(g)
	if bad != nil || rec.Source != "a.pgn" || rec.Index != 2 || rec.FEN != "" || rec.Result != "1-0" ||
		rec.Tags.Value("Red") != "R" || rec.Tags.Value("Result") != "1-0" || len(rec.MainLine()) != 2 || rec.MainLine()[1].Move.String() != "h9g7" {
		t.Fatalf("%+v %v", rec, bad)
	}
	g.MovesICCS = []string{"h2e2", "zz", "h0g2"}
	g.Result = "*"
	rec, bad = recordOf(g)
	if bad == nil || bad.Code != flags.UnreadableMove || bad.Ply != 2 || !strings.Contains(bad.Detail, "row 7") ||
		!strings.Contains(bad.Detail, "g1") || len(rec.MainLine()) != 1 || rec.Result != "" || rec.Tags.Value("Result") != "" {
		t.Fatalf("%+v %+v", rec, bad)
	}
}
