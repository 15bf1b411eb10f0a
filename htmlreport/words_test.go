package htmlreport

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/report"
)

// analyzed reads one PGN game, analyzes it and returns it as the page's
// Game, with what a validate --report --with-moves line carries.
func analyzed(t *testing.T, pgn string) *Game {
	t.Helper()
	rec, err := parse.NewPGNReader(strings.NewReader(pgn), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	r := analyze.Analyze(rec, nil, analyze.Options{RequireTags: []string{}})
	g := &Game{Source: "t.pgn", Format: "pgn", Tags: map[string]string{}, FEN: r.Game.Start.FEN(), Result: r.Declared(),
		Status: r.Status, Rules: "cxa", Flags: r.Flags, Cycles: report.Cycles(r.Verdicts), Moves: []string{}}
	for _, p := range r.Game.Plies {
		g.Moves = append(g.Moves, p.Move.String())
	}
	for _, c := range r.Classes {
		cl := report.Class{Ply: c.Ply, Move: c.Move.String(), Side: c.Side.String(), Class: c.Class.String()}
		for _, sq := range c.Chased {
			cl.Chased = append(cl.Chased, sq.String())
		}
		g.Classes = append(g.Classes, cl)
	}
	for _, t := range rec.Tags {
		g.Tags[t.Name] = t.Value
	}
	return g
}

// TestCycleInWords: a repetition flag says on the page, in words, which
// piece chases which, by which rules, and what follows; the detail stays
// on the item as its title. The cycle is the rule book's example of a
// perpetual chase (analyze's defence tests): Red's rook on a5 chases the
// cannon that the pawn's shuttle leaves unprotected.
func TestCycleInWords(t *testing.T) {
	cycle := "e6d6 d5e5 d6e6 e5d5 "
	g := analyzed(t, `[FEN "3rrk3/9/5a3/4P4/R2c5/9/9/9/9/5K3 w - - 0 1"]
[Result "*"]
`+strings.Repeat(cycle, 3)+"*\n")
	var flag flags.Flag
	for _, f := range g.Flags {
		if f.Code == flags.PerpetualChase {
			flag = f
		}
	}
	if flag.Code == "" {
		t.Fatalf("no perpetual_chase flag: %+v", g.Flags)
	}
	page := render(t, []*Game{g}, DefaultLimit)
	sec := section(t, page, "t.pgn")
	for _, want := range []string{
		"Red&#39;s 车 (chariot) chases Black&#39;s 炮 (cannon) on d5 with every move of the cycle of plies 1–8 (Red moving its 兵 (pawn))",
		"the Chinese rules (CXA)",
		"Red must vary its moves, or loses",
		"perpetual chase (长捉)",
		`title="` + strings.ReplaceAll(flag.Detail, `"`, "&#34;") + `"`,
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("the flag does not say %q:\n%s", want, sec)
		}
	}
	if strings.Contains(visible(sec), "chased: ") {
		t.Error("the page shows the raw chased list")
	}
	// The cycle's moves are numbered on the board, a move and its way
	// back side by side.
	for i := 1; i <= 4; i++ {
		if !strings.Contains(sec, fmt.Sprintf(`font-weight="bold" fill="#c62828">%d</text>`, i)) && !strings.Contains(sec, fmt.Sprintf(`font-weight="bold" fill="#222">%d</text>`, i)) {
			t.Errorf("no arrow labelled %d", i)
		}
	}
}

// TestGameWords: a game without players has no " – ," title, empty tags
// are not listed, and a flag says its ply once ("at ply 1 (move 1,
// Red)"), not "ply 1 red: ply 1 (move 1, red)".
func TestGameWords(t *testing.T) {
	g := &Game{Source: "x/a.pgn", Status: analyze.StatusError, FEN: "4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1", Moves: []string{},
		Line: []string{"前兵平五"}, Tags: map[string]string{"Red": "", "Black": " ", "Event": "", "Date": "2024.08.01", "Site": ""},
		Flags: []flags.Flag{{Code: flags.AmbiguousMove, Ply: 1, Side: "red", Severity: flags.Error,
			Detail: `ply 1 (move 1, red) "前兵平五": matches several legal moves; position 4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1`}}}
	bad := &Game{Source: "x/b.xqf", Status: analyze.StatusError, Tags: map[string]string{},
		Flags: []flags.Flag{{Code: flags.UnreadableRecord, Severity: flags.Error, Detail: "x/b.xqf: game 1: @2: unsupported format: XQF version 19"}}}
	page := render(t, []*Game{g, bad}, DefaultLimit)
	sec := section(t, page, "x/a.pgn")
	h3 := sec[strings.Index(sec, "<h3>"):strings.Index(sec, "</h3>")]
	if strings.Contains(h3, " – ") || strings.Contains(h3, ", ,") || !strings.Contains(h3, "</a> 2024.08.01") {
		t.Errorf("title %q", h3)
	}
	for _, tag := range []string{"<th>Red</th>", "<th>Black</th>", "<th>Event</th>", "<th>Site</th>"} {
		if strings.Contains(sec, tag) {
			t.Errorf("empty tag listed: %s", tag)
		}
	}
	if !strings.Contains(sec, "<th>Date</th>") {
		t.Error("the Date tag is not listed")
	}
	if !strings.Contains(sec, `<b title="`+meaning(flags.AmbiguousMove)+`">ambiguous_move</b> at ply 1 (move 1, Red): &#34;前兵平五&#34;: matches`) {
		t.Errorf("the flag does not say its place once:\n%s", sec)
	}
	if strings.Contains(visible(sec), "ply 1 (move 1, red)") {
		t.Error("the detail's own place is repeated")
	}
}

