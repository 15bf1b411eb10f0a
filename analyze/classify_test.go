package analyze

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
)

func mustPos(t testing.TB, fen string) board.Position {
	t.Helper()
	p, err := board.PositionFromFEN(fen)
	if err != nil {
		t.Fatalf("FEN %q: %v", fen, err)
	}
	return p
}

func mustMove(t testing.TB, s string) board.Move {
	t.Helper()
	m, err := board.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func squares(sqs []board.Square) []string {
	var out []string
	for _, s := range sqs {
		out = append(out, s.String())
	}
	return out
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name      string
		fen, move string
		class     MoveClass
		chased    []string // nil: none
		protected []string
		pawn      []string
	}{
		{
			name: "check",
			fen:  "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", move: "a1e1",
			class: Check,
		},
		{
			name: "discovered chase (horse unmasks the rook)",
			fen:  "4k4/9/n8/9/9/9/N8/9/9/R2K5 w - - 0 1", move: "a3c4",
			class: Chase, chased: []string{"a7"},
		},
		{
			name: "fake root by pin: the defending rook is pinned on the king's file",
			fen:  "4k4/9/3nr4/9/9/R8/9/4R4/9/3K5 w - - 0 1", move: "a4d4",
			// Also a mate threat: the most serious nature is the class.
			class: Threat, chased: []string{"d7"},
		},
		{
			name: "real root: the same without the pin",
			fen:  "4k4/9/3nr4/9/9/R8/9/9/9/3K5 w - - 0 1", move: "a4d4",
			class: Idle,
		},
		{
			name: "fake root by flying general: the king cannot recapture",
			fen:  "4k4/4n4/9/9/R8/9/9/9/9/4K4 w - - 0 1", move: "a5a8",
			class: Threat, chased: []string{"e8"},
		},
		{
			name: "real root: the king recaptures",
			fen:  "4k4/4n4/9/9/R8/9/9/9/9/3K5 w - - 0 1", move: "a5a8",
			class: Idle,
		},
		{
			name: "stronger piece: horse attacks a protected rook",
			fen:  "4k4/4a4/3r5/9/9/N8/9/9/9/5K3 w - - 0 1", move: "a4c5",
			class: Chase, chased: []string{"d7"}, protected: []string{"d7"},
		},
		{
			name: "same-type exchange is not a chase",
			fen:  "4k4/9/9/3r5/9/R8/9/9/9/5K3 w - - 0 1", move: "a4d4",
			class: Idle,
		},
		{
			name: "uncrossed pawn is not chased",
			fen:  "4k4/9/9/p8/1R7/9/9/9/9/3K5 w - - 0 1", move: "b5a5",
			class: Idle,
		},
		{
			name: "crossed pawn is chased",
			fen:  "4k4/9/9/9/9/p8/1R7/9/9/3K5 w - - 0 1", move: "b3a3",
			class: Chase, chased: []string{"a4"},
		},
		{
			name: "king attack is idle",
			fen:  "4k4/9/9/9/9/9/9/4n4/3K5/9 w - - 0 1", move: "d1e1",
			class: Idle,
		},
		{
			name: "pawn attack is idle (recorded apart)",
			fen:  "4k4/9/4n4/9/4P4/9/9/9/9/4K4 w - - 0 1", move: "e5e6",
			class: Idle, pawn: []string{"e7"},
		},
		{
			name: "mate threat by a series of checks",
			fen:  "9/3k5/5R3/9/9/9/9/4N4/9/4K4 w - - 0 1", move: "e2d4",
			class: Threat,
		},
		{
			name: "check that also chases",
			fen:  "3k5/9/9/9/9/9/3C5/9/cr2AK3/9 b - - 0 1", move: "b1b3",
			class: Check, chased: []string{"d3"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustPos(t, tc.fen)
			m := mustMove(t, tc.move)
			if !pos.IsLegal(m) {
				t.Fatalf("%s illegal", tc.move)
			}
			c := Classify(&pos, m)
			if c.Class != tc.class {
				t.Errorf("class %v, want %v (%v)", c.Class, tc.class, c)
			}
			if got := squares(c.Chased); !slices.Equal(got, tc.chased) {
				t.Errorf("chased %v, want %v", got, tc.chased)
			}
			if got := squares(c.ChasedProtected); !slices.Equal(got, tc.protected) {
				t.Errorf("protected %v, want %v", got, tc.protected)
			}
			if got := squares(c.PawnChased); !slices.Equal(got, tc.pawn) {
				t.Errorf("pawn-chased %v, want %v", got, tc.pawn)
			}
		})
	}
}

