package testgames

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/parse"
)

// ExpectedGames counts the games of expected.jsonl in dir: one per line,
// but the games of a compressed library for its unsupported_cbl line.
func ExpectedGames(tb testing.TB, dir string) int {
	tb.Helper()
	n := 0
	for _, e := range shareddata.Expected[struct {
		File  string `json:"file"`
		Error *struct {
			Kind string `json:"kind"`
		} `json:"error"`
	}](tb, dir) {
		if e.Error == nil || e.Error.Kind != "unsupported_cbl" {
			n++
			continue
		}
		n += packedGames(tb, filepath.Join(dir, e.File))
	}
	return n
}

// packedGames counts the games parse reads from a compressed library.
func packedGames(tb testing.TB, path string) int {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		tb.Fatal(err)
	}
	r := parse.NewCBRReader(f, st.Size(), path)
	n := 0
	for {
		rec, err := r.Next()
		if rec == nil {
			if err != io.EOF {
				tb.Fatalf("%s: %v", path, err)
			}
			return n
		}
		n++
	}
}
