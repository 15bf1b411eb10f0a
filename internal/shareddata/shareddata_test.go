package shareddata

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestPath(t *testing.T) {
	// This package is two levels below the repository root.
	if got, want := Path("records", "x.pgn"), filepath.Join("..", "..", "..", "shared", "testdata", "records", "x.pgn"); got != want {
		t.Errorf("Path = %q, want %q", got, want)
	}
	if got, want := Path(), filepath.Join("..", "..", "..", "shared", "testdata"); got != want {
		t.Errorf("Path() = %q, want %q", got, want)
	}
}

// TestExpected: expected.jsonl decodes line by line into the fields a
// test names, as many lines as the file has.
func TestExpected(t *testing.T) {
	dir := Dir(t, "records")
	lines := ExpectedLines(t, dir)
	games := Expected[struct {
		File  string `json:"file"`
		Index int    `json:"index"`
	}](t, dir)
	if len(games) != len(lines) || len(games) == 0 {
		t.Fatalf("%d games decoded of %d lines", len(games), len(lines))
	}
	b, err := os.ReadFile(filepath.Join(dir, "expected.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(bytes.TrimSpace(b), []byte("\n")) + 1; n != len(lines) {
		t.Errorf("%d lines read, the file has %d", len(lines), n)
	}
	for i, g := range games {
		if g.File == "" {
			t.Fatalf("line %d: no file", i+1)
		}
	}
}
