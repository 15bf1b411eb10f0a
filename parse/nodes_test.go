package parse

import (
	"math/bits"
	"reflect"
	"strings"
	"testing"
)

func TestNodeBlocks(t *testing.T) {
	for _, tc := range []struct {
		ask, size int
		kept      bool
	}{
		{1, 1, false}, {8, 8, false}, // small: exact, not kept
		{9, 16, true}, {16, 16, true}, {17, 32, true}, {100, 128, true}, {4096, 4096, true},
		{4097, 4097, false}, // large: exact, not kept
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
		k := bits.Len(uint(tc.size - 1))
		before := 0
		if tc.kept {
			before = blockFree[k].len()
		}
		putBlock(b, used)
		if !tc.kept {
			continue
		}
		if blockFree[k].len() != before+1 {
			t.Errorf("putBlock: a %d-cell block was not kept", tc.size)
		}
		for i := range *b {
			if !reflect.ValueOf((*b)[i]).IsZero() {
				t.Fatalf("putBlock: cell %d of a %d-cell block not cleared", i, tc.size)
			}
		}
	}
	// A full free list leaves further blocks to the garbage collector.
	k := maxBlockShift
	for blockFree[k].len() < blockFree[k].max {
		b := make([]nodeCell, 1<<k)
		putBlock(&b, 0)
	}
	b := make([]nodeCell, 1<<k)
	putBlock(&b, 0)
	if blockFree[k].len() != blockFree[k].max {
		t.Errorf("free list of %d blocks holds %d", blockFree[k].max, blockFree[k].len())
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
	if len(r.MainLine()) != 4 || r.nodes.first == nil {
		t.Fatalf("main line %d, blocks %v", len(r.MainLine()), r.nodes.first)
	}
	r.Release()
	if len(r.Root.Children) != 0 || r.Source != "" || r.nodes.first != nil {
		t.Errorf("released record not empty: %+v", r)
	}
	(&Record{Source: "hand"}).Release()
}
