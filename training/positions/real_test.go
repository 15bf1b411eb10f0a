package positions

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/nnue"
)

// runOptions are the options of the commands' defaults.
func runOptions() pipeline.Options {
	return pipeline.Options{Workers: 2, Analyze: analyze.Options{
		Rules: analyze.RulesCXA, Repetitions: 3, RequireTags: analyze.DefaultRequiredTags,
	}}
}

// allGames takes every game with a result, copies and games with errors
// (their valid prefix) too, into the train split.
var allGames = training.Options{
	Filter:      training.Filter{WithCopies: true, WithErrors: true},
	Proportions: training.Proportions{1, 0, 0},
}

func readBlocks(t *testing.T, path string) []nnue.Entry {
	t.Helper()
	out, err := nnue.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// memWriter keeps the records' .plain blocks with their game.
type memWriter struct {
	ids    []string
	blocks []nnue.Entry
}

func (w *memWriter) Write(r *Record) error {
	w.ids = append(w.ids, r.Game.ID)
	w.blocks = append(w.blocks, Entry(r))
	return nil
}
func (w *memWriter) Commit() error { return nil }
func (w *memWriter) Abort()        {}

// sources keeps each game's file (relative to the records) and index.
type sources struct {
	pipeline.NopSink
	dir string
	of  map[string]string
}

func (s *sources) Game(g *pipeline.Game) error {
	rel, err := filepath.Rel(s.dir, g.Source())
	if err != nil {
		return err
	}
	s.of[g.ID()] = fmt.Sprintf("%s#%d", filepath.ToSlash(rel), g.Index())
	return nil
}

// declared reads each game's declared result in expected.jsonl, and the
// games' order there (the file order records.plain was made in).
func declared(t *testing.T, dir string) (map[string]training.Result, map[string]int) {
	t.Helper()
	res, order := map[string]training.Result{}, map[string]int{}
	for _, g := range shareddata.Expected[struct {
		File   string `json:"file"`
		Index  int    `json:"index"`
		Result string `json:"result"`
	}](t, dir) {
		k := fmt.Sprintf("%s#%d", g.File, g.Index)
		res[k], order[k] = training.ParseResult(g.Result), len(order)
	}
	return res, order
}

// TestExportReal: on the real records (every game with a result, copies
// and games with errors too), the .bin written is the packing of the
// .plain written (every block read back and packed), and every position
// of the shared records.plain (every 97th position of the games with a
// result in expected.jsonl) is one of the export's with the same FEN,
// move and ply, and the same result — or, where records.plain has the
// declared result and the export the one the final position decides
// (training.GameOf), the declared result of its game in expected.jsonl.
func TestExportReal(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every real record")
	}
	records := shareddata.Dir(t, "records")
	golden := readBlocks(t, filepath.Join(shareddata.Dir(t, "nnue"), "records.plain"))
	dir := t.TempDir()
	opt := Options{Training: allGames}
	ps, err := NewSink(opt, PlainFiles(filepath.Join(dir, "plain")))
	if err != nil {
		t.Fatal(err)
	}
	bs, err := NewSink(opt, BinFiles(filepath.Join(dir, "bin")))
	if err != nil {
		t.Fatal(err)
	}
	mem := &memWriter{}
	ms, err := NewSink(opt, func(training.Split) (Writer, error) { return mem, nil })
	if err != nil {
		t.Fatal(err)
	}
	src := &sources{dir: records, of: map[string]string{}}
	if _, err := pipeline.Run(context.Background(), []string{records}, runOptions(), src, ps, bs, ms); err != nil {
		t.Fatal(err)
	}
	got := readBlocks(t, filepath.Join(dir, "plain", "train.plain"))
	var packed []byte
	for i := range got {
		if packed, err = nnue.AppendBin(packed, &got[i]); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "bin", "train.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(packed, b) || len(got) == 0 {
		t.Errorf("train.bin (%d bytes) is not the packing of train.plain's %d blocks", len(b), len(got))
	}
	if !slices.Equal(got, mem.blocks) {
		t.Fatalf("train.plain read back differs from the records written")
	}

	// Every position of records.plain is one of the export's, of a game
	// with a result in expected.jsonl (its reader reads fewer results:
	// "红胜" is 1-0 to us, unknown to it), with the same FEN, move and ply.
	res, _ := declared(t, records)
	type key struct {
		fen  string
		move board.Move
		ply  int
	}
	of := map[key][]int{}
	n := 0
	for i, id := range mem.ids {
		if res[src.of[id]] != training.NoResult {
			k := key{string(nnue.AppendFEN(nil, &got[i].Pos)), got[i].Move, got[i].Ply}
			of[k] = append(of[k], i)
			n++
		}
	}
	if max := (n + 96) / 97; len(golden) > max {
		t.Fatalf("%d positions exported: every 97th makes %d, records.plain has %d", n, max, len(golden))
	}
	otherResult := 0
	for j, w := range golden {
		c := of[key{string(nnue.AppendFEN(nil, &w.Pos)), w.Move, w.Ply}]
		if len(c) == 0 {
			t.Errorf("position %d of records.plain (%s %s ply %d) not exported", j, nnue.AppendFEN(nil, &w.Pos), nnue.AppendMove(nil, w.Move), w.Ply)
			continue
		}
		if slices.ContainsFunc(c, func(i int) bool { return got[i].Result == w.Result }) {
			continue
		}
		// The result differs: records.plain has the declared one, and so
		// must a copy of the game in expected.jsonl.
		otherResult++
		if !slices.ContainsFunc(c, func(i int) bool {
			v, ok := res[src.of[mem.ids[i]]].Value(w.Pos.Side)
			return ok && v == w.Result
		}) {
			t.Errorf("position %d of records.plain: result %d, exported %d, not the declared result of its games", j, w.Result, got[c[0]].Result)
		}
	}
	t.Logf("%d positions exported; %d of records.plain's %d have the declared result, not the final position's", len(got), otherResult, len(golden))
}
