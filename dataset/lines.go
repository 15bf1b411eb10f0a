package dataset

import (
	"github.com/apache/arrow-go/v18/arrow"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
)

// Lines decides what positions.parquet holds of each game, and adds
// columns to its rows (WithLines). Training data (package training's
// Table) takes some of the games, adds their mirrors, and a key, policy
// indices and a split to every row. Without Lines every game has one row
// per ply of its line.
type Lines interface {
	// Schema is positions.parquet's schema: the columns of
	// PositionsSchema, then those of Lines; Plain and NoStats list its
	// columns written without dictionary and without statistics (see
	// parquetw.Config.Props; PositionsSchema's are added).
	Schema() *arrow.Schema
	Plain() []string
	NoStats() []string
	// Columns registers the columns of Lines on the table of a positions
	// file and returns what appends them to a row: p is the row's
	// position, m the move played from it.
	Columns(t *parquetw.Table) func(p *board.Position, m board.Move)
	// Start is told the run before its games, and says whether the lines
	// wait for the verdicts (a game's final flags and duplicate kind).
	Start(info pipeline.Info) (late bool)
	// Game writes the lines of a game through write: none, its own, or
	// more (its mirror). Rows appended by Columns' function during a
	// write belong to that line.
	Game(g *Line, write func(start board.Position, plies []replay.Ply) error) error
}

// Line is a game as Lines sees it.
type Line struct {
	ID    string
	Start board.Position
	// Moves is the valid main line, Plies the same line played from Start.
	Moves []board.Move
	Plies []replay.Ply
	// Clean: no error flag; Kept: no copy of another game (its final
	// flags and duplicate kind when the lines wait for the verdicts).
	Clean, Kept bool
	// Result is the result from Red (+1, 0, −1) when Known.
	Result int8
	Known  bool
}
