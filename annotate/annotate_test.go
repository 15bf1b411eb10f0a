package annotate

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

// Three games sharing their opening: the shared positions are searched once.
func openingGames(t *testing.T) []Game {
	return []Game{
		game(t, "g1", "", "1-0", "h2e2", "h9g7", "h0g2", "i9h9"),
		game(t, "g2", "", "0-1", "h2e2", "h9g7", "b0c2"),
		game(t, "g3", "", "1/2-1/2", "h2e2", "b9c7"),
	}
}

func distinctKeys(games []Game) map[uint64]bool {
	keys := map[uint64]bool{}
	for _, g := range games {
		ps, _ := g.positions()
		for i := range ps {
			keys[ps[i].Key()] = true
		}
	}
	return keys
}

func TestEachPositionSearchedOnce(t *testing.T) {
	for _, proto := range []string{"uci", "ucci"} {
		t.Run(proto, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "engine.log")
			opt := fakeOptions(fakeengine.Spec{Protocol: proto, Log: log}, 2)
			var last Progress
			calls := 0
			opt.Progress = func(p Progress) { last, calls = p, calls+1 }
			games := openingGames(t)
			rows := 0
			for _, g := range games {
				rows += len(g.Moves) + 1
			}
			a, prog := annotateAll(t, opt, games)
			distinct := distinctKeys(games)
			searched := fakeengine.LogLines(t, log, "go")
			if len(searched) != len(distinct) {
				t.Fatalf("%d searches for %d distinct positions", len(searched), len(distinct))
			}
			if s := slices.Clone(searched); len(slices.Compact(sortStrings(s))) != len(searched) {
				t.Fatalf("a position searched twice: %v", searched)
			}
			if prog.Rows != rows || prog.Distinct != len(distinct) || prog.Searched != len(distinct) || prog.Failed != 0 || prog.Cached != 0 {
				t.Fatalf("progress %+v", prog)
			}
			// Once when the cache is read, then after each search.
			if calls != 1+prog.Searched || last.Searched != prog.Searched || last.ETA != 0 {
				t.Fatalf("progress calls %d, last %+v", calls, last)
			}
			if want := 1 - float64(len(distinct))/float64(rows); prog.Saved() != want {
				t.Fatalf("saved %v, want %v", prog.Saved(), want)
			}
			// Every row evaluated; equal positions have equal rows.
			byKey := map[uint64]Row{}
			for _, ge := range a.Games() {
				for _, r := range ge.Rows {
					if r.Status != "ok" || !r.HasCP || !r.Best.Valid() {
						t.Fatalf("%s ply %d: %+v", ge.ID, r.Ply, r)
					}
					if prev, ok := byKey[r.Key]; ok && (prev.ScoreRedCP != r.ScoreRedCP || prev.Best != r.Best) {
						t.Fatalf("position %x: two evaluations", r.Key)
					}
					byKey[r.Key] = r
				}
			}
		})
	}
}

func sortStrings(s []string) []string { slices.Sort(s); return s }

func TestScoresFromRedsSide(t *testing.T) {
	// The fake scores a position as material from the side to move: after
	// black takes a knight, red to move is -400 from both red's and its
	// own point of view; the mates give mate_red +1 and -1.
	games := []Game{
		game(t, "capture", "", "*", "h2e2", "b7b0"),
		game(t, "red mates", "3k5/R8/9/8p/1R7/9/9/9/9/4K4 w - - 0 1", "1-0", "b5b9"),
		game(t, "black mates", "4k4/9/9/9/9/1r7/8P/9/r8/3K5 b - - 0 1", "0-1", "b4b0"),
	}
	a, _ := annotateAll(t, fakeOptions(fakeengine.Spec{}, 1), games)
	ge := a.Games()
	// After h2e2 b7b0 (black's cannon takes the knight on b0), red to
	// move is a knight (400) down.
	if r := ge[0].Rows[2]; !r.HasCP || r.ScoreRedCP != -400 || r.Side != board.Red {
		t.Fatalf("after the capture: %+v", r)
	}
	if r := ge[0].Rows[1]; r.ScoreRedCP != 0 || r.Side != board.Black {
		t.Fatalf("black to move: %+v", r)
	}
	for i, want := range []int{1, -1} {
		rows := ge[1+i].Rows
		if r := rows[0]; !r.HasMate || r.MateRed != want || r.HasCP {
			t.Fatalf("%s: %+v", ge[1+i].ID, r)
		}
		if r := rows[1]; r.Status != "mate" || !r.HasMate || r.MateRed != 0 {
			t.Fatalf("%s final: %+v", ge[1+i].ID, r)
		}
		// The mating move lost nothing.
		if r := rows[0]; !r.HasLoss || r.Loss != 0 || r.Class != "" {
			t.Fatalf("%s mating move: %+v", ge[1+i].ID, r)
		}
	}
}

