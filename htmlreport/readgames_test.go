package htmlreport

import (
	"strings"
	"testing"
)

// TestReadGamesSkipsFileLines: a report's lines for input files without
// games (kind "file") are not games.
func TestReadGamesSkipsFileLines(t *testing.T) {
	in := `{"kind":"file","source":"notes.txt","bytes":36,"format":"","status":"unreadable","problem":"unknown format"}
{"source":"a.pgn","index":0,"status":"ok"}
{"kind":"file","source":"b.txt","bytes":null,"format":"","status":"skipped","problem":"output of the run"}
`
	var got []string
	if err := ReadGames(strings.NewReader(in), func(g *Game) error {
		got = append(got, g.Source)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "a.pgn" {
		t.Errorf("games %q, want [a.pgn]", got)
	}
}
