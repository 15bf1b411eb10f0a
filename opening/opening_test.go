package opening

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// play resolves space-separated moves (Chinese, WXF or ICCS) from start.
func play(t testing.TB, start board.Position, text string) []board.Move {
	t.Helper()
	p := start
	var moves []board.Move
	for _, tok := range strings.Fields(text) {
		m, err := notation.ResolveText(&p, tok, notation.NotationAuto)
		if err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
		moves = append(moves, m)
	}
	return moves
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name, moves, code string
	}{
		// Family A, and the left-right mirror of each first move.
		{"A10 飞相局", "相三进五 卒1进1", "A10"},
		{"A10 mirrored", "相七进五 卒9进1", "A10"},
		{"A13 飞相对进左马", "相三进五 马8进7", "A13"},
		{"A13 mirrored", "相七进五 马2进3", "A13"},
		{"A28 飞相转屏风马 (either horse first)", "相三进五 炮8平5 马八进七 马8进7 马二进三", "A28"},
		{"A28 other order", "相三进五 炮8平5 马二进三 马8进7 马八进七", "A28"},
		{"A40 起马局", "马二进三 马8进7", "A40"},
		{"A45 起马互进七兵局", "马二进三 卒7进1 兵七进一", "A45"},
		{"A60 过宫炮局", "炮二平六 卒7进1", "A60"},
		{"A60 mirrored", "炮八平四 卒3进1", "A60"},
		// Out of book at move 1: the catch-all codes of family A.
		{"A01 上仕局", "仕四进五", "A01"},
		{"A08 边兵局", "兵九进一", "A08"},
		{"A00 其他开局", "帅五进一", "A00"},
		{"A00 one move only", "马二进一 卒7进1", "A02"},
		// Family B.
		{"B00 中炮局", "炮二平五 卒7进1", "B00"},
		{"B05 中炮对进左马", "炮二平五 马8进7", "B05"},
		{"B10 中炮对单提马", "炮二平五 马2进3 马二进三 马8进9", "B10"},
		{"B10 mirrored", "炮八平五 马8进7 马八进七 马2进1", "B10"},
		{"B20 中炮对左三步虎", "炮二平五 马8进7 马二进三 炮8平9", "B20"},
		// Family C, with transpositions: 屏风马 by either horse first.
		{"C00 中炮对屏风马", "炮二平五 马8进7 马二进三 马2进3", "C00"},
		{"C00 other horse first", "炮二平五 马2进3 马二进三 马8进7", "C00"},
		{"C41 平炮兑车, 退边炮", "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 车二平三 炮9退1 车三平四", "C41"},
		{"C41 Black's pawn and horse swapped", "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵七进一 卒7进1 车二进六 炮8平9 车二平三 炮9退1 车三平四", "C41"},
		{"C46 book line", "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵七进一 卒7进1 车二进六 炮8平9 车二平三 炮9退1 马八进七 士4进5 炮八平九 车1平2", "C46"},
		{"C46 mirrored", "炮八平五 马2进3 马八进七 车1平2 车九平八 马8进7 兵三进一 卒3进1 车八进六 炮2平1 车八平七 炮1退1 马二进三 士6进5 炮二平一 车9平8", "C46"},
		{"C45 without 车1平2", "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵七进一 卒7进1 车二进六 炮8平9 车二平三 炮9退1 马八进七 士4进5 炮八平九 象3进5 车九平八 卒1进1", "C45"},
		{"C99 五九炮", "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 炮八平九", "C99"},
		// Family D.
		{"D00 顺炮", "炮二平五 炮8平5", "D00"},
		{"D20 顺炮直车对横车", "炮二平五 炮8平5 马二进三 马8进7 车一平二 车9进1", "D20"},
		{"D20 mirrored", "炮八平五 炮2平5 马八进七 马2进3 车九平八 车1进1", "D20"},
		{"D50 中炮对列炮", "炮二平五 炮2平5", "D50"},
		// Family E.
		{"E00 仙人指路局", "兵三进一 卒1进1", "E00"},
		{"E10 仙人指路对卒底炮", "兵三进一 炮8平7", "E10"},
		{"E10 mirrored", "兵七进一 炮2平3", "E10"},
		{"E40 对兵局", "兵三进一 卒3进1", "E40"},
		{"E40 mirrored", "兵七进一 卒7进1", "E40"},
		{"E42 对兵互进右马 by 仙人指路 order", "兵三进一 马2进3 马二进三 卒3进1", "E42"},
		{"E42 by 对兵 order", "兵三进一 卒3进1 马二进三 马2进3", "E42"},
		// ICCS works as well as Chinese.
		{"ICCS", "h2e2 h9g7", "B05"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := board.StartPosition()
			moves := play(t, start, tt.moves)
			got, ok := Classify(start, moves)
			if !ok || got.Code != tt.code {
				t.Fatalf("Classify = %+v, %v; want %s (moves read as %s)", got, ok, tt.code, WXF(start, moves))
			}
			want, _ := Lookup(tt.code)
			if got != want {
				t.Errorf("Classify = %+v, want the names of %s: %+v", got, tt.code, want)
			}
		})
	}
}