func TestParquetRoundTrip(t *testing.T) {
	opt := fakeOptions(fakeengine.Spec{}, 2)
	opt.Engine.Options = []engine.Option{{Name: "Hash", Value: "32"}, {Name: "UCI_Variant", Value: "xiangqi"}}
	a, _ := annotateAll(t, opt, openingGames(t))
	var buf bytes.Buffer
	w, err := NewWriter(&buf, a.Profile(), DefaultThresholds)
	if err != nil {
		t.Fatal(err)
	}
	var want []Row
	for _, ge := range a.Games() {
		if err := w.Write(ge); err != nil {
			t.Fatal(err)
		}
		want = append(want, ge.Rows...)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	rows, meta, err := ReadEvals(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i := range rows {
		g, w := rows[i], want[i]
		if g.GameID != w.GameID || g.Ply != w.Ply || g.Key != w.Key || g.Side != w.Side || g.Status != w.Status ||
			g.Depth != w.Depth || g.ScoreRedCP != w.ScoreRedCP || g.HasCP != w.HasCP || g.MateRed != w.MateRed || g.HasMate != w.HasMate ||
			g.Best != w.Best || !slices.Equal(g.PV, w.PV) || g.Nodes != w.Nodes || g.Move != w.Move ||
			g.Loss != w.Loss || g.HasLoss != w.HasLoss || g.Class != w.Class || !slices.Equal(g.Flags, w.Flags) {
			t.Fatalf("row %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
	wantMeta := map[string]string{
		MetaVersion:    "1",
		MetaEngine:     "Fake Engine",
		MetaProtocol:   "uci",
		MetaOptions:    "Hash=32; UCI_Variant=xiangqi",
		MetaLimits:     "depth 3",
		MetaThresholds: "clamp=1000 inaccuracy=50 mistake=100 blunder=300 won=500 decisive=1000",
	}
	for k, v := range wantMeta {
		if meta[k] != v {
			t.Errorf("metadata %s = %q, want %q", k, meta[k], v)
		}
	}
}

func TestEngineFaultsDuringRun(t *testing.T) {
	games := openingGames(t)
	ps, _ := games[0].positions()
	bad := fakeengine.Key(&ps[2]) // one position kills the engine every time
	for _, proto := range []string{"uci", "ucci"} {
		for _, fault := range []string{"die", "hang", "control", "illegal", "illegal-pv", "nomove"} {
			t.Run(proto+"/"+fault, func(t *testing.T) {
				opt := fakeOptions(fakeengine.Spec{Protocol: proto, Fault: fault, FaultFEN: bad}, 2)
				opt.Engine.Deadline = 500 * time.Millisecond
				var logged []string
				opt.Log = func(s string) { logged = append(logged, s) }
				a, prog := annotateAll(t, opt, games)
				distinct := len(distinctKeys(games))
				if prog.Failed != 1 || prog.Searched != distinct-1 {
					t.Fatalf("progress %+v", prog)
				}
				// One retry on a new engine, then recorded as not
				// evaluated: two restarts at most (the retry, and the
				// engine's replacement for the next position).
				if prog.Restarts < 1 || prog.Restarts > 2 || len(logged) != prog.Restarts {
					t.Fatalf("%d restarts, log %q", prog.Restarts, logged)
				}
				for _, ge := range a.Games() {
					for _, r := range ge.Rows {
						isBad := ge.ID == "g1" && r.Ply == 2 || ge.ID == "g2" && r.Ply == 2
						if isBad != (r.Status == "error") {
							t.Fatalf("%s ply %d: %+v", ge.ID, r.Ply, r)
						}
						if isBad && (r.Err == "" || strings.Contains(r.Err, "\n") || !strings.Contains(r.Err, bad)) {
							t.Fatalf("error %q", r.Err)
						}
					}
					// The moves into and out of the position have no
					// loss: one side is not evaluated.
					if ge.ID == "g1" && (ge.Rows[1].HasLoss || ge.Rows[2].HasLoss) {
						t.Fatalf("loss across a missing evaluation: %+v", ge.Rows[1])
					}
				}
			})
		}
	}
}

func TestEngineThatAlwaysDies(t *testing.T) {
	// Every search kills the engine: after its restarts each engine
	// stops; every position is recorded as not evaluated and the run
	// ends (no hang, no error: nothing is lost).
	opt := fakeOptions(fakeengine.Spec{Fault: "die"}, 2)
	opt.Restarts = 2
	a, _ := New(opt)
	defer a.Close()
	for _, g := range openingGames(t) {
		a.Add(g)
	}
	done := make(chan struct{})
	var prog Progress
	var err error
	go func() { prog, err = a.Run(context.Background()); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the run hangs")
	}
	if err != nil {
		t.Fatal(err)
	}
	if prog.Searched != 0 || prog.Failed != prog.ToSearch || prog.Restarts > 2*opt.Restarts {
		t.Fatalf("progress %+v", prog)
	}
	for _, ge := range a.Games() {
		for _, r := range ge.Rows {
			if r.Status != "error" || r.Err == "" {
				t.Fatalf("%s ply %d: %+v", ge.ID, r.Ply, r)
			}
		}
	}
}

func TestEngineNotStartable(t *testing.T) {
	for _, spec := range []fakeengine.Spec{{Handshake: "exit"}, {Handshake: "echo"}} {
		opt := fakeOptions(spec, 2)
		opt.Engine.HandshakeTimeout = 500 * time.Millisecond
		a, _ := New(opt)
		defer a.Close()
		a.Add(openingGames(t)[0])
		_, err := a.Run(context.Background())
		if !errors.Is(err, engine.ErrNotEngine) {
			t.Fatalf("%+v: %v", spec, err)
		}
	}
	opt := fakeOptions(fakeengine.Spec{}, 1)
	opt.Engine.Command = []string{filepath.Join(t.TempDir(), "pikafish")}
	a, _ := New(opt)
	defer a.Close()
	a.Add(openingGames(t)[0])
	if _, err := a.Run(context.Background()); !errors.Is(err, engine.ErrNotFound) {
		t.Fatal(err)
	}
}

// TestResumeSearchesNothingTwice stops a run in the middle (as Ctrl-C does)
// and starts it again with the same cache: the second run searches exactly
// the positions the first did not finish.
func TestResumeSearchesNothingTwice(t *testing.T) {
	games := recordGames(t, 400)
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	log1, log2 := filepath.Join(dir, "run1.log"), filepath.Join(dir, "run2.log")

	ctx, cancel := context.WithCancel(context.Background())
	opt := fakeOptions(fakeengine.Spec{Log: log1, Delay: 5 * time.Millisecond}, 2)
	opt.CacheDir = cache
	var stoppedAt int
	opt.Progress = func(p Progress) {
		if p.Searched == 25 {
			stoppedAt = p.Searched
			cancel()
		}
	}
	a, _ := New(opt)
	defer a.Close()
	for _, g := range games {
		if err := a.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	first, err := a.Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v", err)
	}
	if stoppedAt == 0 || first.Searched < stoppedAt || first.Searched >= first.ToSearch {
		t.Fatalf("first run %+v", first)
	}

	opt = fakeOptions(fakeengine.Spec{Log: log2}, 2)
	opt.CacheDir = cache
	_, second := annotateAll(t, opt, games)
	if second.Cached != first.Searched || second.Searched != first.ToSearch-first.Searched || second.Failed != 0 {
		t.Fatalf("second run %+v after first %+v", second, first)
	}
	done1 := map[string]bool{}
	for _, k := range fakeengine.LogLines(t, log1, "done") {
		done1[k] = true
	}
	for _, k := range fakeengine.LogLines(t, log2, "go") {
		if done1[k] {
			// Answered in run 1 but not cached: only a search whose
			// answer came as the run was stopped may be so.
			t.Logf("searched again (answered while stopping): %s", k)
		}
	}
	// Nothing the first run stored is searched again.
	for _, ge := range a.Games() {
		for _, r := range ge.Rows {
			if r.Status != "ok" {
				continue
			}
			p, err := board.PositionFromFEN(fenOf(t, a, r.Key))
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(fakeengine.LogLines(t, log2, "go"), fakeengine.Key(&p)) {
				t.Fatalf("position %x evaluated in run 1 and searched again", r.Key)
			}
		}
	}
	// The cache files are the two runs' (the second appended only new
	// positions), and a third run searches nothing.
	files, _ := filepath.Glob(filepath.Join(cache, "*.jsonl"))
	if len(files) != 2 {
		t.Fatalf("cache files %v", files)
	}
	opt = fakeOptions(fakeengine.Spec{Fault: "die"}, 1)
	opt.CacheDir = cache
	c, _ := New(opt)
	defer c.Close()
	for _, g := range games {
		c.Add(g)
	}
	third, err := c.Run(context.Background())
	if err != nil || third.Searched != 0 || third.Failed != 0 || third.Cached != second.Cached+second.Searched {
		t.Fatalf("third run %+v %v", third, err)
	}
	if files2, _ := filepath.Glob(filepath.Join(cache, "*.jsonl")); len(files2) != 2 {
		t.Fatalf("a run that added nothing left a file: %v", files2)
	}
}

func fenOf(t *testing.T, a *Annotator, key uint64) string {
	t.Helper()
	e, ok := a.pending[key]
	if !ok {
		t.Fatalf("no position %x", key)
	}
	if e.pos == nil { // evaluated: the position is gone, its FEN stays
		return e.eval.FEN
	}
	return engine.SearchFEN(e.pos)
}

// TestCacheMergesShards annotates two halves of the games as two machines
// would (--shard 1/2, 2/2), each with its own cache, then a run over all the
// games reading both caches searches nothing.
func TestCacheMergesShards(t *testing.T) {
	games := recordGames(t, 800)
	dir := t.TempDir()
	caches := []string{filepath.Join(dir, "m1"), filepath.Join(dir, "m2")}
	total := 0
	for i, c := range caches {
		opt := fakeOptions(fakeengine.Spec{}, 1)
		opt.CacheDir = c
		var half []Game
		for j, g := range games {
			if j%2 == i {
				half = append(half, g)
			}
		}
		_, p := annotateAll(t, opt, half)
		total += p.Searched
	}
	opt := fakeOptions(fakeengine.Spec{Fault: "die"}, 1)
	opt.CacheDir = filepath.Join(dir, "merged")
	opt.ExtraCaches = caches
	a, _ := New(opt)
	defer a.Close()
	for _, g := range games {
		a.Add(g)
	}
	p, err := a.Run(context.Background())
	if err != nil || p.Searched != 0 || p.Failed != 0 || p.Cached != p.Distinct-p.Terminal {
		t.Fatalf("merged run %+v %v", p, err)
	}
	// Positions both halves share were searched by both: the merged
	// cache holds each once.
	if total < p.Cached {
		t.Fatalf("searched %d, cached %d", total, p.Cached)
	}
	t.Logf("%d games: %d distinct positions, %d searched by the two shards", len(games), p.Distinct, total)
}

func TestCacheTornLineAndOtherProfile(t *testing.T) {
	dir := t.TempDir()
	prof := Profile{Engine: "E", Protocol: engine.UCI, Limits: "depth 3"}
	c, err := OpenCache(prof, dir)
	if err != nil {
		t.Fatal(err)
	}
	p := board.StartPosition()
	m, _ := board.ParseMove("h2e2")
	ev := &Eval{FEN: engine.SearchFEN(&p), Depth: 3, Score: engine.CP(12), Best: m, PV: []board.Move{m}, Nodes: 7}
	if err := c.Put(p.Key(), ev); err != nil {
		t.Fatal(err)
	}
	path := c.Path()
	c.Close()
	// A stop in the middle of a write leaves a torn line.
	fh, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fh.WriteString(`{"key":"12ab","fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P`)
	fh.Close()
	c2, err := OpenCache(prof, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	got, ok := c2.Get(&p)
	if !ok || got.Score != engine.CP(12) || got.Best != m || c2.Skipped != 1 || c2.Loaded != 1 {
		t.Fatalf("%+v %v, cache %+v", got, ok, c2)
	}
	// Another profile (other limits) shares nothing.
	c3, _ := OpenCache(Profile{Engine: "E", Protocol: engine.UCI, Limits: "depth 4"}, dir)
	defer c3.Close()
	if _, ok := c3.Get(&p); ok || c3.Loaded != 0 {
		t.Fatal("shared across limits")
	}
	// A position whose key matches but whose board differs is not taken.
	q, _ := p.Play(m)
	c2.entries[q.Key()] = ev
	if _, ok := c2.Get(&q); ok {
		t.Fatal("an entry of another position was taken")
	}
}

func TestAddRejectsIllegalMoves(t *testing.T) {
	a, _ := New(fakeOptions(fakeengine.Spec{}, 1))
	defer a.Close()
	m, _ := board.ParseMove("a0a5")
	err := a.Add(Game{ID: "bad", Start: board.StartPosition(), Moves: []board.Move{m}})
	if err == nil || !strings.Contains(err.Error(), "ply 1") {
		t.Fatalf("%v", err)
	}
}
