// Package svgboard draws a xiangqi position as an SVG diagram in the manner
// of a printed board: nine files and ten ranks of lines, the river (楚河
// 汉界) across the middle, the palaces with their diagonals, the small
// corner marks on the cannon and pawn points, and the files numbered from
// each side (Black's 1..9 along the top, Red's 九..一 along the bottom, each
// counted from that player's right), far enough from the grid that a piece
// or a ring on an edge rank leaves them readable. Pieces are discs with
// their Chinese characters in red or black. Arrows show moves (an
// attempted illegal move, the moves of a repetition cycle) and rings mark
// squares (chased pieces). Arrows that overlap on one line, as a piece's
// move and its way back in a cycle, are drawn side by side rather than on
// top of each other, and an arrow may carry a small numbered label (its
// order in the cycle).
//
// Text is drawn with FontFamily first: a subset of Noto Serif CJK SC
// (SIL Open Font License 1.1) holding the board's characters and those of
// Chinese move notation, embedded as WOFF2 and defined for a page by
// FontFaceCSS, so that a page shows its boards on a machine without any
// Chinese font. The subset is made by internal/fontgen (go generate) from
// the Debian package fonts-noto-cjk; font/OFL.txt says how and carries the
// licence.
//
// The output is deterministic, carries no IDs (many diagrams can share one
// HTML page) and uses no external resources. Every piece is a <g> element
// with class "pc", the side's class ("red" or "black"), data-sq (the ICCS
// square) and data-piece (the FEN letter); every arrow is a <g> with class
// "arrow" and data-move (ICCS), its label a <circle> of class "label" and
// a <text>; every ring a <circle> with class "mark".
package svgboard

