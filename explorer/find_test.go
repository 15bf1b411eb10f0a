package explorer

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
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

// find runs a FindSink with q over path (records or a dataset) and
// returns its hits.
func find(t *testing.T, path string, q Query) []Hit {
	t.Helper()
	s, err := NewFindSink(q)
	if err != nil {
		t.Fatal(err)
	}
	opt := pipeline.Options{Datasets: dataset.Source{}, Duplicates: pipeline.Duplicates{Off: true}}
	if _, err := pipeline.Run(context.Background(), []string{path}, opt, s); err != nil {
		t.Fatal(err)
	}
	return s.Hits(0)
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
}

// TestFindPosition finds positions in the real records and in their
// dataset and checks the games and plies against every game replayed
// separately: an opening position (also with its mirror), and the final
// position of a game.
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
			q := Query{Position: tc.pos, HasPosition: true, Mirror: tc.mirror}
			hits := find(t, dir, q)
			if fromRecords := find(t, shareddata.Dir(t, "records"), q); !slices.Equal(hits, fromRecords) {
				t.Errorf("%d games from the dataset, %d from the records, or others", len(hits), len(fromRecords))
			}
			mp := tc.pos
			mirror, _ := board.NewPositionRelaxed(tc.pos.Setup().Mirror(), 0)
			want := firstReach(games, func(p *board.Position) bool {
				return p.Key() == mp.Key() || (tc.mirror && p.Key() == mirror.Key())
			})
			compareHits(t, tc.name, hits, want)
			t.Logf("%d games found", len(hits))
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
	hits := find(t, dir, Query{Material: m, HasMaterial: true})
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
