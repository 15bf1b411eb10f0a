package pipeline_test

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
)

// fakeDatasets is a pipeline.Datasets over games made in the test, by
// dataset path.
type fakeDatasets map[string][]pipeline.DatasetGame

func (f fakeDatasets) IsDataset(path string) bool { _, ok := f[path]; return ok }

func (f fakeDatasets) OpenDatasets(paths, _ []string) (pipeline.DatasetReader, error) {
	r := &fakeReader{}
	for _, p := range paths {
		r.games = append(r.games, f[p]...)
		r.files = append(r.files, pipeline.File{Source: p, Games: len(f[p]), Status: corpus.FileRead})
	}
	return r, nil
}

type fakeReader struct {
	games []pipeline.DatasetGame
	files []pipeline.File
}

func (r *fakeReader) Next() (*pipeline.DatasetGame, error) {
	if len(r.games) == 0 {
		return nil, io.EOF
	}
	g := r.games[0]
	r.games = r.games[1:]
	// A fresh record each time: the run releases it.
	rec := *g.Record
	g.Record = &rec
	return &g, nil
}
func (r *fakeReader) Files() []pipeline.File { return r.files }
func (r *fakeReader) Close() error           { return nil }

// datasetGame is a stored game of the start position whose line is
// moves, with flags.
func datasetGame(t *testing.T, id, source string, index int, moves []string, fs ...flags.Flag) pipeline.DatasetGame {
	t.Helper()
	rec := &parse.Record{Source: source, Index: index, Format: parse.FormatPGN, Result: "1-0",
		Tags: parse.Tags{{Name: "Event", Value: "E"}, {Name: "Red", Value: "R"}, {Name: "Black", Value: "B"}, {Name: "Result", Value: "1-0"}}}
	node := &rec.Root
	for _, text := range moves {
		m, err := board.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		n := &parse.Node{Move: m}
		node.Children = []*parse.Node{n}
		node = n
	}
	return pipeline.DatasetGame{ID: id, Record: rec, Flags: fs}
}

