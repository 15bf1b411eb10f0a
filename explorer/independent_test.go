package explorer

import (
	"cmp"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/opening"
)

// The independent count: every game replayed again with the checked
// board.Position.Play, counted in a map. With mirrors merged, a row is
// the class {(position, move), (mirror, mirrored move)}, named by the
// smaller of the two pairs: no use of the builder's canonical side.

type pairID struct {
	key  uint64
	move board.Move
}

func lessPair(a, b pairID) bool {
	return a.key < b.key || (a.key == b.key && a.move < b.move)
}

// classOf names the row of move m in p.
func classOf(t testing.TB, p board.Position, m board.Move, mirrors bool) (row pairID, pos uint64) {
	a := pairID{p.Key(), m}
	if !mirrors {
		return a, p.Key()
	}
	mp, err := board.NewPositionRelaxed(p.Setup().Mirror(), ^board.PositionErrorKinds(0))
	if err != nil {
		t.Fatal(err)
	}
	b := pairID{mp.Key(), dedupe.MirrorMoves([]board.Move{m})[0]}
	if lessPair(b, a) {
		a = b
	}
	return a, min(p.Key(), mp.Key())
}

type counted struct {
	n           [4]int64
	first, last int
	games       []exRef
}

type independent struct {
	rows  map[pairID]*counted
	votes map[uint64]map[string]int64 // position -> ECCO code -> games
	plies int64
}

func countIndependently(t testing.TB, games []Game, maxPly int, mirrors, allCopies bool) *independent {
	ind := &independent{rows: map[pairID]*counted{}, votes: map[uint64]map[string]int64{}}
	for gi := range games {
		g := &games[gi]
		if g.Copy && !allCopies {
			continue
		}
		meta := &gameMeta{id: g.ID, source: g.Source, index: g.Index, red: g.Red, black: g.Black, year: g.Year, tags: g.tagCount()}
		p := g.Start
		seen := map[pairID]bool{}
		for i, m := range g.Moves {
			if i == maxPly {
				break
			}
			q, err := p.Play(m)
			if err != nil {
				break
			}
			row, pos := classOf(t, p, m, mirrors)
			if !seen[row] {
				seen[row] = true
				ind.plies++
				c := ind.rows[row]
				if c == nil {
					c = &counted{}
					ind.rows[row] = c
				}
				c.n[g.Result]++
				if g.Year != 0 {
					if c.first == 0 || g.Year < c.first {
						c.first = g.Year
					}
					c.last = max(c.last, g.Year)
				}
				c.games = append(c.games, exRef{meta, i + 1})
				if cl, ok := opening.Classify(g.Start, g.Moves[:i]); ok {
					if ind.votes[pos] == nil {
						ind.votes[pos] = map[string]int64{}
					}
					ind.votes[pos][cl.Code]++
				}
			}
			p = q
		}
	}
	return ind
}

// checkAgainst compares a tree's rows with the independent count.
func (ind *independent) checkAgainst(t *testing.T, rows []Row, mirrors bool, examples int) {
	t.Helper()
	if len(rows) != len(ind.rows) {
		t.Errorf("%d rows, the independent count has %d", len(rows), len(ind.rows))
	}
	met := map[pairID]bool{}
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 10 {
			t.Errorf(format, args...)
		}
	}
	for i, r := range rows {
		if i > 0 && compareRowKeys(rowKey{rows[i-1].Key, rows[i-1].Move}, rowKey{r.Key, r.Move}) >= 0 {
			fail("row %d is not after row %d", i, i-1)
		}
		p, err := positionOfFEN(r.FEN)
		if err != nil {
			t.Fatal(err)
		}
		row, pos := classOf(t, p, r.Move, mirrors)
		if met[row] {
			fail("row %s %s: its class is met twice", r.FEN, r.Move)
		}
		met[row] = true
		c := ind.rows[row]
		if c == nil {
			fail("row %s %s: not in the independent count", r.FEN, r.Move)
			continue
		}
		got := [4]int64{r.Unknown, r.RedWins, r.Draws, r.BlackWins}
		if got != c.n || r.Games != c.n[0]+c.n[1]+c.n[2]+c.n[3] {
			fail("row %s %s: games %d by result %v, want %v", r.FEN, r.Move, r.Games, got, c.n)
		}
		if r.FirstYear != c.first || r.LastYear != c.last {
			fail("row %s %s: years %d..%d, want %d..%d", r.FEN, r.Move, r.FirstYear, r.LastYear, c.first, c.last)
		}
		// The examples: the best by the documented order, written out
		// here again.
		want := slices.Clone(c.games)
		slices.SortFunc(want, func(a, b exRef) int {
			an, bn := a.g.red != "" && a.g.black != "", b.g.red != "" && b.g.black != ""
			switch {
			case an && !bn:
				return -1
			case bn && !an:
				return 1
			case a.g.year != b.g.year:
				return cmp.Compare(b.g.year, a.g.year)
			case a.g.tags != b.g.tags:
				return cmp.Compare(b.g.tags, a.g.tags)
			}
			return cmp.Or(cmp.Compare(a.g.id, b.g.id), cmp.Compare(a.g.source, b.g.source), cmp.Compare(a.g.index, b.g.index), cmp.Compare(a.ply, b.ply))
		})
		want = want[:min(len(want), examples)]
		var gotIDs, wantIDs []string
		for _, x := range r.Examples {
			gotIDs = append(gotIDs, fmt.Sprintf("%s@%d", x.GameID, x.Ply))
		}
		for _, x := range want {
			wantIDs = append(wantIDs, fmt.Sprintf("%s@%d", x.g.id, x.ply))
		}
		if !slices.Equal(gotIDs, wantIDs) {
			fail("row %s %s: examples %v, want %v", r.FEN, r.Move, gotIDs, wantIDs)
		}
		// The position's ECCO: the code of most games, the lower on a tie.
		wantCode, best := "", int64(0)
		for code, n := range ind.votes[pos] {
			if n > best || (n == best && code < wantCode) {
				wantCode, best = code, n
			}
		}
		if r.ECCO != wantCode {
			fail("row %s %s: ECCO %q, want %q (votes %v)", r.FEN, r.Move, r.ECCO, wantCode, ind.votes[pos])
		}
	}
	if bad > 10 {
		t.Errorf("... %d rows wrong in all", bad)
	}
}

// TestRealIndependentCounts builds the tree of the real records three
// ways (kept copies, all copies, mirrors merged) and checks every row
// against the independent count.
func TestRealIndependentCounts(t *testing.T) {
	games := realGames(t)
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"kept copies", Options{}},
		{"all copies", Options{AllCopies: true}},
		{"mirrors merged", Options{MergeMirrors: true}},
		{"12 plies, 5 examples", Options{MaxPly: 12, Examples: 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			data, st := buildTree(t, games, tc.opt)
			took := time.Since(start)
			opt := tc.opt.withDefaults()
			ind := countIndependently(t, games, opt.MaxPly, opt.MergeMirrors, opt.AllCopies)
			if st.Plies != ind.plies {
				t.Errorf("%d plies counted, the independent count has %d", st.Plies, ind.plies)
			}
			_, rows := treeRows(t, data)
			if st.Rows != int64(len(rows)) {
				t.Errorf("stats say %d rows, the file has %d", st.Rows, len(rows))
			}
			ind.checkAgainst(t, rows, opt.MergeMirrors, opt.Examples)
			t.Logf("%d games (%d copies left out): %d rows, %d positions, %.1f MB, built in %v",
				st.Games, st.Copies, st.Rows, st.Positions, float64(len(data))/1e6, took.Round(time.Millisecond))
		})
	}
}
