package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// TestExploreBookCLI writes the sample's tree as an OBK and a BOOK.DAT,
// lists both at the start position, and lists ElephantEye's real book.
func TestExploreBookCLI(t *testing.T) {
	dir := t.TempDir()
	sample, _ := filepath.Abs(filepath.Join("..", "..", "sample"))
	p := func(name string) string { return filepath.Join(dir, name) }
	if _, errs, code := runCLI(t, "", "explore", "--quiet", "-o", p("tree"), "--write-book", p("b.obk"), sample); code != 0 {
		t.Fatalf("explore --write-book: exit %d (it wrote the tree and the book): %s", code, errs)
	}
	for _, b := range []string{"b.dat", "b.yfk"} {
		if _, errs, code := runCLI(t, "", "explore", "-o", p("tree-"+b), "--write-book", p(b), p("tree")); code != 0 {
			t.Fatalf("explore --write-book %s over a tree: exit %d: %s", b, code, errs)
		}
	}
	for _, b := range []string{"b.obk", "b.dat", "b.yfk"} {
		if _, err := os.Stat(p(b)); err != nil {
			t.Fatal(err)
		}
		out, errs, code := runCLI(t, "", "explore", "--book", p(b), "--fen", startFEN)
		if code != 0 || !strings.Contains(out, "炮二平五") || !strings.Contains(out, "h2e2") {
			t.Errorf("explore --book %s: exit %d: %s%s", b, code, out, errs)
		}
		if b != "b.dat" && !strings.Contains(out, "won") {
			t.Errorf("the OBK listing has no game counts:\n%s", out)
		}
	}
	for _, args := range [][]string{
		{"explore", "-o", p("t3"), "--write-book", p("b.pgn"), p("tree")},
		{"explore", "--book", p("b.txt"), "--fen", startFEN},
		{"explore", "--book", p("b.obk")},
		{"explore", "--book", p("b.obk"), "--fen", startFEN, p("tree")},
		{"explore", "--shard", "0/2", "-o", p("t4"), "--write-book", p("s.obk"), sample},
	} {
		if _, _, code := runCLI(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	real := shareddata.Dir(t, "formats", "eleeye-BOOK.DAT")
	out, errs, code := runCLI(t, "", "explore", "--book", real, "--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")
	if code != 0 || !strings.Contains(out, "mirror") || !strings.Contains(out, "h9g7") {
		t.Errorf("explore --book BOOK.DAT after 炮二平五: exit %d: %s%s", code, out, errs)
	}
}
