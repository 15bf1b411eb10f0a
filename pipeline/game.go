package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/opening"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// Game is the result of one game of the pass, as every sink sees it: the
// record as read, its replay and analysis, the tags after the run's steps.
// It is read-only: a sink must not change it nor anything it reaches
// (Options.CheckSinks makes a run verify that), and must not keep it, nor
// anything it reaches, after Sink.Game returns: the record's move tree is
// then recycled for the games that follow. Sinks that need something later
// copy it (strings of a record are safe to keep only once cloned).
//
// What the pass cannot know yet, the game's copies elsewhere in the input,
// reaches the sinks after the pass as Dup values (Sink.Finish).
type Game struct {
	num    int
	id     string
	report *analyze.Report
	tags   parse.Tags
}

// NewGame returns the Game of an analysed record, for code that analyses
// records itself (tests, tools): num is its number, id its game_id; tags
// are the tags the sinks see (nil: the record's).
func NewGame(num int, id string, r *analyze.Report, tags parse.Tags) *Game {
	if tags == nil && r.Record != nil {
		tags = r.Record.Tags
	}
	return &Game{num: num, id: id, report: r, tags: tags}
}

// Num is the game's number in the run: 0, 1, … in input order.
func (g *Game) Num() int { return g.num }

// ID is the game's game_id (see GameID).
func (g *Game) ID() string { return g.id }

// Record is the record as read (syntax only). Its tags are the tags as
// written; Tags gives them after the run's steps.
func (g *Game) Record() *parse.Record { return g.report.Record }

// Report is the analysis of the game: its replay, flags and status.
func (g *Game) Report() *analyze.Report { return g.report }

// Replay is the replayed game, nil for a record that could not be read.
func (g *Game) Replay() *replay.Game { return g.report.Game }

// Tags are the game's tags after the run's steps (ECCO classification
// with Options.Classify), else the record's.
func (g *Game) Tags() parse.Tags { return g.tags }

// Flags are the game's flags.
func (g *Game) Flags() []flags.Flag { return g.report.Flags }

// Status is the game's status.
func (g *Game) Status() analyze.Status { return g.report.Status }

// Opening is the ECCO class computed from the moves.
func (g *Game) Opening() opening.Class { return g.report.Opening }

// Source and Index locate the game: its file (archive members as
// "archive!member") and 0-based number in it.
func (g *Game) Source() string { return g.report.Record.Source }

// Index is the game's 0-based number in its source.
func (g *Game) Index() int { return g.report.Record.Index }

// Plies is the length of the valid main line.
func (g *Game) Plies() int {
	if gm := g.report.Game; gm != nil {
		return len(gm.Plies)
	}
	return 0
}

// GameID returns the stable identity of the game at index (0-based) in
// source: the first 16 hexadecimal digits (64 bits) of the SHA-256 of
// source, a NUL byte and the decimal index. It depends only on the name
// under which the record was read and its place in it, so the same corpus
// read from the same paths gives the same ids.
func GameID(source string, index int) string {
	h := sha256.New()
	h.Write([]byte(source))
	h.Write([]byte{0})
	h.Write(strconv.AppendInt(nil, int64(index), 10))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:8])
}
