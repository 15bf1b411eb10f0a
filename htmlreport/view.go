package htmlreport

import (
	"fmt"
	"strconv"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/report"
	"github.com/xqtool/xqtool/svgboard"
)

// view is what the page draws for one game: the main line in both
// notations with the plies to highlight, and the diagram of the flag that
// matters most.
type view struct {
	own     []string // the main line as written (or ICCS)
	chinese []string // the played prefix in Chinese notation
	played  int      // plies replayed from the report's moves
	mark    map[int]string
	diagram *svgboard.Diagram
	caption string
	note    string // why there is no diagram, or a caveat
	// movedPieces is the piece each replayed ply moved, and after the
	// placement after it (for words).
	movedPieces []board.Piece
	after       [][board.Squares]board.Piece
}

// failureCodes are the flags of a main-line move that could not be
// played; cycleCodes those of a judged repetition.
var (
	failureCodes = []flags.Code{flags.IllegalMove, flags.AmbiguousMove, flags.UnreadableMove, flags.MovesAfterEnd}
	cycleCodes   = []flags.Code{flags.PerpetualCheck, flags.PerpetualThreat, flags.PerpetualChase, flags.ForbiddenCycle, flags.RepetitionDraw}
)

// primary returns the flag the diagram is drawn for: a failed move first,
// then a forbidden (or drawn) cycle, a result mismatch, an invalid start,
// and otherwise the first flag.
func primary(g *Game) (flags.Flag, bool) {
	for _, group := range [][]flags.Code{failureCodes, cycleCodes, {flags.ResultMismatch}, {flags.InvalidStart}} {
		for _, c := range group {
			for _, f := range g.Flags {
				if f.Code == c {
					return f, true
				}
			}
		}
	}
	if len(g.Flags) > 0 {
		return g.Flags[0], true
	}
	return flags.Flag{}, false
}

// startPosition builds the report's start position, with every placement
// rule relaxed (the report's FEN is the position the moves were replayed
// from, which may be an invalid start).
func startPosition(fen string) (board.Position, error) {
	s, err := board.ParseFEN(fen)
	if err != nil {
		return board.Position{}, err
	}
	return board.NewPositionRelaxed(s, ^board.PositionErrorKinds(0))
}

// parseMove reads an ICCS move such as "h2e2".
func parseMove(s string) (board.Move, bool) {
	if len(s) != 4 {
		return board.NoMove, false
	}
	from, err1 := board.ParseSquare(s[:2])
	to, err2 := board.ParseSquare(s[2:])
	if err1 != nil || err2 != nil || from == to {
		return board.NoMove, false
	}
	return board.NewMove(from, to), true
}

