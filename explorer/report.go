package explorer

import (
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/tagnorm"
)

// FromGame returns the Game of a game of the pipeline: its game_id, start
// position and valid main line (the moves are appended to buf[:0]; pass
// the previous Game's Moves to reuse them), the declared result, the year
// of the Date tag and the tags after the run's steps. It returns false for
// a record that could not be read or has no start position (nothing to
// count). Copy is left false: the duplicate verdicts come after the pass
// (see Sink).
func FromGame(g *pipeline.Game, buf []board.Move) (Game, bool) {
	rp := g.Replay()
	if rp == nil || !rp.HasStart {
		return Game{Moves: buf[:0]}, false
	}
	tags := g.Tags()
	tag := func(name string) string {
		v, _ := tags.Get(name)
		return v
	}
	out := Game{
		ID: g.ID(), Source: g.Source(), Index: g.Index(),
		Start:  rp.Start,
		Result: ParseResult(g.Report().Declared()),
		Event:  tag("Event"), Site: tag("Site"), Date: tag("Date"), Round: tag("Round"),
		Red: tag("Red"), Black: tag("Black"),
	}
	out.Year = tagnorm.ParseDate(out.Date).Year
	out.Moves = buf[:0]
	for _, p := range rp.Plies {
		out.Moves = append(out.Moves, p.Move)
	}
	return out, true
}
