package training_test

import (
	"bufio"
	"context"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/training"
)

// These tests export the real records as training data through
// pipeline.Run, as xqtool export --training does, and check what the issue
// asks of positions.parquet, reading the file back.

// trainingRun is one training export of the real records.
type trainingRun struct {
	dir    string // the dataset
	sum    *pipeline.Summary
	counts training.Counts
}

var (
	runsMu sync.Mutex
	runs   = map[string]*trainingRun{}
)

// everything takes every game with moves (errors and copies included),
// with mirrors: every position of the records is in positions.parquet.
var everything = training.Options{
	Filter:      training.Filter{WithErrors: true, WithCopies: true},
	Proportions: training.Proportions{90, 5, 5},
	Seed:        7,
	Mirror:      true,
}

// exportTraining exports the games under paths as training data with opt
// once per test binary and name, and returns the run. It skips when the
// records are absent.
func exportTraining(t *testing.T, name string, opt training.Options, paths ...string) *trainingRun {
	t.Helper()
	runsMu.Lock()
	defer runsMu.Unlock()
	if r := runs[name]; r != nil {
		return r
	}
	out, err := os.MkdirTemp("", "xqtool-training-test-")
	if err != nil {
		t.Fatal(err)
	}
	tab := training.NewTable(opt)
	sink, err := dataset.NewSink(out, false, dataset.WithLines(tab))
	if err != nil {
		t.Fatal(err)
	}
	popt := pipeline.Options{Workers: 2, Analyze: analyze.Options{Rules: analyze.RulesCXA, Repetitions: 3}}
	sum, err := pipeline.Run(context.Background(), paths, popt, sink)
	if err != nil {
		t.Fatal(err)
	}
	r := &trainingRun{dir: out, sum: sum, counts: *tab.Counts()}
	runs[name] = r
	return r
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, r := range runs {
		os.RemoveAll(r.dir)
	}
	os.Exit(code)
}

// posRow is a row of a training positions.parquet.
type posRow struct {
	gameID, fen, side, iccs, split string
	ply                            int32
	key                            uint64
	p2086, p2062                   int16
	mirrored                       bool
}

// eachPosition calls fn with every row of the positions.parquet in dir,
// in order (the row is reused).
func eachPosition(t *testing.T, dir string, fn func(r *posRow)) {
	t.Helper()
	path := filepath.Join(dir, "positions.parquet")
	names := []string{"game_id", "ply", "fen", "side", "move_iccs", "position_key", "policy_2086", "policy_2062", "split", "mirrored"}
	var r posRow
	eachBatch(t, path, func(rec arrow.RecordBatch) {
		c := make([]arrow.Array, len(names))
		for i, n := range names {
			f := rec.Schema().FieldIndices(n)
			if len(f) != 1 {
				t.Fatalf("%s has no column %s", path, n)
			}
			c[i] = rec.Column(f[0])
		}
		str := func(i int) *array.String { return c[i].(*array.String) }
		for i := range int(rec.NumRows()) {
			r = posRow{
				gameID: str(0).Value(i), ply: c[1].(*array.Int32).Value(i), fen: str(2).Value(i), side: str(3).Value(i),
				iccs: str(4).Value(i), key: c[5].(*array.Uint64).Value(i), p2086: c[6].(*array.Int16).Value(i),
				p2062: c[7].(*array.Int16).Value(i), split: str(8).Value(i), mirrored: c[9].(*array.Boolean).Value(i),
			}
			fn(&r)
		}
	})
}

// eachBatch calls fn with every batch of the Parquet file at path.
func eachBatch(t *testing.T, path string, fn func(rec arrow.RecordBatch)) {
	t.Helper()
	tr := array.NewTableReader(testgames.ReadTable(t, path), 0)
	defer tr.Release()
	for tr.Next() {
		fn(tr.RecordBatch())
	}
	if err := tr.Err(); err != nil {
		t.Fatal(err)
	}
}

