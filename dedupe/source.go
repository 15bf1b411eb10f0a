package dedupe

import (
	"fmt"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
)

// Row is one row of games.parquet as FromRow reads it.
type Row struct {
	Source         string
	Index          int
	StartFEN       string   // start_fen
	MovesICCS      []string // moves_iccs
	ResultDeclared string   // result_declared
	FlagCodes      []string // flag_codes
	// Tags are the event, date, site, round, red and black columns
	// ("" for null).
	Event, Date, Site, Round, Red, Black string
}

// FromRow returns the Game of a games.parquet row: the same Game
// FromReport returns for the report the row was written from.
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
	if !complete || len(row.MovesICCS) == 0 {
		return g, nil
	}
	s, err := board.ParseFEN(row.StartFEN)
	if err != nil {
		return g, fmt.Errorf("dedupe: %s#%d: %w", row.Source, row.Index+1, err)
	}
	g.Start = s
	g.Moves = make([]board.Move, len(row.MovesICCS))
	for i, m := range row.MovesICCS {
		if g.Moves[i], err = board.ParseMove(m); err != nil {
			return g, fmt.Errorf("dedupe: %s#%d: ply %d: %w", row.Source, row.Index+1, i+1, err)
		}
	}
	g.Complete = true
	return g, nil
}
