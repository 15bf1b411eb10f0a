package pipeline

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/hashid"
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
	result string
}

// NewGame returns the Game of an analysed record, for code that analyses
// records itself (tests, tools): num is its number, id its game_id; tags
// are the tags the sinks see (nil: the record's).
func NewGame(num int, id string, r *analyze.Report, tags parse.Tags) *Game {
	if tags == nil && r.Record != nil {
		tags = r.Record.Tags
	}
	return &Game{num: num, id: id, report: r, tags: tags, result: r.Declared()}
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

// Result is the game's declared result after the run's steps ("1-0",
// "0-1", "1/2-1/2" or "*"): the record's, or the one the final position
// decides where the record has none (Options.FillResult).
func (g *Game) Result() string { return g.result }

// Flags are the game's flags.
func (g *Game) Flags() []flags.Flag { return g.report.Flags }

// Status is the game's state after the pass, from its own flags. It is
// final unless flags may come after the pass (Info.Late): then the final
// state is the verdict's (Dup.State, see FinalState).
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

// GameID returns the game_id of game index (0-based) of the file whose
// identity is key (corpus.Item.Key: its absolute path with symbolic links
// resolved; an archive member: the archive's, "!" and the member's name;
// standard input: "stdin:" and the SHA-256 of its bytes). It depends on
// neither how the path was spelled nor where the command ran; it changes
// when the file moves. The id is 16 hexadecimal digits: the first 8 bytes
// of the SHA-256 of key, plus index times an odd constant, through a
// bijective mix (splitmix64's), so the games of one file never share an id.
func GameID(key string, index int) string {
	return hashFile(key).id(index)
}

// fileHash is the hash of a file's identity that its games' ids derive
// from.
type fileHash uint64

func hashFile(key string) fileHash {
	var buf [512]byte // a path fits: no copy of it on the heap
	sum := sha256.Sum256(append(buf[:0], key...))
	return fileHash(binary.BigEndian.Uint64(sum[:8]))
}

// id returns the game_id of game index of the file.
func (h fileHash) id(index int) string {
	return hashid.Format(hashid.Mix(uint64(h) + uint64(index)*hashid.Golden))
}
