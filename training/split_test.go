package training

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/hashid"
	"github.com/xqtool/xqtool/internal/shareddata"
)

var measure = flag.Bool("training.measure", false, "log the split measurements (TestSplitMeasure)")

// splitProportions are the proportions the tests ask for.
var splitProportions = []Proportions{{90, 5, 5}, {80, 10, 10}}

// seeds are the split seeds the tests try.
var seeds = []uint64{0, 1, 2, 3, 4, 5, 6, 7}

// TestGroupKeyKeepsClusters: on the real records, every member of a
// duplicate cluster (exact, prefix and mirror copies, as package dedupe
// finds them) has the group key of the cluster's kept copy, so no cluster
// is ever in two splits whatever the seed and proportions.
func TestGroupKeyKeepsClusters(t *testing.T) {
	games := loadReal(t)
	num := byID(games)
	keys := make([]uint64, len(games))
	for i, g := range games {
		keys[i] = GroupKey(&g.Start, g.Moves, 0)
	}
	copies := 0
	for i, g := range games {
		if g.Kind == dedupe.None {
			continue
		}
		copies++
		kept := num[g.Cluster]
		if keys[i] != keys[kept] {
			t.Errorf("%s is a %v copy of %s but their group keys differ", g.ID, g.Kind, g.Cluster)
		}
		for _, p := range splitProportions {
			for _, seed := range seeds {
				s := NewSplitter(p, seed)
				if a, b := s.Split(keys[i]), s.Split(keys[kept]); a != b {
					t.Fatalf("%s (%v) and its kept copy %s (%v) in two splits", g.ID, a, g.Cluster, b)
				}
			}
		}
	}
	if copies == 0 {
		t.Fatal("no copies in the real records: the test proves nothing")
	}
	t.Logf("%d copies checked", copies)
}

// trainingSet returns the games the default filter keeps.
func trainingSet(games []realGame) []realGame {
	var out []realGame
	for _, g := range games {
		if (Filter{}).Keep(&g.Game) {
			out = append(out, g)
		}
	}
	return out
}

// shares returns the share of games and of plies in each split.
func shares(games []realGame, keys []uint64, s Splitter) (byGames, byPlies [3]float64) {
	var ng, np [3]int
	tg, tp := 0, 0
	for i, g := range games {
		k := s.Split(keys[i])
		ng[k]++
		np[k] += len(g.Moves)
		tg++
		tp += len(g.Moves)
	}
	for i := range 3 {
		byGames[i] = float64(ng[i]) / float64(tg)
		byPlies[i] = float64(np[i]) / float64(tp)
	}
	return
}

// TestSplitProportions: on the games of the default training set, for
// each proportions and seed tried, the share of games in each split is the
// requested one within the sampling error of a split by group: every group
// lands in a split on its own (that is what makes the split stable), so a
// share has the standard deviation σ = √(p(1−p)·Σsize²)/Σsize, and the
// test allows 3σ. It logs how many shares are within 1 point.
func TestSplitProportions(t *testing.T) {
	games := trainingSet(loadReal(t))
	keys := make([]uint64, len(games))
	size := map[uint64]float64{}
	for i, g := range games {
		keys[i] = GroupKey(&g.Start, g.Moves, 0)
		size[keys[i]]++
	}
	sq := 0.0
	for _, n := range size {
		sq += n * n
	}
	n := float64(len(games))
	within, all := 0, 0
	for _, p := range splitProportions {
		sum := p[0] + p[1] + p[2]
		for _, seed := range seeds {
			g, _ := shares(games, keys, NewSplitter(p, seed))
			for i := range 3 {
				want := p[i] / sum
				sigma := math.Sqrt(want*(1-want)*sq) / n
				dev := math.Abs(g[i] - want)
				if dev > 3*sigma {
					t.Errorf("split %v seed %d: %v has %.2f%% of the games, want %.0f%% (σ %.2f points)", p, seed, Split(i), 100*g[i], 100*want, 100*sigma)
				}
				all++
				if dev <= 0.01 {
					within++
				}
			}
		}
	}
	t.Logf("%d games in %d groups; %d of %d shares within 1 point of the request", len(games), len(size), within, all)
}

