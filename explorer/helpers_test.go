package explorer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/export"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// realCorpus is every game of the shared real records as the pipeline
// would hand them over: the valid main line, tags, and the duplicate
// verdicts of dedupe (Copy).
type realCorpus struct {
	games  []Game
	copies map[string]bool // source#index of the copies
	err    error
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

func loadReal(dir string) realCorpus {
	out := realCorpus{copies: map[string]bool{}}
	ix := dedupe.New(dedupe.Options{})
	defer ix.Close()
	var nums []int
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec == nil {
			return nil
		}
		rep := analyze.Analyze(it.Rec, it.Err, analyze.Options{})
		g, ok := FromReport(rep, export.GameID(it.Rec.Source, it.Rec.Index), nil)
		if !ok {
			return nil
		}
		dg := dedupe.FromReport(rep, nil)
		n, err := ix.Add(&dg)
		if err != nil {
			return err
		}
		out.games = append(out.games, g)
		nums = append(nums, n)
		return nil
	})
	if err == nil {
		err = ix.Finish()
	}
	for i, n := range nums {
		if err != nil {
			break
		}
		var v dedupe.Verdict
		v, err = ix.Verdict(n)
		out.games[i].Copy = v.Kind != dedupe.None
		if out.games[i].Copy {
			out.copies[fmt.Sprintf("%s#%d", out.games[i].Source, out.games[i].Index)] = true
		}
	}
	out.err = err
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

// realDataset exports the real records (as xqtool export would, with
// the copies' duplicate_kind set) once per test binary and returns the
// dataset's directory.
func realDataset(t testing.TB) string {
	t.Helper()
	games := realGames(t)
	_ = games
	datasetOnce.Do(func() {
		dir, err := os.MkdirTemp("", "xqtool-explorer-dataset-")
		if err != nil {
			datasetErr = err
			return
		}
		tempDirs = append(tempDirs, dir)
		datasetDir, datasetErr = dir, writeDataset(shareddata.Path("records"), dir, realData.copies)
	})
	if datasetErr != nil {
		t.Fatal(datasetErr)
	}
	return datasetDir
}

func writeDataset(records, dir string, copies map[string]bool) error {
	ds, err := export.Create(dir)
	if err != nil {
		return err
	}
	w := &corpus.Walker{}
	err = w.Walk(context.Background(), []string{records}, func(it corpus.Item) error {
		if it.Rec == nil {
			return nil
		}
		rep := analyze.Analyze(it.Rec, it.Err, analyze.Options{})
		if copies[fmt.Sprintf("%s#%d", it.Rec.Source, it.Rec.Index)] {
			rep.Cluster = analyze.Cluster{Kind: "exact", KeptSource: "elsewhere"}
		}
		return ds.Write(rep)
	})
	if err != nil {
		ds.Abort()
		return err
	}
	return ds.Close()
}
