package parse

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// xqfCuts returns the lengths a real file of n bytes is cut to: inside
// the header fields, right after them (xqfFieldsEnd), inside the
// reserved part of the header (700 bytes, as in the report that found
// it), one byte short of the header, the header alone, inside the root
// record, and inside the tree (a quarter, half, the last byte) and
// inside every comment of the main line.
func xqfCuts(data []byte, rec *Record) []int {
	cuts := []int{300, xqfFieldsEnd, 700, xqfHeaderSize - 1, xqfHeaderSize, xqfHeaderSize + 2}
	n := len(data)
	cuts = append(cuts, xqfHeaderSize+(n-xqfHeaderSize)/4, xqfHeaderSize+(n-xqfHeaderSize)/2, n-1)
	for _, nd := range rec.MainLine() {
		if nd.Comment != "" {
			cuts = append(cuts, int(nd.Pos.Offset)+8+2) // two bytes into the comment
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	for i, c := range cuts {
		if c >= n {
			return cuts[:i]
		}
	}
	return cuts
}

// TestXQFTruncatedReal cuts every readable XQF of the real records at
// several lengths. A cut inside the header fields is an ErrTruncated
// error at the cut that says how much of the header there is. Any later
// cut keeps the header: no error, the same tags and pieces as the whole
// file, the main-line moves whose 4 record bytes precede the cut (the
// main line comes first in the pre-order tree), and an ErrTruncated
// problem at or before the cut (analyze flags it truncated).
func TestXQFTruncatedReal(t *testing.T) {
	var files, cuts, kept int
	for _, e := range binLoadExpected(t, "xqf") {
		if e.Error != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join(binTestRecords, e.File))
		if err != nil {
			t.Fatal(err)
		}
		full, err := readXQFBytes(data, e.File)
		if err != nil || len(full.Problems) > 0 {
			continue // a file with problems of its own
		}
		files++
		fullLine := full.MainLine()
		for _, n := range xqfCuts(data, full) {
			cuts++
			name := fmt.Sprintf("%s cut to %d bytes", e.File, n)
			rec, err := readXQFBytes(data[:n], e.File)
			if rec == nil {
				t.Fatalf("%s: no record (%v)", name, err)
			}
			if n < xqfFieldsEnd {
				var pe *Error
				if !errors.As(err, &pe) || !errors.Is(err, ErrTruncated) || pe.Pos.Offset != int64(n) ||
					!strings.Contains(err.Error(), fmt.Sprintf("after %d bytes", n)) {
					t.Errorf("%s: error %v, want a truncated header at %d", name, err, n)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: error %v, want the header kept and a problem", name, err)
				continue
			}
			if len(rec.Problems) != 1 || !errors.Is(rec.Problems[0], ErrTruncated) || rec.Problems[0].Pos.Offset > int64(n) {
				t.Errorf("%s: problems %v, want one truncated at or before %d", name, rec.Problems, n)
			}
			if fmt.Sprint(rec.Tags) != fmt.Sprint(full.Tags) || rec.Result != full.Result {
				t.Errorf("%s: tags %v, want %v", name, rec.Tags, full.Tags)
			}
			if placement(rec.FEN) != placement(full.FEN) {
				t.Errorf("%s: FEN %q, want %q", name, rec.FEN, full.FEN)
			}
			want := 0
			for want < len(fullLine) && fullLine[want].Pos.Offset+xqfNodeSize <= int64(n) {
				want++
			}
			line := rec.MainLine()
			if len(line) != want {
				t.Errorf("%s: %d main-line moves, want %d", name, len(line), want)
				continue
			}
			for i, nd := range line {
				if nd.Move != fullLine[i].Move {
					t.Errorf("%s: move %d %v, want %v", name, i+1, nd.Move, fullLine[i].Move)
				}
				// A comment the cut runs through keeps its start.
				if nd.Comment != fullLine[i].Comment && (i < len(line)-1 || !strings.HasPrefix(fullLine[i].Comment, nd.Comment)) {
					t.Errorf("%s: move %d comment %q, want %q", name, i+1, nd.Comment, fullLine[i].Comment)
				}
			}
			kept += len(line)
		}
	}
	if files == 0 {
		t.Fatal("no readable XQF file in expected.jsonl")
	}
	t.Logf("%d files cut at %d lengths: %d main-line moves kept", files, cuts, kept)
}

// placement is a FEN's piece placement (the side to move of a cut file
// may come from the header instead of its first move).
func placement(fen string) string {
	p, _, _ := strings.Cut(fen, " ")
	return p
}