// rowHashes returns a hash of the named columns' text of each row of the
// Parquet file at path, for the rows keep takes (nil: all), in order.
func rowHashes(t *testing.T, path string, cols []string, keep func(rec arrow.RecordBatch, i int) bool) []uint64 {
	t.Helper()
	var out []uint64
	eachBatch(t, path, func(rec arrow.RecordBatch) {
		idx := make([]int, len(cols))
		for j, c := range cols {
			f := rec.Schema().FieldIndices(c)
			if len(f) != 1 {
				t.Fatalf("%s: no column %s", path, c)
			}
			idx[j] = f[0]
		}
		for i := range int(rec.NumRows()) {
			if keep != nil && !keep(rec, i) {
				continue
			}
			h := fnv.New64a()
			for _, c := range idx {
				h.Write([]byte(rec.Column(c).ValueStr(i)))
				h.Write([]byte{0})
			}
			out = append(out, h.Sum64())
		}
	})
	return out
}

// TestTrainingRowsAreExportRows: the rows of a training export that are
// not mirrored are those of a plain export for the games it takes, column
// by column and in order. Two exports: taking every game (the rows are
// written during the pass, from the replay: the verdicts cannot change
// what is taken) and every kept copy (written at the end of the pass, from
// the spooled moves, their checks kept in the spool).
func TestTrainingRowsAreExportRows(t *testing.T) {
	paths := trainingRecords(t)
	plain := t.TempDir()
	sink, err := dataset.NewSink(plain, false)
	if err != nil {
		t.Fatal(err)
	}
	popt := pipeline.Options{Workers: 2, Analyze: analyze.Options{Rules: analyze.RulesCXA, Repetitions: 3}}
	if _, err := pipeline.Run(context.Background(), paths, popt, sink); err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, r := range testgames.Columns(t, filepath.Join(plain, "games.parquet"), "game_id", "duplicate_kind") {
		kept[r[0]] = r[1] == "(null)"
	}
	var cols []string
	for _, f := range dataset.PositionsSchema.Fields() {
		cols = append(cols, f.Name)
	}
	column := func(rec arrow.RecordBatch, name string) arrow.Array {
		return rec.Column(rec.Schema().FieldIndices(name)[0])
	}
	for _, c := range []struct {
		name      string
		opt       training.Options
		copiesToo bool
	}{
		{"everything", everything, true},
		{"kept copies", training.Options{Filter: training.Filter{WithErrors: true}}, false},
	} {
		want := rowHashes(t, filepath.Join(plain, "positions.parquet"), cols, func(rec arrow.RecordBatch, i int) bool {
			return c.copiesToo || kept[column(rec, "game_id").(*array.String).Value(i)]
		})
		run := exportTraining(t, c.name, c.opt, paths...)
		got := rowHashes(t, filepath.Join(run.dir, "positions.parquet"), cols, func(rec arrow.RecordBatch, i int) bool {
			return !column(rec, "mirrored").(*array.Boolean).Value(i)
		})
		if len(got) != len(want) {
			t.Fatalf("%s: %d training rows not mirrored, %d rows of those games in a plain export", c.name, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: row %d differs", c.name, i)
			}
		}
		t.Logf("%s: %d rows the same", c.name, len(got))
	}
}

// position returns the position of a FEN as written (relaxed: the start
// of a record may be faulty), failing the test if it cannot be read.
func position(t *testing.T, fen string) board.Position {
	t.Helper()
	s, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("fen %q: %v", fen, err)
	}
	p, err := board.NewPositionRelaxed(s, ^board.PositionErrorKinds(0))
	if err != nil {
		t.Fatalf("fen %q: %v", fen, err)
	}
	return p
}

// positionText is the placement and side to move of a FEN: what its key
// stands for.
func positionText(fen string) string {
	f := strings.Fields(fen)
	return f[0] + " " + f[1]
}