// TestPlyPlace counts moves from the start position's side and number.
func TestPlyPlace(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		ply  int
		want string
	}{
		{"", 1, "ply 1 (move 1, Red)"},
		{"", 4, "ply 4 (move 2, Black)"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 7", 1, "ply 1 (move 7, Black)"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 7", 2, "ply 2 (move 8, Red)"},
	} {
		if got := plyPlace(tc.fen, tc.ply); got != tc.want {
			t.Errorf("plyPlace(%q, %d) = %q, want %q", tc.fen, tc.ply, got, tc.want)
		}
	}
}

// TestCommonDir: the table shows sources after the directory they all
// share.
func TestCommonDir(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"a/b/c.pgn", "a/b/d/e.pgn", "a/b/f.pgn"}, "a/b/"},
		{[]string{"a/b/c.pgn", "a/bc/d.pgn"}, "a/"},
		{[]string{"a/b.pgn", "c.pgn"}, ""},
		{[]string{"/data/x/y.zip!m/1.pgn", "/data/x/z.pgn"}, "/data/x/"},
		{[]string{"one/only.pgn"}, "one/"},
		{nil, ""},
	} {
		if got := commonDir(tc.in); got != tc.want {
			t.Errorf("commonDir(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTableData: the rows carry the shared directory once ("p"), each
// source after it, and each row's worst severity; the page offers a
// severity filter, sortable columns and a CSV download.
func TestTableData(t *testing.T) {
	games := readTestGames(t)
	page := render(t, games, DefaultLimit)
	if !strings.Contains(page, `{"p":"sample/","s":[`) {
		t.Error("the rows do not carry the shared directory")
	}
	data := page[strings.Index(page, `<script type="application/json" id="rows">`):]
	data = data[:strings.Index(data, "</script>")]
	if strings.Contains(data, `"sample/broken/`) {
		t.Error("a row repeats the shared directory")
	}
	for _, want := range []string{`<select id="sev">`, `<option value="error">error (6)</option>`, `<option value="warning">warning (1)</option>`,
		`<th data-col="0"><button type="button">source</button></th>`, `<button id="csv" type="button"`, `id="srcdir"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// TestChartFluid: the chart's bars are HTML, as wide as the screen allows
// (the page is checked at phone width in cmd/xqtool's browser test), not a
// drawing of a fixed width.
func TestChartFluid(t *testing.T) {
	page := render(t, readTestGames(t), DefaultLimit)
	if strings.Contains(page, `class="chart" width=`) || !strings.Contains(page, `<ul class="chart">`) {
		t.Error("the chart has a fixed width")
	}
	widest := 0.0
	for _, m := range regexp.MustCompile(`class="track"><span style="width:([0-9.]+)%`).FindAllStringSubmatch(page, -1) {
		w, _ := strconv.ParseFloat(m[1], 64)
		if w > 100 {
			t.Errorf("a bar %v%% wide", w)
		}
		widest = max(widest, w)
	}
	if widest != 100 {
		t.Errorf("the longest bar is %v%% wide, want 100%%", widest)
	}
}

// TestNoMovesPage: when no drawn game has moves (a report written without
// --with-moves), the page says no diagram can be drawn and why, instead
// of "Diagrams for N of N".
func TestNoMovesPage(t *testing.T) {
	games := readTestGames(t)
	for _, g := range games {
		g.Moves, g.Line = nil, nil
	}
	page := render(t, games, DefaultLimit)
	drawn := page[strings.Index(page, `<p id="drawn">`):]
	drawn = drawn[:strings.Index(drawn, "</p>")]
	if strings.Contains(drawn, "Diagrams for") || !strings.Contains(drawn, "No diagrams") || !strings.Contains(drawn, "--with-moves") {
		t.Errorf("the page says %q", drawn)
	}
	if strings.Contains(page, `class="board"`) {
		t.Error("a diagram is drawn without moves")
	}
}

// visible drops the attributes of HTML (titles are tooltips, not text).
func visible(html string) string {
	return regexp.MustCompile(`<[^>]*>`).ReplaceAllString(html, " ")
}
