package players

import (
	"context"
	"testing"

	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// noteChecker is a sink finishing after the players annotator: it checks
// each game's notes against Sink.Player.
type noteChecker struct {
	pipeline.NopSink
	t       *testing.T
	s       *Sink
	red     map[int]string // game number → Red tag
	checked int
}

func (c *noteChecker) Game(g *pipeline.Game) error {
	c.red[g.Num()] = g.Tags().Value(parse.TagRed)
	return nil
}

func (c *noteChecker) Finish(v *pipeline.Verdicts) error {
	for num := range v.Len() {
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		for _, red := range []bool{true, false} {
			id, name := c.s.Player(num, red)
			kid, kname := NoteRedID, NoteRedName
			if !red {
				kid, kname = NoteBlackID, NoteBlackName
			}
			if d.Note(kid) != id || d.Note(kname) != name {
				c.t.Fatalf("game %d: notes %q %q, Player gives %q %q", num, d.Note(kid), d.Note(kname), id, name)
			}
		}
		if id, _ := c.s.Player(num, true); (id == "") != (Parse(c.red[num]).Key == "") {
			c.t.Fatalf("game %d: Red %q has id %q", num, c.red[num], id)
		}
		c.checked++
	}
	return nil
}

// TestSinkNotes runs the annotator on the records with a sink after it:
// every game's notes are the ids and names Player gives, and a side has
// an id exactly when it has a name.
func TestSinkNotes(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	s := NewSink(nil)
	c := &noteChecker{t: t, s: s, red: map[int]string{}}
	// The checker comes first: annotators finish first whatever the order.
	sum, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{}, c, s)
	if err != nil {
		t.Fatal(err)
	}
	if c.checked != sum.Games || s.Table().Games() != sum.Games {
		t.Errorf("checked %d games, resolved %d, the run has %d", c.checked, s.Table().Games(), sum.Games)
	}
	if id, name := s.Player(-1, true); id != "" || name != "" {
		t.Errorf("Player of no game: %q %q", id, name)
	}
}

func TestCluster(t *testing.T) {
	for _, c := range []struct {
		kind string
		want string
	}{{"", "c"}, {"exact", "c"}, {"mirror", "c"}, {"prefix", ""}} {
		if got := Cluster(dedupe.ParseKind(c.kind), "c"); got != c.want {
			t.Errorf("%q: %q, want %q", c.kind, got, c.want)
		}
	}
}
