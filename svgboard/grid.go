package svgboard

import (
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// boardBackground is the empty board, the same in every diagram: the
// wooden ground, the frame, the lines (the inner files break at the
// river), the palace diagonals, the river's words, the point marks and the
// file numbers of both sides.
var boardBackground = string(appendBackground(nil))

func appendBackground(b []byte) []byte {
	const (
		left, top      = Margin, MarginY
		right, bottom  = Margin + (board.Files-1)*Cell, MarginY + (board.Ranks-1)*Cell
		riverTop       = top + 4*Cell // rank 5
		riverBottom    = top + 5*Cell // rank 4
		frame          = 6
		ink            = "#5d4037"
		numberFontSize = 14
	)
	b = append(b, `<rect class="ground" x="0" y="0" width="`...)
	b = itoa(b, Width)
	b = append(b, `" height="`...)
	b = itoa(b, Height)
	b = append(b, `" fill="#f3d9a4"/>`...)
	// The frame: a thick line a little outside the grid.
	b = append(b, `<rect x="`...)
	b = itoa(b, left-frame)
	b = append(b, `" y="`...)
	b = itoa(b, top-frame)
	b = append(b, `" width="`...)
	b = itoa(b, right-left+2*frame)
	b = append(b, `" height="`...)
	b = itoa(b, bottom-top+2*frame)
	b = append(b, `" fill="none" stroke="`+ink+`" stroke-width="3"/>`...)
	b = append(b, `<path class="grid" fill="none" stroke="`+ink+`" stroke-width="1.2" d="`...)
	for r := 0; r < board.Ranks; r++ {
		y := top + r*Cell
		b = moveLine(b, left, y, right, y)
	}
	for f := 0; f < board.Files; f++ {
		x := left + f*Cell
		if f == 0 || f == board.Files-1 {
			b = moveLine(b, x, top, x, bottom)
			continue
		}
		b = moveLine(b, x, top, x, riverTop)
		b = moveLine(b, x, riverBottom, x, bottom)
	}
	// Palaces: files d..f, ranks 0..2 and 7..9.
	for _, y0 := range []int{top, bottom - 2*Cell} {
		b = moveLine(b, left+3*Cell, y0, left+5*Cell, y0+2*Cell)
		b = moveLine(b, left+5*Cell, y0, left+3*Cell, y0+2*Cell)
	}
	// Point marks: the cannons' and the pawns' starting points.
	for _, sq := range markedPoints() {
		b = appendPointMark(b, sq)
	}
	b = append(b, `"/>`...)
	// The river's words, Black's half reads upside down on old boards;
	// here both read from Red's side, as most printed diagrams have them.
	ry := (riverTop+riverBottom)/2 + 8
	for _, t := range []struct {
		x    int
		text string
	}{{left + 2*Cell, riverWords[0]}, {left + 6*Cell, riverWords[1]}} {
		b = append(b, `<text class="river" x="`...)
		b = itoa(b, t.x)
		b = append(b, `" y="`...)
		b = itoa(b, ry)
		b = append(b, `" font-size="22" fill="`+ink+`">`...)
		b = append(b, t.text...)
		b = append(b, "</text>"...)
	}
	// File numbers: Black's along the top, Red's along the bottom.
	for f := 0; f < board.Files; f++ {
		x := left + f*Cell
		b = append(b, `<text class="file black" x="`...)
		b = itoa(b, x)
		b = append(b, `" y="`...)
		b = itoa(b, top-Radius-8) // clear of a ring on the top rank
		b = append(b, `" font-size="`...)
		b = itoa(b, numberFontSize)
		b = append(b, `" fill="#1a1a1a">`...)
		b = append(b, blackNumerals[f]...)
		b = append(b, `</text><text class="file red" x="`...)
		b = itoa(b, x)
		b = append(b, `" y="`...)
		b = itoa(b, bottom+Radius+20) // the same below the bottom rank
		b = append(b, `" font-size="`...)
		b = itoa(b, numberFontSize)
		b = append(b, `" fill="#c62828">`...)
		b = append(b, redNumerals[f]...)
		b = append(b, "</text>"...)
	}
	return b
}

// markedPoints are the points printed boards mark with small corners: the
// cannons' (b2 h2 b7 h7) and the pawns' (a3 c3 e3 g3 i3 and rank 6).
func markedPoints() []board.Square {
	var out []board.Square
	for _, r := range []int{2, 7} {
		out = append(out, board.SquareAt(1, r), board.SquareAt(7, r))
	}
	for _, r := range []int{3, 6} {
		for f := 0; f < board.Files; f += 2 {
			out = append(out, board.SquareAt(f, r))
		}
	}
	return out
}

// appendPointMark draws the four small corners around a point (only the
// inner ones on the edge files).
func appendPointMark(b []byte, sq board.Square) []byte {
	const gap, arm = 4, 8
	x, y := Point(sq)
	for _, dx := range []int{-1, 1} {
		if f := sq.File(); f == 0 && dx < 0 || f == board.Files-1 && dx > 0 {
			continue
		}
		for _, dy := range []int{-1, 1} {
			cx, cy := x+dx*gap, y+dy*gap
			b = append(b, 'M')
			b = itoa(b, cx+dx*arm)
			b = append(b, ' ')
			b = itoa(b, cy)
			b = append(b, 'H')
			b = itoa(b, cx)
			b = append(b, 'V')
			b = itoa(b, cy+dy*arm)
		}
	}
	return b
}

func moveLine(b []byte, x0, y0, x1, y1 int) []byte {
	b = append(b, 'M')
	b = itoa(b, x0)
	b = append(b, ' ')
	b = itoa(b, y0)
	b = append(b, 'L')
	b = itoa(b, x1)
	b = append(b, ' ')
	return itoa(b, y1)
}

func itoa(b []byte, v int) []byte { return strconv.AppendInt(b, int64(v), 10) }
