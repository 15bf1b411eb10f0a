package htmlreport

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/golden"
	"github.com/xqtool/xqtool/report"
	"github.com/xqtool/xqtool/svgboard"
)

var update = flag.Bool("update", false, "rewrite the golden page")

func readTestGames(t testing.TB) []*Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []*Game
	if err := report.ReadGames(f, func(g *Game) error { games = append(games, g); return nil }); err != nil {
		t.Fatal(err)
	}
	return games
}

func render(t testing.TB, games []*Game, limit int) string {
	t.Helper()
	b := NewBuilder(limit)
	for _, g := range games {
		b.Add(g)
	}
	var buf bytes.Buffer
	if err := b.WriteTo(&buf, Run{Inputs: []string{"testdata/games.jsonl"}}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestGoldenPage renders testdata/games.jsonl (report lines of the sample
// corpus) and compares the page with testdata/page.html (go test -update
// rewrites it; open it in a browser before committing).
func TestGoldenPage(t *testing.T) {
	got := render(t, readTestGames(t), DefaultLimit)
	golden.Check(t, filepath.Join("testdata", "page.html"), []byte(got), *update)
	// Self-contained: nothing is fetched (the fonts are data: URLs).
	for _, ref := range []string{"src=", "<link", "@import", "url(", "http://", "https://"} {
		for _, line := range strings.Split(got, "\n") {
			if ref == "url(" && strings.Count(line, ref) == strings.Count(line, "url(data:") {
				continue
			}
			if strings.Contains(line, ref) && !strings.Contains(line, `xmlns="http://www.w3.org/2000/svg"`) {
				t.Errorf("the page refers to something outside itself (%s): %.120s", ref, line)
			}
		}
	}
	if !strings.Contains(got, "@font-face{font-family:\""+svgboard.FontFamily+"\"") {
		t.Error("the page does not carry the board font")
	}
}

// TestPageContents checks the parts of the page against the games.
func TestPageContents(t *testing.T) {
	games := readTestGames(t)
	page := render(t, games, DefaultLimit)
	listed, flagged, unreadable := 0, 0, 0
	for _, g := range games {
		if g.Status != analyze.StatusOK {
			listed++
			flagged++ // a card
			if flags.Has(g.Flags, flags.UnreadableRecord) {
				unreadable++ // a card without a diagram
			}
		}
	}
	// The table's rows are JSON data, one per line after the sources.
	data := page[strings.Index(page, `<script type="application/json" id="rows">`):]
	data = data[:strings.Index(data, "</script>")]
	if n := strings.Count(data, "\n"); n != listed {
		t.Errorf("%d table rows, want %d", n, listed)
	}
	if n := strings.Count(page, `<section class="game"`); n != flagged {
		t.Errorf("%d games drawn, want %d", n, flagged)
	}
	if n := strings.Count(page, `<svg xmlns="http://www.w3.org/2000/svg" class="board"`); n != flagged-unreadable {
		t.Errorf("%d diagrams, want %d", n, flagged-unreadable)
	}
	// An unreadable record has its card (the row links to it), with the
	// error and no diagram.
	if unreadable == 0 {
		t.Fatal("the sample has no unreadable record to check")
	}
	for _, g := range games {
		if flags.Has(g.Flags, flags.UnreadableRecord) {
			sec := section(t, page, g.Source)
			if !strings.Contains(sec, string(flags.UnreadableRecord)) || strings.Contains(sec, "<svg") {
				t.Errorf("%s: the card of an unreadable record:\n%s", g.Source, sec)
			}
		}
	}
	// The illegal move of sample/broken/illegal-move.pgn: 马二进四 from h0
	// to f1, blocked; the diagram shows the position before ply 3.
	sec := section(t, page, "sample/broken/illegal-move.pgn")
	if !strings.Contains(sec, `<g class="arrow tried" data-move="h0f1"`) || strings.Count(sec, `class="arrow`) != 1 {
		t.Errorf("illegal move: want exactly the arrow h0f1:\n%s", sec)
	}
	if !strings.Contains(sec, `data-sq="e2" data-piece="C"`) || !strings.Contains(sec, `data-sq="g7" data-piece="n"`) {
		t.Error("illegal move: the diagram is not the position after 炮二平五 马８进７")
	}
	if !strings.Contains(sec, `<span data-ply="3" class="bad">马二进四</span>`) {
		t.Error("illegal move: ply 3 is not highlighted in the record's notation")
	}
	if !strings.Contains(sec, `<i>1.</i>炮二平五 马８进７ `) {
		t.Error("illegal move: the Chinese line lacks 马８进７")
	}
	// The perpetual check: the cycle's moves of both sides as arrows.
	sec = section(t, page, "sample/rules-perpetual-check.pgn")
	if strings.Count(sec, `class="arrow red-move"`) == 0 || strings.Count(sec, `class="arrow black-move"`) == 0 {
		t.Errorf("perpetual check: the cycle's moves are not drawn:\n%s", sec)
	}
	// The result mismatch: the final position, the mated king ringed.
	sec = section(t, page, "sample/broken/result-mismatch.pgn")
	if !strings.Contains(sec, `class="mark focus" data-sq="d9"`) {
		t.Errorf("result mismatch: the mated king is not marked:\n%s", sec)
	}
}

// section returns the drawn game of a source.
func section(t *testing.T, page, source string) string {
	t.Helper()
	i := strings.Index(page, `<section class="game"`)
	for i >= 0 {
		end := strings.Index(page[i:], "</section>")
		s := page[i : i+end]
		if strings.Contains(s, `">`+source+" #") {
			return s
		}
		next := strings.Index(page[i+end:], `<section class="game"`)
		if next < 0 {
			break
		}
		i += end + next
	}
	t.Fatalf("no drawn game from %s", source)
	return ""
}

// TestLimit checks the choice of the games drawn: every code first (in
// code order), then input order, and the count left out on the page.
func TestLimit(t *testing.T) {
	var games []*Game
	codes := []flags.Code{"missing_tags", "missing_tags", "missing_tags", "illegal_move", "missing_tags", "perpetual_chase"}
	for i, c := range codes {
		games = append(games, &Game{Source: "s.pgn", Index: i, FEN: "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Moves: []string{},
			Status: analyze.StatusWarning, Flags: []flags.Flag{{Code: c, Severity: flags.Warning}}})
	}
	for _, tc := range []struct {
		limit int
		want  []int // drawn games (indices)
	}{
		{0, nil},
		{1, []int{3}},          // illegal_move < missing_tags < perpetual_chase
		{2, []int{0, 3}},       // the first two codes by name: illegal_move, missing_tags
		{3, []int{0, 3, 5}},    // every code represented
		{4, []int{0, 1, 3, 5}}, // then input order
		{10, []int{0, 1, 2, 3, 4, 5}},
	} {
		b := NewBuilder(tc.limit)
		for _, g := range games {
			b.Add(g)
		}
		var got []int
		for _, i := range b.selected() {
			got = append(got, b.rows[i].index)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("limit %d: drew %v, want %v", tc.limit, got, tc.want)
		}
		var buf bytes.Buffer
		if err := b.WriteTo(&buf, Run{}); err != nil {
			t.Fatal(err)
		}
		left := len(games) - len(tc.want)
		if msg := fmt.Sprintf("; %d left out", left); left > 0 && !strings.Contains(buf.String(), msg) {
			t.Errorf("limit %d: the page does not say %q", tc.limit, msg)
		}
	}
}

// TestBoundedMemory checks that a Builder keeps details only for the
// games it may draw.
func TestBoundedMemory(t *testing.T) {
	b := NewBuilder(3)
	for i := range 1000 {
		code := flags.MissingTags
		if i == 900 {
			code = flags.IllegalMove
		}
		b.Add(&Game{Source: "s.pgn", Index: i, Moves: make([]string, 80), Status: analyze.StatusWarning,
			Flags: []flags.Flag{{Code: code, Severity: flags.Warning}}})
	}
	kept := 0
	for _, r := range b.rows {
		if r.game != nil {
			kept++
		}
	}
	if kept != 4 { // the first 3, and the first illegal_move
		t.Errorf("%d games kept, want 4", kept)
	}
	if len(b.rows) != 1000 {
		t.Errorf("%d rows, want 1000", len(b.rows))
	}
}

// TestHostileGames renders games whose fields do not fit together (moves
// that cannot be played, plies out of range, bad FENs and squares) and
// text that must be escaped: the page is still written, with notes.
func TestHostileGames(t *testing.T) {
	games := []*Game{
		{Source: `<script>alert("x")</script>`, Status: analyze.StatusWarning, FEN: "garbage", Moves: []string{},
			Flags: []flags.Flag{{Code: "illegal_move", Ply: 99, Severity: flags.Error, Detail: "<b>&"}}},
		{Source: "b", Status: analyze.StatusWarning, FEN: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Moves: []string{"e0e1", "a0a9", "zz"},
			Tried: []string{"x", "e0e0", "e1e2"}, Cycles: []report.Cycle{{Ply: 3, First: 9, Last: 2}},
			Classes: []report.Class{{Ply: 1, Chased: []string{"q9", "e9"}}},
			Flags:   []flags.Flag{{Code: "perpetual_chase", Ply: 3, Severity: flags.Warning}, {Code: "illegal_move", Ply: -4}}},
		{Source: "c", Status: analyze.StatusWarning, FEN: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Moves: []string{"e0e1", "d9d8"},
			Cycles: []report.Cycle{{Ply: 2, First: 1, Last: 7}}, Flags: []flags.Flag{{Code: "perpetual_check", Ply: 2}}},
	}
	page := render(t, games, DefaultLimit)
	if strings.Contains(page, "<script>alert") || strings.Contains(page, "<b>&") {
		t.Error("text not escaped")
	}
	for _, note := range []string{"cannot be set up", `move &#34;a0a9&#34; at ply 2 cannot be played`} {
		if !strings.Contains(page, note) {
			t.Errorf("no note %q", note)
		}
	}
}

// TestNoMoves: a report line written without --with-moves has no moves;
// its game is listed and described, but no position is drawn.
func TestNoMoves(t *testing.T) {
	g := &Game{Source: "a.pgn", Status: analyze.StatusWarning, FEN: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
		Tried: []string{"h0f1"}, Flags: []flags.Flag{{Code: "illegal_move", Ply: 3, Severity: flags.Error}}}
	page := render(t, []*Game{g}, DefaultLimit)
	if strings.Contains(page, `class="board"`) || !strings.Contains(page, "write it with validate --with-moves") {
		t.Error("a game without moves is drawn, or the page does not say why it is not")
	}
}

func FuzzPage(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "games.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f.Add([]byte(line))
	}
	f.Add([]byte(`{"source":"a","status":"flagged","fen":"4k4/9/9/9/9/9/9/9/9/4K4 w","moves":["e0e1"],"cycles":[{"ply":1,"first":1,"last":1}],"flags":[{"code":"perpetual_check","ply":1}]}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		b := NewBuilder(2)
		_ = report.ReadGames(bytes.NewReader(in), func(g *Game) error { b.Add(g); return nil })
		var buf bytes.Buffer
		if err := b.WriteTo(&buf, Run{Inputs: []string{"fuzz"}}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(buf.String(), "</html>\n") {
			t.Fatal("page not complete")
		}
	})
}

func ExampleBuilder() {
	b := NewBuilder(DefaultLimit)
	line := `{"source":"game.pgn","index":0,"format":"pgn","tags":{"Red":"R","Black":"B"},` +
		`"fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",` +
		`"moves":["h2e2","h9g7"],"line":["炮二平五","马８进７","马二进四"],"tried":["h0f1"],"result":"1-0","status":"flagged",` +
		`"flags":[{"code":"illegal_move","ply":3,"side":"red","severity":"error","detail":"blocked"}]}`
	_ = report.ReadGames(strings.NewReader(line), func(g *Game) error { b.Add(g); return nil })
	var page bytes.Buffer
	_ = b.WriteTo(&page, Run{Inputs: []string{"report.jsonl"}})
	fmt.Println(strings.Count(page.String(), `class="arrow tried" data-move="h0f1"`), "arrow")
	// Output: 1 arrow
}

func TestPageRowsInScript(t *testing.T) {
	if pageRowsJS != fmt.Sprint(PageRows) {
		t.Errorf("the script pages %s rows, PageRows is %d", pageRowsJS, PageRows)
	}
}

// TestLateWarningListsOKGame: with KeepOK, a page without late flags is
// the same page, and a late warning (an annotator's) lists a game that was
// ok during the pass.
func TestLateWarningListsOKGame(t *testing.T) {
	games := readTestGames(t)
	plain := render(t, games, 5)
	build := func(late bool) (*Builder, string) {
		b := NewBuilder(5)
		b.KeepOK()
		okNum := -1
		for i, g := range games {
			b.Add(g)
			if okNum < 0 && g.Status == analyze.StatusOK {
				okNum = i
			}
		}
		if late {
			b.Late(okNum, Verdict{State: analyze.StatusWarning, Flags: []flags.Flag{flags.New(flags.SuspectMove, 3, "red", "a slip")}})
		}
		var buf bytes.Buffer
		if err := b.WriteTo(&buf, Run{Inputs: []string{"testdata/games.jsonl"}}); err != nil {
			t.Fatal(err)
		}
		return b, buf.String()
	}
	if _, page := build(false); page != plain {
		t.Fatal("KeepOK changed the page of a run without late flags")
	}
	b0 := NewBuilder(5)
	for _, g := range games {
		b0.Add(g)
	}
	b, page := build(true)
	if b.warnings != b0.warnings+1 || b.ok != b0.ok-1 || len(b.rows) != len(b0.rows)+1 || b.listed[flags.SuspectMove] != 1 {
		t.Fatalf("warning %d ok %d rows %d (before: %d %d %d)", b.warnings, b.ok, len(b.rows), b0.warnings, b0.ok, len(b0.rows))
	}
	if !strings.Contains(page, `"suspect_move"`) {
		t.Error("the row's code is not in the page")
	}
}
