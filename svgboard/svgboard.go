// Package svgboard draws a xiangqi position as an SVG diagram in the manner
// of a printed board: nine files and ten ranks of lines, the river (楚河
// 汉界) across the middle, the palaces with their diagonals, the small
// corner marks on the cannon and pawn points, and the files numbered from
// each side (Black's 1..9 along the top, Red's 九..一 along the bottom, each
// counted from that player's right). Pieces are discs with their Chinese
// characters in red or black. Arrows show moves (an attempted illegal move,
// the moves of a repetition cycle) and rings mark squares (chased pieces).
//
// The output is deterministic, carries no IDs (many diagrams can share one
// HTML page) and uses no external resources. Every piece is a <g> element
// with class "pc", the side's class ("red" or "black"), data-sq (the ICCS
// square) and data-piece (the FEN letter); every arrow is a <g> with class
// "arrow" and data-move (ICCS); every ring a <circle> with class "mark".
package svgboard

import (
	"io"
	"math"
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// Geometry of the drawing, in SVG user units: the distance between two
// lines, the margin around the grid (it holds the file numbers) and the
// radius of a piece.
const (
	Cell   = 40
	Margin = 40
	Radius = 17
	// Width and Height are the size of the viewBox.
	Width  = 2*Margin + (board.Files-1)*Cell
	Height = 2*Margin + (board.Ranks-1)*Cell
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

// Arrow is a move drawn from its origin to its destination.
type Arrow struct {
	Move board.Move
	Kind ArrowKind
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
	return Margin + sq.File()*Cell, Margin + (board.Ranks-1-sq.Rank())*Cell
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
	for _, a := range d.Arrows {
		b = appendArrow(b, a)
	}
	return append(b, "</svg>"...)
}

// appendPiece draws a disc with an inner ring and the character.
func appendPiece(b []byte, sq board.Square, pc board.Piece) []byte {
	x, y := Point(sq)
	side, ink := "red", "#c62828"
	if pc.Color() == board.Black {
		side, ink = "black", "#1a1a1a"
	}
	b = append(b, `<g class="pc `...)
	b = append(b, side...)
	b = append(b, `" data-sq="`...)
	b = append(b, sq.String()...)
	b = append(b, `" data-piece="`...)
	b = append(b, pc.FENLetter())
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
	b = append(b, `" font-size="18">`...)
	b = append(b, Char(pc)...)
	return append(b, "</text></g>"...)
}

// appendSharedPiece draws a piece with the disc of the shared symbols
// (BackgroundSymbol), moved to its point.
func appendSharedPiece(b []byte, sq board.Square, pc board.Piece, id string) []byte {
	x, y := Point(sq)
	side := "red"
	if pc.Color() == board.Black {
		side = "black"
	}
	b = append(b, `<g class="pc `...)
	b = append(b, side...)
	b = append(b, `" data-sq="`...)
	b = append(b, sq.String()...)
	b = append(b, `" data-piece="`...)
	b = append(b, pc.FENLetter())
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
	b = append(b, `"/><text y="6" font-size="18">`...)
	b = append(b, Char(pc)...)
	return append(b, "</text></g>"...)
}

// appendArrow draws a shaft and a head from the origin's centre to the
// destination's, stopping short of both discs' middles.
func appendArrow(b []byte, a Arrow) []byte {
	from, to := a.Move.From(), a.Move.To()
	if !from.Valid() || !to.Valid() || from == to || int(a.Kind) >= len(arrowClass) {
		return b
	}
	x0, y0 := Point(from)
	x1, y1 := Point(to)
	fx, fy := float64(x1-x0), float64(y1-y0)
	l := math.Sqrt(fx*fx + fy*fy) // correctly rounded: the same bytes everywhere
	ux, uy := fx/l, fy/l
	// Shaft from 8 units off the origin to the base of the head, which
	// ends 6 units before the destination's centre.
	const head, width, start, end = 14.0, 9.0, 8.0, 6.0
	sx, sy := float64(x0)+ux*start, float64(y0)+uy*start
	tx, ty := float64(x1)-ux*end, float64(y1)-uy*end
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
	return append(b, `"/></g>`...)
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

// cjkFonts names fonts that hold the piece characters on common systems.
const cjkFonts = `'Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','WenQuanYi Micro Hei','Noto Sans CJK SC','Microsoft YaHei',serif`
