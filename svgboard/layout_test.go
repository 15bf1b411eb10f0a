package svgboard

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// box is an axis-aligned rectangle of the drawing.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// svgElements returns the attributes of every element of an SVG whose
// class contains class.
func svgElements(t *testing.T, svg []byte, name, class string) []map[string]string {
	t.Helper()
	var out []map[string]string
	eachStart(t, svg, func(e xml.StartElement, a map[string]string) {
		if e.Name.Local == name && hasClass(a["class"], class) {
			out = append(out, a)
		}
	})
	return out
}

// eachStart calls fn with every start tag of an SVG and its attributes,
// in order.
func eachStart(t *testing.T, svg []byte, fn func(e xml.StartElement, a map[string]string)) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := tok.(xml.StartElement); ok {
			fn(e, attrs(e))
		}
	}
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("number %q: %v", s, err)
	}
	return v
}

// TestFileNumbersClear: with every point of the top and bottom ranks
// taken by a piece and ringed, no file number is covered. A number's box
// is a full-width character of its font size (CJK glyphs rise about 0.88
// em above the baseline, descend 0.12); a piece's is its disc and
// stroke, a ring's the ring and its stroke.
func TestFileNumbersClear(t *testing.T) {
	d := Diagram{}
	for f := range board.Files {
		for _, r := range []int{0, board.Ranks - 1} {
			sq := board.SquareAt(f, r)
			d.Board[sq] = board.MakePiece(board.Red, board.Rook)
			d.Marks = append(d.Marks, Mark{Square: sq, Kind: Focus})
		}
	}
	// Labelled arrows along the edge ranks: their labels too stay clear.
	for _, m := range []string{"d9e9", "e9d9", "a0b0", "b0a0"} {
		d.Arrows = append(d.Arrows, Arrow{Move: mustMove(t, m), Kind: RedMove, Label: "8"})
	}
	svg := d.Append(nil)
	var labels []box
	for _, c := range svgElements(t, svg, "circle", "label") {
		x, y, r := num(t, c["cx"]), num(t, c["cy"]), num(t, c["r"])+0.75
		labels = append(labels, box{x - r, y - r, x + r, y + r})
	}
	if len(labels) != 4 {
		t.Fatalf("%d labels, want 4", len(labels))
	}
	numbers := svgElements(t, svg, "text", "file")
	if len(numbers) != 2*board.Files {
		t.Fatalf("%d file numbers, want %d", len(numbers), 2*board.Files)
	}
	for _, n := range numbers {
		x, y, fs := num(t, n["x"]), num(t, n["y"]), num(t, n["font-size"])
		nb := box{x - fs/2, y - 0.88*fs, x + fs/2, y + 0.12*fs}
		if nb.y0 < 0 || nb.y1 > Height {
			t.Errorf("file number at (%v,%v) leaves the drawing", x, y)
		}
		for _, lb := range labels {
			if nb.overlaps(lb) {
				t.Errorf("file number at (%v,%v) is covered by an arrow's label %+v", x, y, lb)
			}
		}
		for sq := board.Square(0); sq < board.Squares; sq++ {
			if d.Board[sq].IsEmpty() {
				continue
			}
			px, py := Point(sq)
			for _, r := range []float64{Radius + 0.75, Radius + 4 + 1.5} { // the disc, the ring
				if pb := (box{float64(px) - r, float64(py) - r, float64(px) + r, float64(py) + r}); nb.overlaps(pb) {
					t.Errorf("file number at (%v,%v) is covered by the piece or ring (radius %v) on %v", x, y, r, sq)
				}
			}
		}
	}
}

// shaft is an arrow's line as drawn.
type shaft struct{ x1, y1, x2, y2 float64 }

func shafts(t *testing.T, svg []byte) map[string]shaft {
	t.Helper()
	out := map[string]shaft{}
	move := ""
	eachStart(t, svg, func(e xml.StartElement, a map[string]string) {
		switch {
		case e.Name.Local == "g" && hasClass(a["class"], "arrow"):
			move = a["data-move"]
		case e.Name.Local == "line" && move != "":
			out[move] = shaft{num(t, a["x1"]), num(t, a["y1"]), num(t, a["x2"]), num(t, a["y2"])}
			move = ""
		}
	})
	return out
}

// apart returns the distance between two parallel shafts.
func apart(a, b shaft) float64 {
	dx, dy := a.x2-a.x1, a.y2-a.y1
	l := math.Hypot(dx, dy)
	return math.Abs((b.x1-a.x1)*dy-(b.y1-a.y1)*dx) / l
}

