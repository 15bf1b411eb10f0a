package dataset

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestPlayersRoundTrip writes players.parquet and reads every row back:
// the spellings as list<struct<spelling,count>>, null years, scores.
func TestPlayersRoundTrip(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	rows := []PlayerRow{
		{ID: "8d0b8590144cd10b", Name: "胡荣华", Games: 1691, FirstYear: 1960, LastYear: 2007,
			Spellings: []PlayerSpelling{{"HU RongHua", 1476}, {"胡榮華", 79}, {"上海 胡榮華", 10}},
			RedPoints: 64, RedGames: 96, BlackPoints: 77, BlackGames: 120},
		{ID: "2a9d64e38f2ea586", Name: "常用杀法", Games: 232, Spellings: []PlayerSpelling{{"常用杀法", 232}}},
		{ID: "0000000000000000", Name: "empty", Spellings: nil},
	}
	// Enough rows for more than one batch.
	for i := range 2 * filesBatch {
		rows = append(rows, PlayerRow{ID: fmt.Sprintf("%016x", i), Name: fmt.Sprint(i), Games: 1, FirstYear: 1990, LastYear: 1990,
			Spellings: []PlayerSpelling{{fmt.Sprint(i), 1}}, RedPoints: 0.5, RedGames: 1})
	}
	var buf bytes.Buffer
	if err := WritePlayers(&buf, rows, WithAllocator(mem)); err != nil {
		t.Fatal(err)
	}
	tbl := readTable(t, writeTemp(t, buf.Bytes()), mem)
	defer tbl.Release()
	sameFields(t, tbl.Schema(), PlayersSchema)
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
	got := tableRows(tbl, cell)
	if len(got) != len(rows) {
		t.Fatalf("%d rows, want %d", len(got), len(rows))
	}
	for i, r := range rows {
		var sp string
		for _, s := range r.Spellings {
			sp += fmt.Sprintf("%s:%d;", s.Text, s.Count)
		}
		year := func(y int) string {
			if y == 0 {
				return "null"
			}
			return fmt.Sprint(y)
		}
		want := []string{r.ID, r.Name, sp, fmt.Sprint(r.Games), year(r.FirstYear), year(r.LastYear),
			fmt.Sprint(r.RedPoints), fmt.Sprint(r.RedGames), fmt.Sprint(r.BlackPoints), fmt.Sprint(r.BlackGames)}
		if !slices.Equal(got[i], want) {
			t.Fatalf("row %d: %q, want %q", i, got[i], want)
		}
	}
}

// TestWriterPlayers checks that players.parquet joins the dataset on
// Close, and that a dataset closed without it removes an earlier one.
func TestWriterPlayers(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WritePlayers([]PlayerRow{{ID: "8d0b8590144cd10b", Name: "胡荣华"}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, PlayersName+".parquet")
	if !fileExists(path) {
		t.Fatal("no players.parquet")
	}
	w, err = Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if fileExists(path) {
		t.Error("players.parquet of an earlier run left in place")
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