// newView replays the game's moves and builds its view.
func newView(g *Game) view {
	v := view{own: g.Line, mark: map[int]string{}}
	if len(v.own) == 0 {
		v.own = g.Moves
	}
	f, ok := primary(g)
	if !ok {
		return v
	}
	if flags.Has(g.Flags, flags.UnreadableRecord) {
		v.note = "no diagram: the record could not be read"
		return v
	}
	if g.Moves == nil {
		// A report written without --with-moves: the position is unknown.
		v.note = "no diagram: the report has no moves (write it with validate --with-moves)"
		return v
	}
	p, err := startPosition(g.FEN)
	if err != nil {
		v.note = "no diagram: the start position cannot be set up (" + err.Error() + ")"
		return v
	}
	// at is the ply before which the diagram is drawn (0 = the start).
	at := len(g.Moves)
	var cyc report.Cycle
	isFailure := contains(failureCodes, f.Code)
	isCycle := contains(cycleCodes, f.Code)
	switch {
	case isFailure:
		at = f.Ply - 1
		v.mark[f.Ply] = "bad"
	case isCycle:
		for _, c := range g.Cycles {
			if c.Ply == f.Ply {
				cyc = c
			}
		}
		if cyc.First > 0 {
			at = cyc.First - 1
			for i := cyc.First; i <= cyc.Last; i++ {
				v.mark[i] = "cyc"
			}
		}
		v.mark[f.Ply] = "bad"
	case f.Code == flags.InvalidStart:
		at = 0
	case f.Ply > 0:
		v.mark[f.Ply] = "bad"
	}
	if at < 0 || at > len(g.Moves) {
		at = len(g.Moves)
	}
	d := &svgboard.Diagram{Width: 300}
	sides := make([]board.Color, 0, len(g.Moves))
	var last board.Move
	for i := 0; i <= len(g.Moves); i++ {
		if i == at {
			d.Board = p.Board()
		}
		if i == len(g.Moves) {
			break
		}
		m, ok := parseMove(g.Moves[i])
		if ok && p.CheckMove(m) != nil {
			ok = false
		}
		if !ok {
			v.note = fmt.Sprintf("the report's move %q at ply %d cannot be played; the diagram stops there", g.Moves[i], i+1)
			if at > i {
				at = i
				d.Board = p.Board()
			}
			break
		}
		v.chinese = append(v.chinese, notation.FormatChinese(&p, m, notation.ChineseStyle{}))
		v.movedPieces = append(v.movedPieces, p.Piece(m.From()))
		sides = append(sides, p.Side())
		p.MakeMove(m)
		v.after = append(v.after, p.Board())
		last = m
		v.played++
	}
	final := p
	switch {
	case isFailure:
		for _, s := range g.Tried {
			if m, ok := parseMove(s); ok {
				d.Arrows = append(d.Arrows, svgboard.Arrow{Move: m, Kind: svgboard.Tried})
			}
		}
		v.caption = fmt.Sprintf("Before ply %d: %s", f.Ply, f.Code)
		if len(d.Arrows) == 0 {
			v.caption += " (no piece fits the move: no arrow)"
		}
	case isCycle && cyc.First > 0:
		seen := map[board.Move]bool{}
		chased := map[string]bool{}
		for i := cyc.First; i <= cyc.Last && i <= v.played; i++ {
			m, _ := parseMove(g.Moves[i-1])
			if seen[m] {
				continue
			}
			seen[m] = true
			kind := svgboard.RedMove
			if sides[i-1] == board.Black {
				kind = svgboard.BlackMove
			}
			// Numbered in the order of the cycle: a piece that goes back
			// and forth has two arrows, side by side.
			d.Arrows = append(d.Arrows, svgboard.Arrow{Move: m, Kind: kind, Label: strconv.Itoa(len(d.Arrows) + 1)})
		}
		for _, c := range g.Classes {
			if c.Ply < cyc.First || c.Ply > cyc.Last {
				continue
			}
			for _, s := range c.Chased {
				if sq, err := board.ParseSquare(s); err == nil && !chased[s] {
					chased[s] = true
					d.Marks = append(d.Marks, svgboard.Mark{Square: sq, Kind: svgboard.Chased})
				}
			}
		}
		v.caption = fmt.Sprintf("Before ply %d: the moves of the cycle (plies %d–%d), numbered in order: %s", cyc.First, cyc.First, cyc.Last, f.Code)
	case f.Code == flags.InvalidStart:
		v.caption = "The start position: " + string(f.Code)
	default:
		if last != board.NoMove && at == v.played {
			kind := svgboard.RedMove
			if sides[len(sides)-1] == board.Black {
				kind = svgboard.BlackMove
			}
			d.Arrows = append(d.Arrows, svgboard.Arrow{Move: last, Kind: kind})
		}
		if f.Code == flags.ResultMismatch && at == v.played {
			d.Marks = append(d.Marks, svgboard.Mark{Square: final.King(final.Side()), Kind: svgboard.Focus})
		}
		v.caption = fmt.Sprintf("The position after ply %d (the last): %s", at, f.Code)
	}
	d.Title = v.caption
	v.diagram = d
	return v
}

func contains(list []flags.Code, s flags.Code) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
