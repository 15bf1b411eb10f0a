package analyze

import (
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
	tests := []struct {
		name     string
		fen      string
		cycle    string
		classes  string
		axf, cxa string
		cxaKind  VerdictKind // when cxa is not a draw
	}{
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
	}
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
