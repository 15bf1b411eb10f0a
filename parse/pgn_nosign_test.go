package parse

import (
	"strings"
	"testing"
)

// TestPGNWXFNoSign: WXF moves typed without the direction sign (C25) are
// move tokens, kept as written for the notation package to resolve.
func TestPGNWXFNoSign(t *testing.T) {
	recs := readAllRecords(t, NewPGNReader(strings.NewReader("[Event \"t\"]\n\n1. C25 H8+7 2. H23! C85 *\n"), "t.pgn"))
	if len(recs) != 1 {
		t.Fatalf("%d games", len(recs))
	}
	rec := recs[0]
	if len(rec.Problems) > 0 || rec.Notation != NotationWXF {
		t.Fatalf("problems %v, notation %q", rec.Problems, rec.Notation)
	}
	var got []string
	for _, n := range rec.MainLine() {
		got = append(got, n.Text+n.Suffix)
	}
	if strings.Join(got, " ") != "C25 H8+7 H23! C85" {
		t.Errorf("main line %q", got)
	}
}
