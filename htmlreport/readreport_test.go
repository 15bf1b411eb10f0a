package htmlreport

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAddReportFile: the report file and the same lines on stdin ("-")
// give the page of the games read one by one (the golden page's input);
// a damaged file's error names it.
func TestAddReportFile(t *testing.T) {
	path := filepath.Join("testdata", "games.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := readTestGames(t)
	want := render(t, games, 50)
	for _, c := range []struct{ path, stdin string }{{path, ""}, {"-", string(data)}} {
		b := NewBuilder(50)
		n, noMoves, err := b.AddReportFile(c.path, strings.NewReader(c.stdin))
		if err != nil || n != len(games) || noMoves != 0 {
			t.Fatalf("%s: %d games, %d without moves, %v; want %d", c.path, n, noMoves, err, len(games))
		}
		var buf bytes.Buffer
		if err := b.WriteTo(&buf, Run{Inputs: []string{"testdata/games.jsonl"}}); err != nil {
			t.Fatal(err)
		}
		if buf.String() != want {
			t.Errorf("%s: the page differs from the games added one by one", c.path)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{bad, bad + ".none"} {
		if _, _, err := NewBuilder(50).AddReportFile(p, nil); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("AddReportFile(%s): %v", p, err)
		}
	}
}
