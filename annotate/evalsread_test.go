package annotate

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/internal/testgames"
)

// syntheticTable writes games of rows (game i has i%7+1 rows) to a table
// and returns its bytes.
func syntheticTable(t testing.TB, prefix string, games int) ([]byte, []GameEval) {
	t.Helper()
	var all []GameEval
	for i := range games {
		ge := GameEval{ID: fmt.Sprintf("%s%05d", prefix, i)}
		for p := range i%7 + 1 {
			ge.Rows = append(ge.Rows, Row{GameID: ge.ID, Ply: p, Key: uint64(i*100 + p), Status: "ok", ScoreRedCP: i - p, HasCP: true, Depth: 1})
		}
		all = append(all, ge)
	}
	var buf bytes.Buffer
	writeEvals(t, &buf, all...)
	return buf.Bytes(), all
}

func sameRows(a, b []Row) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].GameID != b[i].GameID || a[i].Ply != b[i].Ply || a[i].Key != b[i].Key || a[i].ScoreRedCP != b[i].ScoreRedCP {
			return false
		}
	}
	return true
}

// TestEvalsReaderGames: the reader gives each game's rows whole, across
// the batches it reads.
func TestEvalsReaderGames(t *testing.T) {
	data, games := syntheticTable(t, "g", 5000) // ~20,000 rows: several batches
	r, err := NewEvalsReader(bytes.NewReader(data), "t")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Meta()[MetaEngine] != "synthetic" {
		t.Errorf("meta %v", r.Meta())
	}
	for i := 0; ; i++ {
		rows, err := r.Next()
		if err == io.EOF {
			if i != len(games) {
				t.Fatalf("%d games read, want %d", i, len(games))
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if !sameRows(rows, games[i].Rows) {
			t.Fatalf("game %d: %+v", i, rows)
		}
	}
}

// TestEvalsSet finds games across two tables, asked for in and out of
// order.
func TestEvalsSet(t *testing.T) {
	dir := t.TempDir()
	want := map[string][]Row{}
	for _, p := range []string{"a", "b"} {
		data, games := syntheticTable(t, p, 2000)
		path := filepath.Join(dir, "shard="+p, EvalsName)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			want[g.ID] = g.Rows
		}
	}
	paths, err := FindEvals(dir)
	if err != nil || len(paths) != 2 {
		t.Fatalf("%v %v", paths, err)
	}
	e := openEvalsSet(t, paths, len(want))
	var ids []string
	for i := range 2000 {
		ids = append(ids, fmt.Sprintf("a%05d", i), fmt.Sprintf("b%05d", i))
	}
	shuffled := append([]string(nil), ids[:40]...)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, id := range append(ids, shuffled...) {
		rows, ok, err := e.Rows(id)
		if err != nil || !ok || !sameRows(rows, want[id]) {
			t.Fatalf("%s: %v %v %+v", id, ok, err, rows)
		}
	}
	if _, ok, err := e.Rows("nope"); ok || err != nil {
		t.Errorf("an unknown game: %v %v", ok, err)
	}
	if _, err := FindEvals(t.TempDir()); err == nil {
		t.Error("a directory without tables")
	}
}

// FuzzEvalsReader reads arbitrary bytes as an evals table: an error, never
// a panic.
func FuzzEvalsReader(f *testing.F) {
	good, _ := syntheticTable(f, "g", 20)
	testgames.AddParquetSeeds(f, good)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewEvalsReader(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		defer r.Close()
		for {
			if _, err := r.Next(); err != nil {
				return
			}
		}
	})
}
