package analyze

import (
	"errors"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestDefenceReadings pins the two readings of defence.go on positions
// built for them, one per kind of WXF diagram they decide: protection is
// judged as if a check were answered (WXF rules 9 and 13), and cutting a
// defender's line is a block (拦) only when the move interposes against an
// attack on one of the mover's own pieces (WXF rule 32). classes are the
// natures of one cycle's moves (Classification.String: a check that also
// chased would read "check(f7)"); the cycle is played until its start
// position occurs for the 3rd time.
func TestDefenceReadings(t *testing.T) {
	runDefenceCases(t, []defenceCase{
		{
			// Red's rook shuttles a8-a9, checking on a9; the black advisor
			// interposes and steps back. Red's other rook attacks the
			// horse on c6, which the black rook on i6 protects: the check
			// does not make it unprotected, so the check chases nothing.
			name:    "one check, one idle",
			fen:     "4k4/R3a4/9/2n5r/9/9/9/2R6/9/5K3 w - - 0 1",
			cycle:   "a8a9 e8d9 a9a8 d9e8",
			classes: "check threat idle idle",
			axf:     "draw", cxa: "draw",
		},
		{
			// The cannon checks from f6 (screen: the horse on f7, which
			// the rook on h7 attacks and the advisor on e8 protects), then
			// returns to e6, where it pins that advisor (screens e7, e8):
			// only the return chases the horse. AXF: one check, one chase
			// is allowed; CXA: both are attacks (一将一捉).
			name:    "one check, one chase of the same piece",
			fen:     "4k1b2/4a4/4bn1R1/4C4/9/9/9/9/9/3K5 b - - 0 1",
			cycle:   "e9f9 e6f6 f9e9 f6e6",
			classes: "idle check idle chase(f7)",
			axf:     "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
		{
			// The same without the elephant on g9: the return to e6 is a
			// mate threat as well (rook to h9 and mate), so the cycle is
			// one check, one mate threat (一将一杀), the threat chasing the
			// horse. A threat is idle under AXF.
			name:    "one check, one mate threat",
			fen:     "4k4/4a4/4bn1R1/4C4/9/9/9/9/9/3K5 b - - 0 1",
			cycle:   "e9f9 e6f6 f9e9 f6e6",
			classes: "idle check idle threat(f7)",
			axf:     "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
		{
			// As above, with a red pawn on f5 and a black horse on f3:
			// the check from f6 also attacks that horse (screen f5), so
			// red chases f3 and f7 in turn — different pieces, allowed
			// under AXF; attacks on every move under CXA.
			name:    "chases of different pieces",
			fen:     "4k4/4a4/4bn1R1/4C4/5P3/9/5n3/9/9/3K5 b - - 0 1",
			cycle:   "e9f9 e6f6 f9e9 f6e6",
			classes: "idle check(f3) idle threat(f7)",
			axf:     "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
		{
			// One check, one mate threat, while red's rook on c2 and the
			// black rook on c6 face each other: the black rook can take
			// back once the check is answered, so the check is no chase of
			// it (an exchange offer stays an exchange offer).
			name:    "one check, one mate threat, an exchange offer standing",
			fen:     "4k4/R3a4/9/2r6/9/9/9/2R6/9/5K3 w - - 0 1",
			cycle:   "a8a9 e8d9 a9a8 d9e8",
			classes: "check threat threat idle",
			axf:     "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
		{
			// H. G. Muller's position from the talkchess thread "Perpetual
			// chasing in Xiangqi / A method to implement Asian rule"
			// (2010): the horse unmasks the cannon's check from g5 while
			// attacking the black cannon on e6, which the black horse on
			// c5 protects; his third option, resolving the check
			// fictitiously, is this reading. The cannon is chased on three
			// red moves of four, not on every one.
			name:    "discovered checks attacking a protected cannon",
			fen:     "4k4/9/3R5/4c4/2n6/4N4/9/4C4/9/5K3 w - - 0 1",
			cycle:   "e4g5 e6f6 d7f7 f6d6 f7d7 d6f6 g5e4 f6e6",
			classes: "check idle chase(f6) idle chase(d6) idle check(f6) idle",
			axf:     "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
		{
			// The book's "Example of Perpetual Chase": red's pawn shuttles
			// d6-e6 onto the file of whichever black rook protects the
			// cannon that red's rook attacks, and the cannon shuttles
			// between the files. The pawn blocks no attack on a red piece:
			// the rook chases on every move and red loses.
			name:    "pawn shuttle keeps the rook's target unprotected",
			fen:     "3rrk3/9/5a3/4P4/R2c5/9/9/9/9/5K3 w - - 0 1",
			cycle:   "e6d6 d5e5 d6e6 e5d5",
			classes: "chase(d5) idle chase(e5) idle",
			axf:     "red_loses", cxa: "red_loses", cxaKind: PerpetualChase,
		},
	})
}

// TestDefenceRealGames pins the cycles of real records whose verdict the
// two readings changed (the cycle's start position and moves, taken from
// the record named).
func TestDefenceRealGames(t *testing.T) {
	runDefenceCases(t, []defenceCase{
		{
			// 2010 山东省象棋团体赛, 王偉 (red) – 遲信德, plies 66-73. Black's
			// elephant shuttles c5-a7. Red's cannon on a2 protects the one
			// on a9 (attacked by the rook on c9) through exactly one screen:
			// the elephant on a7 makes a second one beside the pawn on a5,
			// and leaving a7 after the pawn has gone to b5 takes the only
			// one away. The pawn shuttling a5-b5 restores one screen each
			// time. The elephant blocks no attack on a black piece: black
			// chases the cannon perpetually (and changed at ply 76).
			name:    "elephant shuttle keeps the rook's target unprotected",
			fen:     "C1rak1b2/4a4/6n2/4pn3/P1b5P/5R1R1/4r4/C2p5/4A4/3AK1B2 b - - 9 33",
			cycle:   "c5a7 a5b5 a7c5 b5a5",
			classes: "chase(a9) idle chase(a9) idle",
			axf:     "black_loses", cxa: "black_loses", cxaKind: PerpetualChase,
		},
		{
			// 1990 Chinese Qiwang Championship, Liu Dahua (red) – Zhao
			// Guorong, plies 41-48. The rook to f6 stands on the eye of the
			// elephant on g5, which protected the elephant on e7 that the
			// cannon on h7 attacks: a chase, not a block; back on g6 it
			// chases the horse on g7. Two pieces in turn: allowed under
			// AXF, a perpetual chase under CXA (red changed at ply 51).
			name:    "rook on an elephant's eye, chases of two pieces",
			fen:     "3ak4/4a4/2c1b1nC1/4p1R1p/r5b2/p8/n1P1P3P/N3C4/4A4/2B1KAB2 w - - 7 21",
			cycle:   "g6f6 e8d7 f6g6 d7e8",
			classes: "chase(e7) idle chase(g7) idle",
			axf:     "draw", cxa: "red_loses", cxaKind: PerpetualChase,
		},
		{
			// 2010-04-05 至尊盟屠夫 – 外围波 (drawn), plies 50-57: the
			// cannon checks from f6 through the horse on f7, which the
			// advisor on e8 protects; from e6 it pins that advisor.
			name:    "one check, one chase (real game)",
			fen:     "3ak1b2/4a4/4bn1R1/p1p1C3p/5n3/9/P3P3P/1rN1B4/9/3AKAB2 b - - 8 25",
			cycle:   "e9f9 e6f6 f9e9 f6e6",
			classes: "idle check idle chase(f7)",
			axf:     "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
		{
			// 2010-03-21 胡神 – 学神 (drawn), plies 62-69: the rook checks on
			// a8 while the horse on d9 attacks the elephant on e7, which
			// the elephant on g9 protects. Back on a9 the rook stands
			// behind the horse: taking on e7 is a discovered check, which
			// the capture makes itself, so the recapture must answer it.
			name:    "one check, one mate threat; a check made by the capture counts",
			fen:     "R2Nk1b2/9/4b1c2/4n3p/6p2/2pnC4/P3P1P2/6Nr1/9/2BAKAB1c b - - 0 31",
			cycle:   "e9e8 a9a8 e8e9 a8a9",
			classes: "idle check idle threat(e7)",
			axf:     "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
	})
}

type defenceCase struct {
	name     string
	fen      string
	cycle    string
	classes  string
	axf, cxa string
	cxaKind  VerdictKind // when cxa is not a draw
}

func runDefenceCases(t *testing.T, tests []defenceCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := mustPos(t, tc.fen)
			var moves []board.Move
			for _, s := range strings.Fields(tc.cycle) {
				moves = append(moves, mustMove(t, s))
			}
			var got []string
			for _, c := range ClassifyLine(start, moves) {
				got = append(got, c.String())
			}
			if g := strings.Join(got, " "); g != tc.classes {
				t.Errorf("classes %q, want %q", g, tc.classes)
			}
			line := strings.Fields(tc.cycle + " " + tc.cycle)
			for _, rules := range []RuleSet{RulesAXF, RulesCXA} {
				want := tc.axf
				if rules == RulesCXA {
					want = tc.cxa
				}
				v := runLineN(t, tc.fen, line, rules, 3)
				if v == nil {
					t.Fatalf("%s: no verdict after %d plies", rules, len(line))
				}
				if got := verdictName(v); got != want {
					t.Errorf("%s: %s, want %s; %s", rules, got, want, v.Detail)
					continue
				}
				if rules == RulesCXA && !v.Draw() && v.Kind != tc.cxaKind {
					t.Errorf("cxa kind %s, want %s; %s", v.Kind, tc.cxaKind, v.Detail)
				}
			}
		})
	}
}

// TestLegalAside checks clsLegalAside on its own: in check, a capture that
// leaves the standing check as it was counts; one that opens a new line to
// its own king, or a king stepping into an attack, does not.
func TestLegalAside(t *testing.T) {
	tests := []struct {
		name, fen, move string
		want            bool
	}{
		{
			// Black is in check from the rook on a9; the rook on i6 takes
			// on c6, leaving that check as it was.
			name: "standing check set aside",
			fen:  "R3k4/9/9/2R5r/9/9/9/9/9/5K3 b - - 0 1", move: "i6c6",
			want: true,
		},
		{
			// The advisor on e8 shields the king from the cannon on e2
			// (screen e5); leaving e8 opens a second check.
			name: "a pinned defender opens a new check",
			fen:  "R3k4/4a4/9/9/4p4/9/9/4C4/9/5K3 b - - 0 1", move: "e8d7",
			want: false,
		},
		{
			// The king itself may not step onto an attacked point.
			name: "king into attack",
			fen:  "R3k4/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1", move: "e9d9",
			want: false,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.fen)
			if !p.InCheck() {
				t.Fatalf("%s: side to move not in check", tc.fen)
			}
			q, ok := p.Pass()
			if !ok {
				t.Fatal("no null move")
			}
			if got := clsLegalAside(&p, mustMove(t, tc.move), clsCheckers(&q)); got != tc.want {
				t.Errorf("clsLegalAside(%s) = %v, want %v", tc.move, got, tc.want)
			}
		})
	}
}

// TestBlockExemption checks the block (拦) reading on one move: the pawn
// steps onto the leg that the black horse on d9 needs both to protect the
// cannon on e7 (attacked by red's rook) and to attack red's cannon on c7.
// With red's cannon there the pawn interposes and cuts the protection in
// passing: no chase. Without it the pawn's step only cuts the protection:
// the rook's attack on the cannon becomes a chase.
func TestBlockExemption(t *testing.T) {
	tests := []struct {
		name, fen string
		chased    []string
	}{
		{"interposes against an attack on an own piece", "3n1k3/2P6/2C1c4/9/9/9/9/4R4/9/3K5 w - - 0 1", nil},
		{"only cuts the defender off", "3n1k3/2P6/4c4/9/9/9/9/4R4/9/3K5 w - - 0 1", []string{"e7"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustPos(t, tc.fen)
			c := Classify(&pos, mustMove(t, "c8d8"))
			if got := squares(c.Chased); !slices.Equal(got, tc.chased) {
				t.Errorf("chased %v, want %v (%s)", got, tc.chased, c)
			}
		})
	}
}

// TestPseudoMatchesCheckMove checks clsPseudo, which filters by geometry
// before generating a piece's moves, against CheckMove over the positions
// of random playouts: a move is pseudo-legal when CheckMove accepts it or
// rejects it only for the king's safety.
func TestPseudoMatchesCheckMove(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	for game := 0; game < 20; game++ {
		pos := board.StartPosition()
		for _, m := range randomGame(rng, 120) {
			for i := 0; i < 200; i++ {
				from := board.Square(rng.Intn(board.Squares))
				to := board.Square(rng.Intn(board.Squares))
				if pc := pos.Piece(from); from == to || pc.IsEmpty() || pc.Color() != pos.Side() {
					continue
				}
				mv := board.NewMove(from, to)
				err := pos.CheckMove(mv)
				want := err == nil || errors.Is(err, board.ErrSelfCheck) || errors.Is(err, board.ErrFlyingGeneral)
				if got := clsPseudo(&pos, mv); got != want {
					t.Fatalf("%s: clsPseudo(%s) = %v, CheckMove: %v", pos.FEN(), mv, got, err)
				}
			}
			pos.MakeMove(m)
		}
	}
}
