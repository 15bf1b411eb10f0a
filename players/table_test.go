package players

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// TestPlayersRoundTrip writes players.parquet and reads every row back:
// the spellings as list<struct<spelling,count>>, null years, scores.
func TestPlayersRoundTrip(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	ps := []Player{
		{ID: "8d0b8590144cd10b", Name: "胡荣华", Games: 1691, FirstYear: 1960, LastYear: 2007,
			Spellings: []Spelling{{Text: "HU RongHua", Count: 1476}, {Text: "胡榮華", Count: 79}, {Text: "上海 胡榮華", Count: 10}},
			AsRed:     Score{Points: 64, Games: 96}, AsBlack: Score{Points: 77, Games: 120}},
		{ID: "2a9d64e38f2ea586", Name: "常用杀法", Games: 232, Spellings: []Spelling{{Text: "常用杀法", Count: 232}}},
		{ID: "0000000000000000", Name: "empty"},
	}
	// Enough rows for more than one batch.
	for i := range 2 * tableBatch {
		ps = append(ps, Player{ID: fmt.Sprintf("%016x", i), Name: fmt.Sprint(i), Games: 1, FirstYear: 1990, LastYear: 1990,
			Spellings: []Spelling{{Text: fmt.Sprint(i), Count: 1}}, AsRed: Score{Points: 0.5, Games: 1}})
	}
	var buf bytes.Buffer
	if err := WritePlayers(&buf, ps, mem); err != nil {
		t.Fatal(err)
	}
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(buf.Bytes()), parquet.NewReaderProperties(mem),
		pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	if got := tbl.Schema().Fields(); len(got) != Schema.NumFields() {
		t.Fatalf("%d columns, want %d", len(got), Schema.NumFields())
	}
	for i, f := range Schema.Fields() {
		if g := tbl.Schema().Field(i); g.Name != f.Name || g.Nullable != f.Nullable || !arrow.TypeEqual(g.Type, f.Type) {
			t.Errorf("column %d: %v, want %v", i, g, f)
		}
	}
	cell := func(a arrow.Array, i int) string {
		if a.IsNull(i) {
			return "null"
		}
		if l, ok := a.(*array.List); ok {
			st := l.ListValues().(*array.Struct)
			s, c := st.Field(0).(*array.String), st.Field(1).(*array.Int32)
			start, end := l.ValueOffsets(i)
			var out string
			for j := start; j < end; j++ {
				out += fmt.Sprintf("%s:%d;", s.Value(int(j)), c.Value(int(j)))
			}
			return out
		}
		return a.ValueStr(i)
	}
	var got [][]string
	for c := range int(tbl.NumCols()) {
		row := 0
		for _, chunk := range tbl.Column(c).Data().Chunks() {
			for i := range chunk.Len() {
				if c == 0 {
					got = append(got, nil)
				}
				got[row] = append(got[row], cell(chunk, i))
				row++
			}
		}
	}
	if len(got) != len(ps) {
		t.Fatalf("%d rows, want %d", len(got), len(ps))
	}
	year := func(y int) string {
		if y == 0 {
			return "null"
		}
		return fmt.Sprint(y)
	}
	for i, p := range ps {
		var sp string
		for _, s := range p.Spellings {
			sp += fmt.Sprintf("%s:%d;", s.Text, s.Count)
		}
		want := []string{p.ID, p.Name, sp, fmt.Sprint(p.Games), year(p.FirstYear), year(p.LastYear),
			fmt.Sprint(p.AsRed.Points), fmt.Sprint(p.AsRed.Games), fmt.Sprint(p.AsBlack.Points), fmt.Sprint(p.AsBlack.Games)}
		if !slices.Equal(got[i], want) {
			t.Fatalf("row %d: %q, want %q", i, got[i], want)
		}
	}
}
