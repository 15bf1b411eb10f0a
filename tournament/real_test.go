package tournament

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/golden"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenFile compares got with testdata/name, or writes it with -update.
func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), []byte(got), *update)
}

// realRun runs the sink over the shared records once per test binary.
var realSink *Sink

func realRecords(t *testing.T) (*Sink, string) {
	t.Helper()
	dir := shareddata.Dir(t, "records")
	if realSink == nil {
		realSink = runKept(t, Options{}, dir).Sink
	}
	return realSink, dir
}

// rel strips the records directory from a text.
func rel(dir, s string) string { return strings.ReplaceAll(s, dir+string(filepath.Separator), "") }

// TestRealFlags pins every check that fires on the real records, each
// checked by hand against its records (see the golden file's notes in
// the package's README section).
func TestRealFlags(t *testing.T) {
	s, dir := realRecords(t)
	var b strings.Builder
	for _, e := range s.Events() {
		if len(e.Flagged) == 0 {
			continue
		}
		fmt.Fprintf(&b, "event %s %q (%d games, span %s)\n", e.ID, e.Name, e.Games, e.Span)
		for _, num := range e.Flagged {
			g := s.GameOf(num)
			for _, f := range g.Flags() {
				fmt.Fprintf(&b, "  %s %s %s: %s\n", rel(dir, g.Ref()), f.Code, f.Side, rel(dir, f.Detail))
			}
		}
	}
	for _, g := range s.Games() {
		if g.EventID() == "" && len(g.Flags()) > 0 {
			for _, f := range g.Flags() {
				fmt.Fprintf(&b, "no event: %s %s: %s\n", rel(dir, g.Ref()), f.Code, rel(dir, f.Detail))
			}
		}
	}
	goldenFile(t, "real_flags.golden", b.String())
}

// TestRealCrosstable pins the crosstable of the 1st Chinese Computer
// Games Championship (Beijing 2006) as the records of xqbase's ElephantEye
// hold it: the twenty games of 相眼竞技 (file names carry the rounds, the
// colours and the results), checked by hand against the files.
func TestRealCrosstable(t *testing.T) {
	s, _ := realRecords(t)
	norm, year, _ := EventKey("1st Chinese Computer Games Championship, Beijing 2006", "")
	id := EventID(norm, year)
	for _, e := range s.Events() {
		if e.ID == id {
			goldenFile(t, "ccgc2006.golden", eventText(s, e))
			return
		}
	}
	t.Fatalf("no event %s", id)
}

// eventText renders an event's facts and crosstable.
func eventText(s *Sink, e *Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %q year %d span %s site %q format %s games %d counted %d\n", e.ID, e.Name, e.Year, e.Span, e.Site, e.Format, e.Games, e.Counted)
	fmt.Fprintf(&b, "rounds %q\n", e.RoundTags)
	for _, p := range e.Players {
		fmt.Fprintf(&b, "%2d %-12s games %2d +%d =%d -%d points %s\n", p.Rank, p.Name, p.Games, p.Wins, p.Draws, p.Losses, p.Points())
	}
	name := func(i int) string {
		if i < 0 {
			return "?"
		}
		return e.Players[i].Name
	}
	for _, r := range e.Rounds {
		for _, g := range r.Games {
			fmt.Fprintf(&b, "round %-3s %s - %s %s (%s)\n", r.Name, name(g.Red), name(g.Black), g.Result, filepath.Base(s.GameOf(g.Num).Source))
		}
	}
	if e.Format != ByRound {
		for i := range e.Players {
			var cells []string
			for j := range e.Players {
				var cs []string
				for _, c := range e.Cells(i, j) {
					cs = append(cs, c.Score)
				}
				cells = append(cells, fmt.Sprintf("%-3s", strings.Join(cs, "")))
			}
			fmt.Fprintf(&b, "%-12s %s\n", e.Players[i].Name, strings.Join(cells, " "))
		}
	}
	return b.String()
}

// TestEventIDsAcrossShards checks that a game's event_id is the same
// whether the records are read whole or in three shards (an id depends on
// the event's name and year only).
func TestEventIDsAcrossShards(t *testing.T) {
	whole, _ := realRecords(t)
	byGame := map[string]string{}
	for _, g := range whole.Games() {
		byGame[g.ID] = g.EventID()
	}
	seen := 0
	for i := range 3 {
		s := NewSink(Options{})
		opt := pipeline.Options{Workers: 1, Shard: corpus.Shard{Index: i, Count: 3}, AllowEmpty: true}
		if _, err := pipeline.Run(context.Background(), []string{shareddata.Dir(t, "records")}, opt, kept{s}); err != nil {
			t.Fatal(err)
		}
		defer s.Abort()
		for _, g := range s.Games() {
			seen++
			if want, ok := byGame[g.ID]; !ok || g.EventID() != want {
				t.Errorf("shard %d, %s: event_id %q, whole run %q", i, g.Ref(), g.EventID(), want)
			}
		}
	}
	if seen != len(byGame) {
		t.Errorf("the shards hold %d games, the whole run %d", seen, len(byGame))
	}
}
