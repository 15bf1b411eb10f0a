package parse

import (
	"reflect"
	"strings"
	"testing"
)

func TestNodeBlocks(t *testing.T) {
	for _, tc := range []struct{ ask, size int }{
		{1, 1}, {8, 8}, // small: exact, not pooled
		{9, 16}, {16, 16}, {17, 32}, {100, 128}, {4096, 4096}, // pooled sizes
		{4097, 4097}, // large: exact
	} {
		b := getBlock(tc.ask)
		if len(*b) != tc.size {
			t.Errorf("getBlock(%d): %d cells, want %d", tc.ask, len(*b), tc.size)
		}
		for i := range *b {
			if !reflect.ValueOf((*b)[i]).IsZero() {
				t.Fatalf("getBlock(%d): cell %d not zero", tc.ask, i)
			}
		}
		used := (tc.size + 1) / 2
		for i := range used {
			c := &(*b)[i]
			c.node = Node{Text: "x", Number: i, Comment: "c"}
			c.kid[0] = &c.node
			c.node.Children = c.kid[:]
		}
		putBlock(b, used)
		for i := range *b {
			if !reflect.ValueOf((*b)[i]).IsZero() {
				t.Fatalf("putBlock: cell %d of a %d-cell block not cleared", i, tc.size)
			}
		}
	}
}

// TestRecordRelease: a released record is empty, and releasing a record
// built by hand (no blocks) is harmless.
func TestRecordRelease(t *testing.T) {
	recs := readAllRecords(t, NewPGNReader(strings.NewReader("[Event \"e\"]\n1. h2e2 h9g7 2. h0g2 (2. b2c2 b9c7) i9h9 *\n"), "r.pgn"))
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	r := recs[0]
	if len(r.MainLine()) != 4 || r.nodes.list == nil {
		t.Fatalf("main line %d, blocks %v", len(r.MainLine()), r.nodes.list)
	}
	r.Release()
	if len(r.Root.Children) != 0 || r.Source != "" || r.nodes.list != nil {
		t.Errorf("released record not empty: %+v", r)
	}
	(&Record{Source: "hand"}).Release()
}
