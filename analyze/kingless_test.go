package analyze

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
)

// TestXQFWithoutKing reads XQF files whose piece array has no king: a
// whole game from the standard start whose red king byte is 0xFF, and a
// composition without a black general. Both are read (not
// unreadable_record), flagged invalid_start_position naming the missing
// king, and their moves replayed with the king put on its home square.
func TestXQFWithoutKing(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     []string
		want      string // in the invalid_start_position detail
	}{
		{
			name:  "king byte 0xFF",
			fen:   "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
			moves: []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "e0e1"},
			want:  "red king put on e0",
		},
		{
			name:  "no black general",
			fen:   "9/9/9/9/9/2p1p4/9/9/9/R3K4 w",
			moves: []string{"a0a1", "c4c3", "a1b1", "e4e3"},
			want:  "black king put on e9",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &parse.Record{FEN: tt.fen, Tags: parse.Tags{{Name: "Event", Value: "Test"}}}
			parent := &rec.Root
			for _, s := range tt.moves {
				m, err := board.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				n := &parse.Node{Move: m}
				parent.Children = append(parent.Children, n)
				parent = n
			}
			var buf bytes.Buffer
			if err := parse.WriteXQF(&buf, rec); err != nil {
				t.Fatal(err)
			}
			got, readErr := parse.NewXQFReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "test.xqf").Next()
			if readErr != nil {
				t.Fatalf("read: %v", readErr)
			}
			r := Analyze(got, readErr, Options{})
			if r.HasCode(flags.UnreadableRecord) {
				t.Fatalf("unreadable: %v", r.Flags)
			}
			var detail string
			for _, f := range r.Flags {
				if f.Code == flags.InvalidStart {
					detail = f.Detail
				}
			}
			t.Log(detail)
			if !strings.Contains(detail, "missing king") || !strings.Contains(detail, tt.want) {
				t.Errorf("invalid_start_position detail %q, want it to name the missing king and %q", detail, tt.want)
			}
			if r.Game == nil || len(r.Game.Plies) != len(tt.moves) || r.Game.Fail != nil {
				t.Errorf("replayed %d of %d plies (fail %v)", len(r.Game.Plies), len(tt.moves), r.Game.Fail)
			}
		})
	}
}
