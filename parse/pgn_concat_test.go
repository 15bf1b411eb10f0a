package parse

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// pgnDigest is what a game read must keep whatever file it sits in: its
// tags and its main line as written.
func pgnDigest(r *Record) string {
	var b strings.Builder
	for _, t := range r.Tags {
		fmt.Fprintf(&b, "[%s %q]", t.Name, t.Value)
	}
	b.WriteString(" |")
	for _, n := range r.MainLine() {
		b.WriteString(" " + n.Text)
	}
	fmt.Fprintf(&b, " | %s", r.Result)
	return b.String()
}

// pgnDigests reads every game of data.
func pgnDigests(t *testing.T, data []byte) []string {
	t.Helper()
	rd := NewPGNReader(bytes.NewReader(data), "x.pgn")
	var out []string
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return out
		}
		if rec == nil {
			t.Fatal(err)
		}
		out = append(out, pgnDigest(rec))
	}
}

// pgnTagSection returns the tag section of a PGN text: its lines up to the
// first line that is neither blank nor a tag (an empty opening diagram:
// a game with tags, but no move text and no result token).
func pgnTagSection(b []byte) []byte {
	for off := 0; off < len(b); {
		end := bytes.IndexByte(b[off:], '\n')
		if end < 0 {
			end = len(b) - off - 1
		}
		// A line that ends in ']' closes a tag value that went on over a
		// line break.
		if line := bytes.TrimSpace(b[off : off+end+1]); len(line) > 0 && line[0] != '[' && line[len(line)-1] != ']' {
			return b[:off]
		}
		off += end + 1
	}
	return b
}

// TestPGNConcatenatedRealFiles builds a database as `cat *.pgn > all.pgn`
// does, per encoding, from every PGN file of the real records — with a
// tags-only copy (no move text, no result token) of every fifth
// single-game file put before it — and checks that reading it gives the games of the
// files read one by one: same count, same tags, same main line.
func TestPGNConcatenatedRealFiles(t *testing.T) {
	dir := textRecordsDir(t)
	byFile, files := textLoadExpected(t, dir, "pgn")
	groups := map[string][]string{}
	single := 0
	for _, f := range files {
		enc := byFile[f][0].Encoding
		groups[enc] = append(groups[enc], f)
		if len(byFile[f]) == 1 {
			single++
		}
	}
	encs := make([]string, 0, len(groups))
	for enc := range groups {
		encs = append(encs, enc)
	}
	slices.Sort(encs)
	total := 0
	for _, enc := range encs {
		t.Run(enc, func(t *testing.T) {
			var all []byte
			var want []string
			tagOnly := 0
			for i, f := range groups[enc] {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				pieces := [][]byte{b}
				if i%5 == 0 && len(byFile[f]) == 1 {
					if tags := pgnTagSection(b); len(tags) > 0 && len(tags) < len(b) {
						pieces = [][]byte{tags, b}
						tagOnly++
					}
				}
				for _, p := range pieces {
					one := pgnDigests(t, p)
					if len(one) == 0 {
						t.Fatalf("%s alone: no game", f)
					}
					want = append(want, one...)
					all = append(all, p...)
				}
			}
			got := pgnDigests(t, all)
			if len(got) != len(want) {
				t.Errorf("%d files (%d of them tags only) concatenated: %d games", len(want), tagOnly, len(got))
			}
			bad := 0
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					if bad++; bad <= 3 {
						t.Errorf("game %d:\n got %.300s\nwant %.300s", i+1, got[i], want[i])
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d games differ", bad, len(want))
			}
			total += len(want)
			t.Logf("%s: %d games (%d tags only) in one file", enc, len(want), tagOnly)
		})
	}
	if single < 1000 {
		t.Errorf("only %d single-game files", single)
	}
}
