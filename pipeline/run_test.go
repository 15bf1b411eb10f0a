package pipeline_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/pipeline"
)

// twoGames is a corpus of two files: a game and an exact copy of it.
func twoGames(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	game := "[Event \"E\"]\n[Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n"
	for _, n := range []string{"a.pgn", "b.pgn"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(game), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// mutator is a sink that changes the games it is given.
type mutator struct {
	pipeline.NopSink
	change func(g *pipeline.Game)
}

func (m *mutator) Game(g *pipeline.Game) error {
	m.change(g)
	return nil
}

// TestCheckSinks: a run with CheckSinks fails when a sink changes a game
// (its flags, its tags, its record), and passes when none does.
func TestCheckSinks(t *testing.T) {
	dir := twoGames(t)
	opt := defaultOptions()
	opt.CheckSinks = true
	run(t, opt, []string{dir}, &collector{}) // no change: no error
	for name, change := range map[string]func(*pipeline.Game){
		"flags": func(g *pipeline.Game) {
			g.Report().Flags = append(g.Report().Flags, flags.New(flags.EmptyGame, 0, "", ""))
		},
		"tags":   func(g *pipeline.Game) { g.Record().Tags[0].Value = "changed" },
		"status": func(g *pipeline.Game) { g.Report().Status = "x" },
		"moves":  func(g *pipeline.Game) { g.Record().Root.Children[0].Text = "炮八平五" },
	} {
		t.Run(name, func(t *testing.T) {
			_, err := pipeline.Run(context.Background(), []string{dir}, opt, &mutator{change: change})
			if !errors.Is(err, pipeline.ErrSinkChanged) {
				t.Errorf("error %v, want ErrSinkChanged", err)
			}
		})
	}
}

// recorder is a sink that records the calls it gets.
type recorder struct {
	name  string
	calls *[]string
	fail  string // the call that fails
}

var errFail = errors.New("sink failed")

func (r *recorder) call(c string) error {
	*r.calls = append(*r.calls, r.name+"."+c)
	if c == r.fail {
		return errFail
	}
	return nil
}

func (r *recorder) Start(pipeline.Info) error       { return r.call("start") }
func (r *recorder) Game(*pipeline.Game) error       { return r.call("game") }
func (r *recorder) File(pipeline.File) error        { return r.call("file") }
func (r *recorder) Finish(*pipeline.Verdicts) error { return r.call("finish") }
func (r *recorder) Commit() error                   { return r.call("commit") }
func (r *recorder) Abort()                          { _ = r.call("abort") }

// TestSinkLifecycle: the sinks are called in order (start, a game and
// its file, finish, commit), and a failing sink aborts every sink, none
// committed; a missing input aborts the sinks before anything starts.
func TestSinkLifecycle(t *testing.T) {
	dir := twoGames(t)
	var calls []string
	run(t, defaultOptions(), []string{dir}, &recorder{name: "a", calls: &calls}, &recorder{name: "b", calls: &calls})
	want := "a.start b.start a.game b.game a.file b.file a.game b.game a.file b.file a.finish b.finish a.commit b.commit"
	if got := strings.Join(calls, " "); got != want {
		t.Errorf("calls\n %s\nwant\n %s", got, want)
	}
	for _, fail := range []string{"start", "game", "file", "finish", "commit"} {
		calls = nil
		_, err := pipeline.Run(context.Background(), []string{dir}, defaultOptions(),
			&recorder{name: "a", calls: &calls}, &recorder{name: "b", calls: &calls, fail: fail})
		if !errors.Is(err, errFail) {
			t.Errorf("%s fails: error %v", fail, err)
		}
		if !slices.Contains(calls, "a.abort") || !slices.Contains(calls, "b.abort") {
			t.Errorf("%s fails: not every sink aborted: %v", fail, calls)
		}
		if fail != "commit" && slices.Contains(calls, "a.commit") {
			t.Errorf("%s fails: a sink committed: %v", fail, calls)
		}
	}
	calls = nil
	if _, err := pipeline.Run(context.Background(), []string{filepath.Join(dir, "missing")}, defaultOptions(),
		&recorder{name: "a", calls: &calls}); err == nil || strings.Join(calls, " ") != "a.abort" {
		t.Errorf("missing input: error %v, calls %v", err, calls)
	}
}

// progressLog is a pipeline.Progress that logs what it is told.
type progressLog struct {
	phases []string
	totals []int
	last   []int // the last Done of each phase
}

func (p *progressLog) Phase(name string, total int) {
	p.phases = append(p.phases, name)
	p.totals = append(p.totals, total)
	p.last = append(p.last, 0)
}

func (p *progressLog) Done(n, games int) { p.last[len(p.last)-1] = n }

func (p *progressLog) End() {}

// TestProgress: one pass, a label per phase, each phase ends at its
// total.
func TestProgress(t *testing.T) {
	dir := twoGames(t)
	var p progressLog
	opt := defaultOptions()
	opt.Progress = &p
	run(t, opt, []string{dir}, &collector{}, &collector{})
	if want := []string{pipeline.PhaseRead, pipeline.PhaseCopies, pipeline.PhaseWriting}; !slices.Equal(p.phases, want) {
		t.Fatalf("phases %v, want %v", p.phases, want)
	}
	if p.totals[0] != 2 || p.last[0] != 2 {
		t.Errorf("reading: %d of %d files, want 2 of 2", p.last[0], p.totals[0])
	}
	if p.totals[2] != 4 || p.last[2] != 4 {
		t.Errorf("writing: %d of %d, want 4 of 4 (2 games, 2 sinks)", p.last[2], p.totals[2])
	}
}

// TestVerdicts: the copy gets a duplicate flag naming the kept copy and
// its game_id as cluster id; with KeptOnly it is dropped; FillTags fills
// the kept copy's empty tags.
func TestVerdicts(t *testing.T) {
	dir := twoGames(t)
	if err := os.WriteFile(filepath.Join(dir, "b.pgn"),
		[]byte("[Event \"E\"]\n[Red \"胡荣华\"]\n[Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var ids []string
	c := &collector{game: func(g *pipeline.Game) { ids = append(ids, g.ID()) }}
	opt := defaultOptions()
	opt.Duplicates.KeptOnly, opt.Duplicates.FillTags = true, true
	sum := run(t, opt, []string{dir}, c)
	// b.pgn has more tags: it is kept; a.pgn is its copy.
	a, b := c.dups[0], c.dups[1]
	if a.Kind.String() != "exact" || a.ClusterID(ids[0]) != ids[1] || !a.Drop || a.DuplicateOf() != filepath.Join(dir, "b.pgn")+"#1" {
		t.Errorf("copy: %+v", a)
	}
	if len(a.Flags) != 1 || a.Flags[0].Code != flags.Duplicate || a.Flags[0].Severity != flags.Info {
		t.Errorf("copy's flags: %v", a.Flags)
	}
	if b.Kind.String() != "" || b.ClusterID(ids[1]) != ids[1] || b.Drop || len(b.Fills) != 0 {
		t.Errorf("kept copy: %+v", b)
	}
	if sum.Clusters != 1 || sum.ByCode[flags.Duplicate] != 1 || sum.DroppedTotal() != 1 {
		t.Errorf("summary: %d clusters, %v, %d dropped", sum.Clusters, sum.ByCode, sum.DroppedTotal())
	}
}

// TestShortLineOtherPlayers: two games of one event by other players
// that share a 10-ply opening (shorter than the duplicate minimum) are
// two games, not copies: neither is flagged or dropped.
func TestShortLineOtherPlayers(t *testing.T) {
	dir := t.TempDir()
	const line = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 1-0\n"
	text := "[Event \"E\"]\n[Red \"甲一\"]\n[Black \"乙二\"]\n[Result \"1-0\"]\n" + line +
		"\n[Event \"E\"]\n[Red \"丁四\"]\n[Black \"戊五\"]\n[Result \"1-0\"]\n" + line
	if err := os.WriteFile(filepath.Join(dir, "e.pgn"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &collector{}
	opt := defaultOptions()
	opt.Duplicates.KeptOnly = true
	sum := run(t, opt, []string{dir}, c)
	if len(c.dups) != 2 {
		t.Fatalf("%d verdicts, want 2", len(c.dups))
	}
	for i, d := range c.dups {
		if d.Kind.String() != "" || d.Drop || len(d.Flags) != 0 {
			t.Errorf("game %d: %+v", i+1, d)
		}
	}
	if sum.Clusters != 0 || sum.DroppedTotal() != 0 {
		t.Errorf("summary: %d clusters, %d dropped", sum.Clusters, sum.DroppedTotal())
	}
}

// TestSpool: records come back in order, the decoder reads what the
// encoders wrote, and malformed records are an error, never a panic.
func TestSpool(t *testing.T) {
	s, err := pipeline.NewSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var want []string
	for i := range 3000 {
		b := pipeline.AppendUvarint(nil, i)
		b = pipeline.AppendString(b, strings.Repeat("棋", i%50))
		if err := s.Append(b); err != nil {
			t.Fatal(err)
		}
		want = append(want, strings.Repeat("棋", i%50))
	}
	i := 0
	err = s.Each(func(rec []byte) error {
		d := pipeline.NewDecoder(rec)
		if n, str := d.Uvarint(), d.String(); n != i || str != want[i] || d.Err() != nil {
			t.Fatalf("record %d: %d %q %v", i, n, str, d.Err())
		}
		i++
		return nil
	})
	if err != nil || i != 3000 {
		t.Fatalf("%d records, %v", i, err)
	}
	for _, bad := range [][]byte{{}, {0x80}, {5, 'a'}, {1, 'a', 'b'}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}} {
		d := pipeline.NewDecoder(bad)
		_ = d.String()
		if d.Err() == nil {
			t.Errorf("%q decoded without an error", bad)
		}
	}
	if err := s.Close(); err != nil {
		t.Error(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// counter is an annotator that numbers the games of each event.
type counter struct {
	pipeline.NopSink
	events []string
	nth    []int
}

func (c *counter) Game(g *pipeline.Game) error {
	c.events = append(c.events, g.Tags().Value("Event"))
	return nil
}

func (c *counter) Finish(*pipeline.Verdicts) error {
	seen := map[string]int{}
	for _, e := range c.events {
		seen[e]++
		c.nth = append(c.nth, seen[e])
	}
	return nil
}

func (c *counter) Annotate(num int) pipeline.Annotation {
	a := pipeline.Annotation{Notes: []pipeline.Note{{Key: "nth_of_event", Value: strconv.Itoa(c.nth[num])}}}
	if c.nth[num] > 1 {
		a.Flags = []flags.Flag{flags.New(flags.MissingTags, 0, "", "not the first of its event")}
	}
	return a
}

// TestAnnotator: an annotator finishes before the other sinks, whatever
// its place in the list, and they find its notes on every game.
func TestAnnotator(t *testing.T) {
	dir := twoGames(t)
	c := &collector{}
	run(t, defaultOptions(), []string{dir}, c, &counter{})
	if len(c.dups) != 2 || c.dups[0].Note("nth_of_event") != "1" || c.dups[1].Note("nth_of_event") != "2" {
		t.Errorf("notes %+v", c.dups)
	}
	// The copy's flags: duplicate detection's, then the annotator's.
	if fs := c.dups[1].Flags; len(fs) != 2 || fs[0].Code != flags.Duplicate || fs[1].Detail != "not the first of its event" {
		t.Errorf("flags %v", fs)
	}
}

// slowFinish is a sink whose Finish works until the run's context ends.
type slowFinish struct {
	pipeline.NopSink
	cancel  func()
	aborted bool
}

func (s *slowFinish) Finish(v *pipeline.Verdicts) error {
	s.cancel() // Ctrl-C during the long work
	select {
	case <-v.Context().Done():
		return v.Context().Err()
	case <-time.After(time.Minute):
		return errors.New("Finish never saw the run cancelled")
	}
}

func (s *slowFinish) Abort() { s.aborted = true }

// TestFinishSeesCancel: Verdicts.Context is the run's, so a long Finish
// stops with the run and the sinks are aborted.
func TestFinishSeesCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := &slowFinish{cancel: cancel}
	_, err := pipeline.Run(ctx, []string{twoGames(t)}, defaultOptions(), s)
	if !errors.Is(err, context.Canceled) || !s.aborted {
		t.Fatalf("error %v, aborted %v", err, s.aborted)
	}
}

// twice is an annotator that gives game 0 two warnings of one code and
// the other games an info flag.
type twice struct{ pipeline.NopSink }

func (twice) Annotate(num int) pipeline.Annotation {
	if num == 0 {
		w := flags.New(flags.PairingConflict, 0, "red", "one")
		return pipeline.Annotation{Flags: []flags.Flag{w, flags.New(flags.PairingConflict, 0, "black", "two")}}
	}
	return pipeline.Annotation{Flags: []flags.Flag{flags.New(flags.NameVariants, 0, "red", "info")}}
}

// TestSummaryCountsAnnotators: the summary counts an annotator's codes a
// game once each, and a game its warning makes worse moves from ok to
// warning, with or without duplicate detection; the states still add up.
func TestSummaryCountsAnnotators(t *testing.T) {
	dir := twoGames(t)
	for _, off := range []bool{false, true} {
		opt := defaultOptions()
		opt.Analyze.RequireTags = []string{}
		opt.Duplicates.Off = off
		sum := run(t, opt, []string{dir}, twice{})
		if sum.OK != 1 || sum.Warnings != 1 || sum.Errors != 0 || sum.OK+sum.Warnings+sum.Errors != sum.Games {
			t.Errorf("duplicates off %v: ok %d, warning %d, error %d of %d games", off, sum.OK, sum.Warnings, sum.Errors, sum.Games)
		}
		if sum.ByCode[flags.PairingConflict] != 1 || sum.ByCode[flags.NameVariants] != 1 {
			t.Errorf("duplicates off %v: by code %v", off, sum.ByCode)
		}
	}
}
