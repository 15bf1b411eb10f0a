package analyze

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// casesPath is the shared repetition test set. It is not part of the
// repository.
var casesPath = shareddata.Path("repetition", "cases.tsv")

type repCase struct {
	id, fen, expected, description, fsf, pikafish string
	moves                                         []string
}

func readCases(t *testing.T) []repCase {
	t.Helper()
	f, err := os.Open(casesPath)
	if err != nil {
		t.Skipf("repetition cases not available (%s): %v", casesPath, err)
	}
	defer f.Close()
	var out []repCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var col map[string]int
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if col == nil {
			col = make(map[string]int)
			for i, h := range fields {
				col[h] = i
			}
			for _, h := range []string{"id", "fen", "moves_3fold", "expected_verdict"} {
				if _, ok := col[h]; !ok {
					t.Fatalf("%s: no column %q", casesPath, h)
				}
			}
			continue
		}
		get := func(h string) string {
			if i, ok := col[h]; ok && i < len(fields) {
				return fields[i]
			}
			return ""
		}
		out = append(out, repCase{
			id:          get("id"),
			fen:         get("fen"),
			expected:    get("expected_verdict"),
			description: get("description"),
			fsf:         get("fsf_verdict_at_3fold"),
			pikafish:    get("pikafish_verdict_at_3fold"),
			moves:       strings.Fields(get("moves_3fold")),
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// verdictName maps a verdict to the vocabulary of cases.tsv.
func verdictName(v *Verdict) string {
	switch {
	case v == nil:
		return "none"
	case v.Draw():
		return "draw"
	case v.Loser == board.Red:
		return "red_loses"
	}
	return "black_loses"
}

// caseExceptions lists the cases.tsv rows whose published expectation this
// package does not reproduce as written, with the reason and the verdict
// asserted instead. repetitions is the occurrence count used (0: 3).
var caseExceptions = map[string]struct {
	want        string
	repetitions int
	reason      string
}{
	"R153": {"red_loses", 2, "the moves_3fold line (15 plies, a 12-ply cycle of two rooks chasing one " +
		"cannon) never reaches a 3rd occurrence; the source judges at the 2nd occurrence, so the " +
		"case is checked with repetitions=2: red chases the same cannon on every move"},
}

func TestCasesTSV(t *testing.T) {
	cases := readCases(t)
	var decisive, decisiveOK, draws, drawsOK, other int
	for _, c := range cases {
		if len(c.moves) == 0 {
			continue
		}
		t.Run(c.id, func(t *testing.T) {
			n := 3
			want := c.expected
			if ex, ok := caseExceptions[c.id]; ok {
				want = ex.want
				if ex.repetitions > 0 {
					n = ex.repetitions
				}
				t.Logf("exception: %s", ex.reason)
			}
			v := runLineN(t, c.fen, c.moves, RulesAXF, n)
			got := verdictName(v)
			vc := runLineN(t, c.fen, c.moves, RulesCXA, n)
			detail := ""
			if v != nil {
				detail = v.Detail
			}
			switch want {
			case "red_loses", "black_loses":
				decisive++
				if got != want {
					t.Errorf("%s (%s): axf verdict %s, want %s; %s", c.id, c.description, got, want, detail)
					return
				}
				decisiveOK++
			case "draw":
				draws++
				if got == "red_loses" || got == "black_loses" {
					t.Errorf("%s (%s): draw case judged %s; %s", c.id, c.description, got, detail)
					return
				}
				drawsOK++
			default:
				other++
				t.Logf("%s (%s, expected %s): axf %s, cxa %s; %s", c.id, c.description, want, got, verdictName(vc), detail)
			}
		})
	}
	t.Logf("cases.tsv under axf: decisive %d/%d, draws without a loss %d/%d, other (disputed/unspecified) %d",
		decisiveOK, decisive, drawsOK, draws, other)
}

func runLineN(t *testing.T, fen string, moves []string, rules RuleSet, n int) *Verdict {
	t.Helper()
	pos, err := board.PositionFromFEN(fen)
	if err != nil {
		t.Fatalf("FEN %q: %v", fen, err)
	}
	a := NewAdjudicator(pos, rules, n)
	var first *Verdict
	for i, s := range moves {
		m, err := board.ParseMove(s)
		if err != nil {
			t.Fatalf("move %d %q: %v", i+1, s, err)
		}
		p := a.Position()
		if !p.IsLegal(m) {
			t.Fatalf("move %d %s illegal in %s", i+1, s, p.FEN())
		}
		if v := a.Push(m); v != nil && first == nil {
			first = v
			if v.Ply < 1 || v.Ply > len(moves) || v.Cycle[0] < 1 || v.Cycle[1] != v.Ply || v.Cycle[0] >= v.Cycle[1] {
				t.Errorf("verdict plies out of range: ply %d cycle %v", v.Ply, v.Cycle)
			}
		}
	}
	return first
}

// cxaCase is a constructed cycle whose verdict differs between the rule
// sets.
type cxaCase struct {
	name     string
	fen      string
	cycle    string // one cycle of moves, played until the 3rd occurrence
	axf, cxa string // verdictName
	cxaKind  VerdictKind
}

func TestCXADifferences(t *testing.T) {
	tests := []cxaCase{
		{
			// Red's rook shuttles c2-c0, each time threatening mate by
			// checks on the boxed-in black king; black's rook parries.
			name:  "perpetual mate threat (长杀)",
			fen:   "1P1k1P3/9/9/9/9/9/2P6/2R1K4/9/3r5 w - - 0 1",
			cycle: "c2c0 d0f0 c0c2 f0d0",
			axf:   "draw", cxa: "red_loses", cxaKind: PerpetualThreat,
		},
		{
			// Red checks with the rook, the king steps aside, red's rook
			// steps back attacking the unprotected horse on g9: one check,
			// one chase (一将一捉). Allowed under axf, forbidden under cxa.
			name:  "one check one chase (一将一捉)",
			fen:   "3a2n2/9/3a1k3/6R2/9/9/8C/9/1N7/3K5 w - - 0 1",
			cycle: "g6f6 f7e7 f6g6 e7f7",
			axf:   "draw", cxa: "red_loses", cxaKind: ForbiddenCycle,
		},
		{
			// Red's cannon chases the black rook, protected by the other
			// rook (a stronger-piece chase of a protected piece); the black
			// rook escapes each time onto a file where it attacks an
			// unprotected red horse (c9, then a9). Under axf red chases the
			// same rook and loses; black chases two different horses. Under
			// cxa both sides chase on every move, and the side chasing
			// unprotected pieces (black) must change.
			name:  "mutual chase, protected vs unprotected",
			fen:   "N1N2k3/9/r3r4/9/9/9/P1P6/2C6/9/3K5 w - - 0 1",
			cycle: "c2a2 a7c7 a2c2 c7a7",
			axf:   "red_loses", cxa: "black_loses", cxaKind: PerpetualChase,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cyc := strings.Fields(tc.cycle)
			moves := append(append([]string{}, cyc...), cyc...)
			for _, rules := range []RuleSet{RulesAXF, RulesCXA} {
				v := runLineN(t, tc.fen, moves, rules, 3)
				want := tc.axf
				if rules == RulesCXA {
					want = tc.cxa
				}
				if got := verdictName(v); got != want {
					d := ""
					if v != nil {
						d = v.Detail
					}
					t.Errorf("%s: got %s, want %s; %s", rules, got, want, d)
					continue
				}
				if rules == RulesCXA && v.Kind != tc.cxaKind {
					t.Errorf("cxa kind %s, want %s; %s", v.Kind, tc.cxaKind, v.Detail)
				}
				t.Logf("%s: %s %s", rules, v.Code(), v.Detail)
			}
		})
	}
}
