// Package testgames gives tests games to work on: the records under some
// paths or in a PGN text, read and analysed as the pipeline does (without
// duplicate detection), and a hand-made sample. Tests only import it.
package testgames

import (
	"context"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// Reports reads and analyses every game under paths, in input order.
// The records are not released: the reports stay valid.
func Reports(tb testing.TB, paths ...string) []*analyze.Report {
	tb.Helper()
	var out []*analyze.Report
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), paths, func(it corpus.Item) error {
		if it.Rec != nil {
			out = append(out, analyze.Analyze(it.Rec, it.Err, analyze.Options{}))
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// PGN reads and analyses the games of a PGN text (source "test.pgn").
func PGN(tb testing.TB, text string) []*analyze.Report {
	tb.Helper()
	r := parse.NewPGNReader(strings.NewReader(text), "test.pgn")
	var out []*analyze.Report
	for {
		rec, err := r.Next()
		if rec == nil {
			break
		}
		out = append(out, analyze.Analyze(rec, err, analyze.Options{}))
	}
	return out
}

// Games returns the pipeline's Game of each report, numbered in order.
func Games(reps []*analyze.Report) []*pipeline.Game {
	out := make([]*pipeline.Game, len(reps))
	for i, r := range reps {
		out[i] = pipeline.NewGame(i, pipeline.GameID(r.Record.Source, r.Record.Index), r, nil)
	}
	return out
}

// SamplePGN holds hand-made games: a normal game with tags, comments and
// variations (one of them unplayable), an endgame from a FEN with Black to
// move that ends in mate while "*" is declared, a mate whose declared
// result is wrong, and a game with an illegal main-line move.
const SamplePGN = `[Event "Test Cup"]
[Site "Beijing"]
[Date "1999.05.02"]
[Round "3"]
[Red "Red Player"]
[RedTeam "Team A"]
[Black "Black Player"]
[RedElo "2400"]
[BlackElo "n/a"]
[Result "1-0"]
[ECCO "B00"]
[Annotator "someone"]
{Game comment}
1. 炮二平五 {central cannon} (1. 相三进五 马８进７ (1... 卒７进１) 2. 兵七进一) (1. 车九进九) 马８进７
2. 马二进三 车９平８ 3. 车一平二 马２进３ 1-0

[Event "Endgame"]
[Date "2001年3月4日"]
[FEN "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"]
[Result "*"]
1... 将4进1 2. 车五平六 *

[Event "Mate"]
[Date "1985.??.??"]
[Red "A"]
[Black "B"]
[FEN "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"]
[Result "0-1"]
1. 车八进九 0-1

[Event "Broken"]
[Date "2010/1/2"]
[Result "1-0"]
1. 炮二平五 马８进７ 2. 车九进三 炮８平５ 1-0
`