// labelTables returns the trainers' move tables of ../shared/testdata/policy
// (line k is index k), as moves in the frame of the side to move.
func labelTables(t *testing.T) (t2086, t2062 []board.Move) {
	t.Helper()
	read := func(name string) []board.Move {
		f, err := os.Open(filepath.Join(shareddata.Dir(t, "policy"), name))
		if err != nil {
			t.Skipf("policy table: %v", err)
		}
		defer f.Close()
		var out []board.Move
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			if l == "" {
				continue
			}
			if len(l) != 4 {
				t.Fatalf("%s: label %q", name, l)
			}
			if l[0] >= '0' && l[0] <= '9' { // file, rank, file, rank digits
				sq := func(f, r byte) board.Square { return board.SquareAt(int(f-'0'), int(r-'0')) }
				out = append(out, board.NewMove(sq(l[0], l[1]), sq(l[2], l[3])))
				continue
			}
			m, err := board.ParseMove(l)
			if err != nil {
				t.Fatalf("%s: label %q: %v", name, l, err)
			}
			out = append(out, m)
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	return read("cchess-alphazero-2086.txt"), read("px0-lc0-2062.txt")
}

// TestTrainingPolicies: on every position of the real records (and its
// mirror) in positions.parquet, each policy index decodes, through the
// trainer's own table, to the row's move under the trainer's convention
// for Black (cchess-alphazero turns the board by 180°, px0 mirrors the
// ranks), and decoding then encoding again (the convention applied twice)
// gives the index back.
func TestTrainingPolicies(t *testing.T) {
	run := exportTraining(t, "everything", everything, trainingRecords(t)...)
	t2086, t2062 := labelTables(t)
	rotate := func(m board.Move) board.Move {
		r := func(s board.Square) board.Square { return board.SquareAt(8-s.File(), 9-s.Rank()) }
		return board.NewMove(r(m.From()), r(m.To()))
	}
	flipRanks := func(m board.Move) board.Move {
		r := func(s board.Square) board.Square { return board.SquareAt(s.File(), 9-s.Rank()) }
		return board.NewMove(r(m.From()), r(m.To()))
	}
	rows, mirrored := 0, 0
	eachPosition(t, run.dir, func(r *posRow) {
		m, err := board.ParseMove(r.iccs)
		if err != nil {
			t.Fatalf("%s ply %d: move %q", r.gameID, r.ply, r.iccs)
		}
		side := board.Red
		if r.side == "black" {
			side = board.Black
		}
		for _, c := range []struct {
			name   string
			idx    int16
			table  []board.Move
			black  func(board.Move) board.Move
			domain *training.MoveSpace
		}{
			{"policy_2086", r.p2086, t2086, rotate, training.Space2086},
			{"policy_2062", r.p2062, t2062, flipRanks, training.Space2062},
		} {
			if c.idx < 0 || int(c.idx) >= len(c.table) {
				t.Fatalf("%s ply %d %s: %s %d", r.gameID, r.ply, r.iccs, c.name, c.idx)
			}
			got := c.table[c.idx]
			if side == board.Black {
				got = c.black(got)
			}
			if got != m {
				t.Fatalf("%s ply %d (%s, mirrored %v) %s: %s %d decodes to %v", r.gameID, r.ply, r.side, r.mirrored, r.iccs, c.name, c.idx, got)
			}
			back, ok := c.domain.Move(side, int(c.idx))
			if i, ok2 := c.domain.Index(side, back); !ok || !ok2 || i != int(c.idx) {
				t.Fatalf("%s ply %d: %s %d decodes to %v, which encodes to %d", r.gameID, r.ply, c.name, c.idx, back, i)
			}
		}
		rows++
		if r.mirrored {
			mirrored++
		}
	})
	if rows-mirrored != run.sum.Plies || mirrored != run.sum.Plies {
		t.Fatalf("%d rows, %d mirrored; the run played %d plies", rows, mirrored, run.sum.Plies)
	}
	t.Logf("%d rows (%d mirrored): every index decodes to the move in both spaces", rows, mirrored)
}

// TestTrainingMirrorRows: the mirrored rows of a game are the mirror of
// its rows, ply by ply: the mirrored position (FEN and key), the mirrored
// move and its indices; and mirroring the mirrored move again gives the
// row's move and its indices back.
func TestTrainingMirrorRows(t *testing.T) {
	run := exportTraining(t, "everything", everything, trainingRecords(t)...)
	var game []posRow // rows of the current game
	pairs, games := 0, 0
	check := func() {
		if len(game) == 0 {
			return
		}
		n := len(game) / 2
		if len(game)%2 != 0 || game[0].mirrored || !game[n].mirrored {
			t.Fatalf("%s: %d rows, not the game's then the mirror's", game[0].gameID, len(game))
		}
		for i := range n {
			o, m := &game[i], &game[n+i]
			if m.mirrored != true || o.mirrored || m.ply != o.ply || m.split != o.split || m.side != o.side {
				t.Fatalf("%s ply %d: row and mirrored row %+v, %+v", o.gameID, o.ply, *o, *m)
			}
			om, _ := board.ParseMove(o.iccs)
			mm, _ := board.ParseMove(m.iccs)
			if mm != om.Mirror() || mm.Mirror() != om {
				t.Fatalf("%s ply %d: move %s, mirrored row's %s", o.gameID, o.ply, o.iccs, m.iccs)
			}
			op := position(t, o.fen)
			want, err := board.NewPositionRelaxed(op.Setup().Mirror(), ^board.PositionErrorKinds(0))
			if err != nil {
				t.Fatal(err)
			}
			mp := position(t, m.fen)
			if mp.Placement() != want.Placement() || mp.Side() != want.Side() || m.key != want.Key() {
				t.Fatalf("%s ply %d: mirrored row %s (key %d), the mirror of %s is %s (key %d)", o.gameID, o.ply, m.fen, m.key, o.fen, want.FEN(), want.Key())
			}
			side := op.Side()
			for _, c := range []struct {
				s      *training.MoveSpace
				o, got int16
			}{{training.Space2086, o.p2086, m.p2086}, {training.Space2062, o.p2062, m.p2062}} {
				if i, _ := c.s.Index(side, om.Mirror()); i != int(c.got) {
					t.Fatalf("%s ply %d: mirrored row's %v index %d, the mirrored move's %d", o.gameID, o.ply, c.s, c.got, i)
				}
				if i, _ := c.s.Index(side, mm.Mirror()); i != int(c.o) {
					t.Fatalf("%s ply %d: %v index of the mirror of the mirror %d, the row's %d", o.gameID, o.ply, c.s, i, c.o)
				}
			}
			pairs++
		}
		games++
		game = game[:0]
	}
	eachPosition(t, run.dir, func(r *posRow) {
		if len(game) > 0 && r.gameID != game[0].gameID {
			check()
		}
		game = append(game, *r)
	})
	check()
	if pairs == 0 {
		t.Fatal("no rows")
	}
	t.Logf("%d games, %d rows and their mirrors", games, pairs)
}

// TestTrainingKeys: position_key is the key of the row's FEN (placement
// and side to move); equal positions have equal keys and no two positions
// share one, over every row, mirrors included.
func TestTrainingKeys(t *testing.T) {
	run := exportTraining(t, "everything", everything, trainingRecords(t)...)
	keyOf := map[string]uint64{}
	posOf := map[uint64]string{}
	rows := 0
	eachPosition(t, run.dir, func(r *posRow) {
		rows++
		pt := positionText(r.fen)
		if k, ok := keyOf[pt]; ok {
			if k != r.key {
				t.Fatalf("%s has keys %d and %d", pt, k, r.key)
			}
			return
		}
		if p, ok := posOf[r.key]; ok {
			t.Fatalf("key %d is the key of %s and of %s", r.key, p, pt)
		}
		p := position(t, r.fen)
		if r.key != p.Key() {
			t.Fatalf("%s ply %d: position_key %d, the key of %s is %d", r.gameID, r.ply, r.key, r.fen, p.Key())
		}
		keyOf[pt], posOf[r.key] = r.key, pt
	})
	if len(keyOf) < 2 {
		t.Fatal("fewer than two positions")
	}
	t.Logf("%d rows, %d distinct positions, as many keys", rows, len(keyOf))
}

// gameClusters returns the cluster_id of every game of games.parquet in
// dir, and the number of games in each cluster.
func gameClusters(t *testing.T, dir string) (map[string]string, map[string]int) {
	t.Helper()
	cluster, size := map[string]string{}, map[string]int{}
	for _, r := range testgames.Columns(t, filepath.Join(dir, "games.parquet"), "game_id", "cluster_id") {
		cluster[r[0]] = r[1]
		size[r[1]]++
	}
	return cluster, size
}

// TestTrainingClustersInOneSplit: with every copy taken, the games of one
// duplicate cluster (cluster_id of games.parquet) all have the same split
// in positions.parquet.
func TestTrainingClustersInOneSplit(t *testing.T) {
	run := exportTraining(t, "everything", everything, trainingRecords(t)...)
	cluster, size := gameClusters(t, run.dir)
	splitOf := map[string]string{} // by cluster
	from := map[string]string{}    // the game that set it
	shared := map[string]bool{}    // clusters of several games with rows
	eachPosition(t, run.dir, func(r *posRow) {
		c, ok := cluster[r.gameID]
		if !ok {
			t.Fatalf("%s has positions but no row in games.parquet", r.gameID)
		}
		s, ok := splitOf[c]
		switch {
		case !ok:
			splitOf[c], from[c] = r.split, r.gameID
		case s != r.split:
			t.Fatalf("cluster %s: %s in %s, %s in %s", c, from[c], s, r.gameID, r.split)
		case from[c] != r.gameID && size[c] > 1:
			shared[c] = true
		}
	})
	if len(shared) == 0 {
		t.Fatal("no cluster of several games in positions.parquet: the test proves nothing")
	}
	t.Logf("%d clusters with rows, %d of them of several games, each in one split", len(splitOf), len(shared))
}

// gameLine is a game of positions.parquet: its start, its moves and its
// split.
type gameLine struct {
	id, split string
	start     board.Position
	moves     []board.Move
}

// gameLines returns the games of positions.parquet in dir (their rows
// that are not mirrored), in order.
func gameLines(t *testing.T, dir string) []gameLine {
	t.Helper()
	var out []gameLine
	eachPosition(t, dir, func(r *posRow) {
		if r.mirrored {
			return
		}
		if r.ply == 0 {
			out = append(out, gameLine{id: r.gameID, split: r.split, start: position(t, r.fen)})
		}
		g := &out[len(out)-1]
		if g.id != r.gameID || g.split != r.split {
			t.Fatalf("%s ply %d (%s) among the rows of %s (%s)", r.gameID, r.ply, r.split, g.id, g.split)
		}
		m, _ := board.ParseMove(r.iccs)
		g.moves = append(g.moves, m)
	})
	return out
}

// TestTrainingSplitProportions: the split of every game of the default
// training set is the splitter's split of its group key, computed here
// from the game's rows (its start and first --dup-min-plies moves); and
// the share of games in each split is the requested one within 3σ, where
// σ = √(p(1−p)·Σsize²)/Σsize over the groups of games sharing a key (each
// group falls in one split: what makes a split leak-free and stable). On
// the 6,000 games of the records σ is about 0.56 points at 90% and 0.75 at
// 80%, so a promise of 1 point would fail by chance on some seeds (the
// large groups are common 10-move opening lines); 3σ falls under 1 point
// from about 25,000 games. The shares for eight seeds and two proportions
// are computed from the keys, the written split checked for the run's.
func TestTrainingSplitProportions(t *testing.T) {
	opt := training.Options{Proportions: training.Proportions{90, 5, 5}, Seed: 7}
	run := exportTraining(t, "default", opt, trainingRecords(t)...)
	games := gameLines(t, run.dir)
	if len(games) != run.counts.Taken() {
		t.Fatalf("%d games in positions.parquet, the writer counts %d", len(games), run.counts.Taken())
	}
	keys := make([]uint64, len(games))
	size := map[uint64]float64{}
	s := opt.Splitter()
	for i, g := range games {
		keys[i] = training.GroupKey(&g.start, g.moves, dedupe.DefaultMinPlies)
		size[keys[i]]++
		if want := s.Split(keys[i]).String(); g.split != want {
			t.Fatalf("%s: split %s, its group's is %s", g.id, g.split, want)
		}
	}
	sq := 0.0
	for _, n := range size {
		sq += n * n
	}
	n := float64(len(games))
	within, all, worst := 0, 0, 0.0
	for _, p := range []training.Proportions{{90, 5, 5}, {80, 10, 10}} {
		sum := p[0] + p[1] + p[2]
		for seed := range uint64(8) {
			sp := training.NewSplitter(p, seed)
			var count [3]float64
			for _, k := range keys {
				count[sp.Split(k)]++
			}
			for i := range 3 {
				want := p[i] / sum
				sigma := math.Sqrt(want*(1-want)*sq) / n
				dev := math.Abs(count[i]/n - want)
				if dev > 3*sigma {
					t.Errorf("split %v seed %d: %v has %.2f%% of the games, want %.0f%% ± %.2f (3σ)", p, seed, training.Split(i), 100*count[i]/n, 100*want, 300*sigma)
				}
				all++
				if dev <= 0.01 {
					within++
				}
				worst = max(worst, dev)
			}
		}
	}
	sigma90 := math.Sqrt(0.9*0.1*sq) / n
	t.Logf("%d games in %d groups; σ %.2f points at 90%%; %d of %d shares within 1 point, the worst %.2f points off",
		len(games), len(size), 100*sigma90, within, all, 100*worst)
}

// TestTrainingDefaultSet: with the default filter, positions.parquet has
// the rows of exactly the games games.parquet says are kept copies with
// moves and no flag of severity error (its flag_codes), every ply of each; games.parquet still lists every
// game.
func TestTrainingDefaultSet(t *testing.T) {
	run := exportTraining(t, "default", training.Options{Proportions: training.Proportions{90, 5, 5}, Seed: 7}, trainingRecords(t)...)
	want := map[string]int{}
	rows := testgames.Columns(t, filepath.Join(run.dir, "games.parquet"), "game_id", "flag_codes", "duplicate_kind", "ply_count")
	if len(rows) != run.sum.Games {
		t.Fatalf("games.parquet has %d games, the run read %d", len(rows), run.sum.Games)
	}
	for _, r := range rows {
		clean := true
		for _, c := range strings.Split(strings.Trim(r[1], "[]"), ",") {
			if c != "" && flags.Code(strings.Trim(c, `"`)).Severity() == flags.Error {
				clean = false
			}
		}
		if clean && r[2] == "(null)" && r[3] != "0" {
			want[r[0]] = 0
		}
	}
	got := map[string]int{}
	eachPosition(t, run.dir, func(r *posRow) {
		if _, ok := want[r.gameID]; !ok {
			t.Fatalf("%s has rows but is not an error-free kept copy", r.gameID)
		}
		got[r.gameID]++
	})
	if len(got) != len(want) {
		t.Fatalf("%d games have rows, %d are error-free kept copies with moves", len(got), len(want))
	}
	for _, r := range rows {
		if n, ok := got[r[0]]; ok && r[3] != strconv.Itoa(n) {
			t.Fatalf("%s: %d rows, ply_count %s", r[0], n, r[3])
		}
	}
	c := run.counts
	if c.Taken() != len(want) || c.Taken()+c.LeftOut() != run.sum.Games {
		t.Errorf("counts %+v: %d taken, %d left out; %d games, %d taken", c, c.Taken(), c.LeftOut(), run.sum.Games, len(want))
	}
	t.Logf("%d of %d games taken; left out: %v", len(want), len(rows), c.Left)
}

// TestTrainingSplitStable: adding files changes no existing game's split.
// The records are exported without one collection (the one whose addition
// changes the kept copy of most earlier games, 222 of them: a split by
// cluster would move them), then with it: every game of the first export
// has the same split in the second.
func TestTrainingSplitStable(t *testing.T) {
	paths := trainingRecords(t)
	added := "Yvonne761__Chinese-Chess-Practical-Dataset"
	if testing.Short() {
		added = "hbsxcjp__cchess_qt"
	}
	var rest []string
	for _, c := range paths {
		if filepath.Base(c) != added {
			rest = append(rest, c)
		}
	}
	if len(rest) == len(paths) {
		t.Skipf("no collection %s in the records", added)
	}
	opt := everything
	opt.Mirror = false
	before := exportTraining(t, "without "+added, opt, rest...)
	after := exportTraining(t, "everything", everything, paths...)
	splitOf := map[string]string{}
	for _, g := range gameLines(t, after.dir) {
		splitOf[g.id] = g.split
	}
	n := 0
	for _, g := range gameLines(t, before.dir) {
		s, ok := splitOf[g.id]
		if !ok {
			t.Fatalf("%s is in the export without %s, not in the one with it", g.id, added)
		}
		if s != g.split {
			t.Errorf("%s: %s without %s, %s with it", g.id, g.split, added, s)
		}
		n++
	}
	if n == 0 || n == len(splitOf) {
		t.Fatalf("%d games before, %d after: nothing was added", n, len(splitOf))
	}
	t.Logf("%d games keep their split when %d are added", n, len(splitOf)-n)
}

// trainingRecords returns the collections of the real records the tests
// export: all of them, or with -short three small ones.
func trainingRecords(t *testing.T) []string {
	t.Helper()
	dir := shareddata.Dir(t, "records")
	colls, err := filepath.Glob(filepath.Join(dir, "*__*"))
	if err != nil || len(colls) == 0 {
		t.Skipf("no record collections in %s", dir)
	}
	if !testing.Short() {
		return colls
	}
	var out []string
	for _, c := range colls {
		switch filepath.Base(c) {
		case "hbsxcjp__cchess_c", "hbsxcjp__cchess_qt", "xqbase__eleeye":
			out = append(out, c)
		}
	}
	return out
}