func TestClassifyNoCode(t *testing.T) {
	start := board.StartPosition()
	if c, ok := Classify(start, nil); ok {
		t.Errorf("no move: got %+v", c)
	}
	end, err := board.PositionFromFEN("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := Classify(end, play(t, end, "仕五进四")); ok {
		t.Errorf("endgame: got %+v", c)
	}
	// The standard placement with Black to move is not the standard start.
	bl, err := board.PositionFromFEN(strings.Replace(board.StartFEN, " w ", " b ", 1))
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := Classify(bl, play(t, bl, "炮8平5")); ok {
		t.Errorf("black to move: got %+v", c)
	}
}

func TestTables(t *testing.T) {
	codes := Codes()
	if len(codes) < 200 || codes[0] != "A00" || codes[len(codes)-1] != "E48" {
		t.Errorf("Codes: %d codes, %q..%q", len(codes), codes[0], codes[len(codes)-1])
	}
	c, ok := Lookup("c41")
	if !ok || c.Opening != "中炮过河车互进七兵对屏风马平炮兑车" || c.Variation != "黑退边炮" {
		t.Errorf("Lookup(c41) = %+v, %v", c, ok)
	}
	if got := c.Name(); got != "中炮过河车互进七兵对屏风马平炮兑车—黑退边炮" {
		t.Errorf("Name = %q", got)
	}
	if _, ok := Lookup("A09"); ok {
		t.Error("Lookup(A09): an unused code was found")
	}
	// Every code the rules can answer has names, and every named code but
	// none is reachable: check the first by parsing (load refuses an
	// unknown code) and list the answers.
	answers := map[string]bool{}
	walk(eco.rules.root, map[*node]bool{}, func(n *node) {})
	for _, d := range append([]*node{eco.rules.root}, values(eco.rules.defs)...) {
		walk(d, map[*node]bool{}, func(n *node) {
			if n.op == opCode {
				answers[n.code] = true
			}
		})
	}
	for _, code := range codes {
		if !answers[code] {
			t.Errorf("%s is named in ecco.tsv but no rule answers it", code)
		}
	}
}

func values(m map[string]*node) []*node {
	out := make([]*node, 0, len(m))
	for _, n := range m {
		out = append(out, n)
	}
	return out
}

func TestRuleErrors(t *testing.T) {
	codes := map[string]bool{"A00": true, "A01": true}
	for _, text := range []string{
		"",                                  // no root
		"root: A02",                         // unknown code
		"root: r 1\n  C2.5: A01",            // no default
		"root: r 11\n  *: A00",              // round out of range
		"root: call x",                      // no such rule
		"root: A00\nroot: A01",              // two roots
		"root: r 1\n  C2.55: A01\n  *: A00", // bad move
		"root: scan r 2 3\n  *: A00",        // scan without end
		"root: seq r 1 C2.\n  +: A00\n  -: A01",
		"root: A00\n  *: A01", // label under a code
		"  r 1",               // no label
	} {
		if _, err := parseRules(text, codes); !errors.Is(err, ErrRules) {
			t.Errorf("parseRules(%q) = %v, want ErrRules", text, err)
		}
	}
}

func TestMirror(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"C8.5", "C2.5"}, {"N8+7", "N2+3"}, {"R9+1", "R1+1"}, {"P7+1", "P3+1"},
		{"B7+5", "B3+5"}, {"A6+5", "A4+5"}, {"C+.5", "C+.5"}, {"R1-2", "R9-2"},
	} {
		k, _ := keyOf(tt.in)
		if got := mirror(k).String(); got != tt.want {
			t.Errorf("mirror(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func ExampleClassify() {
	start := board.StartPosition()
	var moves []board.Move
	p := start
	for _, s := range []string{"炮二平五", "马8进7", "马二进三", "马2进3"} {
		m, _ := notation.ResolveText(&p, s, notation.NotationChinese)
		p, _ = p.Play(m)
		moves = append(moves, m)
	}
	c, _ := Classify(start, moves)
	fmt.Println(c.Code, c.Name())
	// Output: C00 中炮对屏风马
}

func TestWXF(t *testing.T) {
	start := board.StartPosition()
	for _, tt := range []struct{ moves, want string }{
		{"炮二平五 马8进7", "C2.5 N8+7"},
		// Mirrored: Red opens on the left wing.
		{"炮八平五 马2进3 马八进七 车1平2", "C2.5 N8+7 N2+3 R9.8"},
		// Tandem cannons on file 2: the front one has no file.
		{"炮二进二 卒1进1 炮八平二 卒1进1 前炮平五", "C2+2 P1+1 C8.2 P1+1 C+.5"},
	} {
		if got := WXF(start, play(t, start, tt.moves)); got != tt.want {
			t.Errorf("WXF(%s) = %q, want %q", tt.moves, got, tt.want)
		}
	}
}
