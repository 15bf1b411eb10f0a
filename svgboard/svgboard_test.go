package svgboard

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/golden"

	"github.com/xqtool/xqtool/board"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func mustMove(t *testing.T, s string) board.Move {
	t.Helper()
	from, err := board.ParseSquare(s[:2])
	if err != nil {
		t.Fatal(err)
	}
	to, err := board.ParseSquare(s[2:])
	if err != nil {
		t.Fatal(err)
	}
	return board.NewMove(from, to)
}

func placement(t *testing.T, fen string) [board.Squares]board.Piece {
	t.Helper()
	s, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return s.Board
}

// TestGolden compares diagrams with the files in testdata (go test
// -update rewrites them; look at them in a browser before committing).
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		d    func(t *testing.T) Diagram
	}{
		{"start", func(t *testing.T) Diagram {
			return Diagram{Board: placement(t, board.StartFEN), Title: "start position"}
		}},
		{"tried", func(t *testing.T) Diagram {
			// sample/broken/illegal-move.pgn: 马二进四 is blocked by the elephant's leg.
			return Diagram{
				Board:  placement(t, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w"),
				Arrows: []Arrow{{Move: mustMove(t, "h0f1"), Kind: Tried}},
				Title:  `ply 3 "马二进四": blocked & <not> played`,
				Width:  300,
			}
		}},
		{"shared-background", func(t *testing.T) Diagram {
			return Diagram{Board: placement(t, board.StartFEN), Background: "xq-board"}
		}},
		{"cycle", func(t *testing.T) Diagram {
			return Diagram{
				Board: placement(t, "3k5/9/9/9/9/9/9/9/4r4/3K1R3 w"),
				Arrows: []Arrow{
					{Move: mustMove(t, "f0f9"), Kind: RedMove, Label: "1"},
					{Move: mustMove(t, "d9e9"), Kind: BlackMove, Label: "2"},
					{Move: mustMove(t, "f9f0"), Kind: RedMove, Label: "3"},
					{Move: mustMove(t, "e9d9"), Kind: BlackMove, Label: "4"},
				},
				Marks: []Mark{{Square: mustSquare(t, "e1"), Kind: Chased}, {Square: mustSquare(t, "d0"), Kind: Focus}},
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.d(t)
			var buf bytes.Buffer
			if _, err := d.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", tc.name+".svg"), buf.Bytes(), *update)
			checkXML(t, buf.Bytes())
		})
	}
}

// TestBackgroundSymbol checks the shared board: a well-formed hidden
// SVG with one symbol of the given id, holding the grid.
func TestBackgroundSymbol(t *testing.T) {
	s := BackgroundSymbol("xq-board")
	checkXML(t, s)
	if !bytes.Contains(s, []byte(`<symbol id="xq-board"`)) || !bytes.Contains(s, []byte(`class="grid"`)) {
		t.Errorf("symbol: %.200s", s)
	}
}

func mustSquare(t *testing.T, s string) board.Square {
	t.Helper()
	sq, err := board.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// drawn is what a diagram shows, read back from its SVG.
type drawn struct {
	pieces map[string]string // data-sq -> data-piece
	char   map[string]string // data-sq -> character
	centre map[string][2]int // data-sq -> centre of the disc
	arrows []string          // data-move
	marks  []string          // data-sq
}

// readBack parses an SVG diagram with encoding/xml.
func readBack(t *testing.T, svg []byte) drawn {
	t.Helper()
	d := drawn{pieces: map[string]string{}, char: map[string]string{}, centre: map[string][2]int{}}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var cur string // data-sq of the open piece group
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			a := attrs(e)
			switch {
			case e.Name.Local == "g" && hasClass(a["class"], "pc"):
				cur = a["data-sq"]
				var x, y int
				if n, _ := fmt.Sscanf(a["transform"], "translate(%d %d)", &x, &y); n == 2 {
					d.centre[cur] = [2]int{x, y} // a shared disc, moved to the point
				}
				if _, dup := d.pieces[cur]; dup {
					t.Errorf("square %s drawn twice", cur)
				}
				d.pieces[cur] = a["data-piece"]
			case e.Name.Local == "g" && hasClass(a["class"], "arrow"):
				d.arrows = append(d.arrows, a["data-move"])
			case e.Name.Local == "circle" && hasClass(a["class"], "mark"):
				d.marks = append(d.marks, a["data-sq"])
			case e.Name.Local == "circle" && cur != "":
				if _, seen := d.centre[cur]; !seen {
					x, _ := strconv.Atoi(a["cx"])
					y, _ := strconv.Atoi(a["cy"])
					d.centre[cur] = [2]int{x, y}
				}
			case e.Name.Local == "text" && cur != "":
				inText = true
			}
		case xml.CharData:
			if inText {
				d.char[cur] += string(e)
			}
		case xml.EndElement:
			if e.Name.Local == "text" {
				inText = false
			}
			if e.Name.Local == "g" {
				cur = ""
			}
		}
	}
	return d
}

