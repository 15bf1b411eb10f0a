package e2e

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/explorer"
	"github.com/xqtool/xqtool/internal/fakeengine"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/training"
)

// TestKeysJoin writes, in one run over the sample, training positions
// (every game, copies and games with errors included), the evaluations of
// the fake engine and the opening tree (every copy, every ply), and checks
// the joins a user makes between them: positions ⋈ evals on position_key
// and on (game_id, ply), positions ⋈ tree on position_key. Each count is
// the one the games give when replayed here, position by position: the
// same key, of the same type, for the same position in every table, and
// ply the position's ply in both positions and evals.
func TestKeysJoin(t *testing.T) {
	sample := filepath.Join("..", "..", "sample")
	out := t.TempDir()
	ds, err := dataset.NewSink(filepath.Join(out, "train"), false, dataset.WithLines(training.NewTable(training.Options{
		Filter: training.Filter{WithErrors: true, WithCopies: true},
	})))
	if err != nil {
		t.Fatal(err)
	}
	an, err := annotate.NewSink(filepath.Join(out, "evals"), annotate.Options{
		Engine: engine.Config{
			Command: fakeengine.Command(), Env: []string{fakeengine.Spec{}.Env()}, Protocol: engine.UCI,
			Limits: engine.Limits{Depth: 2}, HandshakeTimeout: 10 * time.Second, Deadline: 10 * time.Second,
		},
		Engines: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	const maxPly = 1000 // every ply of the sample
	tree := explorer.NewSink(filepath.Join(out, "tree"), explorer.SinkOptions{Tree: explorer.Options{MaxPly: maxPly, AllCopies: true}})
	opt := pipeline.Options{Workers: 2, TempDir: out, Duplicates: pipeline.Duplicates{Off: true}}
	if _, err := pipeline.Run(context.Background(), []string{sample}, opt, ds, an, tree); err != nil {
		t.Fatal(err)
	}

	// The games replayed here: each position's key, by game and ply.
	type at struct {
		id  string
		ply int
	}
	posKeys := map[uint64]int{}  // positions rows: a game's positions before each move
	evalKeys := map[uint64]int{} // evals rows: those and the final position
	treeRows := map[[2]uint64]bool{}
	keyAt := map[at]uint64{}
	rows := 0
	for _, r := range testgames.Reports(t, sample) {
		g := r.Game
		if g == nil || !g.HasStart {
			continue
		}
		id := pipeline.GameID(fileKey(t, r.Record.Source), r.Record.Index)
		p := g.Start
		for i, pl := range g.Plies {
			k := p.Key()
			posKeys[k]++
			evalKeys[k]++
			keyAt[at{id, i}] = k
			treeRows[[2]uint64{k, uint64(pl.Move)}] = true
			rows++
			p.MakeMove(pl.Move)
		}
		evalKeys[p.Key()]++
	}
	treeKeys := map[uint64]int{}
	for r := range treeRows {
		treeKeys[r[0]]++
	}
	join := func(a, b map[uint64]int) int {
		n := 0
		for k, c := range a {
			n += c * b[k]
		}
		return n
	}
	highBit := 0
	for k := range posKeys {
		if k>>63 == 1 {
			highBit++
		}
	}
	if highBit == 0 {
		t.Fatal("no key with the high bit set: the test cannot see a signed column")
	}

	// The tables as written, read back.
	positions := testgames.Columns(t, filepath.Join(out, "train", "positions.parquet"), "game_id", "ply", "position_key")
	evals := testgames.Columns(t, filepath.Join(out, "evals", annotate.EvalsName), "game_id", "ply", "position_key")
	treeCol := testgames.Columns(t, filepath.Join(out, "tree", "tree.parquet"), "position_key")
	count := func(rows [][]string, col int) map[uint64]int {
		m := map[uint64]int{}
		for _, r := range rows {
			k, err := strconv.ParseUint(r[col], 10, 64)
			if err != nil {
				t.Fatalf("position_key %q: %v (not an unsigned 64-bit key)", r[col], err)
			}
			m[k]++
		}
		return m
	}
	p, e, tr := count(positions, 2), count(evals, 2), count(treeCol, 0)
	if len(positions) != rows {
		t.Fatalf("%d positions rows; the games have %d moves", len(positions), rows)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"positions ⋈ evals USING (position_key)", join(p, e), join(posKeys, evalKeys)},
		{"positions ⋈ tree USING (position_key)", join(p, tr), join(posKeys, treeKeys)},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d rows; the replayed games give %d", c.what, c.got, c.want)
		}
	}

	// (game_id, ply): every positions row meets the evals row of its
	// own position, the same key.
	evalAt := map[at]string{}
	for _, r := range evals {
		ply, _ := strconv.Atoi(r[1])
		evalAt[at{r[0], ply}] = r[2]
	}
	same := 0
	for _, r := range positions {
		ply, _ := strconv.Atoi(r[1])
		k, ok := evalAt[at{r[0], ply}]
		if !ok {
			continue
		}
		want := keyAt[at{r[0], ply}]
		if k != r[2] || k != strconv.FormatUint(want, 10) {
			t.Fatalf("%s ply %d: positions key %s, evals key %s, the replayed position's %d", r[0], ply, r[2], k, want)
		}
		same++
	}
	if same != rows {
		t.Errorf("positions ⋈ evals USING (game_id, ply): %d rows with the same key; the games have %d moves", same, rows)
	}

	// tree.parquet's examples (game_id, ply) name the row's position in
	// the example game: the replayed position at that ply has the row's
	// key.
	examples := 0
	for _, r := range testgames.Columns(t, filepath.Join(out, "tree", "tree.parquet"), "position_key", "examples") {
		var xs []struct {
			GameID string `json:"game_id"`
			Ply    int    `json:"ply"`
		}
		if err := json.Unmarshal([]byte(r[1]), &xs); err != nil {
			t.Fatalf("examples %q: %v", r[1], err)
		}
		for _, x := range xs {
			want, ok := keyAt[at{x.GameID, x.Ply}]
			if !ok || strconv.FormatUint(want, 10) != r[0] {
				t.Fatalf("tree row %s: example %s ply %d is the position %d (found %v)", r[0], x.GameID, x.Ply, want, ok)
			}
			examples++
		}
	}
	if examples == 0 {
		t.Fatal("no example in the tree")
	}
	t.Logf("sample: %d positions, %d evals, %d tree rows; joins on position_key %d (evals) and %d (tree), on (game_id, ply) %d (evals) and %d (tree examples); %d keys with the high bit set",
		len(positions), len(evals), len(treeCol), join(p, e), join(p, tr), same, examples, highBit)
}

// fileKey is the identity of a game's source that its game_id derives
// from (corpus.Item.Key): the absolute path with symbolic links resolved,
// an archive member's after the archive's and "!".
func fileKey(t *testing.T, source string) string {
	path, member, inArchive := strings.Cut(source, "!")
	abs, err := filepath.Abs(path)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		t.Fatal(err)
	}
	if inArchive {
		return abs + "!" + member
	}
	return abs
}