// TestDatasetSource: datasets among the inputs give their games in input
// order, between the records' games, with their ids, their replayed
// lines and their stored flags but the late ones (decided again: a
// stored copy's flag does not make it a copy, a game cut by an error is
// no copy of a whole one); the datasets' files reach the sinks; a shard
// takes a dataset's games by id.
func TestDatasetSource(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "a.pgn")
	text := "[Event \"E\"]\n[Date \"2024\"]\n[Red \"R\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n"
	if err := os.WriteFile(pgn, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ds := filepath.Join(dir, "ds")
	if err := os.Mkdir(ds, 0o755); err != nil {
		t.Fatal(err)
	}
	line := []string{"h2e2", "h9g7", "h0g2"}
	src := fakeDatasets{ds: {
		// a copy of the record as stored: the stored duplicate flag and a
		// tournament warning are decided again (none here)
		datasetGame(t, "00000000000000aa", "x.pgn", 0, line,
			flags.New(flags.MissingTags, 0, "", "missing or empty: Date"),
			flags.New(flags.Duplicate, 0, "", "copy of a.pgn#1"),
			flags.New(flags.PairingConflict, 0, "red", "round 1")),
		// the same line, cut by an illegal move after it: no copy
		datasetGame(t, "00000000000000bb", "y.pgn", 0, line,
			flags.New(flags.IllegalMove, 4, "black", "ply 4: blocked")),
	}}
	opt := defaultOptions()
	opt.Datasets = src
	opt.Analyze.RequireTags = []string{}
	var games []*pipeline.Game
	type seen struct {
		id, source string
		plies      int
		status     analyze.Status
		codes      []flags.Code
	}
	var got []seen
	c := &collector{game: func(g *pipeline.Game) {
		games = append(games, g)
		got = append(got, seen{g.ID(), g.Source(), g.Plies(), g.Status(), flags.Codes(g.Flags())})
	}}
	sum := run(t, opt, []string{pgn, ds, pgn}, c)
	if len(got) != 3 || sum.Games != 3 {
		t.Fatalf("%d games (summary %d), want 3: %+v", len(got), sum.Games, got)
	}
	want := []seen{
		{pipeline.GameID(mustReal(t, pgn), 0), pgn, 3, analyze.StatusOK, []flags.Code{}},
		{"00000000000000aa", "x.pgn", 3, analyze.StatusWarning, []flags.Code{flags.MissingTags}},
		{"00000000000000bb", "y.pgn", 3, analyze.StatusError, []flags.Code{flags.IllegalMove}},
	}
	for i := range want {
		if got[i].id != want[i].id || got[i].source != want[i].source || got[i].plies != want[i].plies ||
			got[i].status != want[i].status || !slices.Equal(got[i].codes, want[i].codes) {
			t.Errorf("game %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// The pgn named twice is read once; the dataset game x is a copy of it.
	if len(c.dups) != 3 || c.dups[1].Kind != dedupe.Exact || c.dups[2].Kind != dedupe.None {
		t.Errorf("verdicts %+v: want the dataset's first game an exact copy, the cut one none", c.dups)
	}
	if !slices.ContainsFunc(c.files, func(f pipeline.File) bool { return f.Source == ds && f.Games == 2 }) {
		t.Errorf("files %+v: no file of the dataset with its 2 games", c.files)
	}

	// Two shards take every game of the dataset once, by id.
	var ids []string
	for i := range 2 {
		opt.Shard = corpus.Shard{Index: i, Count: 2}
		opt.AllowEmpty = true
		c := &collector{game: func(g *pipeline.Game) {
			if g.Source() != pgn {
				ids = append(ids, g.ID())
				if !opt.Shard.Has(0, g.ID()) {
					t.Errorf("shard %d has game %s", i, g.ID())
				}
			}
		}}
		run(t, opt, []string{ds}, c)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"00000000000000aa", "00000000000000bb"}) {
		t.Errorf("the shards read %q", ids)
	}
}

// mustReal returns the real path of p (the identity of its games' ids).
func mustReal(t *testing.T, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestProgressPlannedInputs: with a progress bar the inputs are listed
// before they are read, records and datasets: the reading phase's total
// is the number of files the run reads (Summary.Files: the records' files
// and the datasets' games files), and the run gives the sinks what a run
// without a bar gives, file for file and game for game.
func TestProgressPlannedInputs(t *testing.T) {
	dir := twoGames(t)
	ds := filepath.Join(t.TempDir(), "ds")
	if err := os.Mkdir(ds, 0o755); err != nil {
		t.Fatal(err)
	}
	line := []string{"h2e2", "h9g7", "h0g2"}
	src := fakeDatasets{ds: {datasetGame(t, "00000000000000aa", "x.pgn", 0, line), datasetGame(t, "00000000000000bb", "y.pgn", 0, line[:2])}}
	inputs := []string{dir, ds, filepath.Join(dir, "a.pgn"), filepath.Join(dir, "*.pgn")}
	type seen struct {
		games []string
		files []string
		sum   *pipeline.Summary
	}
	runOnce := func(p pipeline.Progress) seen {
		opt := defaultOptions()
		opt.Datasets, opt.Progress = src, p
		var s seen
		c := &collector{game: func(g *pipeline.Game) { s.games = append(s.games, g.ID()+" "+g.Source()) }}
		s.sum = run(t, opt, inputs, c)
		for _, f := range c.files {
			s.files = append(s.files, f.Source)
		}
		return s
	}
	var p progressLog
	with, without := runOnce(&p), runOnce(nil)
	if !slices.Equal(with.games, without.games) || !slices.Equal(with.files, without.files) || len(with.games) != 4 {
		t.Errorf("with a bar: %q, files %q\nwithout: %q, files %q", with.games, with.files, without.games, without.files)
	}
	if with.sum.Files != without.sum.Files || with.sum.Repeated != without.sum.Repeated || with.sum.Repeated == 0 {
		t.Errorf("with a bar: %d files, %d repeated; without: %d, %d", with.sum.Files, with.sum.Repeated, without.sum.Files, without.sum.Repeated)
	}
	if len(p.totals) == 0 || p.phases[0] != pipeline.PhaseRead || p.totals[0] != with.sum.Files || p.last[0] != with.sum.Files || len(without.files) != 3 {
		t.Errorf("reading: %v of %v files, want %d of %d (files %q)", p.last, p.totals, with.sum.Files, with.sum.Files, without.files)
	}
}
