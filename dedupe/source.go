package dedupe

import (
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
)

// Row is one row of games.parquet as FromRow reads it, its start
// position and moves decoded by the table's reader (dataset.Game.Line).
type Row struct {
	Source string
	Index  int
	// Start and Moves are the start position (start_fen) and the valid
	// main line (moves_iccs); LineErr is the error of decoding them (nil
	// when they are valid).
	Start          board.Setup
	Moves          []board.Move
	LineErr        error
	ResultDeclared string   // result_declared
	FlagCodes      []string // flag_codes
	// Tags are the event, date, site, round, red and black columns
	// ("" for null).
	Event, Date, Site, Round, Red, Black string
}

// FromRow returns the Game of a games.parquet row: the same Game
// FromReport returns for the report the row was written from. Its Moves
// are the row's (not copied). A row's LineErr is its error when the game
// is complete (its start and moves are needed).
func FromRow(row *Row) (Game, error) {
	g := Game{
		Source: row.Source, Index: row.Index,
		Tags:  [7]string{row.Event, row.Date, row.Site, row.Round, row.Red, row.Black, ""},
		Clean: true,
	}
	if row.ResultDeclared != "" && row.ResultDeclared != "*" {
		g.Tags[6], g.Result = row.ResultDeclared, true
	}
	complete := true
	for _, c := range row.FlagCodes {
		code := flags.Code(c)
		if code.Severity() == flags.Error {
			g.Clean = false
		}
		if code.Ends() {
			complete = false
		}
	}
	if !complete || len(row.Moves) == 0 {
		return g, nil
	}
	if row.LineErr != nil {
		return g, fmt.Errorf("dedupe: %s#%d: %w", row.Source, row.Index+1, row.LineErr)
	}
	g.Start, g.Moves = row.Start, row.Moves
	g.Complete = true
	return g, nil
}
