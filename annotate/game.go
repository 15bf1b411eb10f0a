package annotate

import (
	"fmt"

	"github.com/xqtool/xqtool/board"
)

// Game is one game to annotate: small values the caller copies from a game of
// a pipeline run (nothing here points into them).
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
