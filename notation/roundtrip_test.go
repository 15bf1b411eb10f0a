package notation

import (
	"math/rand/v2"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// midgameFENs are start points for random playouts besides the opening
// position (from the published perft suites).
var midgameFENs = []string{
	"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
	"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
	"r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
	"r1bakab1r/9/1c2c4/p3p3p/2p3p2/2P3P2/P3P3P/1C2C4/9/R1BAKAB1R w - - 0 1",
	// Many pawns, to reach doubled and tripled pawn files often.
	"4kab2/4a4/4b4/9/2p1p1p2/P1P1P1P1P/9/9/4A4/3AK4 w - - 0 1",
	"3k5/9/9/2P1P1P2/9/9/2p1p1p2/9/9/4K4 w - - 0 1",
	// Four or five pawns on a file, and 3+2 on two files, for both sides.
	"3k5/4P4/4P4/4P4/4P4/4p4/4p4/4p4/4p4/5K3 w - - 0 1",
	"3k5/2P1P4/2P1P4/4P4/9/2p6/2p1p4/4p4/4p4/5K3 w - - 0 1",
	"5k3/9/3P1P3/3P1P3/3P5/9/9/9/9/4K4 w - - 0 1",
}

// randomPositions returns n positions from random playouts with a fixed
// seed, starting from the opening and from midgameFENs.
func randomPositions(t testing.TB, n int) []board.Position {
	rng := rand.New(rand.NewPCG(20240601, 7))
	starts := []board.Position{board.StartPosition()}
	for _, f := range midgameFENs {
		p, err := board.PositionFromFEN(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		starts = append(starts, p)
	}
	out := make([]board.Position, 0, n)
	var buf [board.MaxMoves]board.Move
	for g := 0; len(out) < n; g++ {
		p := starts[g%len(starts)]
		for ply := 0; ply < 300 && len(out) < n; ply++ {
			moves := p.AppendLegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// roundTripStats counts what checkRoundTrip saw.
type roundTripStats struct {
	positions, moves, texts int
	notes                   map[Note]int
}

// checkRoundTrip writes every legal move of p in every notation and style
// and reads it back.
func checkRoundTrip(t testing.TB, p *board.Position, st *roundTripStats) {
	var buf [board.MaxMoves]board.Move
	moves := p.AppendLegalMoves(buf[:0])
	st.positions++
	styles := [...]ChineseStyle{{}, {Traditional: true}, {ASCIIDigits: true}, {Traditional: true, ASCIIDigits: true}}
	var tb [32]byte
	for _, m := range moves {
		st.moves++
		for _, sty := range styles {
			text := string(AppendChinese(tb[:0], p, m, sty))
			c, err := ParseChinese(text)
			if err != nil {
				t.Fatalf("%s: ParseChinese(%q) of %v: %v", p.FEN(), text, m, err)
			}
			v, _ := c.vline()
			got, note, err := v.resolve(p, moves, text)
			st.texts++
			if err != nil || got != m {
				t.Fatalf("%s: Chinese %q of %v read back as %v, %v", p.FEN(), text, m, got, err)
			}
			if note != 0 {
				st.notes[note]++
			}
		}
		text := string(AppendWXF(tb[:0], p, m))
		got, err := resolveWith(p, moves, text, NotationWXF)
		st.texts++
		if err != nil || got != m {
			t.Fatalf("%s: WXF %q of %v read back as %v, %v", p.FEN(), text, m, got, err)
		}
		for _, hyphen := range []bool{false, true} {
			text := string(AppendICCS(tb[:0], m, hyphen))
			c, err := ParseICCS(text)
			st.texts++
			if err != nil || c.Move() != m || !p.IsLegal(c.Move()) {
				t.Fatalf("%s: ICCS %q of %v read back as %v, %v", p.FEN(), text, m, c, err)
			}
		}
		if c, err := ParseUCI(FormatUCI(m)); err != nil || c.Move() != m {
			t.Fatalf("UCI %q of %v read back as %v, %v", FormatUCI(m), m, c, err)
		}
		if st.positions%8 == 0 {
			text := FormatSAN(p, m)
			got, err := resolveWith(p, moves, text, NotationSAN)
			st.texts++
			if err != nil || got != m {
				t.Fatalf("%s: SAN %q of %v read back as %v, %v", p.FEN(), text, m, got, err)
			}
		}
	}
}

func TestRoundTripRandom(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 5_000
	}
	st := roundTripStats{notes: map[Note]int{}}
	for _, p := range randomPositions(t, n) {
		checkRoundTrip(t, &p, &st)
	}
	t.Logf("%d positions, %d moves, %d texts read back; notes %v", st.positions, st.moves, st.texts, st.notes)
}
