package players

import (
	"unique"

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
// names) on each game's Dup. It writes nothing itself.
type Sink struct {
	pipeline.NopSink
	r     *Resolver
	ids   []string // game_id by game number
	nums  []int32  // the index in r of game num, -1 when not seen
	table *Table
}

// NewSink returns a sink resolving with the alias file a (nil: none).
func NewSink(a *Aliases) *Sink { return &Sink{r: NewResolver(a)} }

// Game collects a game's names.
func (s *Sink) Game(g *pipeline.Game) error {
	tags := g.Tags()
	if n := g.Num(); n >= 0 {
		for len(s.nums) <= n {
			s.nums = append(s.nums, -1)
		}
		s.nums[n] = int32(s.r.Len())
	}
	s.ids = append(s.ids, g.ID())
	// The strings are interned: games share their players, event and
	// file, so a game costs its Game value, not copies of them.
	s.r.Add(Game{
		Red:    intern(tags.Value(parse.TagRed)),
		Black:  intern(tags.Value(parse.TagBlack)),
		Event:  intern(tagnorm.Text(tags.Value(parse.TagEvent))),
		Year:   tagnorm.ParseDate(tags.Value(parse.TagDate)).Year,
		Result: g.Result(),
		Source: intern(g.Source()),
	})
	return nil
}

// Finish adds the clusters of copies (exact and mirrored copies: a
// prefix copy may be another game) and resolves.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	for num, i := range s.nums {
		if i < 0 {
			continue
		}
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		s.r.games[i].Cluster = Cluster(d.Kind, d.ClusterID(s.ids[i]))
	}
	s.table = s.r.Resolve()
	return nil
}

// Table returns the resolved players (nil before Finish).
func (s *Sink) Table() *Table { return s.table }

// Player returns the player_id and canonical name of a game's side
// (red: the Red side) once the run has finished; "" for a side without a
// name, or before Finish.
func (s *Sink) Player(num int, red bool) (id, name string) {
	if num < 0 || num >= len(s.nums) || s.nums[num] < 0 || s.table == nil {
		return "", ""
	}
	p, ok := s.table.Of(int(s.nums[num]), red)
	if !ok {
		return "", ""
	}
	return p.ID, p.Name
}

// Annotate returns the notes of game num.
func (s *Sink) Annotate(num int) pipeline.Annotation {
	var notes []pipeline.Note
	for _, red := range []bool{true, false} {
		id, name := s.Player(num, red)
		if id == "" {
			continue
		}
		kid, kname := NoteRedID, NoteRedName
		if !red {
			kid, kname = NoteBlackID, NoteBlackName
		}
		notes = append(notes, pipeline.Note{Key: kid, Value: id}, pipeline.Note{Key: kname, Value: name})
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

// intern returns s as a canonical copy, shared by every equal string
// interned (unique.Make copies a string the first time it sees it).
func intern(s string) string {
	if s == "" {
		return ""
	}
	return unique.Make(s).Value()
}
