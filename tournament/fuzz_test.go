package tournament

import (
	"strings"
	"testing"

	"github.com/xqtool/xqtool/tagnorm"
)

// FuzzBuild builds events from hostile tags: no panic, every game of an
// event is counted in it, every counted game once, and each flag's code
// registered.
func FuzzBuild(f *testing.F) {
	f.Add("1984年全國象棋團體賽|1|1984.04.22|胡榮華|呂欽|1-0|a\n1984年全国象棋团体赛|1|1984.04.22|胡荣华|柳大华|0-1|b", "")
	f.Add("２００６年|第７轮|26.5.01|\b北京张强| |*|a\n２００６年|第７轮|2006年|北京张强|许银川|1/2-1/2|a", "x")
	f.Add("||||||\n-|-|-|-|-|-|-", "")
	f.Fuzz(func(t *testing.T, text, salt string) {
		var games []*Game
		for i, line := range strings.Split(text, "\n") {
			if i >= 64 {
				break
			}
			c := strings.Split(line+"||||||", "|")
			g := &Game{Num: i, ID: line + salt, Cluster: c[6], Source: "f.pgn", Index: i,
				Event: c[0], Round: c[1], Date: c[2], Red: c[3], Black: c[4], Result: c[5]}
			if g.Cluster == "" {
				g.Cluster = g.ID
			}
			g.RedID, g.RedName = DefaultName(g.Red)
			g.BlkID, g.BlkName = DefaultName(g.Black)
			games = append(games, g)
		}
		events := Build(games)
		inEvents := 0
		for _, e := range events {
			inEvents += e.Games
			if e.Counted < 1 || e.Counted > e.Games {
				t.Errorf("event %q: %d counted of %d", e.Name, e.Counted, e.Games)
			}
			for _, p := range e.Players {
				if p.Wins+p.Draws+p.Losses+p.Unscored != p.Games || p.HalfPts != 2*p.Wins+p.Draws {
					t.Errorf("player %q: inconsistent score %+v", p.Name, p)
				}
			}
		}
		withEvent := 0
		for _, g := range games {
			if tagnorm.Text(g.Event) != "" {
				withEvent++
			}
			for _, fl := range g.Flags() {
				if !fl.Code.Known() {
					t.Errorf("unregistered code %s", fl.Code)
				}
			}
		}
		if inEvents != withEvent {
			t.Errorf("%d games in events, %d with an event", inEvents, withEvent)
		}
	})
}
