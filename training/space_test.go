package training

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// sharedLabels reads a label table of ../shared/testdata/policy: one label
// a line, line k is index k.
func sharedLabels(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(shareddata.Dir(tb, "policy"), name))
	if err != nil {
		tb.Skipf("policy table %s: %v", name, err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

var spaces = []struct {
	space *MoveSpace
	file  string
}{
	{Space2086, "cchess-alphazero-2086.txt"},
	{Space2062, "px0-lc0-2062.txt"},
}

// TestLabelsMatchTrainers compares the generated labels with the trainers'
// tables, label k with line k.
func TestLabelsMatchTrainers(t *testing.T) {
	for _, c := range spaces {
		want := sharedLabels(t, c.file)
		if c.space.Len() != len(want) {
			t.Errorf("%v: %d labels, the trainer has %d", c.space, c.space.Len(), len(want))
		}
		for i := range min(c.space.Len(), len(want)) {
			if got := c.space.Label(i); got != want[i] {
				t.Errorf("%v: label %d is %q, the trainer's is %q", c.space, i, got, want[i])
				break
			}
		}
	}
}

// decodeLabel reads a trainer's label text as the move in the frame of the
// side to move: "3041" (file, rank, file, rank digits) or "a0a1".
func decodeLabel(tb testing.TB, s string) board.Move {
	tb.Helper()
	if len(s) != 4 {
		tb.Fatalf("label %q", s)
	}
	if s[0] >= '0' && s[0] <= '9' {
		sq := func(f, r byte) board.Square { return board.SquareAt(int(f-'0'), int(r-'0')) }
		return board.NewMove(sq(s[0], s[1]), sq(s[2], s[3]))
	}
	m, err := board.ParseMove(s)
	if err != nil {
		tb.Fatalf("label %q: %v", s, err)
	}
	return m
}

// TestPoliciesOnRealRecords: on every position of the real records, the
// played move's index in each space decodes, through the trainer's own
// table, to the played move under the trainer's convention for Black (a
// 180° turn for cchess-alphazero, ranks mirrored for px0), and Move gives
// the move back. Every legal move of one position in four has an index too.
func TestPoliciesOnRealRecords(t *testing.T) {
	games := loadReal(t)
	tables := [2][]board.Move{}
	for i, c := range spaces {
		for _, l := range sharedLabels(t, c.file) {
			tables[i] = append(tables[i], decodeLabel(t, l))
		}
	}
	convention := [2]func(board.Square) board.Square{
		func(s board.Square) board.Square { return board.SquareAt(8-s.File(), 9-s.Rank()) },
		func(s board.Square) board.Square { return board.SquareAt(s.File(), 9-s.Rank()) },
	}
	plies, legal := 0, 0
	var buf [board.MaxMoves]board.Move
	var seen [2][1 << 14]bool // legal moves already checked, by side
	for _, g := range games {
		p := g.Start
		for n, m := range g.Moves {
			pl := PlyOf(&p, m)
			for i, c := range spaces {
				idx := [2]int16{pl.Policy2086, pl.Policy2062}[i]
				if idx < 0 || int(idx) >= len(tables[i]) {
					t.Fatalf("%s ply %d %v: %v index %d", g.ID, n+1, m, c.space, idx)
				}
				label := tables[i][idx]
				if p.Side() == board.Black {
					label = board.NewMove(convention[i](label.From()), convention[i](label.To()))
				}
				if label != m {
					t.Fatalf("%s ply %d (%v to move) %v: %v index %d is %q, which is %v", g.ID, n+1, p.Side(), m, c.space, idx, c.space.Label(int(idx)), label)
				}
				if back, ok := c.space.Move(p.Side(), int(idx)); !ok || back != m {
					t.Fatalf("%s ply %d %v: %v.Move(%d) = %v", g.ID, n+1, m, c.space, idx, back)
				}
			}
			if plies%4 != 0 { // every legal move of one position in four
				p.MakeMove(m)
				plies++
				continue
			}
			for _, lm := range p.AppendLegalMoves(buf[:0]) {
				if seen[p.Side()][lm] {
					continue
				}
				seen[p.Side()][lm] = true
				for _, c := range spaces {
					if _, ok := c.space.Index(p.Side(), lm); !ok {
						t.Fatalf("%s ply %d: legal move %v has no index in %v", g.ID, n+1, lm, c.space)
					}
				}
				legal++
			}
			p.MakeMove(m)
			plies++
		}
	}
	if plies == 0 {
		t.Fatal("no plies")
	}
	t.Logf("%d positions, %d distinct legal moves checked", plies, legal)
}

// TestFlipAndIndexRoundTrips: the conventions for Black are their own
// inverses, and Index and Move are inverse on every label, for both sides.
func TestFlipAndIndexRoundTrips(t *testing.T) {
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if Rotate(Rotate(sq)) != sq || FlipRanks(FlipRanks(sq)) != sq {
			t.Fatalf("%v: flipped twice is not itself", sq)
		}
		if r := Rotate(sq); r.File() != 8-sq.File() || r.Rank() != 9-sq.Rank() {
			t.Fatalf("Rotate(%v) = %v", sq, r)
		}
		if r := FlipRanks(sq); r.File() != sq.File() || r.Rank() != 9-sq.Rank() {
			t.Fatalf("FlipRanks(%v) = %v", sq, r)
		}
	}
	for _, c := range spaces {
		for _, side := range []board.Color{board.Red, board.Black} {
			for i := range c.space.Len() {
				m, ok := c.space.Move(side, i)
				if !ok {
					t.Fatalf("%v: no move for %d", c.space, i)
				}
				if j, ok := c.space.Index(side, m); !ok || j != i {
					t.Fatalf("%v %v: index %d -> %v -> %d", c.space, side, i, m, j)
				}
				// The mirror of a label is a label (both spaces are
				// symmetric left-right), and mirrors back.
				mi, ok := c.space.Index(side, m.Mirror())
				if !ok {
					t.Fatalf("%v %v: mirror of %v has no index", c.space, side, m)
				}
				if back, _ := c.space.Move(side, mi); back.Mirror() != m {
					t.Fatalf("%v %v: %v mirrored twice is %v", c.space, side, m, back.Mirror())
				}
			}
		}
		if _, ok := c.space.Move(board.Red, c.space.Len()); ok {
			t.Errorf("%v: Move beyond the end", c.space)
		}
		if _, ok := c.space.Index(board.Red, board.NoMove); ok {
			t.Errorf("%v: NoMove has an index", c.space)
		}
	}
}