import (
	"io"
	"math"
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// Geometry of the drawing, in SVG user units: the distance between two
// lines, the margins around the grid (left and right; above and below,
// where the file numbers stand clear of the pieces and rings of the edge
// ranks) and the radius of a piece.
const (
	Cell    = 40
	Margin  = 40
	MarginY = 52
	Radius  = 17
	// Width and Height are the size of the viewBox.
	Width  = 2*Margin + (board.Files-1)*Cell
	Height = 2*MarginY + (board.Ranks-1)*Cell
)

// ArrowKind says what an arrow shows; it sets the arrow's class and colour.
type ArrowKind uint8

// Arrow kinds.
const (
	// Tried is a move the record tries that cannot be played (illegal,
	// ambiguous, after the end): class "tried".
	Tried ArrowKind = iota
	// Played is a move that was played (e.g. a cycle's move): class
	// "red-move" or "black-move" after the side that played it.
	RedMove
	BlackMove
)

var arrowClass = [...]string{Tried: "tried", RedMove: "red-move", BlackMove: "black-move"}
var arrowColor = [...]string{Tried: "#1565c0", RedMove: "#c62828", BlackMove: "#222"}

// Arrow is a move drawn from its origin to its destination. Arrows that
// overlap on one line (a piece going back and forth in a cycle) are drawn
// side by side, in the order given.
type Arrow struct {
	Move board.Move
	Kind ArrowKind
	// Label, when set, is drawn in a small disc on the arrow (class
	// "label"): e.g. the order of the moves of a cycle. Keep it to two or
	// three characters.
	Label string
}

// MarkKind says what a ring marks.
type MarkKind uint8

// Mark kinds.
const (
	// Chased marks a chased piece (class "chased").
	Chased MarkKind = iota
	// Focus marks a square of interest, e.g. a king in check or the
	// destination of the last move (class "focus").
	Focus
)

var markClass = [...]string{Chased: "chased", Focus: "focus"}
var markColor = [...]string{Chased: "#e65100", Focus: "#2e7d32"}

// Mark rings one point.
type Mark struct {
	Square board.Square
	Kind   MarkKind
}

// Diagram is a position with its highlights.
type Diagram struct {
	// Board is the placement; any placement is drawn, legal or not.
	Board  [board.Squares]board.Piece
	Arrows []Arrow
	Marks  []Mark
	// Title is the accessible name of the diagram (an SVG <title>).
	Title string
	// Width is the width attribute in CSS pixels; 0 means 360.
	Width int
	// Background, when set, is the id of a <symbol> holding the empty
	// board (see BackgroundSymbol), which the diagram then uses instead of
	// drawing its own: a page of many diagrams defines the board once.
	Background string
}

// BackgroundSymbol returns a hidden <svg> that defines the empty board as
// a <symbol> with the given id, and the two sides' discs as groups id-red
// and id-black, for diagrams whose Background is id (their pieces are
// then a disc used from here, moved to the point, and the character).
func BackgroundSymbol(id string) []byte {
	b := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true"><symbol id="`)
	b = AppendEscaped(b, id)
	b = append(b, `" viewBox="0 0 `...)
	b = strconv.AppendInt(b, Width, 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, Height, 10)
	b = append(b, `" font-family="`+cjkFonts+`" text-anchor="middle">`...)
	b = append(b, boardBackground...)
	b = append(b, "</symbol><defs>"...)
	for _, side := range []string{"red", "black"} {
		ink := sideInk(side)
		b = append(b, `<g id="`...)
		b = AppendEscaped(b, id)
		b = append(b, '-')
		b = append(b, side...)
		b = append(b, `"><circle r="`...)
		b = strconv.AppendInt(b, Radius, 10)
		b = append(b, `" fill="#fbe9c6" stroke="`+ink+`" stroke-width="1.5"/><circle r="`...)
		b = strconv.AppendInt(b, Radius-3, 10)
		b = append(b, `" fill="none" stroke="`+ink+`" stroke-width="0.8"/></g>`...)
	}
	return append(b, "</defs></svg>"...)
}

func sideInk(side string) string {
	if side == "black" {
		return "#1a1a1a"
	}
	return "#c62828"
}

// Point returns the centre of square sq in the drawing: Red's side at the
// bottom, file a on the left.
func Point(sq board.Square) (x, y int) {
	return Margin + sq.File()*Cell, MarginY + (board.Ranks-1-sq.Rank())*Cell
}

// pieceChars are the characters of the pieces, indexed by board.Piece:
// the xqbase standard's simplified forms, with the traditional distinction
// of the two sides' king, advisor, elephant and pawn.
var pieceChars = func() (c [board.NumPieces]string) {
	red := [board.NumKinds]string{"", "帅", "仕", "相", "马", "车", "炮", "兵"}
	black := [board.NumKinds]string{"", "将", "士", "象", "马", "车", "炮", "卒"}
	for k := board.King; k <= board.Pawn; k++ {
		c[board.MakePiece(board.Red, k)] = red[k]
		c[board.MakePiece(board.Black, k)] = black[k]
	}
	return c
}()

// Char returns the Chinese character of a piece ("" for NoPiece).
func Char(p board.Piece) string {
	if p.IsEmpty() {
		return ""
	}
	return pieceChars[p&15]
}

// riverWords are the words of the river, left and right.
var riverWords = [2]string{"楚 河", "汉 界"}

// File numbers along the top (Black's, from Black's right: file a is 1)
// and the bottom (Red's, from Red's right: file i is 一).
var (
	blackNumerals = [board.Files]string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
	redNumerals   = [board.Files]string{"九", "八", "七", "六", "五", "四", "三", "二", "一"}
)

// WriteTo writes the diagram as one <svg> element.
func (d *Diagram) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(d.Append(nil))
	return int64(n), err
}