// TestSplitStableWhenAddingFiles: the split of every game read without
// some files is the split it gets when the files are added. The "new
// files" are two collections of the records in turn: the one whose
// addition changes the kept copy of most earlier games (a split by cluster
// would move them, see TestSplitMeasure), and one that changes none.
func TestSplitStableWhenAddingFiles(t *testing.T) {
	all := loadReal(t)
	s := NewSplitter(Proportions{80, 10, 10}, 7)
	full := make(map[string]Split, len(all))
	for _, g := range all {
		full[g.ID] = s.Split(GroupKey(&g.Start, g.Moves, 0))
	}
	dir := shareddata.Dir(t, "records")
	colls, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, added := range colls {
		if b := filepath.Base(added); b != "Yvonne761__Chinese-Chess-Practical-Dataset" && b != "xqbase__eleeye" {
			continue
		}
		var rest []string
		for _, c := range colls {
			if c != added && strings.Contains(filepath.Base(c), "__") {
				rest = append(rest, c)
			}
		}
		games, err := readGames(rest...)
		if err != nil {
			t.Fatal(err)
		}
		checked += len(games)
		for _, g := range games {
			// The sources are relative to the paths given; the full run read
			// the records directory, so the game ids agree.
			if got, want := s.Split(GroupKey(&g.Start, g.Moves, 0)), full[g.ID]; got != want {
				t.Errorf("without %s, %s is in %v; with it, in %v", filepath.Base(added), g.ID, got, want)
			}
		}
	}
	if checked == 0 {
		t.Fatal("the record collections the test adds are not there")
	}
}

// TestSplitMeasure compares the split by GroupKey with a split by
// duplicate cluster (the kept copy's number): sizes of the largest groups
// and the shares over the seeds. Run with -training.measure -v.
func TestSplitMeasure(t *testing.T) {
	if !*measure {
		t.Skip("measurement: run with -training.measure -v")
	}
	all := loadReal(t)
	num := byID(all)
	type design struct {
		name string
		key  func(i int) uint64
	}
	designs := []design{
		{"GroupKey (start + first 20 plies, mirror-canonical)", func(i int) uint64 { return GroupKey(&all[i].Start, all[i].Moves, 0) }},
		{"cluster (kept copy)", func(i int) uint64 { return hashid.Mix(uint64(num[all[i].Cluster]) + 1) }},
	}
	for _, pop := range []struct {
		name string
		keep func(g *realGame) bool
	}{
		{"default set (error-free, kept copies)", func(g *realGame) bool { return (Filter{}).Keep(&g.Game) }},
		{"error-free, all copies", func(g *realGame) bool { return (Filter{WithCopies: true}).Keep(&g.Game) }},
	} {
		var idx []int
		var games []realGame
		plies := 0
		for i := range all {
			if pop.keep(&all[i]) {
				idx = append(idx, i)
				games = append(games, all[i])
				plies += len(all[i].Moves)
			}
		}
		t.Logf("== %s: %d games, %d plies", pop.name, len(games), plies)
		for _, d := range designs {
			keys := make([]uint64, len(idx))
			size := map[uint64][2]int{}
			for j, i := range idx {
				keys[j] = d.key(i)
				s := size[keys[j]]
				size[keys[j]] = [2]int{s[0] + 1, s[1] + len(all[i].Moves)}
			}
			var sizes [][2]int
			for _, s := range size {
				sizes = append(sizes, s)
			}
			slices.SortFunc(sizes, func(a, b [2]int) int { return b[0] - a[0] })
			top := sizes[:min(5, len(sizes))]
			var b strings.Builder
			for _, s := range top {
				fmt.Fprintf(&b, " %d (%.1f%% of plies)", s[0], 100*float64(s[1])/float64(plies))
			}
			t.Logf("  %s: %d groups; largest:%s", d.name, len(sizes), b.String())
			for _, p := range splitProportions {
				var worstG, worstP float64
				var line strings.Builder
				for _, seed := range seeds {
					g, pl := shares(games, keys, NewSplitter(p, seed))
					sum := p[0] + p[1] + p[2]
					for i := range 3 {
						worstG = max(worstG, math.Abs(g[i]-p[i]/sum))
						worstP = max(worstP, math.Abs(pl[i]-p[i]/sum))
					}
					fmt.Fprintf(&line, " %.1f/%.1f/%.1f", 100*g[0], 100*g[1], 100*g[2])
				}
				t.Logf("    %v games by seed:%s", p, line.String())
				t.Logf("    %v worst deviation over %d seeds: games %.2f points, plies %.2f points", p, len(seeds), 100*worstG, 100*worstP)
			}
		}
	}
	// Stability: the games whose kept copy changes when one collection is
	// added, which would move them under the cluster keying.
	dir := shareddata.Dir(t, "records")
	colls, _ := filepath.Glob(filepath.Join(dir, "*__*"))
	for _, added := range colls {
		var rest []string
		for _, c := range colls {
			if c != added {
				rest = append(rest, c)
			}
		}
		games, err := readGames(rest...)
		if err != nil {
			t.Fatal(err)
		}
		changed := 0
		for _, g := range games {
			if g.Cluster != all[num[g.ID]].Cluster {
				changed++
			}
		}
		t.Logf("adding %s: %d of %d earlier games get another kept copy", filepath.Base(added), changed, len(games))
	}
}

