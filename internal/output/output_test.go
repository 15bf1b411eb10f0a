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

// TestMkdirTemp: the temporary directory sits inside the new directories;
// removing it and then the directories leaves the tree as it was; a
// directory that cannot be made leaves nothing.
func TestMkdirTemp(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "a", "b")
	tmp, created, err := MkdirTemp(out, ".t-")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(tmp) != out {
		t.Fatalf("temporary directory %s is not inside %s", tmp, out)
	}
	if len(created) != 2 {
		t.Fatalf("created %v, want a/b and a", created)
	}
	os.RemoveAll(tmp)
	created.Remove()
	if _, err := os.Stat(filepath.Join(dir, "a")); !os.IsNotExist(err) {
		t.Errorf("a stays: %v", err)
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := MkdirTemp(filepath.Join(file, "x"), ".t-"); err == nil {
		t.Error("a directory under a file was made")
	}
}
