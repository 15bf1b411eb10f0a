package explorer

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/board"
)

// firstReach replays every game separately (its whole valid line) and
// returns, by game_id, the plies played when the game first reaches a
// position accepted by ok.
func firstReach(games []Game, ok func(p *board.Position) bool) map[string]int {
	out := map[string]int{}
	for _, g := range games {
		p := g.Start
		for ply := 0; ; ply++ {
			if ok(&p) {
				out[g.ID] = ply
				break
			}
			if ply == len(g.Moves) {
				break
			}
			var err error
			if p, err = p.Play(g.Moves[ply]); err != nil {
				break
			}
		}
	}
	return out
}

func materialOfPosition(p *board.Position) Material {
	var m Material
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if pc := p.Piece(sq); !pc.IsEmpty() {
			m[pc.Color()][pc.Kind()]++
		}
	}
	return m
}

func hitPlies(hits []Hit) map[string]int {
	out := map[string]int{}
	for _, h := range hits {
		out[h.GameID] = h.Ply
	}
	return out
}

func compareHits(t *testing.T, what string, hits []Hit, want map[string]int) {
	t.Helper()
	got := hitPlies(hits)
	if len(want) == 0 {
		t.Fatalf("%s: the test needs games that reach it", what)
	}
	if !maps.Equal(got, want) {
		n := 0
		for id, ply := range want {
			if g, ok := got[id]; !ok || g != ply {
				if n++; n <= 5 {
					t.Errorf("%s: game %s reaches it at ply %d; found %v (%v)", what, id, ply, g, ok)
				}
			}
		}
		t.Errorf("%s: %d games found, %d reach it", what, len(got), len(want))
	}
	for i := 1; i < len(hits); i++ {
		if hits[i-1].Source > hits[i].Source || (hits[i-1].Source == hits[i].Source && hits[i-1].Index > hits[i].Index) {
			t.Errorf("%s: hits out of order at %d", what, i)
			break
		}
	}
}

// TestFindPosition finds positions in the dataset of the real records and
// checks the games and plies against every game replayed separately: an
// opening position (also with its mirror), and the final position of a
// game (reached only after the last row of positions.parquet).
func TestFindPosition(t *testing.T) {
	games := realGames(t)
	dir := realDataset(t)
	play := func(moves ...string) board.Position {
		p := board.StartPosition()
		for _, s := range moves {
			m, _ := board.ParseMove(s)
			p, _ = p.Play(m)
		}
		return p
	}
	// A game's last position.
	var last board.Position
	for _, g := range games {
		if len(g.Moves) > 60 {
			last = g.Start
			for _, m := range g.Moves {
				last.MakeMove(m)
			}
			break
		}
	}
	for _, tc := range []struct {
		name   string
		pos    board.Position
		mirror bool
	}{
		{"炮二平五 马8进7 马二进三", play("h2e2", "h9g7", "h0g2"), false},
		{"炮二平五 马8进7 马二进三 and its mirror", play("h2e2", "h9g7", "h0g2"), true},
		{"a final position", last, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hits, st, err := Find(dir, Query{Position: tc.pos, HasPosition: true, Mirror: tc.mirror})
			if err != nil {
				t.Fatal(err)
			}
			mp := tc.pos
			mirror, _ := board.NewPositionRelaxed(tc.pos.Setup().Mirror(), 0)
			want := firstReach(games, func(p *board.Position) bool {
				return p.Key() == mp.Key() || (tc.mirror && p.Key() == mirror.Key())
			})
			compareHits(t, tc.name, hits, want)
			t.Logf("%d games found in %d rows (keys: %v)", len(hits), st.Rows, st.UsedKeys)
		})
	}
}

// TestFindMaterial finds a material signature and checks it against
// every game replayed separately.
func TestFindMaterial(t *testing.T) {
	games := realGames(t)
	dir := realDataset(t)
	// The most frequent material of the final positions with at most
	// eight pieces.
	count := map[Material]int{}
	for _, g := range games {
		p := g.Start
		for _, m := range g.Moves {
			p.MakeMove(m)
		}
		if m := materialOfPosition(&p); pieces(m) <= 8 {
			count[m]++
		}
	}
	keys := slices.SortedFunc(maps.Keys(count), func(a, b Material) int { return count[b] - count[a] })
	if len(keys) == 0 {
		t.Fatal("no endgame among the real records")
	}
	sig := keys[0].String()
	m, err := ParseMaterial(sig)
	if err != nil || m != keys[0] {
		t.Fatalf("ParseMaterial(%q) = %v, %v", sig, m, err)
	}
	hits, _, err := Find(dir, Query{Material: m, HasMaterial: true})
	if err != nil {
		t.Fatal(err)
	}
	want := firstReach(games, func(p *board.Position) bool { return materialOfPosition(p) == m })
	compareHits(t, sig, hits, want)
	t.Logf("%s: %d games (the most frequent final material of 8 pieces or fewer: %d games end with it)", sig, len(hits), count[m])
}

