package explorer

import (
	"bytes"
	"cmp"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/book"
)

// TestBookRoundTrip writes the tree of the real records as an OBK and as
// a BOOK.DAT, reads both back and asks each for every position of the
// tree: the OBK gives the tree's moves with its counts, the BOOK.DAT the
// same moves with the value derived from them (with the moves of every
// position whose 32-bit lock is the same, as ElephantEye reads them).
func TestBookRoundTrip(t *testing.T) {
	games := realGames(t)
	if testing.Short() {
		games = games[:min(len(games), 400)] // every lookup is a query: keep -short quick
	}
	for _, mirrors := range []bool{false, true} {
		data, _ := buildTree(t, games, Options{MergeMirrors: mirrors})
		tr, err := NewTree(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		entries, err := tr.BookEntries()
		if err != nil {
			t.Fatal(err)
		}
		_, rows := treeRows(t, data)
		if len(entries) != len(rows) || len(entries) == 0 {
			t.Fatalf("%d entries from %d rows", len(entries), len(rows))
		}
		obkPath := filepath.Join(t.TempDir(), "tree.obk")
		if err := book.WriteOBK(obkPath, entries); err != nil {
			t.Fatal(err)
		}
		var dat bytes.Buffer
		if err := book.WriteDAT(&dat, entries); err != nil {
			t.Fatal(err)
		}
		obk, err := book.OpenSQLBook(obkPath, book.OBK)
		if err != nil {
			t.Fatal(err)
		}
		defer obk.Close()
		d, err := book.ParseDAT(dat.Bytes())
		if err != nil {
			t.Fatal(err)
		}

		byKey := map[uint64][]book.Entry{}
		byLock := map[uint32][]book.Entry{}
		for _, e := range entries {
			byKey[e.Position.Key()] = append(byKey[e.Position.Key()], e)
			l := book.EleeyeLock(&e.Position)
			byLock[l] = append(byLock[l], e)
		}
		type mv struct {
			m       board.Move
			w, d, l int64
			v       int
		}
		sorted := func(s []mv) []mv {
			slices.SortFunc(s, func(a, b mv) int { return cmp.Or(cmp.Compare(a.m, b.m), cmp.Compare(a.v, b.v)) })
			return s
		}
		positions := 0
		for _, es := range byKey {
			p := es[0].Position
			positions++
			var want, got []mv
			for _, e := range es {
				want = append(want, mv{e.Move, e.Wins, e.Draws, e.Losses, int(e.Weight())})
			}
			moves, err := obk.Lookup(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				got = append(got, mv{m.Move, m.Wins, m.Draws, m.Losses, m.Value})
			}
			if !slices.Equal(sorted(want), sorted(got)) {
				t.Fatalf("OBK %s: got %v, want %v", p.FEN(), got, want)
			}

			want, got = nil, nil
			for _, e := range byLock[book.EleeyeLock(&p)] {
				want = append(want, mv{m: e.Move, v: int(book.DATValue(e))})
			}
			moves, err = d.Lookup(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				got = append(got, mv{m: m.Move, v: m.Value})
			}
			if !slices.Equal(sorted(want), sorted(got)) {
				t.Fatalf("BOOK.DAT %s: got %v, want %v", p.FEN(), got, want)
			}
		}
		t.Logf("merge mirrors %v: %d rows, %d positions: the OBK and the BOOK.DAT give back every move (%d bytes of BOOK.DAT)", mirrors, len(entries), positions, dat.Len())
	}
}
