package explorer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/book"
)

// TestTreeFiles: the tree of a few real games, written as DIR/tree.parquet,
// is found by LookupAt (the directory or the file) with the answer of the
// tree read from its bytes, and WriteTreeBook writes it as a book holding
// every entry of BookEntries.
func TestTreeFiles(t *testing.T) {
	games := realGames(t)
	data, _ := buildTree(t, games[:min(len(games), 200)], Options{})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, TreeFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := NewTree(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	start := board.StartPosition()
	want, err := tr.Lookup(start)
	if err != nil || len(want.Moves) == 0 {
		t.Fatalf("start: %v, %v", want, err)
	}
	for _, at := range []string{dir, filepath.Join(dir, TreeFile)} {
		got, err := LookupAt(at, start)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("LookupAt(%s): %v, %v; want %v", at, got, err, want)
		}
	}
	if _, err := LookupAt(t.TempDir(), start); err == nil {
		t.Error("LookupAt a directory without a tree: no error")
	}

	entries, err := tr.BookEntries()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tree.obk")
	var out strings.Builder
	if err := WriteTreeBook(&out, dir, path); err != nil {
		t.Fatal(err)
	}
	if w := fmt.Sprintf("%-24s %10d\nwrote %s\n", "book moves", len(entries), path); out.String() != w {
		t.Errorf("WriteTreeBook says %q, want %q", out.String(), w)
	}
	b, err := book.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	moves, err := b.Lookup(start)
	if err != nil || len(moves) != len(want.Moves) {
		t.Errorf("the book has %d moves at the start, the tree %d (%v)", len(moves), len(want.Moves), err)
	}
	if err := WriteTreeBook(&out, t.TempDir(), path); err == nil {
		t.Error("WriteTreeBook of a directory without a tree: no error")
	}
}

func TestReadPositionFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "list.fen")
	list := "[FEN_INDEX \"1\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w\"]\n"
	if err := os.WriteFile(path, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadPositionFile(path)
	want, werr := ReadPositions(strings.NewReader(list), path)
	if err != nil || werr != nil || !reflect.DeepEqual(got, want) || len(got) != 1 {
		t.Errorf("ReadPositionFile: %+v, %v; want %+v, %v", got, err, want, werr)
	}
	if _, err := ReadPositionFile(path + ".none"); err == nil {
		t.Error("a missing file read without an error")
	}
}
