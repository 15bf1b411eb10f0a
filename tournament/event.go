package tournament

import (
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/hashid"
	"github.com/xqtool/xqtool/tagnorm"
)

// Identity names the player of one side of game num (its number in the
// run): a stable id and the name to show. A player without a name has id
// "". The players package's annotator gives one (Player); nil means
// DefaultIdentity's rule.
type Identity func(num int, red bool) (id, name string)

// DefaultName is the identity of a name without an Identity: its
// tagnorm.Text (the red_norm of games.parquet) as the id, the name as
// written (spaces trimmed) to show.
func DefaultName(name string) (id, shown string) {
	return tagnorm.Text(name), trimSpace(name)
}

// Game is what the tournament checks read of one game of the run.
type Game struct {
	Num          int    // the game's number in the run
	ID           string // game_id
	Cluster      string // the game_id of its cluster's kept copy (its own when none)
	Copy         bool   // a copy of another game (not its cluster's kept copy)
	Source       string
	Index        int
	Event, Round string // tags as written (after the run's fills)
	Date, Site   string
	Red, Black   string
	Result       string // "1-0", "0-1", "1/2-1/2" or "*"
	RedID, BlkID string // player ids ("" unnamed)
	RedName      string // names to show
	BlkName      string
	Final        string // placement of the final position (Options.Positions), else ""
	nameYears    [2]int // first and last year of the name, 0 none
	parsedDate   tagnorm.Date
	normRound    string
	counted      bool // counted in its event's crosstable and pairing checks
	flags        []flags.Flag
	eventID      string
}

// Ref names a game as source#N (N 1-based), as the report lines do.
func (g *Game) Ref() string { return g.Source + "#" + strconv.Itoa(g.Index+1) }

// Flags are the flags the checks raised on the game.
func (g *Game) Flags() []flags.Flag { return g.flags }

// EventID is the id of the game's event, "" for none.
func (g *Game) EventID() string { return g.eventID }

// EventKey returns the normalized name of an event and its year (see the
// package doc): the year written in the name, else the date's; norm is ""
// when the name holds no letter or digit.
func EventKey(event, date string) (norm string, year int, fromName bool) {
	n := readEventName(event)
	year, fromName = n.year(date)
	return n.norm, year, fromName
}

// eventName is what EventKey reads of an event's name: its normalized
// text and the first and last years it names (0 none, and none read when
// norm is "").
type eventName struct {
	norm        string
	first, last int
}

func readEventName(event string) eventName {
	n := eventName{norm: tagnorm.Text(event)}
	if n.norm != "" {
		n.first, n.last = nameYears(event)
	}
	return n
}

// year is the event's year (EventKey): the name's, else the date's; 0
// without a name.
func (n eventName) year(date string) (year int, fromName bool) {
	if n.norm == "" || n.first > 0 {
		return n.yearOf(tagnorm.Date{})
	}
	return n.yearOf(tagnorm.ParseDate(date))
}

// yearOf is year with the date parsed.
func (n eventName) yearOf(date tagnorm.Date) (year int, fromName bool) {
	switch {
	case n.norm == "":
		return 0, false
	case n.first > 0:
		return n.first, true
	}
	return date.Year, false
}

// key is the event's key in a run: its normalized name and year.
type key struct {
	norm string
	year int
}

// eventNames reads each distinct event name once (readEventName): a run
// has many games an event. It holds at most maxEventNames names (memory
// does not grow with the corpus); a name beyond them is read again each
// time.
type eventNames struct{ m map[string]eventName }

const maxEventNames = 1 << 16

func (c *eventNames) of(event string) eventName {
	if n, ok := c.m[event]; ok {
		return n
	}
	n := readEventName(event)
	if c.m == nil {
		c.m = map[string]eventName{}
	}
	if len(c.m) < maxEventNames {
		n.norm = strings.Clone(n.norm) // not a piece of the game's record
		c.m[strings.Clone(event)] = n
	}
	return n
}

// EventID returns the event_id of a normalized event name and year (0:
// none): 16 hexadecimal digits of the SHA-256 of norm, a zero byte and the
// year in decimal.
func EventID(norm string, year int) string {
	return hashid.Hex16(norm + "\x00" + strconv.Itoa(year))
}

