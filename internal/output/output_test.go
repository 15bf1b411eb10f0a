package output

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOpenMakesDirectories: an output under missing directories creates
// them; Commit leaves the file there, Abort removes the file and the
// directories it created (not those that were there).
func TestOpenMakesDirectories(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out", "sub", "r.jsonl")
	f, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("x\n")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "x\n" {
		t.Fatalf("%q, %v", b, err)
	}
	g, err := Open(filepath.Join(dir, "new", "deeper", "p.html"), nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Open(filepath.Join(dir, "out", "more", "q.html"), nil)
	if err != nil {
		t.Fatal(err)
	}
	g.Abort()
	h.Abort()
	if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("the directories of an aborted output stay: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "more")); !os.IsNotExist(err) {
		t.Errorf("out/more stays: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the committed output went: %v", err)
	}
	if _, err := Open(filepath.Join(path, "under-a-file"), nil); err == nil {
		t.Error("an output under a file opened")
	}
}