// TestArrowLanes: arrows on one line that overlap (a piece going back and
// forth in a cycle, or two moves along the same file) are drawn side by
// side, at least a shaft's width apart; an arrow alone on its line stays
// on the line through the points; labels are drawn apart.
func TestArrowLanes(t *testing.T) {
	d := Diagram{Arrows: []Arrow{
		{Move: mustMove(t, "a9a8"), Kind: RedMove, Label: "1"},
		{Move: mustMove(t, "e9e8"), Kind: BlackMove, Label: "2"},
		{Move: mustMove(t, "a8a9"), Kind: RedMove, Label: "3"},
		{Move: mustMove(t, "e8e9"), Kind: BlackMove, Label: "4"},
		{Move: mustMove(t, "i0i2"), Kind: RedMove},
		{Move: mustMove(t, "i1i3"), Kind: RedMove},
		{Move: mustMove(t, "c0c1"), Kind: RedMove},
		{Move: mustMove(t, "c5c6"), Kind: RedMove},
	}}
	svg := d.Append(nil)
	s := shafts(t, svg)
	for _, pair := range [][2]string{{"a9a8", "a8a9"}, {"e9e8", "e8e9"}, {"i0i2", "i1i3"}} {
		if got := apart(s[pair[0]], s[pair[1]]); got < 5+2 {
			t.Errorf("%s and %s drawn %.1f apart, want a shaft's width (5) and more", pair[0], pair[1], got)
		}
	}
	for _, m := range []string{"c0c1", "c5c6"} {
		x, _ := Point(mustMove(t, m).From())
		if s[m].x1 != float64(x) || s[m].x2 != float64(x) {
			t.Errorf("%s, alone on its stretch, drawn off its file: %+v", m, s[m])
		}
	}
	labels := svgElements(t, svg, "circle", "label")
	if len(labels) != 4 {
		t.Fatalf("%d labels, want 4", len(labels))
	}
	for i, a := range labels {
		for _, b := range labels[i+1:] {
			r := num(t, a["r"]) + num(t, b["r"])
			if math.Hypot(num(t, a["cx"])-num(t, b["cx"]), num(t, a["cy"])-num(t, b["cy"])) < r {
				t.Errorf("labels at (%s,%s) and (%s,%s) overlap", a["cx"], a["cy"], b["cx"], b["cy"])
			}
		}
	}
	for i, a := range labels {
		for _, m := range []string{"a9a8", "e9e8"} { // one-point moves: the discs at both ends
			for _, sq := range []board.Square{mustMove(t, m).From(), mustMove(t, m).To()} {
				x, y := Point(sq)
				if math.Hypot(num(t, a["cx"])-float64(x), num(t, a["cy"])-float64(y)) < labelRadius+Radius+0.75 {
					t.Errorf("label %d at (%s,%s) covers the piece on %v", i+1, a["cx"], a["cy"], sq)
				}
			}
		}
	}
	if got := readBack(t, svg).arrows; len(got) != len(d.Arrows) {
		t.Errorf("%d arrows drawn, want %d", len(got), len(d.Arrows))
	}
}

// TestFontCharsCoverBoard: the embedded font holds every character the
// board draws, and was made from FontChars (font/chars.txt, written by
// internal/fontgen, is FontChars: regenerate with go generate after
// changing it).
func TestFontCharsCoverBoard(t *testing.T) {
	var need []string
	for k := board.King; k <= board.Pawn; k++ {
		need = append(need, Char(board.MakePiece(board.Red, k)), Char(board.MakePiece(board.Black, k)))
	}
	need = append(need, blackNumerals[:]...)
	need = append(need, redNumerals[:]...)
	need = append(need, riverWords[:]...)
	for _, s := range need {
		for _, r := range s {
			if !bytes.ContainsRune([]byte(FontChars), r) {
				t.Errorf("the board draws %q, which FontChars lacks", r)
			}
		}
	}
	chars, err := os.ReadFile("font/chars.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(bytes.TrimSuffix(chars, []byte("\n"))) != FontChars {
		t.Errorf("font/chars.txt is not FontChars: run go generate ./svgboard/")
	}
	for name, f := range map[string][]byte{"regular": fontRegular, "bold": fontBold} {
		if !bytes.HasPrefix(f, []byte("wOF2")) || len(f) > 32<<10 {
			t.Errorf("%s font: %d bytes, starts %q; want a WOFF2 subset", name, len(f), f[:min(4, len(f))])
		}
	}
}
