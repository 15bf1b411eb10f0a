package players

import (
	"bufio"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/internal/golden"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/tagnorm"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var (
	recordsOnce  sync.Once
	recordsTable *Table
	recordsErr   error
)

// recordsPlayers resolves the players of the shared records (duplicate
// detection on, as export runs it).
func recordsPlayers(t *testing.T) *Table { return recordsPlayersB(t) }

func recordsPlayersB(t testing.TB) *Table {
	t.Helper()
	dir := shareddata.Dir(t, "records")
	recordsOnce.Do(func() {
		s := NewSink(nil)
		_, recordsErr = pipeline.Run(context.Background(), []string{dir}, pipeline.Options{}, s)
		recordsTable = s.Table()
	})
	if recordsErr != nil {
		t.Fatal(recordsErr)
	}
	return recordsTable
}

// goldenFile compares got with testdata/name, or rewrites it with -update.
func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), []byte(got), *update)
}

// TestRecordsSummary pins the players of the real records: names before
// (as written; after red_norm, and how many of those have several
// spellings) and after resolution (players, spellings per player, names
// by rule), and the top ten players by games with their spellings.
func TestRecordsSummary(t *testing.T) {
	tb := recordsPlayers(t)
	raw, norm := tb.Spellings()
	byNorm := map[string]map[string]bool{}
	for _, sp := range tb.spellings {
		n := tagnorm.Text(sp.form.Raw)
		if byNorm[n] == nil {
			byNorm[n] = map[string]bool{}
		}
		byNorm[n][sp.form.Raw] = true
	}
	multi := 0
	for _, s := range byNorm {
		if len(s) > 1 {
			multi++
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "games\t%d\n", tb.Games())
	fmt.Fprintf(&b, "before: names as written\t%d\n", raw)
	fmt.Fprintf(&b, "before: names after red_norm\t%d\n", norm)
	fmt.Fprintf(&b, "before: red_norm names with more than one spelling\t%d\n", multi)
	fmt.Fprintf(&b, "after: players\t%d\n", len(tb.Players()))
	hist := map[int]int{}
	multiPlayers := 0
	for _, p := range tb.Players() {
		n := len(p.Spellings)
		if n > 1 {
			multiPlayers++
		}
		hist[min(n, 10)]++
	}
	fmt.Fprintf(&b, "after: players with more than one spelling\t%d\n", multiPlayers)
	for n := 1; n <= 10; n++ {
		label := fmt.Sprint(n)
		if n == 10 {
			label = "10+"
		}
		fmt.Fprintf(&b, "after: players with %s spellings\t%d\n", label, hist[n])
	}
	rules := tb.Rules()
	for _, r := range slices.Sorted(func(yield func(string) bool) {
		for k := range rules {
			if !yield(k) {
				return
			}
		}
	}) {
		fmt.Fprintf(&b, "names by rule %s\t%d\n", r, rules[r])
	}
	goldenFile(t, "records_summary.golden", b.String())

	ps := slices.Clone(tb.Players())
	slices.SortStableFunc(ps, func(a, b Player) int { return b.Games - a.Games })
	b.Reset()
	for i, p := range ps[:10] {
		fmt.Fprintf(&b, "%d\t%s\t%s\t%d games\t%d-%d\tred %.1f/%d\tblack %.1f/%d\n", i+1, p.ID, p.Name, p.Games, p.FirstYear, p.LastYear,
			p.AsRed.Points, p.AsRed.Games, p.AsBlack.Points, p.AsBlack.Games)
		for _, s := range p.Spellings {
			fmt.Fprintf(&b, "\t%q\t%d\t%s\n", s.Text, s.Count, s.Rule)
		}
	}
	goldenFile(t, "records_top10.golden", b.String())
}

// merges returns the names of the table merged beyond red_norm: each
// name as written whose red_norm (tagnorm.Text) is not the most frequent
// red_norm of its player, with the player's name and the rule.
func merges(tb *Table) [][3]string {
	main := make([]string, len(tb.players))
	for i, p := range tb.players {
		count := map[string]int{}
		for _, s := range p.Spellings {
			count[tagnorm.Text(s.Text)] += s.Count
		}
		for n, c := range count {
			if c > count[main[i]] || c == count[main[i]] && n < main[i] {
				main[i] = n
			}
		}
	}
	var out [][3]string
	seen := map[string]bool{}
	for _, sp := range tb.spellings {
		p := tb.players[sp.player]
		if tagnorm.Text(sp.form.Raw) == main[sp.player] || seen[sp.form.Raw+"\x00"+p.Name] {
			continue
		}
		seen[sp.form.Raw+"\x00"+p.Name] = true
		out = append(out, [3]string{sp.form.Raw, p.Name, sp.how})
	}
	return out
}

// TestRecordsMerges checks the merges checked by hand: testdata/merges.tsv
// holds a sample of 50 merges of the real records (the first 50 in the
// order of the SHA-256 of the name as written), each with the verdict
// given by hand ("same": one person; "false": a false merge). Every one
// is still made, and the sample is still the first 50.
func TestRecordsMerges(t *testing.T) {
	tb := recordsPlayers(t)
	all := merges(tb)
	slices.SortFunc(all, func(a, b [3]string) int {
		ha, hb := sha256.Sum256([]byte(a[0]+"\x00"+a[1])), sha256.Sum256([]byte(b[0]+"\x00"+b[1]))
		return strings.Compare(string(ha[:]), string(hb[:]))
	})
	f, err := os.Open(filepath.Join("testdata", "merges.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var checked [][4]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 4 {
			t.Fatalf("merges.tsv: %q", line)
		}
		checked = append(checked, [4]string{fs[0], fs[1], fs[2], fs[3]})
	}
	if len(checked) != 50 {
		t.Fatalf("merges.tsv has %d merges, want 50", len(checked))
	}
	falses := 0
	for i, c := range checked {
		if c[3] != "same" {
			falses++
		}
		got := all[i]
		raw, err := strconv.Unquote(c[0])
		if err != nil {
			t.Fatalf("merges.tsv: %s: %v", c[0], err)
		}
		if got[0] != raw || got[1] != c[1] || got[2] != c[2] {
			t.Errorf("merge %d: %q → %s (%s), merges.tsv checked %s → %s (%s)", i+1, got[0], got[1], got[2], c[0], c[1], c[2])
		}
	}
	t.Logf("%d merges beyond red_norm; 50 checked by hand, %d false", len(all), falses)
	if falses > 0 {
		t.Errorf("%d false merges in the checked sample", falses)
	}
}
