package annotate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
)

// Game is one game to annotate: small values the caller copies from a record
// or a dataset row (nothing here points into them).
type Game struct {
	// ID is the game's game_id.
	ID string
	// Start is the start position.
	Start board.Position
	// Moves is the main line as played (legal moves only: the valid
	// prefix of a record).
	Moves []board.Move
	// Result is the declared result: "1-0", "0-1", "1/2-1/2", or "" / "*"
	// when none.
	Result string
}

// ErrNoStart means a dataset row has no start position to annotate from:
// its record could not be read (an empty start_fen), or its start FEN is
// not valid.
var ErrNoStart = errors.New("no start position")

// GameFromDataset makes a Game of a row of an exported dataset (start_fen
// and moves_iccs). A row without a usable start position gives ErrNoStart.
// The row's slices are copied.
func GameFromDataset(g *dataset.Game) (Game, error) {
	if g.StartFEN == "" {
		return Game{}, fmt.Errorf("annotate: game %s: %w (the record could not be read)", g.GameID, ErrNoStart)
	}
	start, err := board.PositionFromFEN(g.StartFEN)
	if err != nil {
		return Game{}, fmt.Errorf("annotate: game %s: %w: start_fen: %w", g.GameID, ErrNoStart, err)
	}
	moves := make([]board.Move, 0, len(g.MovesICCS))
	for i, s := range g.MovesICCS {
		m, err := board.ParseMove(strings.ToLower(strings.ReplaceAll(s, "-", "")))
		if err != nil {
			return Game{}, fmt.Errorf("annotate: game %s: moves_iccs[%d]: %w", g.GameID, i, err)
		}
		moves = append(moves, m)
	}
	return Game{ID: g.GameID, Start: start, Moves: moves, Result: g.Result}, nil
}

// positions replays g and returns its positions: the start and the position
// after each move (len(Moves)+1 of them).
func (g *Game) positions() ([]board.Position, error) {
	ps := make([]board.Position, 0, len(g.Moves)+1)
	p := g.Start
	ps = append(ps, p)
	for i, m := range g.Moves {
		next, err := p.Play(m)
		if err != nil {
			return nil, fmt.Errorf("annotate: game %s: ply %d %s: %w", g.ID, i+1, m, err)
		}
		p = next
		ps = append(ps, p)
	}
	return ps, nil
}

// sideName is the side as flags name it.
func sideName(c board.Color) string {
	if c == board.Black {
		return "black"
	}
	return "red"
}
