package opening

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/replay"
)

// declared is a game of the real records that carries an ECCO tag.
type declared struct {
	name, tag, wxf string
	got            Class
	ok             bool
}

func realDeclared(t *testing.T) (all []declared) {
	t.Helper()
	dir := shareddata.Dir(t, "records")
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec == nil {
			return nil
		}
		tag, _ := it.Rec.Tags.Get("ECCO")
		tag = strings.TrimSpace(tag)
		if tag == "" {
			return nil
		}
		g := replay.Replay(it.Rec, replay.Options{SkipVariations: true})
		d := declared{name: fmt.Sprintf("%s#%d", it.Rec.Source, it.Rec.Index), tag: tag}
		if g.HasStart {
			moves := make([]board.Move, len(g.Plies))
			for i, p := range g.Plies {
				moves[i] = p.Move
			}
			d.got, d.ok = Classify(g.Start, moves)
			d.wxf = WXF(g.Start, moves)
		}
		all = append(all, d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// explained are the groups of real games whose declared ECCO tag differs
// from the computed one, each with the moves that decide it: checked by
// hand against the codes' names and the books' defining lines. In the
// first four groups the tool that wrote the tags reads the deciding move one
// round late (Black's 9th where C46 is about his 8th, Red's 8th where C86
// is about his 7th); in C86 -> C85 it tags a left 横车 as C86's 红右横车.
// One game of that group (车一进一 without 马七进六) is arguable by name.
var explained = []struct {
	declared, computed, reason string
	check                      func(at func(side, round int) string) bool
}{
	{"C45", "C46", "Black played 车1平2 (右直车, as C46's name and book line 8...车1平2 say) in round 8 or 9",
		func(at func(int, int) string) bool { return at(1, 8) == "R1.2" || at(1, 9) == "R1.2" }},
	{"B55", "B56", "Red gave both pawns, 兵七进一 and 兵三进一 in rounds 8 and 9 (C56's 红弃双兵)",
		func(at func(int, int) string) bool {
			return at(0, 8) == "P7+1" && at(1, 8) == "P3+1" && at(0, 9) == "P3+1"
		}},
	{"C23", "C25", "Red exchanged both pawns, 兵三进一 then 兵七进一 in rounds 8 and 9 (C25's 兑双兵)",
		func(at func(int, int) string) bool { return at(0, 8) == "P3+1" && at(0, 9) == "P7+1" }},
	{"C86", "C85", "C86 is 马七进六 then 车一进一 (红右横车) in rounds 6 and 7; Red played the left 横车 first, or no 马七进六",
		func(at func(int, int) string) bool { return at(0, 6) != "N7+6" || at(0, 7) != "R1+1" }},
	{"C85", "C86", "Red's 7th move is 车一进一 (C86's 红右横车); the tag follows Red's 8th",
		func(at func(int, int) string) bool { return at(0, 7) == "R1+1" && at(0, 8) != "R1+1" }},
}

// TestRealAgreement compares the computed code with the declared ECCO tag
// of every real record that has one: every disagreement must belong to an
// explained group and show the moves that group names, and agreement must
// stay at or above the floor the explained groups leave.
func TestRealAgreement(t *testing.T) {
	all := realDeclared(t)
	if len(all) == 0 {
		t.Fatal("no game with an ECCO tag in the records")
	}
	agree, unexplained := 0, 0
	groups := map[string][]declared{}
	for _, d := range all {
		if d.ok && d.got.Code == d.tag {
			agree++
			continue
		}
		k := d.tag + " -> " + d.got.Code
		groups[k] = append(groups[k], d)
		f := strings.Fields(d.wxf)
		at := func(side, round int) string {
			if i := 2*(round-1) + side; i < len(f) {
				return f[i]
			}
			return ""
		}
		found := false
		for _, e := range explained {
			if e.declared == d.tag && e.computed == d.got.Code {
				found = true
				if !e.check(at) {
					t.Errorf("%s: declared %s, computed %s, but the moves are not those of the explained group: %s", d.name, d.tag, d.got.Code, d.wxf)
				}
			}
		}
		if !found {
			unexplained++
			t.Errorf("%s: declared %s, computed %q: no explanation (moves %s)", d.name, d.tag, d.got.Code, d.wxf)
		}
	}
	rate := float64(agree) / float64(len(all))
	t.Logf("%d of %d declared ECCO tags agree (%.2f%%)", agree, len(all), 100*rate)
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(groups[keys[i]]) > len(groups[keys[j]]) })
	for _, k := range keys {
		g := groups[k]
		t.Logf("%3d  %s  e.g. %s: %s", len(g), k, g[0].name, g[0].wxf)
	}
	// The floor: a new disagreement that someone explains must not hide
	// a broad loss.
	if rate < 0.965 {
		t.Errorf("agreement %.2f%% is below the 96.5%% floor", 100*rate)
	}
}

// BenchmarkClassifyReal classifies the main line of every readable real
// record once per op: its cost per pass over the corpus, to set against
// validate's (BenchmarkValidate in cmd/xqtool).
func BenchmarkClassifyReal(b *testing.B) {
	dir := shareddata.Dir(b, "records")
	type game struct {
		start board.Position
		moves []board.Move
	}
	var games []game
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec == nil {
			return nil
		}
		g := replay.Replay(it.Rec, replay.Options{SkipVariations: true})
		if g.HasStart {
			n := min(len(g.Plies), 2*Rounds)
			moves := make([]board.Move, n)
			for i := range moves {
				moves[i] = g.Plies[i].Move
			}
			games = append(games, game{g.Start, moves})
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	classified := 0
	for b.Loop() {
		classified = 0
		for _, g := range games {
			if _, ok := Classify(g.start, g.moves); ok {
				classified++
			}
		}
	}
	b.ReportMetric(float64(len(games)), "games")
	b.ReportMetric(float64(classified), "classified")
}
