package tournament

import (
	"strings"
	"unique"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// NoteEventID is the key of the note that gives a game's event_id (a
// dataset writes it into games.parquet's event_id column).
const NoteEventID = "event_id"

// Options configures a Sink.
type Options struct {
	// Identity names the players (nil: DefaultName of the tags).
	Identity Identity
	// Positions keeps each game's final placement (Game.Final), for
	// diagrams of the flagged games.
	Positions bool
}

// Sink collects the games of a run (event, round, date, site, players,
// result, where it is) and, at Finish, builds the events and their checks
// (Build). It is a pipeline.Annotator: each game's event_id (note
// NoteEventID) and flags reach the sinks that finish after it. An Identity
// that is itself an annotator (the players') must come before it in the
// run's sinks.
type Sink struct {
	pipeline.NopSink
	opt    Options
	games  []*Game
	byNum  []*Game // by game number (nil: not seen)
	events []*Event
	// source is the file of the last game: games of a file come one
	// after the other, so each file's name is copied once, without the
	// table of every path that interning would keep.
	source string
}

// NewSink returns a sink with the given options.
func NewSink(opt Options) *Sink {
	return &Sink{opt: opt}
}

// Game copies what the checks read of g.
func (s *Sink) Game(g *pipeline.Game) error {
	tags := g.Tags()
	// The strings are interned: games share their file, event, round,
	// date, site and players, so a game costs its Game value, not copies.
	tg := &Game{
		Num: g.Num(), ID: g.ID(), Cluster: g.ID(), Source: s.sourceOf(g), Index: g.Index(),
		Event: intern(tags.Value(parse.TagEvent)), Round: intern(tags.Value(parse.TagRound)),
		Date: intern(tags.Value(parse.TagDate)), Site: intern(tags.Value(parse.TagSite)),
		Red: intern(tags.Value(parse.TagRed)), Black: intern(tags.Value(parse.TagBlack)),
		Result: g.Result(),
	}
	if s.opt.Positions {
		if rp := g.Replay(); rp != nil && rp.HasStart {
			st := rp.Final.Setup()
			tg.Final = st.Placement()
		}
	}
	s.games = append(s.games, tg)
	if n := tg.Num; n >= 0 {
		for len(s.byNum) <= n {
			s.byNum = append(s.byNum, nil)
		}
		s.byNum[n] = tg
	}
	return nil
}

// sourceOf returns g's file, a copy shared with the games of the file
// before it.
func (s *Sink) sourceOf(g *pipeline.Game) string {
	if src := g.Source(); src != s.source {
		s.source = strings.Clone(src)
	}
	return s.source
}

// Finish reads the games' clusters and filled tags, names their players
// and builds the events.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	for _, g := range s.games {
		d, err := v.Of(g.Num)
		if err != nil {
			return err
		}
		g.Cluster, g.Copy = d.ClusterID(g.ID), d.DuplicateOf() != ""
		for _, f := range d.Fills {
			switch f.Name {
			case parse.TagEvent:
				g.Event = f.Value
			case parse.TagRound:
				g.Round = f.Value
			case parse.TagDate:
				g.Date = f.Value
			case parse.TagSite:
				g.Site = f.Value
			case parse.TagRed:
				g.Red = f.Value
			case parse.TagBlack:
				g.Black = f.Value
			}
		}
		g.Result = d.Result(g.Result)
		if s.opt.Identity != nil {
			g.RedID, g.RedName = s.opt.Identity(g.Num, true)
			g.BlkID, g.BlkName = s.opt.Identity(g.Num, false)
		} else {
			g.RedID, g.RedName = DefaultName(g.Red)
			g.BlkID, g.BlkName = DefaultName(g.Black)
		}
	}
	s.events = Build(s.games)
	return nil
}

// Annotate gives game num's event_id note and the checks' flags.
func (s *Sink) Annotate(num int) pipeline.Annotation {
	g := s.GameOf(num)
	if g == nil {
		return pipeline.Annotation{}
	}
	var a pipeline.Annotation
	if g.eventID != "" {
		a.Notes = []pipeline.Note{{Key: NoteEventID, Value: g.eventID}}
	}
	a.Flags = g.flags
	return a
}

// Events returns the events, in order of their first game (after
// Finish).
func (s *Sink) Events() []*Event { return s.events }

// Games returns the games as the sink kept them, in run order.
func (s *Sink) Games() []*Game { return s.games }

// GameOf returns game num as the sink kept it, nil when unknown.
func (s *Sink) GameOf(num int) *Game {
	if num < 0 || num >= len(s.byNum) {
		return nil
	}
	return s.byNum[num]
}

// Flagged counts the games carrying each code the checks raised.
func (s *Sink) Flagged() map[flags.Code]int {
	m := map[flags.Code]int{}
	for _, g := range s.games {
		for _, c := range flags.Codes(g.flags) {
			m[c]++
		}
	}
	return m
}

// intern returns s as a canonical copy, shared by every equal string
// interned (unique.Make copies a string the first time it sees it).
func intern(s string) string {
	if s == "" {
		return ""
	}
	return unique.Make(s).Value()
}
