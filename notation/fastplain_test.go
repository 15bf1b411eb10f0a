package notation

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

// TestFastPlainMatchesGeneral checks, on random positions, that every
// plain vertical-line move (each kind, file, direction and number) the
// fast path resolves is the move the general path picks, with and without
// the check hint.
func TestFastPlainMatchesGeneral(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	resolved := 0
	for _, p := range randomPositions(t, n) {
		inCheck := p.InCheck()
		for k := board.King; k <= board.Pawn; k++ {
			for file := int8(1); file <= 9; file++ {
				for dir := Forward; dir <= Sideways; dir++ {
					for num := int8(1); num <= 9; num++ {
						for _, wxf := range []bool{false, true} {
							v := vline{kinds: kindBit(k), file: file, dir: dir, num: num, wxf: wxf}
							fast, ok := v.fastPlain(&p, true)
							hinted, hok := v.fastPlain(&p, inCheck)
							if ok != hok || fast != hinted {
								t.Fatalf("%s %+v: fastPlain %v %v, with the check hint %v %v", p.FEN(), v, fast, ok, hinted, hok)
							}
							if !ok {
								continue
							}
							var buf [board.MaxMoves]board.Move
							m, _, err := v.resolve(&p, p.AppendLegalMovesOf(buf[:0], board.KindSet(v.kinds)), "text")
							if err != nil || m != fast {
								t.Fatalf("%s %+v: fastPlain %v, general %v %v", p.FEN(), v, fast, m, err)
							}
							resolved++
						}
					}
				}
			}
		}
	}
	if resolved == 0 {
		t.Fatal("the fast path resolved nothing")
	}
	t.Logf("%d moves resolved by the fast path", resolved)
}