func pieces(m Material) int {
	n := 0
	for c := range 2 {
		for _, k := range m[c] {
			n += int(k)
		}
	}
	return n
}

func TestParseMaterial(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		err      bool
	}{
		{"RCNK vs RNAAK", "KNRC vs KAANR", false},
		{"rcn v rnaa", "KNRC vs KAANR", false},
		{"KR-K", "KR vs K", false},
		{"H E / k", "KBN vs K", false},
		{"KRR vs KPPPPPP", "", true}, // six pawns
		{"KRRR vs K", "", true},
		{"KRX vs K", "", true},
		{"KR K", "", true}, // no separator
		{"KR vs 马", "", true},
	} {
		m, err := ParseMaterial(tc.in)
		if (err != nil) != tc.err || (err == nil && m.String() != tc.want) {
			t.Errorf("ParseMaterial(%q) = %v, %v; want %q (error %v)", tc.in, m, err, tc.want, tc.err)
		}
		if err != nil && !errors.Is(err, ErrMaterial) {
			t.Errorf("ParseMaterial(%q): %v is not ErrMaterial", tc.in, err)
		}
	}
}

// TestFindByKey: a positions table with a position_key column (as the
// training-data export adds, signed or unsigned) is searched by key, with
// the same hits as by FEN.
func TestFindByKey(t *testing.T) {
	if testing.Short() {
		t.Skip("long test skipped in -short mode")
	}
	games := realGames(t)
	src := realDataset(t)
	p := board.StartPosition()
	for _, s := range []string{"h2e2", "h9g7", "h0g2"} {
		m, _ := board.ParseMove(s)
		p, _ = p.Play(m)
	}
	want := firstReach(games, func(q *board.Position) bool { return q.Key() == p.Key() })
	for _, typ := range []arrow.DataType{arrow.PrimitiveTypes.Uint64, arrow.PrimitiveTypes.Int64} {
		dir := t.TempDir()
		copyFile(t, filepath.Join(src, "games.parquet"), filepath.Join(dir, "games.parquet"))
		addPositionKeys(t, filepath.Join(src, "positions.parquet"), filepath.Join(dir, "positions.parquet"), typ)
		hits, st, err := Find(dir, Query{Position: p, HasPosition: true})
		if err != nil {
			t.Fatal(err)
		}
		if !st.UsedKeys {
			t.Errorf("%s keys: the search did not use them", typ)
		}
		compareHits(t, "by "+typ.String()+" key", hits, want)
	}
}

func copyFile(t *testing.T, from, to string) {
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// addPositionKeys writes the positions table at from to to with a
// position_key column (the key of the fen column) of type typ.
func addPositionKeys(t *testing.T, from, to string, typ arrow.DataType) {
	f, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mem := memory.NewGoAllocator()
	pf, err := file.NewParquetReader(f)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	fenCol := tbl.Column(tbl.Schema().FieldIndices("fen")[0])
	b := array.NewBuilder(mem, typ)
	for _, ch := range fenCol.Data().Chunks() {
		fens := ch.(*array.String)
		for i := range fens.Len() {
			q, err := positionOfFEN(fens.Value(i))
			if err != nil {
				t.Fatal(err)
			}
			switch b := b.(type) {
			case *array.Uint64Builder:
				b.Append(q.Key())
			case *array.Int64Builder:
				b.Append(int64(q.Key()))
			}
		}
	}
	keys := b.NewArray()
	defer keys.Release()
	fields := append(tbl.Schema().Fields(), arrow.Field{Name: "position_key", Type: typ})
	cols := make([]arrow.Column, 0, len(fields))
	for i := range int(tbl.NumCols()) {
		cols = append(cols, *tbl.Column(i))
	}
	kc := arrow.NewColumn(fields[len(fields)-1], arrow.NewChunked(typ, []arrow.Array{keys}))
	cols = append(cols, *kc)
	out := array.NewTable(arrow.NewSchema(fields, nil), cols, tbl.NumRows())
	defer out.Release()
	w, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if err := pqarrow.WriteTable(out, w, 64<<10, nil, pqarrow.DefaultWriterProps()); err != nil {
		t.Fatal(err)
	}
	w.Close()
}
