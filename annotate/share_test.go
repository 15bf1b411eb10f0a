package annotate

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

func TestShareHas(t *testing.T) {
	for _, tt := range []struct {
		s    Share
		key  uint64
		want bool
	}{
		{Share{}, 7, true},
		{Share{0, 1}, 7, true},
		{Share{3, 4}, 7, true},
		{Share{2, 4}, 7, false},
		{Share{0, 3}, 1 << 63, false}, // 2^63 = 2 mod 3
	} {
		if got := tt.s.Has(tt.key); got != tt.want {
			t.Errorf("%v.Has(%d) = %v", tt.s, tt.key, got)
		}
	}
	for _, s := range []Share{{-1, 2}, {2, 2}, {0, -1}} {
		if s.check() == nil {
			t.Errorf("%v accepted", s)
		}
	}
}

// TestShareRowsKeepsFlagsAtTheirRows classifies a game raising two
// suspect_move flags and a result_contradicted, and shares its rows out
// two and three ways: each flag goes with its row, once.
func TestShareRowsKeepsFlagsAtTheirRows(t *testing.T) {
	g, rows, evals := line(t, "1-0", "cp 700", "cp -200", "cp 700", "cp -200", "cp 700", "cp -1200")
	other, _ := board.ParseMove("i0i1")
	for i, e := range evals {
		e.Best = other
		rows[i].Key = uint64(i)
	}
	fs := DefaultThresholds.classify(g, rows, evals, false)
	text := func(f flags.Flag) string { return fmt.Sprintf("%s@%d", f.Code, f.Ply) }
	var all []string
	for _, f := range fs {
		all = append(all, text(f))
	}
	if want := "suspect_move@1 suspect_move@3 result_contradicted@5"; strings.Join(all, " ") != want {
		t.Fatalf("flags %v, want %s", all, want)
	}
	for n := 2; n <= 3; n++ {
		var got []string
		for i := range n {
			kr, kf := shareRows(Share{i, n}, rows, fs)
			var codes []string
			for _, r := range kr {
				if r.Key%uint64(n) != uint64(i) {
					t.Fatalf("%d/%d kept row %d", i, n, r.Ply)
				}
				codes = append(codes, r.Flags...)
			}
			if len(codes) != len(kf) {
				t.Fatalf("%d/%d: codes %v on its rows, flags %v", i, n, codes, kf)
			}
			for j, f := range kf {
				if string(f.Code) != codes[j] {
					t.Fatalf("%d/%d: flag %v against code %s", i, n, f, codes[j])
				}
				got = append(got, text(f))
			}
		}
		slices.Sort(got)
		if want := slices.Sorted(slices.Values(all)); !slices.Equal(got, want) {
			t.Fatalf("%d shares: flags %v, want %v", n, got, want)
		}
	}
}

// rowText writes every field of a row.
func rowText(r Row) string { return fmt.Sprintf("%+v", r) }

// TestSharesSearchEachPositionOnce annotates real games in three shares of
// their positions, each with its own cache as three machines would: the
// shares together search each position of a single run once, none twice;
// run again with the others' caches, they search nothing, miss nothing, and
// their rows and flags together are exactly those of a single run.
func TestSharesSearchEachPositionOnce(t *testing.T) {
	games := recordGames(t, 400)
	dir := t.TempDir()
	// Low thresholds: the fake engine's material scores raise flags.
	th := Thresholds{Clamp: 1000, Inaccuracy: 10, Mistake: 20, Blunder: 50, Won: 100, Decisive: 150}
	run := func(opt Options) (Progress, []Row, []flags.Flag) {
		t.Helper()
		opt.Thresholds = th
		a, p := annotateAll(t, opt, games)
		var rows []Row
		var fs []flags.Flag
		for _, ge := range a.Games() {
			rows = append(rows, ge.Rows...)
			fs = append(fs, ge.Flags...)
		}
		return p, rows, fs
	}
	opt := fakeOptions(fakeengine.Spec{}, 2)
	opt.CacheDir = filepath.Join(dir, "single")
	single, want, wantFlags := run(opt)

	const n = 3
	caches := make([]string, n)
	seen := map[string]int{}
	searched := 0
	for i := range n {
		caches[i] = filepath.Join(dir, fmt.Sprint("share", i))
		log := filepath.Join(dir, fmt.Sprint("share", i, ".log"))
		opt := fakeOptions(fakeengine.Spec{Log: log}, 2)
		opt.CacheDir, opt.Share = caches[i], Share{i, n}
		p, _, _ := run(opt)
		if p.Missing == 0 || p.Elsewhere != single.ToSearch-p.ToSearch || p.Failed != 0 {
			t.Fatalf("share %d alone: %+v", i, p)
		}
		for _, pos := range fakeengine.LogLines(t, log, "go") {
			seen[pos]++
		}
		searched += p.Searched
	}
	if searched != single.Searched || len(seen) != searched {
		t.Fatalf("the shares searched %d (%d distinct), a single run %d", searched, len(seen), single.Searched)
	}

	var got []string
	var gotFlags []string
	for i := range n {
		opt := fakeOptions(fakeengine.Spec{Fault: "die"}, 1)
		opt.CacheDir, opt.Share = caches[i], Share{i, n}
		for j, c := range caches {
			if j != i {
				opt.ExtraCaches = append(opt.ExtraCaches, c)
			}
		}
		p, rows, fs := run(opt)
		if p.Searched != 0 || p.Failed != 0 || p.Missing != 0 {
			t.Fatalf("share %d with the others' caches: %+v", i, p)
		}
		for _, r := range rows {
			got = append(got, rowText(r))
		}
		for _, f := range fs {
			gotFlags = append(gotFlags, fmt.Sprintf("%+v", f))
		}
	}
	wantText := make([]string, len(want))
	for i, r := range want {
		wantText[i] = rowText(r)
	}
	var wantFlagText []string
	for _, f := range wantFlags {
		wantFlagText = append(wantFlagText, fmt.Sprintf("%+v", f))
	}
	slices.Sort(got)
	slices.Sort(wantText)
	slices.Sort(gotFlags)
	slices.Sort(wantFlagText)
	if !slices.Equal(got, wantText) {
		t.Fatalf("%d rows from the shares, %d from a single run, or they differ", len(got), len(wantText))
	}
	if len(wantFlags) == 0 {
		t.Fatal("no flag raised: the test shows nothing of them")
	}
	if !slices.Equal(gotFlags, wantFlagText) {
		t.Fatalf("flags of the shares %v, of a single run %v", gotFlags, wantFlagText)
	}
	t.Logf("%d games, %d rows, %d flags: %d positions searched by %d shares, as by one run", len(games), len(want), len(wantFlags), searched, n)
}
