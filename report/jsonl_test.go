package report

import (
	"errors"
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

func TestReadGamesErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		line int
		is   error
	}{
		{"{\"source\":\"a\",\"status\":\"ok\"}\n\nnot json\n", 3, nil},
		{"{\"source\":\"a\",\"status\":\"ok\"}\n[1,2]\n", 2, nil},
		{"{}\n", 1, ErrNotReport},
	} {
		err := ReadGames(strings.NewReader(tc.in), func(*Game) error { return nil })
		var le *LineError
		if !errors.As(err, &le) || le.Line != tc.line {
			t.Errorf("%q: error %v, want one on line %d", tc.in, err, tc.line)
		}
		if tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("%q: error %v is not %v", tc.in, err, tc.is)
		}
	}
}
