package book

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileByExtension writes and opens a book of each format by its name,
// in either case, and refuses other names.
func TestFileByExtension(t *testing.T) {
	entries := smallEntries(t)
	for _, c := range []struct {
		name     string
		comments bool // the SQL book keeps the comment in vmemo
	}{{"b.obk", true}, {"B.YFK", false}, {"BOOK.DAT", false}} {
		if !KnownName(c.name) {
			t.Fatalf("KnownName(%q) = false", c.name)
		}
		path := filepath.Join(t.TempDir(), c.name)
		if err := WriteFile(path, entries); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b, err := Open(path)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if sb, ok := b.(*SQLBook); ok {
			checkEntries(t, sb, entries, c.comments)
		} else {
			// BOOK.DAT keeps a weight per move, no counts.
			for _, e := range entries {
				moves, err := b.Lookup(e.Position)
				if err != nil {
					t.Fatal(err)
				}
				found := false
				for _, m := range moves {
					found = found || m.Move == e.Move && m.Value == int(DATValue(e))
				}
				if !found {
					t.Errorf("%s: %s: %v not found in %+v", c.name, e.Position.FEN(), e.Move, moves)
				}
			}
		}
		if err := b.Close(); err != nil {
			t.Error(err)
		}
	}
	for _, name := range []string{"book.txt", "book", "obk"} {
		path := filepath.Join(t.TempDir(), name)
		if KnownName(name) {
			t.Errorf("KnownName(%q) = true", name)
		}
		if _, err := Open(path); err == nil {
			t.Errorf("Open(%q): no error", name)
		}
		if err := WriteFile(path, entries); err == nil {
			t.Errorf("WriteFile(%q): no error", name)
		}
	}
}

// TestLookupFile: the table LookupFile prints of a written book is the
// one WriteMoves prints of the moves Open and Lookup give; a missing or
// unnamed file is an error naming it.
func TestLookupFile(t *testing.T) {
	entries := smallEntries(t)
	for _, name := range []string{"b.obk", "BOOK.DAT"} {
		path := filepath.Join(t.TempDir(), name)
		if err := WriteFile(path, entries); err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			var got, want bytes.Buffer
			if err := LookupFile(&got, path, e.Position); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			moves, err := b.Lookup(e.Position)
			b.Close()
			if err != nil || len(moves) == 0 {
				t.Fatalf("%s: %d moves, %v", name, len(moves), err)
			}
			if err := WriteMoves(&want, e.Position, moves); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() || !strings.Contains(got.String(), e.Move.String()) {
				t.Errorf("%s: %s:\n%s\nwant\n%s", name, e.Position.FEN(), got.String(), want.String())
			}
		}
	}
	for _, name := range []string{"none.obk", "book.txt"} {
		path := filepath.Join(t.TempDir(), name)
		if err := LookupFile(io.Discard, path, entries[0].Position); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("LookupFile(%s): %v", name, err)
		}
	}
}
