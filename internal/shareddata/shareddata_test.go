package shareddata

import (
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
