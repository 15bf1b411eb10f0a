package notation

import (
	"math/rand/v2"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// tryAgrees checks that Try finds exactly the move ResolveText finds, and
// fails exactly where it fails.
func tryAgrees(t *testing.T, p *board.Position, text string, n Notation) {
	t.Helper()
	want, err := ResolveText(p, text, n)
	got, ok := Try(p, text, n)
	if ok != (err == nil) || ok && got != want {
		t.Fatalf("%q %s in %s: Try = %v, %v; ResolveText = %v, %v", text, n, p.FEN(), got, ok, want, err)
	}
}

// TestTryAgrees plays random games from the fuzz positions and, at every
// position, compares Try with ResolveText on every legal move written in
// every notation, and on those texts with one character changed (most of
// them name no legal move, or several).
func TestTryAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("车马炮相仕帅兵卒前中后进退平一二三四五六七八九１２３４５６７８９KAEHRCP123456789+-.=abcdefghi0")
	notations := []Notation{NotationAuto, NotationChinese, NotationWXF, NotationICCS}
	tried := 0
	for game := range 40 {
		p := fuzzPosition(t, uint8(game))
		var buf [board.MaxMoves]board.Move
		for range 60 {
			moves := p.AppendLegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				for _, text := range []string{FormatChinese(&p, m, ChineseStyle{}), FormatWXF(&p, m), FormatICCS(m, false)} {
					rs := []rune(text)
					rs[rng.IntN(len(rs))] = alphabet[rng.IntN(len(alphabet))]
					for _, n := range notations {
						tryAgrees(t, &p, text, n)
						tryAgrees(t, &p, string(rs), n)
						tried += 2
					}
				}
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d texts compared", tried)
}

// FuzzTry compares Try with ResolveText on any text.
func FuzzTry(f *testing.F) {
	for _, s := range []string{"炮二平五", "前兵九平八", "二7平6", "C2.5", "+C-2", "++.4", "Pa.5", "h2e2", "H2-E2", "i10h10", "Cbe2", "62.5", "C25", "马８退７"} {
		f.Add(s, uint8(0))
	}
	notations := []Notation{NotationAuto, NotationChinese, NotationWXF, NotationICCS, NotationUCI, NotationSAN}
	f.Fuzz(func(t *testing.T, text string, pi uint8) {
		p := fuzzPosition(t, pi)
		for _, n := range notations {
			tryAgrees(t, &p, text, n)
		}
	})
}
