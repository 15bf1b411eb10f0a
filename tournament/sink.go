package tournament

import (
	"github.com/xqtool/xqtool/dedupe"
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
// (as Build does). It is a pipeline.Annotator: each game's event_id (note
// NoteEventID) and flags reach the sinks that finish after it. An Identity
// that is itself an annotator (the players') must come before it in the
// run's sinks.
//
// The games are kept in temporary files, not in memory (see Finish), and
// read back by number; the files are removed at Commit or Abort, so the
// games (Games, GameOf, FlaggedGames) can be read until then, the events
// (Events, Flagged) after it too.
type Sink struct {
	pipeline.NopSink
	opt     Options
	dir     string
	raw     *pipeline.Spool // the games as the pass gives them
	tmp     Game
	buf     []byte
	names   eventNames
	st      *store
	events  []*Event
	notes   []pipeline.Note // each event's note (Annotate), one slice for all
	flagged map[flags.Code]int
}

// batchGames is how many games the events of one batch hold (more when
// one event alone holds more).
var batchGames = 1 << 14

// NewSink returns a sink with the given options.
func NewSink(opt Options) *Sink {
	return &Sink{opt: opt}
}

// Start sets the directory of the temporary files.
func (s *Sink) Start(info pipeline.Info) error {
	s.dir = info.TempDir
	return nil
}

// Game writes what the checks read of g to the sink's temporary file.
func (s *Sink) Game(g *pipeline.Game) error {
	if s.raw == nil {
		var err error
		if s.raw, err = pipeline.NewSpool(s.dir); err != nil {
			return err
		}
	}
	tags := g.Tags()
	s.tmp = Game{
		Num: g.Num(), ID: g.ID(), Source: g.Source(), Index: g.Index(), // the cluster: at Finish
		Event: tags.Value(parse.TagEvent), Round: tags.Value(parse.TagRound),
		Date: tags.Value(parse.TagDate), Site: tags.Value(parse.TagSite),
		Red: tags.Value(parse.TagRed), Black: tags.Value(parse.TagBlack),
		Result: g.Result(),
	}
	if s.opt.Positions {
		if rp := g.Replay(); rp != nil && rp.HasStart {
			st := rp.Final.Setup()
			s.tmp.Final = st.Placement()
		}
	}
	s.buf = appendGame(s.buf[:0], &s.tmp)
	return s.raw.Append(s.buf)
}

// Finish reads the games' clusters and filled tags, names their players
// and builds the events, each step a pass over temporary files:
//
//  1. each game completed with its verdict and players, with its
//     event's index (a table of the distinct events), and its cluster
//     and result in one of as many buckets as there are batches of
//     games (by a hash of the cluster);
//  2. each bucket's clusters read whole: the copies of a cluster that
//     declare different results are flagged;
//  3. the games split into batches of whole events (events in order of
//     their first game), the games of no event finished at once;
//  4. each batch's events built in memory (their crosstables and
//     checks) and its games finished: stored by number.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	s.flagged = map[flags.Code]int{}
	var err error
	if s.st, err = newStore(s.dir); err != nil {
		return err
	}
	if s.raw == nil {
		return nil
	}
	f := &finisher{s: s, v: v, events: map[key]int{}}
	defer f.close()
	if err := f.complete(); err != nil {
		return err
	}
	if err := f.conflicts(); err != nil {
		return err
	}
	if err := f.split(); err != nil {
		return err
	}
	return f.build()
}

// finish applies the verdict and the players to g.
func (s *Sink) finish(g *Game, d pipeline.Dup) {
	g.Cluster, g.Copy = d.ClusterID(g.ID), d.Kind != dedupe.None // DuplicateOf is not ""
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

// store writes a finished game (event: its index in s.events, -1 none).
func (s *Sink) store(g *Game, event int) error {
	s.buf = appendGame(s.buf[:0], g)
	return s.storeRecord(g.Num, s.buf, g.flags, event)
}

// storeRecord writes the record of a finished game and its flags.
func (s *Sink) storeRecord(num int, rec []byte, fl []flags.Flag, event int) error {
	for _, c := range flags.Codes(fl) {
		s.flagged[c]++
	}
	return s.st.add(num, rec, len(fl) > 0, event)
}

// Annotate gives game num's event_id note and the checks' flags.
func (s *Sink) Annotate(num int) pipeline.Annotation {
	if s.st == nil {
		return pipeline.Annotation{}
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	e, ok := s.st.entry(num)
	if !ok {
		return pipeline.Annotation{}
	}
	var a pipeline.Annotation
	if e.event >= 0 && e.event < len(s.events) {
		if len(s.notes) != len(s.events) {
			s.notes = make([]pipeline.Note, len(s.events))
			for i, ev := range s.events {
				s.notes[i] = pipeline.Note{Key: NoteEventID, Value: ev.ID}
			}
		}
		a.Notes = s.notes[e.event : e.event+1 : e.event+1]
	}
	if e.flagged {
		if g := s.st.game(e); g != nil {
			a.Flags = g.flags
		}
	}
	return a
}

// Events returns the events, in order of their first game (after
// Finish).
func (s *Sink) Events() []*Event { return s.events }

// Games returns every game as the sink finished it, in run order (after
// Finish, until Commit): all of them in memory, for small runs and tests.
func (s *Sink) Games() []*Game {
	var out []*Game
	s.each(func(_ int, e entry) {
		if g := s.st.game(e); g != nil {
			out = append(out, g)
		}
	})
	return out
}

// FlaggedGames returns the numbers of the games the checks flagged, in
// run order (after Finish, until Commit).
func (s *Sink) FlaggedGames() []int {
	var out []int
	s.each(func(num int, e entry) {
		if e.flagged {
			out = append(out, num)
		}
	})
	return out
}

// each calls fn with every stored game's entry, by number.
func (s *Sink) each(fn func(num int, e entry)) {
	if s.st == nil || s.st.index == nil {
		return
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for num := range s.st.index.Len() {
		if e, ok := s.st.entry(num); ok {
			fn(num, e)
		}
	}
}

// GameOf returns game num as the sink finished it (after Finish, until
// Commit), nil when unknown.
func (s *Sink) GameOf(num int) *Game {
	if s.st == nil {
		return nil
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	e, ok := s.st.entry(num)
	if !ok {
		return nil
	}
	return s.st.game(e)
}

// Flagged counts the games carrying each code the checks raised.
func (s *Sink) Flagged() map[flags.Code]int {
	m := map[flags.Code]int{}
	for c, n := range s.flagged {
		m[c] = n
	}
	return m
}

// Commit removes the temporary files; it fails when reading them back
// did.
func (s *Sink) Commit() error {
	var err error
	if s.st != nil {
		s.st.mu.Lock()
		err = s.st.err
		s.st.mu.Unlock()
	}
	if cerr := s.close(); err == nil {
		err = cerr
	}
	return err
}

// Abort removes the temporary files.
func (s *Sink) Abort() { s.close() }

func (s *Sink) close() error {
	err := s.raw.Close()
	s.raw = nil
	if s.st != nil {
		s.st.mu.Lock()
		defer s.st.mu.Unlock()
		if cerr := s.st.close(); err == nil {
			err = cerr
		}
		s.st.games, s.st.index = nil, nil
	}
	return err
}