func TestParseProportions(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Proportions
		err  bool
	}{
		{"90,5,5", Proportions{90, 5, 5}, false},
		{" 0.8 , 0.1,0.1", Proportions{0.8, 0.1, 0.1}, false},
		{"100,0,0", Proportions{100, 0, 0}, false},
		{"90,5", Proportions{}, true},
		{"90,5,5,0", Proportions{}, true},
		{"0,0,0", Proportions{}, true},
		{"90,-5,15", Proportions{}, true},
		{"90,x,5", Proportions{}, true},
		{"NaN,1,1", Proportions{}, true},
		{"Inf,1,1", Proportions{}, true},
		{"", Proportions{}, true},
	} {
		got, err := ParseProportions(c.in)
		if (err != nil) != c.err || (!c.err && got != c.want) {
			t.Errorf("%q: %v, %v", c.in, got, err)
		}
		if err != nil && !errors.Is(err, ErrProportions) {
			t.Errorf("%q: %v does not match ErrProportions", c.in, err)
		}
	}
	if s := (Proportions{90, 5, 5}).String(); s != "90,5,5" {
		t.Errorf("String: %q", s)
	}
}

func FuzzParseProportions(f *testing.F) {
	for _, s := range []string{"90,5,5", "0.8,0.1,0.1", "1,0,0", "0,0,0", "1e9,1,1", ",,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseProportions(s)
		if err != nil {
			return
		}
		if p.String() == "" {
			t.Fatal("empty String")
		}
		q, err := ParseProportions(p.String())
		if err != nil || q != p {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, p, p.String(), q, err)
		}
		sp := NewSplitter(p, 1)
		var n [3]int
		for k := range uint64(300) {
			n[sp.Split(k)]++
		}
		for i := range 3 {
			if p[i] == 0 && n[i] > 0 {
				t.Fatalf("%v: split %v got %d groups", p, Split(i), n[i])
			}
		}
	})
}

// TestSplitterEdges: a split of weight zero gets nothing, a split of all the
// weight gets everything, and the shares follow the proportions on many keys.
func TestSplitterEdges(t *testing.T) {
	for _, c := range []struct {
		p    Proportions
		want [3]float64
	}{
		{Proportions{1, 0, 0}, [3]float64{1, 0, 0}},
		{Proportions{0, 0, 3}, [3]float64{0, 0, 1}},
		{Proportions{0, 1, 1}, [3]float64{0, .5, .5}},
		{Proportions{90, 5, 5}, [3]float64{.9, .05, .05}},
	} {
		s := NewSplitter(c.p, 42)
		var n [3]int
		const keys = 200000
		for k := range uint64(keys) {
			n[s.Split(k)]++
		}
		for i := range 3 {
			if got := float64(n[i]) / keys; math.Abs(got-c.want[i]) > 0.005 || (c.want[i] == 0 && n[i] != 0) {
				t.Errorf("%v: %v has %.4f of the keys, want %.2f", c.p, Split(i), got, c.want[i])
			}
		}
	}
	if Train.String() != "train" || Valid.String() != "valid" || Test.String() != "test" || Split(9).String() != "split(9)" {
		t.Error("Split.String")
	}
}

// TestGroupKey: a game, its mirror, its exact copy and its prefix copy of at
// least minPlies plies share the key; a game diverging within minPlies
// plies does not; the move counters do not count.
func TestGroupKey(t *testing.T) {
	line := func(s string) []board.Move {
		var out []board.Move
		for _, f := range strings.Fields(s) {
			m, err := board.ParseMove(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}
		return out
	}
	start := board.StartPosition()
	g := line("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h4 b7a7 b2c2 a9b9")
	k := GroupKey(&start, g, 4)
	ms, mm, err := Mirror(start, g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if GroupKey(&ms, mm, 4) != k {
		t.Error("the mirror has another key")
	}
	if GroupKey(&start, g[:4], 4) != k || GroupKey(&start, g[:7], 4) != k {
		t.Error("a prefix copy of at least minPlies plies has another key")
	}
	if GroupKey(&start, g[:3], 4) == k {
		t.Error("a line shorter than minPlies has the key of a longer one")
	}
	other := slices.Clone(g)
	other[2] = line("b0c2")[0]
	if GroupKey(&start, other, 4) == k {
		t.Error("a game diverging at ply 3 has the same key")
	}
	later := slices.Clone(g)
	later[5] = line("h7h0")[0]
	if GroupKey(&start, later, 4) != k {
		t.Error("a game diverging after minPlies plies has another key")
	}
	p, _ := board.PositionFromFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 10 30")
	if GroupKey(&p, g, 4) != k {
		t.Error("the move counters change the key")
	}
	if GroupKey(&start, g, 0) != GroupKey(&start, g, defaultMinPlies) {
		t.Error("minPlies 0 is not the default")
	}
}
