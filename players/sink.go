package players

import (
	"strings"

	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/tagnorm"
)

// Notes a Sink gives each game (pipeline.Note keys; dataset writes
// red_id and black_id into games.parquet's columns of those names).
const (
	NoteRedID     = "red_id"
	NoteBlackID   = "black_id"
	NoteRedName   = "red_player"
	NoteBlackName = "black_player"
)

// Sink resolves the players of a pipeline run: Game collects each game's
// names, event, year and result; Finish adds each game's cluster of copies
// and resolves. It is a pipeline.Annotator: every other sink finds the
// notes red_id, black_id, red_player and black_player (the canonical
// names) on each game's Dup. It writes nothing itself. The games wait for
// Finish in a temporary file (see Resolver), and each game's players in
// another (8 bytes a game) until Commit or Abort: its memory grows with
// the distinct names, events and files, not with the games.
type Sink struct {
	pipeline.NopSink
	r      *Resolver
	events map[string]int32 // Event tag as written → its normalized text's number (store.events)
	// renum is the index in r of the games whose number is not their
	// index (none in a run: games come in order).
	renum map[int]int
	table *Table
	// KeepGames leaves the table's games in their temporary file at
	// Commit, for Table.Suggest: the caller closes the Table.
	KeepGames bool
}

// NewSink returns a sink resolving with the alias file a (nil: none).
func NewSink(a *Aliases) *Sink { return &Sink{r: NewResolver(a), events: map[string]int32{}} }

// Start sets the directory of the temporary files.
func (s *Sink) Start(info pipeline.Info) error {
	s.r.SetTempDir(info.TempDir)
	return nil
}

// Game collects a game's names.
func (s *Sink) Game(g *pipeline.Game) error {
	tags := g.Tags()
	if n := g.Num(); n != s.r.Len() {
		if s.renum == nil {
			s.renum = map[int]int{}
		}
		s.renum[n] = s.r.Len()
	}
	ev := tags.Value(parse.TagEvent)
	event, ok := s.events[ev]
	if !ok {
		event = s.r.st.events.id(tagnorm.Text(ev))
		if len(s.events) < 1<<16 {
			s.events[strings.Clone(ev)] = event
		}
	}
	// Until Finish the cluster is the game's own id (see Finish).
	s.r.st.addEvent(&Game{
		Red:     tags.Value(parse.TagRed),
		Black:   tags.Value(parse.TagBlack),
		Year:    tagnorm.ParseDate(tags.Value(parse.TagDate)).Year,
		Result:  g.Result(),
		Source:  g.Source(),
		Cluster: g.ID(),
	}, event, g.Num())
	return nil
}

// Finish adds the clusters of copies (exact and mirrored copies: a
// prefix copy may be another game) and resolves.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	err := s.r.st.setClusters(func(num int, id string) (string, error) {
		d, err := v.Copies(num)
		if err != nil {
			return "", err
		}
		return Cluster(d.Kind, d.ClusterID(id)), nil
	})
	if err != nil {
		return err
	}
	s.table, err = s.r.Resolve()
	return err
}

// Commit removes the temporary files (but the games' with KeepGames):
// the table's players stay, Player and Annotate no longer answer.
func (s *Sink) Commit() error {
	if s.table == nil {
		return s.r.Close()
	}
	err := s.table.Err()
	if s.KeepGames {
		if cerr := s.table.side.close(); err == nil {
			err = cerr
		}
		return err
	}
	if cerr := s.close(); err == nil {
		err = cerr
	}
	return err
}

// Abort removes the temporary files.
func (s *Sink) Abort() { s.close() }

func (s *Sink) close() error {
	if s.table != nil {
		return s.table.Close()
	}
	return s.r.Close()
}

// Table returns the resolved players (nil before Finish).
func (s *Sink) Table() *Table { return s.table }

// Player returns the player_id and canonical name of a game's side
// (red: the Red side) once the run has finished; "" for a side without a
// name, or before Finish.
func (s *Sink) Player(num int, red bool) (id, name string) {
	if s.table == nil {
		return "", ""
	}
	p, ok := s.table.Of(s.index(num), red)
	if !ok {
		return "", ""
	}
	return p.ID, p.Name
}

// index is the index in the table of game num.
func (s *Sink) index(num int) int {
	if j, ok := s.renum[num]; ok {
		return j
	}
	return num
}

// Annotate returns the notes of game num.
func (s *Sink) Annotate(num int) pipeline.Annotation {
	if s.table == nil {
		return pipeline.Annotation{}
	}
	both := s.table.both(s.index(num))
	n := 0
	for c, p := range both {
		if p != nil && p.ID == "" { // no id: no notes, as Player gives it
			both[c] = nil
		}
		if both[c] != nil {
			n += 2
		}
	}
	if n == 0 {
		return pipeline.Annotation{}
	}
	notes := make([]pipeline.Note, 0, n)
	if p := both[0]; p != nil {
		notes = append(notes, pipeline.Note{Key: NoteRedID, Value: p.ID}, pipeline.Note{Key: NoteRedName, Value: p.Name})
	}
	if p := both[1]; p != nil {
		notes = append(notes, pipeline.Note{Key: NoteBlackID, Value: p.ID}, pipeline.Note{Key: NoteBlackName, Value: p.Name})
	}
	return pipeline.Annotation{Notes: notes}
}

// Cluster is the cluster of copies a game is counted in to tell players
// apart (Game.Cluster), from its duplicate kind and cluster id (the
// pipeline's verdict, or duplicate_kind and cluster_id of games.parquet):
// the cluster of a kept copy or a whole copy (exact, mirrored), "" for a
// prefix copy, which may be another game with the same opening. Players
// from records and from their export use this one rule.
func Cluster(kind dedupe.Kind, clusterID string) string {
	if kind == dedupe.Prefix {
		return ""
	}
	return clusterID
}