func TestClassifyLineStopsAtIllegal(t *testing.T) {
	pos := board.StartPosition()
	moves := []board.Move{mustMove(t, "h2e2"), mustMove(t, "h9g7"), mustMove(t, "a0a5"), mustMove(t, "a0a1")}
	got := ClassifyLine(pos, moves)
	if len(got) != 2 {
		t.Fatalf("got %d classifications, want 2", len(got))
	}
	if got[0].Ply != 1 || got[1].Ply != 2 || got[1].Side != board.Black {
		t.Errorf("plies/sides wrong: %+v", got)
	}
}

func TestParseRuleSet(t *testing.T) {
	tests := []struct {
		in   string
		want RuleSet
		err  bool
	}{
		{"", RulesCXA, false},
		{"cxa", RulesCXA, false},
		{"AXF", RulesAXF, false},
		{"wxf", RulesAXF, false},
		{"fide", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseRuleSet(tc.in)
			if (err != nil) != tc.err || got != tc.want {
				t.Errorf("ParseRuleSet(%q) = %q, %v", tc.in, got, err)
			}
		})
	}
}

// TestThreatHelpersMatchPlainSearch checks the threat helpers, which test
// only the moves that can matter (captures, moves onto a square, moves
// that may give check), against the plain forms that test every legal
// move, on the positions of random playouts and every legal move there.
func TestThreatHelpersMatchPlainSearch(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewSource(9))
	checked, recaptures, mated, threats := 0, 0, 0, 0
	for range games {
		pos := board.StartPosition()
		for _, m := range randomGame(rng, 160) {
			var buf [board.MaxMoves]board.Move
			for _, mv := range pos.AppendLegalMoves(buf[:0]) {
				if got, want := clsHasRecapture(&pos, mv), plainHasRecapture(&pos, mv); got != want {
					t.Fatalf("%s %v: clsHasRecapture = %v, want %v", pos.FEN(), mv, got, want)
				} else if got {
					recaptures++
				}
				if got, want := clsCaptureMated(&pos, mv), plainCaptureMated(&pos, mv); got != want {
					t.Fatalf("%s %v: clsCaptureMated = %v, want %v", pos.FEN(), mv, got, want)
				} else if got {
					mated++
				}
				checked++
			}
			null, ok := pos.Pass()
			if ok {
				got := clsThreats(&pos, &null, nil)
				want := plainThreats(&pos, &null)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: clsThreats = %v, want %v", pos.FEN(), got, want)
				}
				threats += len(got)
			}
			pos.MakeMove(m)
		}
	}
	// Each answer must occur both ways for the test to tell anything.
	if recaptures == 0 || recaptures == checked || mated == 0 || threats == 0 {
		t.Fatalf("%d moves: %d with a recapture, %d answered by mate; %d threats", checked, recaptures, mated, threats)
	}
	t.Logf("%d moves: %d with a recapture, %d answered by mate; %d threats", checked, recaptures, mated, threats)
}

func plainHasRecapture(p *board.Position, mv board.Move) bool {
	c := *p
	c.MakeMove(mv)
	for _, r := range c.LegalMoves() {
		if r.To() == mv.To() {
			return true
		}
	}
	return false
}

func plainCaptureMated(p *board.Position, mv board.Move) bool {
	c := *p
	c.MakeMove(mv)
	for _, r := range c.LegalMoves() {
		d := c
		d.MakeMove(r)
		if d.InCheck() && !d.HasLegalMove() {
			return true
		}
	}
	return false
}

// plainThreats is clsThreats over every legal move.
func plainThreats(p, q *board.Position) []clsThreat {
	var out []clsThreat
	us := p.Side()
	for _, mv := range p.LegalMoves() {
		from, to := mv.From(), mv.To()
		vic := p.Piece(to)
		if vic.IsEmpty() || vic.Color() == us || !clsValuable(vic, to) {
			continue
		}
		att := p.Piece(from).Kind()
		if att == board.King {
			continue
		}
		stronger := clsStronger(att, vic.Kind())
		if !stronger && att == vic.Kind() && q.IsLegal(board.NewMove(to, from)) {
			continue
		}
		protected := plainHasRecapture(p, mv)
		if protected && !stronger {
			continue
		}
		if plainCaptureMated(p, mv) {
			continue
		}
		out = append(out, clsThreat{attacker: from, victim: to, protected: protected, pawn: att == board.Pawn})
	}
	return out
}