// Append appends the diagram's SVG to dst.
func (d *Diagram) Append(dst []byte) []byte {
	width := d.Width
	if width <= 0 {
		width = 360
	}
	b := dst
	b = append(b, `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 `...)
	b = strconv.AppendInt(b, Width, 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, Height, 10)
	b = append(b, `" width="`...)
	b = strconv.AppendInt(b, int64(width), 10)
	b = append(b, `" height="`...)
	b = strconv.AppendInt(b, int64(width*Height/Width), 10)
	b = append(b, `" role="img" font-family="`+cjkFonts+`" text-anchor="middle">`...)
	if d.Title != "" {
		b = append(b, "<title>"...)
		b = AppendEscaped(b, d.Title)
		b = append(b, "</title>"...)
	}
	if d.Background != "" {
		b = append(b, `<use href="#`...)
		b = AppendEscaped(b, d.Background)
		b = append(b, `"/>`...)
	} else {
		b = append(b, boardBackground...)
	}
	for _, m := range d.Marks {
		if !m.Square.Valid() || int(m.Kind) >= len(markClass) {
			continue
		}
		x, y := Point(m.Square)
		b = append(b, `<circle class="mark `...)
		b = append(b, markClass[m.Kind]...)
		b = append(b, `" data-sq="`...)
		b = append(b, m.Square.String()...)
		b = append(b, `" cx="`...)
		b = strconv.AppendInt(b, int64(x), 10)
		b = append(b, `" cy="`...)
		b = strconv.AppendInt(b, int64(y), 10)
		b = append(b, `" r="`...)
		b = strconv.AppendInt(b, Radius+4, 10)
		b = append(b, `" fill="none" stroke="`...)
		b = append(b, markColor[m.Kind]...)
		b = append(b, `" stroke-width="3" stroke-dasharray="5 3"/>`...)
	}
	for sq := board.Square(0); sq < board.Squares; sq++ {
		if pc := d.Board[sq]; pc.IsEmpty() {
			continue
		} else if d.Background != "" {
			b = appendSharedPiece(b, sq, pc, d.Background)
		} else {
			b = appendPiece(b, sq, pc)
		}
	}
	lanes := arrowLanes(d.Arrows)
	for i, a := range d.Arrows {
		b = appendArrow(b, a, lanes[i])
	}
	return append(b, "</svg>"...)
}

// appendPiece draws a disc with an inner ring and the character.
func appendPiece(b []byte, sq board.Square, pc board.Piece) []byte {
	x, y := Point(sq)
	b, side := appendPieceGroup(b, sq, pc)
	ink := sideInk(side)
	b = append(b, `"><circle cx="`...)
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, `" cy="`...)
	b = strconv.AppendInt(b, int64(y), 10)
	b = append(b, `" r="`...)
	b = strconv.AppendInt(b, Radius, 10)
	b = append(b, `" fill="#fbe9c6" stroke="`...)
	b = append(b, ink...)
	b = append(b, `" stroke-width="1.5"/><circle cx="`...)
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, `" cy="`...)
	b = strconv.AppendInt(b, int64(y), 10)
	b = append(b, `" r="`...)
	b = strconv.AppendInt(b, Radius-3, 10)
	b = append(b, `" fill="none" stroke="`...)
	b = append(b, ink...)
	b = append(b, `" stroke-width="0.8"/><text x="`...)
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, `" y="`...)
	b = strconv.AppendInt(b, int64(y+6), 10)
	b = append(b, `" fill="`...)
	b = append(b, ink...)
	b = append(b, `" font-size="18" font-weight="bold">`...)
	b = append(b, Char(pc)...)
	return append(b, "</text></g>"...)
}

// appendPieceGroup opens the group of a piece (its side's class, square
// and FEN letter), its last attribute value left unquoted for the caller, and
// returns the side's name ("red" or "black").
func appendPieceGroup(b []byte, sq board.Square, pc board.Piece) ([]byte, string) {
	side := "red"
	if pc.Color() == board.Black {
		side = "black"
	}
	b = append(b, `<g class="pc `...)
	b = append(b, side...)
	b = append(b, `" data-sq="`...)
	b = append(b, sq.String()...)
	b = append(b, `" data-piece="`...)
	return append(b, pc.FENLetter()), side
}

// appendSharedPiece draws a piece with the disc of the shared symbols
// (BackgroundSymbol), moved to its point.
func appendSharedPiece(b []byte, sq board.Square, pc board.Piece, id string) []byte {
	x, y := Point(sq)
	b, side := appendPieceGroup(b, sq, pc)
	b = append(b, `" transform="translate(`...)
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(y), 10)
	b = append(b, `)" fill="`...)
	b = append(b, sideInk(side)...)
	b = append(b, `"><use href="#`...)
	b = AppendEscaped(b, id)
	b = append(b, '-')
	b = append(b, side...)
	b = append(b, `"/><text y="6" font-size="18" font-weight="bold">`...)
	b = append(b, Char(pc)...)
	return append(b, "</text></g>"...)
}

