package training

import (
	"errors"
	"fmt"

	"github.com/xqtool/xqtool/board"
)

// Result is a game's result from Red's side.
type Result int8

// Results.
const (
	NoResult Result = iota // unknown, or not declared ("*")
	RedWin
	BlackWin
	Draw
)

// ParseResult reads a result as written in records and reports: "1-0",
// "0-1" and "1/2-1/2" (also "½-½"); anything else is NoResult.
func ParseResult(s string) Result {
	switch s {
	case "1-0":
		return RedWin
	case "0-1":
		return BlackWin
	case "1/2-1/2", "½-½":
		return Draw
	}
	return NoResult
}

// Value returns the result for the side to move: +1 a win, 0 a draw, −1
// a loss; ok is false when the result is unknown.
func (r Result) Value(side board.Color) (v int8, ok bool) {
	switch r {
	case RedWin:
		v = 1
	case BlackWin:
		v = -1
	case Draw:
		return 0, true
	default:
		return 0, false
	}
	if side == board.Black {
		v = -v
	}
	return v, true
}

// Game is one game as the training data needs it: small values copied out
// of an analysis, nothing that points into a record.
type Game struct {
	// ID is the game's game_id.
	ID string
	// Start is the position the main line starts from, Moves the main line
	// (legal: a replayed main line).
	Start board.Position
	Moves []board.Move
	// Result is the game's result (the one the final position decides, else
	// the declared one).
	Result Result
	// Clean is true when the game has no error flag: the whole main line
	// was played and the record is sound.
	Clean bool
	// Kept is true for the kept copy of a duplicate cluster and for a game
	// without copies (dedupe verdict of kind None): false for the other
	// copies.
	Kept bool
	// Split is the game's split (what a writer writes; see Splitter).
	Split Split
	// Mirrored is true for the left-right mirror of a played game
	// (--mirror; see Mirror).
	Mirrored bool
}

// Filter selects the games that make training data. The zero value keeps
// the default set: error-free games and kept copies only, of any length and
// result.
type Filter struct {
	// MinPlies is the shortest main line kept (--min-plies).
	MinPlies int
	// RequireResult drops games whose result is unknown
	// (--require-result).
	RequireResult bool
	// WithErrors keeps games with an error flag (whatever prefix of their
	// main line was played).
	WithErrors bool
	// WithCopies keeps the copies of a game that are not its cluster's kept
	// copy.
	WithCopies bool
}

// Keep reports whether g makes training data.
func (f Filter) Keep(g *Game) bool { return f.Check(g) == Taken }

// Check returns Taken when g makes training data, else the first reason
// that leaves it out (in the order of the Reason constants).
func (f Filter) Check(g *Game) Reason {
	switch {
	case !f.WithErrors && !g.Clean:
		return HasErrors
	case !f.WithCopies && !g.Kept:
		return IsCopy
	case len(g.Moves) == 0:
		return NoMoves
	case len(g.Moves) < f.MinPlies:
		return TooShort
	case f.RequireResult && g.Result == NoResult:
		return UnknownResult
	}
	return Taken
}

// Ply is the training data of one move: what a positions row adds to the
// position and the move.
type Ply struct {
	// Key is position_key: the Zobrist key of the position before the
	// move (board.Position.Key: placement and side to move, not the move
	// counters), stored unsigned (UBIGINT) as in every table.
	Key uint64
	// Side is the side to move.
	Side board.Color
	// Policy2086 and Policy2062 are the move's indices in Space2086 and
	// Space2062 under each trainer's convention for Black; −1 only for a
	// move that is not a xiangqi move at all.
	Policy2086, Policy2062 int16
}

// PlyOf returns the Ply of move m in position p: what a positions writer
// calls for each row, with the position it holds before playing m.
func PlyOf(p *board.Position, m board.Move) Ply {
	side := p.Side()
	a, _ := Space2086.Index(side, m)
	b, _ := Space2062.Index(side, m)
	return Ply{Key: p.Key(), Side: side, Policy2086: int16(a), Policy2062: int16(b)}
}

// ErrIllegal is returned (wrapped) for a line that contains a move that is
// not legal where it is played.
var ErrIllegal = errors.New("training: illegal move in the line")

// AppendPlies appends the Ply of each move of the line from start to dst.
// Each move is checked before it is played: an illegal one ends the line
// with an error wrapping ErrIllegal (the plies before it are appended).
func AppendPlies(dst []Ply, start board.Position, moves []board.Move) ([]Ply, error) {
	p := start
	for i, m := range moves {
		if !p.IsLegal(m) {
			return dst, fmt.Errorf("%w: ply %d %v in %s", ErrIllegal, i+1, m, p.FEN())
		}
		dst = append(dst, PlyOf(&p, m))
		p.MakeMove(m)
	}
	return dst, nil
}

// Mirror returns the left-right mirror (file a ↔ i) of the line from
// start: the mirrored start position (board.Position.Mirror, with the same
// faults as start) and the mirrored moves appended to dst[:0]
// (board.Move.Mirror). The rules are symmetric, so the mirror of a legal
// line is legal (the tests check it on every real record); the moves are
// not played here. Mirroring the result again gives the line back.
func Mirror(start board.Position, moves, dst []board.Move) (board.Position, []board.Move, error) {
	q, err := start.Mirror()
	if err != nil {
		return board.Position{}, dst[:0], fmt.Errorf("training: mirror of %s: %w", start.FEN(), err)
	}
	dst = dst[:0]
	for _, m := range moves {
		dst = append(dst, m.Mirror())
	}
	return q, dst, nil
}
