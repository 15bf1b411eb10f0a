// Package golden compares what a test produced with a golden file kept
// in the repository, and rewrites the file when the test runs with its
// package's -update flag. Tests only import it.
package golden

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Check compares got with the file at path; with update it first writes
// got there (creating the directory). A difference is an error of tb that
// names the file, how to rewrite it, and the lines that differ.
func Check(tb testing.TB, path string, got []byte, update bool) {
	tb.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		tb.Errorf("%s differs (go test -run '%s' -update rewrites it; check the result by hand):\n%s", path, tb.Name(), Diff(string(want), string(got)))
	}
}

// Diff lists the lines that differ between want and got, at most 20 of
// them, each as its number, the wanted line (-) and the line got (+).
func Diff(want, got string) string {
	const most = 20
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	n := 0
	for i := range max(len(w), len(g)) {
		var x, y string
		if i < len(w) {
			x = w[i]
		}
		if i < len(g) {
			y = g[i]
		}
		if x == y {
			continue
		}
		if n++; n > most {
			fmt.Fprintf(&b, "(more lines differ)\n")
			break
		}
		fmt.Fprintf(&b, "line %d:\n-%s\n+%s\n", i+1, x, y)
	}
	return b.String()
}
