package explorer

import (
	"errors"
	"reflect"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestQueries: one query per position of a list, named with its FEN, the
// base's material kept; an entry that is not a position is set apart.
func TestQueries(t *testing.T) {
	start := board.StartPosition()
	bad := PositionEntry{Name: "#2", FEN: "x", Err: errors.New("not a FEN")}
	entries := []PositionEntry{{Name: "a", Position: start}, bad, {Name: "b", Position: start}}
	m, err := ParseMaterial("KR vs K")
	if err != nil {
		t.Fatal(err)
	}
	base := Query{Material: m, HasMaterial: true}
	qs, names, left := Queries(entries, base, true)
	want := Query{Position: start, HasPosition: true, Mirror: true, Material: m, HasMaterial: true}
	if len(qs) != 2 || !reflect.DeepEqual(qs[0], want) || !reflect.DeepEqual(qs[1], want) {
		t.Errorf("queries %+v", qs)
	}
	if len(names) != 2 || names[0] != "a "+start.FEN() || names[1] != "b "+start.FEN() {
		t.Errorf("names %q", names)
	}
	if len(left) != 1 || left[0].Name != bad.Name {
		t.Errorf("bad entries %+v", left)
	}
	if _, names, _ := Queries(nil, base, false); names == nil {
		t.Error("no entries: names is nil, want empty")
	}
}