func attrs(e xml.StartElement) map[string]string {
	m := map[string]string{}
	for _, a := range e.Attr {
		m[a.Name.Local] = a.Value
	}
	return m
}

func hasClass(list, c string) bool {
	for _, f := range strings.Fields(list) {
		if f == c {
			return true
		}
	}
	return false
}

func checkXML(t *testing.T, svg []byte) { readBack(t, svg) }

// TestEveryPieceOnItsPoint is the property test: for positions reached by
// random legal play (and random placements, legal or not), every piece is
// drawn exactly once, on its own point, with its character, and nothing
// else is drawn as a piece.
func TestEveryPieceOnItsPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2026))
	var boards [][board.Squares]board.Piece
	for game := 0; game < 40; game++ {
		p := board.StartPosition()
		for ply := 0; ply < 120; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
			if ply%10 == 0 {
				boards = append(boards, p.Board())
			}
		}
	}
	for range 100 { // any placement at all
		var b [board.Squares]board.Piece
		for sq := range b {
			if rng.IntN(3) == 0 {
				b[sq] = board.MakePiece(board.Color(rng.IntN(2)), board.Kind(1+rng.IntN(7)))
			}
		}
		boards = append(boards, b)
	}
	for i, b := range boards {
		d := Diagram{Board: b}
		if i%2 == 1 {
			d.Background = "xq-board" // the shared-disc form
		}
		got := readBack(t, d.Append(nil))
		n := 0
		for sq := board.Square(0); sq < board.Squares; sq++ {
			pc := b[sq]
			name := sq.String()
			if pc.IsEmpty() {
				if _, ok := got.pieces[name]; ok {
					t.Fatalf("board %d: a piece drawn on empty %s", i, name)
				}
				continue
			}
			n++
			if got.pieces[name] != pc.String() {
				t.Fatalf("board %d: %s drawn as %q, want %q", i, name, got.pieces[name], pc)
			}
			x, y := Point(sq)
			if got.centre[name] != [2]int{x, y} {
				t.Fatalf("board %d: %s drawn at %v, want (%d,%d)", i, name, got.centre[name], x, y)
			}
			if got.char[name] != Char(pc) {
				t.Fatalf("board %d: %s has character %q, want %q", i, name, got.char[name], Char(pc))
			}
		}
		if len(got.pieces) != n {
			t.Fatalf("board %d: %d pieces drawn, %d on the board", i, len(got.pieces), n)
		}
	}
}

// TestPointOrientation pins the orientation: Red's side at the bottom,
// file a on the left, Red's file 一 (file i) at the bottom right.
func TestPointOrientation(t *testing.T) {
	for _, tc := range []struct {
		sq   string
		x, y int
	}{{"a0", Margin, Height - MarginY}, {"i9", Width - Margin, MarginY}, {"e4", Margin + 4*Cell, MarginY + 5*Cell}} {
		sq := mustSquare(t, tc.sq)
		if x, y := Point(sq); x != tc.x || y != tc.y {
			t.Errorf("Point(%s) = (%d,%d), want (%d,%d)", tc.sq, x, y, tc.x, tc.y)
		}
	}
	if redNumerals[board.Files-1] != "一" || blackNumerals[0] != "1" {
		t.Error("files are not numbered from each player's right")
	}
}

// TestArrows checks that each valid arrow is drawn once and that
// degenerate ones (no move, a null move) are left out.
func TestArrows(t *testing.T) {
	d := Diagram{Arrows: []Arrow{
		{Move: mustMove(t, "h0g2"), Kind: Tried},
		{Move: board.NoMove, Kind: Tried},
		{Move: mustMove(t, "e0e0"), Kind: RedMove},
		{Move: mustMove(t, "b9c7"), Kind: BlackMove},
	}}
	got := readBack(t, d.Append(nil))
	if fmt.Sprint(got.arrows) != "[h0g2 b9c7]" {
		t.Errorf("arrows drawn: %v", got.arrows)
	}
}

func ExampleDiagram() {
	p := board.StartPosition()
	d := Diagram{Board: p.Board(), Title: "start position"}
	svg := string(d.Append(nil))
	fmt.Println(strings.Count(svg, `class="pc `), "pieces")
	// Output: 32 pieces
}
