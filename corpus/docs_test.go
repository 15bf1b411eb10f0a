package corpus

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWalkDocumentation: a file whose name says documentation or picture
// is passed over (ErrDocumentation, status skipped) when no game format is
// found in it, and read when it holds game text; any other file without a
// game is an unknown format.
func TestWalkDocumentation(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"README.md":       "# Games\n\nThese are notes.\n",
		"notes.txt":       "notes, not a game\n",
		"LICENSE":         "Permission is hereby granted\n",
		"board.PNG":       "\x89PNG\r\n\x1a\n\x00\x00",
		"games.txt":       pgnGame,
		"games-in.md":     pgnGame,
		"a.pgn":           pgnGame,
		"junk.dat":        "junk\n",
		"notes.pgn":       "notes, not a game\n",
		"README.md.bak":   "# Games\n",
		"sub/changes.rst": "changes\n",
	}
	for f, text := range files {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var read, docs, unknown []string
	w := &Walker{FileEnds: true}
	err := w.Walk(context.Background(), []string{dir}, func(it Item) error {
		if it.End == nil {
			return nil
		}
		name, _ := filepath.Rel(dir, it.End.Name)
		name = filepath.ToSlash(name)
		switch {
		case it.End.Status == FileRead:
			read = append(read, name)
		case errors.Is(it.End.Err, ErrDocumentation) && it.End.Status == FileSkipped:
			docs = append(docs, name)
		case errors.Is(it.End.Err, ErrUnknownFormat) && it.End.Status == FileUnreadable:
			unknown = append(unknown, name)
		default:
			t.Errorf("%s: status %s, %v", name, it.End.Status, it.End.Err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range []*[]string{&read, &docs, &unknown} {
		slices.Sort(*got)
	}
	wantRead := []string{"a.pgn", "games-in.md", "games.txt", "notes.pgn"} // notes.pgn: PGN by name, without games
	wantDocs := []string{"LICENSE", "README.md", "board.PNG", "notes.txt", "sub/changes.rst"}
	wantUnknown := []string{"README.md.bak", "junk.dat"}
	if !slices.Equal(read, wantRead) || !slices.Equal(docs, wantDocs) || !slices.Equal(unknown, wantUnknown) {
		t.Errorf("read %q, documentation %q, unknown %q;\nwant %q, %q, %q", read, docs, unknown, wantRead, wantDocs, wantUnknown)
	}
}
