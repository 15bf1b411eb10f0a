package annotate

import (
	"fmt"
	"slices"

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
// its record could not be read (an empty start_fen).
var ErrNoStart = dataset.ErrNoStart

// GameFromDataset makes a Game of a row of an exported dataset: its start
// position and moves as the row decodes them (dataset.Game.Line). A row
// without a start position gives an error wrapping ErrNoStart. The row's
// moves are copied.
func GameFromDataset(g *dataset.Game) (Game, error) {
	start, moves, err := g.Line()
	if err != nil {
		return Game{}, fmt.Errorf("annotate: %w", err)
	}
	return Game{ID: g.GameID, Start: start, Moves: slices.Clone(moves), Result: g.Result}, nil
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
