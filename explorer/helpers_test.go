package explorer

import (
	"bytes"
	"context"
	"io"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
)

// realCorpus is every game of the shared real records as the pipeline
// would hand them over: the valid main line, tags, and the duplicate
// verdicts of dedupe (Copy).
type realCorpus struct {
	games []Game
	err   error
}

var (
	realOnce sync.Once
	realData realCorpus
)

// realGames reads the real records once per test binary (skipping the
// test where they are absent).
func realGames(t testing.TB) []Game {
	t.Helper()
	dir := shareddata.Dir(t, "records")
	realOnce.Do(func() { realData = loadReal(dir) })
	if realData.err != nil {
		t.Fatal(realData.err)
	}
	return realData.games
}

// collector is a sink that keeps every game as the explorer's Sink
// reads it, marked a copy by the run's verdicts.
type collector struct {
	pipeline.NopSink
	games []Game
	nums  []int
}

func (c *collector) Game(pg *pipeline.Game) error {
	g, ok := FromGame(pg, nil)
	if ok {
		c.games = append(c.games, g)
		c.nums = append(c.nums, pg.Num())
	}
	return nil
}

func (c *collector) Finish(v *pipeline.Verdicts) error {
	for i, n := range c.nums {
		d, err := v.Of(n)
		if err != nil {
			return err
		}
		c.games[i].Copy = d.Kind != dedupe.None
	}
	return nil
}

func loadReal(dir string) realCorpus {
	c := &collector{}
	_, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{}, c)
	out := realCorpus{games: c.games, err: err}
	return out
}

// buildTree builds the tree of games with opt and returns the file's
// bytes and the stats.
func buildTree(t testing.TB, games []Game, opt Options) ([]byte, Stats) {
	t.Helper()
	if opt.TempDir == "" {
		opt.TempDir = t.TempDir()
	}
	b := NewBuilder(opt)
	defer b.Close()
	for i := range games {
		if err := b.Add(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	st, err := b.Write(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), st
}

// diffRows reports the rows of got (named gotName) that are not those of
// want (wantName) at the same index, the first show of them as errors of
// t, and returns how many differ; got and want have the same length.
func diffRows(t testing.TB, got, want []Row, gotName, wantName string, show int) int {
	t.Helper()
	diff := 0
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			if diff++; diff <= show {
				t.Errorf("row %d:\n %s %+v\n %s %+v", i, gotName, got[i], wantName, want[i])
			}
		}
	}
	return diff
}

// treeRows reads every row of a tree file's bytes.
func treeRows(t testing.TB, data []byte) (TreeMeta, []Row) {
	t.Helper()
	tr, err := NewTree(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rr, err := tr.Rows(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rr.Close()
	var rows []Row
	for {
		var r Row
		err := rr.Next(&r)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	return tr.Meta(), rows
}

// game makes a game from the standard start and ICCS moves.
func game(t testing.TB, id string, result Result, year int, moves string) Game {
	t.Helper()
	g := Game{ID: id, Source: "test.pgn", Start: board.StartPosition(), Result: result, Year: year,
		Red: "红方" + id, Black: "黑方" + id}
	p := g.Start
	for _, s := range strings.Fields(moves) {
		m, err := board.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatalf("%s: %s: %v", id, s, err)
		}
		g.Moves = append(g.Moves, m)
	}
	return g
}

var (
	datasetOnce sync.Once
	datasetDir  string
	datasetErr  error
	tempDirs    []string
)

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// realDataset exports the real records (xqtool export: the pipeline with
// the dataset sink, duplicates found) once per test binary and returns
// the dataset's directory.
func realDataset(t testing.TB) string {
	t.Helper()
	records := shareddata.Dir(t, "records")
	datasetOnce.Do(func() {
		dir, err := os.MkdirTemp("", "xqtool-explorer-dataset-")
		if err != nil {
			datasetErr = err
			return
		}
		tempDirs = append(tempDirs, dir)
		datasetDir = dir
		sink, err := dataset.NewSink(dir, false)
		if err != nil {
			datasetErr = err
			return
		}
		_, datasetErr = pipeline.Run(context.Background(), []string{records}, pipeline.Options{}, sink)
	})
	if datasetErr != nil {
		t.Fatal(datasetErr)
	}
	return datasetDir
}
