// Package shareddata locates the shared test data of the project: real
// game records written by others, the perft table and the repetition
// cases, which sit in ../shared/testdata beside the repository (always in
// CI) and are never copied into it. Tests only import it.
package shareddata

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Path returns the path of ../shared/testdata/elem... beside the
// repository, relative to the working directory (a package's directory
// under go test), whether or not it exists.
func Path(elem ...string) string {
	wd, _ := os.Getwd()
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			root = wd // no module above: take the working directory
			break
		}
		root = up
	}
	target := filepath.Join(append([]string{root, "..", "shared", "testdata"}, elem...)...)
	if rel, err := filepath.Rel(wd, target); err == nil {
		return rel
	}
	return target
}

// Dir is Path for a test that needs the data: it skips tb, saying where
// the data was looked for, when the path is absent (a user's clone).
func Dir(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := Path(elem...)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared test data not found at %s (it sits beside the repository in CI): %v", p, err)
	}
	return p
}

// ExpectedLines returns the lines of dir/expected.jsonl, the games of the
// records under dir as an independent reference reader read them (one
// JSON object a line, in file order), without the empty ones.
func ExpectedLines(tb testing.TB, dir string) [][]byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "expected.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	var lines [][]byte
	for line := range bytes.SplitSeq(b, []byte("\n")) {
		if len(bytes.TrimSpace(line)) > 0 {
			lines = append(lines, line)
		}
	}
	return lines
}

// Expected decodes every line of dir/expected.jsonl (see ExpectedLines)
// into a T, which names the fields a test needs; a line that does not
// decode into one fails tb.
func Expected[T any](tb testing.TB, dir string) []T {
	tb.Helper()
	lines := ExpectedLines(tb, dir)
	out := make([]T, len(lines))
	for i, line := range lines {
		if err := json.Unmarshal(line, &out[i]); err != nil {
			tb.Fatalf("%s line %d: %v", filepath.Join(dir, "expected.jsonl"), i+1, err)
		}
	}
	return out
}
