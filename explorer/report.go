package explorer

import (
	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/tagnorm"
)

// FromReport returns the Game of an analysed record, with id as its
// game_id: the start position and the valid main line (the moves are
// appended to buf[:0]; pass the previous Game's Moves to reuse them), the
// declared result, the year of the Date tag and the tags. It returns false
// for a record that could not be read or has no start position (nothing
// to count). Copy is left false: the duplicate verdicts come after the
// pass (see Spool).
func FromReport(r *analyze.Report, id string, buf []board.Move) (Game, bool) {
	if r == nil || r.Record == nil || r.Game == nil || !r.Game.HasStart {
		return Game{Moves: buf[:0]}, false
	}
	rec := r.Record
	tag := func(name string) string {
		v, _ := rec.Tags.Get(name)
		return v
	}
	g := Game{
		ID: id, Source: rec.Source, Index: rec.Index,
		Start:  r.Game.Start,
		Result: ParseResult(r.Declared()),
		Event:  tag("Event"), Site: tag("Site"), Date: tag("Date"), Round: tag("Round"),
		Red: tag("Red"), Black: tag("Black"),
	}
	g.Year = tagnorm.ParseDate(g.Date).Year
	g.Moves = buf[:0]
	for _, p := range r.Game.Plies {
		g.Moves = append(g.Moves, p.Move)
	}
	return g, true
}
