package tournament

import (
	"context"
	"errors"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

// spreadGames are hand-made games over several events and none, whose
// copies (the same opening) sit in different events and declare
// different results, so that a cluster's copies fall in different
// batches.
func spreadGames() []hg {
	events := []string{"全国象棋个人赛", "全国象棋团体赛", "", "五羊杯", "亚洲杯 2003"}
	players := []string{hu, lv, xu, zhao}
	results := []string{"1-0", "0-1", "1/2-1/2", "*"}
	var gs []hg
	for i := range 60 {
		gs = append(gs, hg{
			event: events[i%len(events)], round: []string{"1", "2", "3", ""}[i%4],
			date: []string{"2001.05.01", "2001.05.02", "2003", ""}[i/3%4],
			red:  players[i%4], black: players[(i/4+i+1)%4], result: results[i/7%4], opening: i % 23,
		})
	}
	return gs
}

// TestBatchesAgreeWithBuild runs the sink with batches of a few games
// (every event a batch of its own, the clusters in many buckets) and
// checks its events and each game's flags and event against Build over
// the same games in memory.
func TestBatchesAgreeWithBuild(t *testing.T) {
	inputs := []string{pgnDir(t, map[string]string{"spread.pgn": pgnOf(spreadGames())})}
	if !testing.Short() {
		inputs = append(inputs, shareddata.Dir(t, "records"))
	}
	defer func(n int) { batchGames = n }(batchGames)
	batchGames = 7
	s, obs := run(t, Options{}, inputs...)
	games := s.Games()
	if len(games) != len(obs.dups) {
		t.Fatalf("%d games read back, the run has %d", len(games), len(obs.dups))
	}
	conflicts := 0
	for _, e := range s.Events() {
		conflicts += e.Flags["result_conflict"]
	}
	if conflicts == 0 {
		t.Fatal("no result conflict: the games do not test the buckets")
	}
	type finished struct {
		eventID string
		flags   []string
	}
	of := func(g *Game) finished {
		var fs []string
		for _, f := range g.Flags() {
			fs = append(fs, f.String())
		}
		return finished{g.EventID(), fs}
	}
	var spilled []finished
	for _, g := range games {
		spilled = append(spilled, of(g))
		a := s.Annotate(g.Num)
		if !reflect.DeepEqual(a.Flags, g.Flags()) && (len(a.Flags) > 0 || len(g.Flags()) > 0) {
			t.Errorf("%s: Annotate gives %v, GameOf %v", g.Ref(), a.Flags, g.Flags())
		}
		if d := obs.dups[g.Num]; d.Note(NoteEventID) != g.EventID() {
			t.Errorf("%s: a later sink sees event_id %q, want %q", g.Ref(), d.Note(NoteEventID), g.EventID())
		}
	}
	events := Build(games)
	for i, g := range games {
		if got := of(g); !reflect.DeepEqual(spilled[i], got) {
			t.Errorf("%s: spilled %v, in memory %v", g.Ref(), spilled[i], got)
		}
	}
	if !reflect.DeepEqual(s.Events(), events) {
		t.Errorf("the events differ: %d spilled, %d in memory", len(s.Events()), len(events))
		for i := range min(len(events), len(s.Events())) {
			if !reflect.DeepEqual(s.Events()[i], events[i]) {
				t.Errorf("first difference: spilled %+v\nin memory %+v", *s.Events()[i], *events[i])
				break
			}
		}
	}
	flagged := s.FlaggedGames()
	var want []int
	for _, g := range games {
		if len(g.Flags()) > 0 {
			want = append(want, g.Num)
		}
	}
	if !slices.Equal(flagged, want) {
		t.Errorf("FlaggedGames %v, want %v", flagged, want)
	}
}

// TestTemporaryFilesRemoved checks that the sink leaves no file in the
// run's temporary directory once the run is over, and that the events
// stay readable.
func TestTemporaryFilesRemoved(t *testing.T) {
	tmp := t.TempDir()
	s := NewSink(Options{})
	dir := pgnDir(t, map[string]string{"spread.pgn": pgnOf(spreadGames())})
	if _, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{Workers: 1, TempDir: tmp}, s); err != nil {
		t.Fatal(err)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range left {
		t.Errorf("left behind: %s", f.Name())
	}
	if len(s.Events()) == 0 {
		t.Error("no event after the run")
	}
	if g := s.GameOf(0); g != nil {
		t.Errorf("game 0 read after Commit: %v", g)
	}
}

// FuzzGameRecord checks that a game's record reads back as written, and
// that any bytes read as a record give a game or ErrSpool, never a panic.
func FuzzGameRecord(f *testing.F) {
	f.Add(3, "全国象棋个人赛", "1", "胡荣华", "copies declare 1-0 a.pgn#1", []byte{0x02, 0x01})
	f.Add(-1, "", "", "", "", []byte{})
	f.Fuzz(func(t *testing.T, num int, event, round, red, detail string, junk []byte) {
		g := Game{Num: num, ID: "0123456789abcdef", Cluster: "fedcba9876543210", Copy: num%2 == 0,
			Source: "r/a.pgn", Index: max(num, 0), Event: event, Round: round, Red: red, Result: "1-0",
			eventID: event}
		if detail != "" {
			g.flags = []flags.Flag{flags.New(flags.ResultConflict, 0, "", detail), flags.New(flags.NameVariants, 0, "red", red)}
		}
		for _, decode := range []func([]byte, *Game) error{decodeGame, decodeGameShared} {
			var back Game
			if err := decode(appendGame(nil, &g), &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, g) {
				t.Fatalf("read back %+v, wrote %+v", back, g)
			}
			if err := decode(junk, &back); err != nil && !errors.Is(err, pipeline.ErrSpool) {
				t.Fatalf("junk: %v", err)
			}
		}
	})
}
