package notation

import (
	"errors"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// fuzzPositions are the positions FuzzResolve and FuzzRoundTrip play in.
var fuzzPositions = []string{
	board.StartFEN,
	fenTwoFiles,
	fenFivePawns,
	fenThreeTwo,
	fenTandem,
	fenTwoFilesBlack,
	"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
}

func fuzzPosition(t *testing.T, i uint8) board.Position {
	p, err := board.PositionFromFEN(fuzzPositions[int(i)%len(fuzzPositions)])
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// FuzzResolve feeds any text in every notation to a few positions: no
// panic, an *Error of one class on failure, a legal move on success.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"炮二平五", "前兵九平八", "二7平6", "一卒平５", "車前平三", "C2.5", "+C-2",
		"C+-2", "++.4", "33.4", "Pa.5", "h2e2", "H2-E2", "i10h10", "Cbe2", "c4", "62.5", "G4+5", "马８进７!?", "C25", "R12!"} {
		for i := range uint8(len(fuzzPositions)) {
			f.Add(s, i)
		}
	}
	notations := []Notation{NotationAuto, NotationChinese, NotationWXF, NotationICCS, NotationUCI, NotationSAN}
	f.Fuzz(func(t *testing.T, text string, pi uint8) {
		p := fuzzPosition(t, pi)
		for _, n := range notations {
			m, err := ResolveText(&p, text, n)
			if err != nil {
				var ne *Error
				if !errors.As(err, &ne) {
					t.Fatalf("%q %s: error %v is not an *Error", text, n, err)
				}
				classes := 0
				for _, e := range []error{ErrSyntax, ErrIllegal, ErrAmbiguous} {
					if errors.Is(err, e) {
						classes++
					}
				}
				if classes != 1 {
					t.Fatalf("%q %s: error %v matches %d classes", text, n, err, classes)
				}
				_ = err.Error()
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%q %s: resolved to illegal move %v in %s", text, n, m, p.FEN())
			}
		}
		// The syntax values must not panic when resolved directly either.
		if c, err := ParseChinese(text); err == nil {
			_, _ = c.Resolve(&p)
			_ = c.String()
		}
		if w, err := ParseWXF(text); err == nil {
			_, _ = w.Resolve(&p)
			_ = w.String()
		}
	})
}

// FuzzRoundTrip plays a move sequence chosen by the fuzzer and checks the
// round trip on every position reached.
func FuzzRoundTrip(f *testing.F) {
	f.Add(uint8(0), []byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add(uint8(1), []byte{0, 0, 0, 0})
	f.Add(uint8(3), []byte{9, 200, 17, 4, 33})
	f.Fuzz(func(t *testing.T, pi uint8, choices []byte) {
		if len(choices) > 64 {
			choices = choices[:64]
		}
		p := fuzzPosition(t, pi)
		st := roundTripStats{notes: map[Note]int{}}
		var buf [board.MaxMoves]board.Move
		for _, c := range choices {
			checkRoundTrip(t, &p, &st)
			moves := p.AppendLegalMoves(buf[:0])
			if len(moves) == 0 {
				return
			}
			p.MakeMove(moves[int(c)%len(moves)])
		}
	})
}

// FuzzChineseStructs resolves arbitrary syntax values: no panic.
func FuzzChineseStructs(f *testing.F) {
	f.Add(uint8(6), uint8(0), 2, uint8(3), 5, uint8(0))
	f.Fuzz(func(t *testing.T, kind, qual uint8, file int, dir uint8, num int, pi uint8) {
		p := fuzzPosition(t, pi)
		c := Chinese{Piece: board.Kind(kind), Qualifier: Qualifier(qual), File: file, Direction: Direction(dir), Number: num}
		if m, err := c.Resolve(&p); err == nil && !p.IsLegal(m) {
			t.Fatalf("%+v resolved to illegal %v", c, m)
		}
		w := WXF{Piece: board.Kind(kind), Qualifier: Qualifier(qual), File: file, Direction: Direction(dir), Number: num}
		if m, err := w.Resolve(&p); err == nil && !p.IsLegal(m) {
			t.Fatalf("%+v resolved to illegal %v", w, m)
		}
		_, _ = c.String(), w.String()
	})
}