// appendArrow draws a shaft and a head from the origin's centre to the
// destination's, stopping short of both discs' middles, moved sideways by
// lane units (to the right of the arrow for a positive lane), and its
// label.
func appendArrow(b []byte, a Arrow, lane float64) []byte {
	from, to := a.Move.From(), a.Move.To()
	if !from.Valid() || !to.Valid() || from == to || int(a.Kind) >= len(arrowClass) {
		return b
	}
	x0, y0 := Point(from)
	x1, y1 := Point(to)
	fx, fy := float64(x1-x0), float64(y1-y0)
	l := math.Sqrt(fx*fx + fy*fy) // correctly rounded: the same bytes everywhere
	ux, uy := fx/l, fy/l
	ox, oy := -uy*lane, ux*lane // the lane's offset (y grows downwards)
	// Shaft from 8 units off the origin to the base of the head, which
	// ends 6 units before the destination's centre.
	const head, width, start, end = 14.0, 9.0, 8.0, 6.0
	sx, sy := float64(x0)+ux*start+ox, float64(y0)+uy*start+oy
	tx, ty := float64(x1)-ux*end+ox, float64(y1)-uy*end+oy
	bx, by := tx-ux*head, ty-uy*head
	color := arrowColor[a.Kind]
	b = append(b, `<g class="arrow `...)
	b = append(b, arrowClass[a.Kind]...)
	b = append(b, `" data-move="`...)
	b = append(b, a.Move.String()...)
	b = append(b, `" opacity="0.8"><line x1="`...)
	b = appendFloat(b, sx)
	b = append(b, `" y1="`...)
	b = appendFloat(b, sy)
	b = append(b, `" x2="`...)
	b = appendFloat(b, bx)
	b = append(b, `" y2="`...)
	b = appendFloat(b, by)
	b = append(b, `" stroke="`...)
	b = append(b, color...)
	b = append(b, `" stroke-width="5" stroke-linecap="round"`...)
	if a.Kind == Tried {
		b = append(b, ` stroke-dasharray="8 4"`...)
	}
	b = append(b, `/><polygon points="`...)
	b = appendFloat(b, tx)
	b = append(b, ',')
	b = appendFloat(b, ty)
	b = append(b, ' ')
	b = appendFloat(b, bx-uy*width)
	b = append(b, ',')
	b = appendFloat(b, by+ux*width)
	b = append(b, ' ')
	b = appendFloat(b, bx+uy*width)
	b = append(b, ',')
	b = appendFloat(b, by-ux*width)
	b = append(b, `" fill="`...)
	b = append(b, color...)
	b = append(b, `"/>`...)
	if a.Label != "" {
		// Halfway, beside the shaft on the side of its lane (the right
		// for the middle lane): clear of the discs at both ends of a
		// one-point move, and of the label of the way back.
		side := lane + labelRadius + 9
		if lane < 0 {
			side = lane - labelRadius - 9
		}
		cx, cy := float64(x0)+fx/2-uy*side, float64(y0)+fy/2+ux*side
		// Not above or below the frame, where the file numbers are: a
		// label beside a move along an edge rank comes back onto its own
		// shaft. The side margins have room for it.
		cy = min(max(cy, MarginY-6), Height-MarginY+6)
		b = append(b, `<circle class="label" cx="`...)
		b = appendFloat(b, cx)
		b = append(b, `" cy="`...)
		b = appendFloat(b, cy)
		b = append(b, `" r="`...)
		b = strconv.AppendInt(b, labelRadius, 10)
		b = append(b, `" fill="#fff" stroke="`...)
		b = append(b, color...)
		b = append(b, `" stroke-width="1.5"/><text x="`...)
		b = appendFloat(b, cx)
		b = append(b, `" y="`...)
		b = appendFloat(b, cy+4)
		b = append(b, `" font-size="12" font-weight="bold" fill="`...)
		b = append(b, color...)
		b = append(b, `">`...)
		b = AppendEscaped(b, a.Label)
		b = append(b, "</text>"...)
	}
	return append(b, `</g>`...)
}