// nameYears returns the first and the last four-digit number from 1900 to
// 2099 in s that is not part of a longer run of digits (ASCII or
// full-width), 0 when none: "2004－2005年…" gives 2004 and 2005.
func nameYears(s string) (first, last int) {
	rs := []rune(s)
	digit := func(r rune) (int, bool) {
		switch {
		case r >= '0' && r <= '9':
			return int(r - '0'), true
		case r >= '０' && r <= '９':
			return int(r - '０'), true
		}
		return 0, false
	}
	for i := 0; i < len(rs); {
		if _, ok := digit(rs[i]); !ok {
			i++
			continue
		}
		j, v := i, 0
		for j < len(rs) {
			d, ok := digit(rs[j])
			if !ok {
				break
			}
			v = v*10 + d
			j++
		}
		if j-i == 4 && v >= 1900 && v <= 2099 {
			if first == 0 {
				first = v
			}
			last = v
		}
		i = j
	}
	return first, last
}

func trimSpace(s string) string {
	start, end := 0, len(s)
	for start < end && (s[start] == ' ' || s[start] == '\t') {
		start++
	}
	for end > start && (s[end-1] == ' ' || s[end-1] == '\t') {
		end--
	}
	return s[start:end]
}

// Format is how an event was paired, as its counted games show it.
type Format string

// Formats.
const (
	RoundRobin       Format = "round-robin"
	DoubleRoundRobin Format = "double-round-robin"
	ByRound          Format = "by-round" // Swiss, knockout, or incomplete records
)

// Spelling is one way a name is written, with the number of games (the
// copies included) that write it so.
type Spelling struct {
	Text  string
	Games int
}

// Player is one player of an event with his score in its counted games.
type Player struct {
	ID, Name  string
	Spellings []Spelling // as written in the event, most games first
	Games     int        // counted games
	Wins      int
	Draws     int
	Losses    int
	Unscored  int // games without a result ("*")
	HalfPts   int // points × 2
	Rank      int // 1-based; tied players share a rank
}

// Points returns the player's points as text: "3", "2½", "½".
func (p Player) Points() string { return HalfPoints(p.HalfPts) }

// HalfPoints formats a number of half points.
func HalfPoints(h int) string {
	s := strconv.Itoa(h / 2)
	if h%2 == 0 {
		return s
	}
	if h/2 == 0 {
		return "½"
	}
	return s + "½"
}

// Pairing is one counted game of an event: the players' indices in
// Event.Players (-1 for an unnamed one).
type Pairing struct {
	Num        int // the game's number in the run
	Red, Black int
	Result     string
	Date       string
}

// Round is the counted games of one round ("" for the games without a
// Round tag).
type Round struct {
	Name  string
	Games []Pairing
}

// Event is one event of the run.
type Event struct {
	ID        string
	Name      string     // the most frequent spelling
	Names     []Spelling // every spelling of the Event tag, most games first
	Year      int        // 0: unknown
	Span      Span       // see EventSpan
	Site      string     // the most frequent Site tag ("" none)
	Format    Format
	Players   []Player // by rank, then name
	Rounds    []Round  // by round (see the package doc)
	RoundTags []string // the distinct Round tags as written, in round order
	Games     int      // its games (copies too)
	Counted   int      // games counted once (one per cluster)
	Flags     map[flags.Code]int
	// Flagged lists the event's flagged games, in input order.
	Flagged []int
	// cells[i][j] are the scores of Players[i] against Players[j]
	// (Cell), for a round robin.
	cells [][][]Cell
	// nums are its games' numbers while it is built.
	nums []int
}

// Cell is one game of a round-robin table, from the row player's side:
// "1", "½", "0" or "?" (no result), and the game's number.
type Cell struct {
	Score string
	Num   int
	Red   bool // the row player had Red
}

// Cells returns the games of Players[i] against Players[j] (nil unless
// the event is a round robin).
func (e *Event) Cells(i, j int) []Cell {
	if e.cells == nil {
		return nil
	}
	return e.cells[i][j]
}
