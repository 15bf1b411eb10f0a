package explorer

import (
	"strings"

	"github.com/xqtool/xqtool/board"
)

// Result is a game's declared result.
type Result uint8

// The results, by the Result tag as declared (not as judged from the
// final position: a database shows what its records say).
const (
	Unknown  Result = iota // no result, "*", or text that is none of the others
	RedWin                 // 1-0
	Draw                   // 1/2-1/2
	BlackWin               // 0-1
)

// ParseResult reads a declared result: "1-0", "0-1", "1/2-1/2" (also
// "½-½" and "0.5-0.5"); anything else is Unknown.
func ParseResult(s string) Result {
	switch strings.TrimSpace(s) {
	case "1-0":
		return RedWin
	case "0-1":
		return BlackWin
	case "1/2-1/2", "½-½", "0.5-0.5":
		return Draw
	}
	return Unknown
}

// String returns "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	switch r {
	case RedWin:
		return "1-0"
	case BlackWin:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Game is one game as the explorer reads it: a small value that the
// pipeline's sink and a dataset reader both fill. The builder copies what
// it keeps (the strings of an example game); it never keeps Moves.
type Game struct {
	// ID is the game's game_id; Source and Index locate it (its file or
	// dataset source and 0-based index there).
	ID     string
	Source string
	Index  int
	// Start is the start position.
	Start board.Position
	// Moves is the valid main line: the prefix that was played (a flagged
	// game up to its first bad move). Only the first Options.MaxPly are
	// read; the builder stops at a move that is not legal.
	Moves []board.Move
	// Result is the declared result.
	Result Result
	// Year is the year of the Date tag, 0 when unknown.
	Year int
	// Tags as written ("" when absent). Red, Black, Event and Date are
	// shown with an example game; all six, with a declared result, count
	// towards its completeness (see Example.Tags).
	Event, Site, Date, Round, Red, Black string
	// Copy is true for a game that is a copy of another (a duplicate or
	// near duplicate that is not its cluster's kept copy). Copies are
	// counted only with Options.AllCopies.
	Copy bool
}

// tagCount is the number of non-empty tags among Event, Date, Site, Round,
// Red, Black and Result (the tags the duplicate finder's kept-copy rule
// counts).
func (g *Game) tagCount() int {
	n := 0
	for _, s := range [...]string{g.Event, g.Date, g.Site, g.Round, g.Red, g.Black} {
		if strings.TrimSpace(s) != "" {
			n++
		}
	}
	if g.Result != Unknown {
		n++
	}
	return n
}
