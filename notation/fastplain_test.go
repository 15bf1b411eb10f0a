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

// TestParseCoord4 checks the four-byte reading of coordinates against the
// general one on every four-byte string over the characters that matter
// (letters about a..i in both cases, digits, and their neighbours), in
// both rank bases.
func TestParseCoord4(t *testing.T) {
	alpha := []byte("`aeijAIJ@09/:-!")
	var b [4]byte
	n := 0
	for _, c0 := range alpha {
		for _, c1 := range alpha {
			for _, c2 := range alpha {
				for _, c3 := range alpha {
					b = [4]byte{c0, c1, c2, c3}
					s := string(b[:])
					for base := 0; base <= 1; base++ {
						c, ok := parseCoord4(s, base)
						want, err := parseCoordAny(s, base)
						if ok && (err != nil || c != want) {
							t.Fatalf("parseCoord4(%q, %d) = %v, general %v, %v", s, base, c, want, err)
						}
						if ok {
							n++
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("parseCoord4 read nothing")
	}
}

// TestChineseVlinePlain checks the direct reading of the plain layout
// against parseChinese: on every text of piece, numeral, direction and
// numeral characters classify knows, and on every four-character text
// over a few characters of each class (other layouts, pieces that cannot
// move sideways, qualifiers), plus spaces and marks.
func TestChineseVlinePlain(t *testing.T) {
	byClass := map[uint8][]rune{}
	for _, s := range symbols {
		if s.r != 0 {
			byClass[s.cls] = append(byClass[s.cls], s.r)
		}
	}
	check := func(text string) bool {
		v, ok := chineseVlinePlain(text)
		_, want, err := parseChinese(text)
		if ok && (err != nil || v != want) {
			t.Fatalf("chineseVlinePlain(%q) = %+v, parseChinese %+v, %v", text, v, want, err)
		}
		return ok
	}
	read := 0
	for _, p := range byClass[clPiece] {
		for _, f := range byClass[clNum] {
			for _, d := range byClass[clDir] {
				for _, n := range byClass[clNum] {
					if check(string([]rune{p, f, d, n})) {
						read++
					}
				}
			}
		}
	}
	if read == 0 {
		t.Fatal("chineseVlinePlain read no plain text")
	}
	few := []rune("车马相仕帅炮兵二９5进退平前中后 !")
	for _, a := range few {
		for _, b := range few {
			for _, c := range few {
				for _, d := range few {
					check(string([]rune{a, b, c, d}))
				}
			}
		}
	}
}
