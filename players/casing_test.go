package players

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/pipeline"
)

// TestNameKeepsCase: a player's name is a name as written (its most
// frequent spelling), never its lower-case key, whatever rule matched it.
func TestNameKeepsCase(t *testing.T) {
	dir := t.TempDir()
	pgn := ""
	for _, p := range [][2]string{{"R", "B"}, {"Study", "Red Player"}, {"Study", "study"}, {"Study", "胡荣华"}} {
		pgn += "[Event \"E\"]\n[Date \"2024.01.01\"]\n[Red \"" + p[0] + "\"]\n[Black \"" + p[1] + "\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 1-0\n\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "a.pgn"), []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	s := NewSink(nil)
	if _, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{}, s); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, p := range s.Table().Players() {
		names[p.Name] = true
	}
	for _, want := range []string{"R", "B", "Study", "Red Player", "胡荣华"} {
		if !names[want] {
			t.Errorf("no player named %q: %v", want, names)
		}
	}
	for _, bad := range []string{"r", "b", "study", "red player"} {
		if names[bad] {
			t.Errorf("a player named %q (the key, not a spelling): %v", bad, names)
		}
	}
}