// labelRadius is the radius of an arrow's label disc.
const labelRadius = 8

// laneGap is the distance between the shafts of arrows drawn side by side.
const laneGap = 9.0

// arrowLanes returns each arrow's sideways offset: 0 for an arrow alone
// on its stretch of line; for arrows that overlap on one line (joined
// through each other), lanes laneGap apart, centred on the line, in the
// order of the arrows, measured to the right of the group's first arrow
// (so that a move and its way back get different lanes).
func arrowLanes(arrows []Arrow) []float64 {
	lanes := make([]float64, len(arrows))
	group := make([]int, len(arrows)) // union-find parents
	for i := range group {
		group[i] = i
	}
	find := func(i int) int {
		for group[i] != i {
			group[i] = group[group[i]]
			i = group[i]
		}
		return i
	}
	for i := range arrows {
		for j := i + 1; j < len(arrows); j++ {
			if overlapOnLine(arrows[i].Move, arrows[j].Move) {
				group[find(j)] = find(i)
			}
		}
	}
	members := map[int][]int{}
	for i := range arrows {
		r := find(i)
		members[r] = append(members[r], i)
	}
	for _, m := range members {
		if len(m) < 2 {
			continue
		}
		// The lanes are measured against the first arrow's direction.
		ref := arrows[m[0]].Move
		rx, ry := direction(ref)
		for k, i := range m {
			lane := (float64(k) - float64(len(m)-1)/2) * laneGap
			if dx, dy := direction(arrows[i].Move); dx*rx+dy*ry < 0 {
				lane = -lane // reversed: its right is the group's left
			}
			lanes[i] = lane
		}
	}
	return lanes
}

// direction returns the vector of a move in the drawing.
func direction(m board.Move) (float64, float64) {
	x0, y0 := Point(m.From())
	x1, y1 := Point(m.To())
	return float64(x1 - x0), float64(y1 - y0)
}

// overlapOnLine reports whether two valid moves lie on one line and share
// more than a point of it.
func overlapOnLine(a, b board.Move) bool {
	for _, m := range []board.Move{a, b} {
		if !m.From().Valid() || !m.To().Valid() || m.From() == m.To() {
			return false
		}
	}
	ax0, ay0 := Point(a.From())
	ax1, ay1 := Point(a.To())
	bx0, by0 := Point(b.From())
	bx1, by1 := Point(b.To())
	dx, dy := ax1-ax0, ay1-ay0
	cross := func(x, y int) int { return (x-ax0)*dy - (y-ay0)*dx }
	if cross(bx0, by0) != 0 || cross(bx1, by1) != 0 {
		return false
	}
	// Positions along a's line, a from 0 to dd.
	dot := func(x, y int) int { return (x-ax0)*dx + (y-ay0)*dy }
	dd := dx*dx + dy*dy
	lo, hi := dot(bx0, by0), dot(bx1, by1)
	if lo > hi {
		lo, hi = hi, lo
	}
	return lo < dd && hi > 0
}

// appendFloat writes v with one decimal.
func appendFloat(b []byte, v float64) []byte {
	return strconv.AppendFloat(b, v, 'f', 1, 64)
}

// AppendEscaped appends s escaped for XML and HTML text and attribute
// values (< > & " ').
func AppendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<':
			b = append(b, "&lt;"...)
		case '>':
			b = append(b, "&gt;"...)
		case '&':
			b = append(b, "&amp;"...)
		case '"':
			b = append(b, "&#34;"...)
		case '\'':
			b = append(b, "&#39;"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// cjkFonts names the font the page defines (FontFaceCSS), then fonts that
// hold the piece characters on common systems.
const cjkFonts = `'` + FontFamily + `','Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','WenQuanYi Micro Hei','Noto Sans CJK SC','Microsoft YaHei',serif`
