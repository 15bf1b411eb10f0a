package dedupe

import (
	"fmt"
	"slices"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
)

// errorCodes are the flag codes of severity error (package analyze).
// A game carrying none is clean.
var errorCodes = []string{
	analyze.CodeUnreadableRecord, analyze.CodeIllegalMove, analyze.CodeUnreadableMove,
	analyze.CodeAmbiguousMove, analyze.CodeInvalidStart, analyze.CodeTruncated,
	analyze.CodeResultMismatch, analyze.CodeMovesAfterEnd,
}

// failCodes are the codes of a main line that could not be played to
// its end.
var failCodes = []string{
	analyze.CodeUnreadableRecord, analyze.CodeIllegalMove, analyze.CodeUnreadableMove,
	analyze.CodeAmbiguousMove, analyze.CodeMovesAfterEnd,
}

// FromReport returns the Game of an analysed record. Its moves are
// appended to buf[:0] (pass the previous Game's Moves to reuse them).
// The Result tag counts as non-empty when a result is declared.
func FromReport(r *analyze.Report, buf []board.Move) Game {
	g := Game{Moves: buf[:0]}
	if rec := r.Record; rec != nil {
		g.Source, g.Index = rec.Source, rec.Index
		for i, name := range TagNames[:6] {
			g.Tags[i] = rec.Tags.Value(name)
		}
	}
	if d := r.Declared(); d != analyze.ResultUnknown {
		g.Tags[6], g.Result = d, true
	}
	g.Clean = true
	for _, f := range r.Flags {
		if f.Severity == analyze.SevError {
			g.Clean = false
		}
	}
	if gm := r.Game; gm != nil && gm.HasStart && gm.Fail == nil {
		g.Complete = true
		g.Start = gm.Start.Setup()
		for _, p := range gm.Plies {
			g.Moves = append(g.Moves, p.Move)
		}
	}
	return g
}

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
	if row.ResultDeclared != "" && row.ResultDeclared != analyze.ResultUnknown {
		g.Tags[6], g.Result = row.ResultDeclared, true
	}
	complete := true
	for _, c := range row.FlagCodes {
		if slices.Contains(errorCodes, c) {
			g.Clean = false
		}
		if slices.Contains(failCodes, c) {
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
