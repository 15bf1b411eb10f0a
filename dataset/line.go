package dataset

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// ErrNoStart is wrapped by the error of Game.Line for a game without a
// start position: its record could not be read (an empty start_fen) or
// its start could not be built (start_fen holds the FEN as recorded).
var ErrNoStart = errors.New("no start position")

// lineCache holds a Game's decoded line.
type lineCache struct {
	done  bool
	start board.Position
	moves []board.Move
	err   error
}

// Line returns the game's start position and main line, decoded once from
// start_fen and moves_iccs: the start position with the placement rules
// relaxed as replay relaxes them for records (the kings always checked),
// and the moves. Whether each move is legal is left to the reader that
// plays them (Position.Play): the exporter wrote only the legal prefix, and
// a copy finder needs no replay. A game without a start position (an
// empty start_fen, or one that is no position) gives an error wrapping
// ErrNoStart; a move that is no ICCS move ("h2e2", also "H2-E2") an error
// wrapping ErrRow. Errors name the file, row, game and ply. The moves are
// reused by the next call of Reader.Next.
func (g *Game) Line() (board.Position, []board.Move, error) {
	c := &g.line
	if !c.done {
		c.done = true
		c.start, c.err = g.decode()
	}
	return c.start, c.moves, c.err
}

func (g *Game) decode() (board.Position, error) {
	c := &g.line
	c.moves = c.moves[:0]
	if g.StartFEN == "" {
		return board.Position{}, g.Errorf("%w (the record could not be read)", ErrNoStart)
	}
	s, err := board.ParseFEN(g.StartFEN)
	if err != nil {
		return board.Position{}, g.Errorf("%w: start_fen: %w", ErrNoStart, err)
	}
	start, err := board.NewPositionRelaxed(s, ^board.PositionErrorKinds(0))
	if err != nil {
		return board.Position{}, g.Errorf("%w: start_fen: %w", ErrNoStart, err)
	}
	for i, text := range g.MovesICCS {
		m, err := board.ParseMove(text)
		if err != nil {
			// ICCS as other tools write it: "H2-E2"
			m, err = board.ParseMove(strings.ToLower(strings.ReplaceAll(text, "-", "")))
		}
		if err != nil {
			return start, g.Errorf("%w: moves_iccs: ply %d: %w", ErrRow, i+1, err)
		}
		c.moves = append(c.moves, m)
	}
	return start, nil
}

// Errorf returns an error about g naming its file, row and game_id.
func (g *Game) Errorf(format string, args ...any) error {
	return fmt.Errorf("%s: row %d: game %s: %w", g.File, g.Row, g.GameID, fmt.Errorf(format, args...))
}
