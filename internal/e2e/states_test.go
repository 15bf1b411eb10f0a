package e2e

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/players"
	"github.com/xqtool/xqtool/report"
	"github.com/xqtool/xqtool/tournament"
)

// states counts games by state.
type states map[analyze.Status]int

func (s states) String() string {
	return "ok " + strconv.Itoa(s[analyze.StatusOK]) + " warning " + strconv.Itoa(s[analyze.StatusWarning]) +
		" error " + strconv.Itoa(s[analyze.StatusError])
}

// TestStatesAgree runs one export of the sample and of the real records
// with every sink that writes a game's state (the annotators of export:
// players and tournament; games.parquet and flags.parquet; report lines;
// the page) and checks that the summary, the report lines, the page,
// games.parquet and flags.parquet give every game the same state, and
// that the page draws every game it lists.
func TestStatesAgree(t *testing.T) {
	dirs := map[string]string{"sample": filepath.Join("..", "..", "sample")}
	if records := shareddata.Path("records"); records != "" {
		if _, err := os.Stat(records); err == nil {
			dirs["records"] = records
		}
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) { checkStates(t, dir) })
	}
}

func checkStates(t *testing.T, dir string) {
	out := t.TempDir()
	ds, err := dataset.NewSink(out, false)
	if err != nil {
		t.Fatal(err)
	}
	ps := players.NewSink(nil)
	ds.AddTable(dataset.PlayersName, ps.WritePlayers)
	ts := tournament.NewSink(tournament.Options{Identity: ps.Player})
	ds.AddTable(dataset.EventsName, ts.WriteEvents)
	lines := filepath.Join(out, "report.jsonl")
	rf, err := output.Open(lines, nil)
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(out, "report.html")
	pf, err := output.Open(page, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A limit above the games: the page must draw every game it lists.
	const limit = 1 << 20
	sinks := []pipeline.Sink{ps, ts, ds, report.NewSink(rf, report.SinkOptions{}), htmlreport.NewSink(pf, limit)}
	opt := pipeline.Options{Workers: 2, Exclude: []string{out}}
	sum, err := pipeline.Run(context.Background(), []string{dir}, opt, sinks...)
	if err != nil {
		t.Fatal(err)
	}
	want := states{analyze.StatusOK: sum.OK, analyze.StatusWarning: sum.Warnings, analyze.StatusError: sum.Errors}
	if sum.OK+sum.Warnings+sum.Errors != sum.Games {
		t.Fatalf("summary: %v for %d games", want, sum.Games)
	}

	// Report lines: each game's state, by source#index.
	byGame := map[string]analyze.Status{}
	fromLines := states{}
	f, err := os.Open(lines)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	late := 0 // games made worse by a flag raised after the pass
	if err := report.ReadGames(f, func(g *report.Game) error {
		fromLines[g.Status]++
		byGame[g.Source+"#"+strconv.Itoa(g.Index)] = g.Status
		if analyze.StatusOf(g.Flags) != g.Status {
			t.Errorf("%s#%d: state %s, flags say %s", g.Source, g.Index, g.Status, analyze.StatusOf(g.Flags))
		}
		for _, fl := range g.Flags {
			if fl.Code == flags.ResultConflict || fl.Code == flags.PairingConflict || fl.Code == flags.DateOutsideEvent {
				late++
				break
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	same(t, "report lines", want, fromLines)

	// games.parquet: the state column, game by game.
	fromGames := states{}
	for _, row := range testgames.Columns(t, filepath.Join(out, "games.parquet"), "source", "index", "status", "game_id") {
		st := analyze.Status(row[2])
		fromGames[st]++
		if l := byGame[row[0]+"#"+row[1]]; l != st {
			t.Errorf("%s#%s: games.parquet says %s, the report line %s", row[0], row[1], st, l)
		}
	}
	same(t, "games.parquet", want, fromGames)

	// flags.parquet: the worst severity of each game's rows (a game
	// without rows is ok).
	worst := map[string]analyze.Status{}
	for _, row := range testgames.Columns(t, filepath.Join(out, "flags.parquet"), "game_id", "severity") {
		st := analyze.StatusOf([]flags.Flag{{Severity: flags.Severity(row[1])}})
		if st.Worse(worst[row[0]]) || worst[row[0]] == "" {
			worst[row[0]] = st
		}
	}
	fromFlags := states{}
	for _, st := range worst {
		fromFlags[st]++
	}
	fromFlags[analyze.StatusOK] += sum.Games - len(worst)
	same(t, "flags.parquet", want, fromFlags)

	// The page: its counts, and a card of every listed game whose record
	// was read, with the card's state.
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	fromPage := states{}
	for _, st := range []analyze.Status{analyze.StatusOK, analyze.StatusWarning, analyze.StatusError} {
		m := regexp.MustCompile(`id="count-` + string(st) + `">(\d+)<`).FindStringSubmatch(html)
		if m == nil {
			t.Fatalf("the page has no count of %s", st)
		}
		fromPage[st], _ = strconv.Atoi(m[1])
	}
	same(t, "page", want, fromPage)
	cards := states{}
	for _, m := range regexp.MustCompile(`<section class="game" id="g-\d+" data-codes="([^"]*)" data-sev="(\w+)"`).FindAllStringSubmatch(html, -1) {
		cards[analyze.Status(m[2])]++
	}
	// Every game with a warning or an error has its card (an unreadable
	// record's without a diagram).
	if cards[analyze.StatusWarning] != sum.Warnings || cards[analyze.StatusError] != sum.Errors || cards[analyze.StatusOK] != 0 {
		t.Errorf("page cards: %v; want every warning (%d) and every error (%d)", cards, sum.Warnings, sum.Errors)
	}
	if strings.Contains(html, "left out (at most") {
		t.Error("the page left games out below its limit")
	}
	t.Logf("%s: %d games, %v in every output (%d with a tournament check's flag)", dir, sum.Games, want, late)
}

// same reports where an output's counts differ from the summary's.
func same(t *testing.T, what string, want, got states) {
	t.Helper()
	if got.String() != want.String() {
		t.Errorf("%s: %v; the summary: %v", what, got, want)
	}
}
