package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/browsertest"
	"github.com/xqtool/xqtool/report"
	"github.com/xqtool/xqtool/svgboard"
)

// pageFacts is what the test reads from the rendered page.
type pageFacts struct {
	Rows     int `json:"rows"`
	Diagrams []struct {
		ID     string `json:"id"`
		Codes  string `json:"codes"`
		SVGs   int    `json:"svgs"`
		Pieces int    `json:"pieces"`
		Arrows int    `json:"arrows"`
		Tried  int    `json:"tried"`
	} `json:"diagrams"`
	Drawn string `json:"drawn"`
	Shown string `json:"shown"`
}

const factsJS = `(() => {
  const out = {rows: document.querySelectorAll('#games tbody tr').length, diagrams: [],
    drawn: document.getElementById('drawn').textContent, shown: document.getElementById('shown').textContent};
  for (const s of document.querySelectorAll('section.game')) {
    out.diagrams.push({id: s.id, codes: s.dataset.codes, svgs: s.querySelectorAll('figure svg.board').length,
      pieces: s.querySelectorAll('svg.board g.pc').length, arrows: s.querySelectorAll('svg.board g.arrow').length,
      tried: s.querySelectorAll('svg.board g.arrow.tried').length});
  }
  return out;
})()`

// filterJS selects a code in the filter and returns the codes of the rows
// left visible.
const filterJS = `((code, text) => {
  const sel = document.getElementById('code'), txt = document.getElementById('text');
  sel.value = code; sel.dispatchEvent(new Event('change'));
  txt.value = text; txt.dispatchEvent(new Event('input'));
  const vis = [];
  for (const r of document.querySelectorAll('#games tbody tr')) if (!r.hidden && r.offsetParent !== null) vis.push(r.dataset.codes);
  return {visible: vis, shown: document.getElementById('shown').textContent};
})`

// TestHTMLReportInBrowser opens the page of the sample corpus in headless
// Chromium: no console errors, one table row per flagged or unreadable
// game, every diagram an SVG with at most 32 pieces (exactly one arrow for
// an illegal move: the attempted one), and filtering by a code leaves that
// code's games only. It writes screenshots to $TMPDIR for a person.
func TestHTMLReportInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ctx, console := openBrowser(t)
	page, rep := samplePage(t)
	// What the page must show, from the report lines.
	listed, byCode, tried := 0, map[flags.Code]int{}, map[string]int{}
	f, err := os.Open(rep)
	if err != nil {
		t.Fatal(err)
	}
	err = report.ReadGames(f, func(g *report.Game) error {
		if g.Status == analyze.StatusOK {
			return nil
		}
		listed++
		seen := map[flags.Code]bool{}
		for _, fl := range g.Flags {
			if !seen[fl.Code] {
				seen[fl.Code] = true
				byCode[fl.Code]++
			}
		}
		tried[filepath.Base(g.Source)] = len(g.Tried)
		return nil
	})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if listed == 0 || byCode[flags.IllegalMove] == 0 {
		t.Fatalf("the sample has %d listed games, %d with illegal moves: the test needs both", listed, byCode[flags.IllegalMove])
	}

	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	facts, err := chromedp.Run(ctx, chromedp.Evaluate[pageFacts](factsJS))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("page of the sample: loaded and read in %v", time.Since(start).Round(time.Millisecond))
	if want := min(listed, htmlreport.PageRows); facts.Rows != want || facts.Shown != strconv.Itoa(listed) {
		t.Errorf("table rows = %d (counter %s), want %d of %d (flagged and unreadable games)", facts.Rows, facts.Shown, want, listed)
	}
	if len(facts.Diagrams) == 0 {
		t.Fatalf("no diagram drawn (%s)", facts.Drawn)
	}
	illegal := 0
	for _, d := range facts.Diagrams {
		if strings.Contains(" "+d.Codes+" ", " "+string(flags.UnreadableRecord)+" ") {
			// The card of a record that could not be read: no diagram.
			if d.SVGs != 0 {
				t.Errorf("%s (unreadable record): %d diagrams, want none", d.ID, d.SVGs)
			}
			continue
		}
		if d.SVGs != 1 || d.Pieces == 0 || d.Pieces > 32 {
			t.Errorf("%s: %d diagrams with %d pieces, want one SVG with 1..32 pieces", d.ID, d.SVGs, d.Pieces)
		}
		if strings.Contains(" "+d.Codes+" ", " "+string(flags.IllegalMove)+" ") {
			illegal++
			if d.Arrows != 1 || d.Tried != 1 {
				t.Errorf("%s (illegal move): %d arrows (%d tried), want exactly one", d.ID, d.Arrows, d.Tried)
			}
		}
	}
	if illegal != byCode[flags.IllegalMove] {
		t.Errorf("%d illegal-move games drawn, want all %d", illegal, byCode[flags.IllegalMove])
	}

	type filtered struct {
		Visible []string `json:"visible"`
		Shown   string   `json:"shown"`
	}
	for code, n := range byCode {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[filtered](filterJS+`(`+jsString(string(code))+`, "")`))
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Visible) != n {
			t.Errorf("filter %s: %d rows visible, want %d", code, len(got.Visible), n)
		}
		for _, c := range got.Visible {
			if !slices.Contains(strings.Fields(c), string(code)) {
				t.Errorf("filter %s: a row with codes %q is visible", code, c)
			}
		}
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[filtered](filterJS+`("", "rules-perpetual-check")`))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Visible) != 1 || got.Shown != "1" {
		t.Errorf("text filter: %d rows visible (counter %s), want 1", len(got.Visible), got.Shown)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[filtered](filterJS+`("", "")`)); err != nil {
		t.Fatal(err)
	}

	// A table link jumps to its drawn game, whose diagram is then on the
	// screen (rendered: content-visibility defers off-screen games).
	jump, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
	  const a = document.querySelector('#games tbody a[href^="#g-"]');
	  a.click();
	  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	  const sec = document.querySelector(a.getAttribute('href')), svg = sec.querySelector('svg.board');
	  const r = svg.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
	  return (r.top >= 0 && r.top < innerHeight && r.width > 100 && svg.contains(hit)) ? 'ok' : 'diagram not shown: ' + JSON.stringify(r);
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if jump != "ok" {
		t.Errorf("following a table link: %s", jump)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
		t.Fatal(err)
	}

	for _, m := range console() {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			t.Errorf("console: %v", m)
		}
	}
}

// samplePage runs validate on the sample corpus with --report and --html
// (exit 1: the sample has broken records on purpose) and returns the
// page and the report.
func samplePage(t *testing.T) (page, report string) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	dir := t.TempDir()
	page, report = filepath.Join(dir, "report.html"), filepath.Join(dir, "report.jsonl")
	sample, _ := filepath.Abs(filepath.Join("..", "..", "sample"))
	if _, errs, code := runCLI(t, "", "validate", "--quiet", "--with-moves", "--report", report, "--html", page, sample); code != 1 {
		t.Fatalf("validate: exit %d: %s", code, errs)
	}
	return page, report
}

// openPage navigates to a page and waits until its fonts are loaded and
// two frames are drawn with them.
func openPage(t *testing.T, ctx context.Context, page string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}

// screenshotDir is where the browser tests save pictures for a person:
// $XQTOOL_SCREENSHOTS, else the temporary directory.
func screenshotDir() string {
	if d := os.Getenv("XQTOOL_SCREENSHOTS"); d != "" {
		return d
	}
	return os.TempDir()
}

// saveScreenshot saves the viewport as name in screenshotDir.
func saveScreenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(screenshotDir(), name)
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", out, len(png))
}

// layoutJS measures the page at the window's width with every game laid
// out (content-visibility would leave off-screen games unmeasured): the
// document's width, and the elements wider than the window. It also
// draws the shared empty board once in the page and measures its file
// numbers with the fonts the page has, as boxes in the board's units.
const layoutJS = `(async () => {
  const st = document.createElement('style');
  st.textContent = 'section.game{content-visibility:visible!important}';
  document.head.appendChild(st);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const w = document.documentElement.clientWidth, out = {width: w, scrollWidth: document.documentElement.scrollWidth, wide: [], numbers: []};
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 0.5 && out.wide.length < 8) out.wide.push(e.tagName + (e.id ? '#' + e.id : '') + '.' + e.getAttribute('class') + ' right ' + Math.round(r.right));
  }
  const sym = document.getElementById('xq-board'), svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', sym.getAttribute('viewBox'));
  svg.setAttribute('font-family', sym.getAttribute('font-family'));
  svg.setAttribute('text-anchor', 'middle');
  svg.style.width = '400px';
  svg.innerHTML = sym.innerHTML;
  document.body.appendChild(svg);
  for (const t of svg.querySelectorAll('text.file')) { const b = t.getBBox(); out.numbers.push({x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height, text: t.textContent}); }
  svg.remove(); st.remove();
  return out;
})()`

// TestHTMLReportLayout opens the page of the sample at desktop (1100 px)
// and phone (420 px) widths: no horizontal page scroll, and the file
// numbers of the board, measured with the page's own fonts, clear of a
// piece on any point of the edge ranks. It saves the top of the page at
// both widths (screenshotDir).
func TestHTMLReportLayout(t *testing.T) {
	page, _ := samplePage(t)
	type layout struct {
		Width       int      `json:"width"`
		ScrollWidth int      `json:"scrollWidth"`
		Wide        []string `json:"wide"`
		Numbers     []struct {
			X0, Y0, X1, Y1 float64
			Text           string
		} `json:"numbers"`
	}
	for _, w := range []struct {
		name  string
		width int
	}{{"desktop", 1100}, {"phone", 420}} {
		t.Run(w.name, func(t *testing.T) {
			// Chromium's windows are 500 px wide at least: a phone's
			// width is emulated.
			ctx, console := openBrowser(t, chromedp.WindowSize(max(w.width, 500), 900))
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w.width), 900)); err != nil {
				t.Fatal(err)
			}
			openPage(t, ctx, page)
			saveScreenshot(t, ctx, "xqtool-report-"+w.name+".png")
			got, err := chromedp.Run(ctx, chromedp.Evaluate[layout](layoutJS, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if got.Width != w.width {
				t.Fatalf("window %d px wide, want %d", got.Width, w.width)
			}
			if got.ScrollWidth > got.Width {
				t.Errorf("the page is %d px wide in a %d px window (horizontal scroll); too wide: %v", got.ScrollWidth, got.Width, got.Wide)
			}
			if len(got.Numbers) != 2*board.Files {
				t.Fatalf("%d file numbers measured, want %d", len(got.Numbers), 2*board.Files)
			}
			r := float64(svgboard.Radius) + 0.75 // the disc and half its stroke
			for _, n := range got.Numbers {
				for f := range board.Files {
					for _, rank := range []int{0, board.Ranks - 1} {
						x, y := svgboard.Point(board.SquareAt(f, rank))
						if n.X0 < float64(x)+r && float64(x)-r < n.X1 && n.Y0 < float64(y)+r && float64(y)-r < n.Y1 {
							t.Errorf("file number %s (box %.1f,%.1f-%.1f,%.1f) is covered by a piece on %v", n.Text, n.X0, n.Y0, n.X1, n.Y1, board.SquareAt(f, rank))
						}
					}
				}
			}
			for _, m := range console() {
				if m.Type == chromedp.ConsoleError || m.IsException() {
					t.Errorf("console: %v", m)
				}
			}
		})
	}
}

// glyphJS draws each character with the page's board font, bold, and
// three piece characters with the generic sans-serif font, on a canvas,
// and returns a hash and the inked pixels of each, with the state of the
// board font's faces.
const glyphJS = `(async (chars, fallback) => {
  await document.fonts.load('bold 24px "xq-board"', chars);
  await document.fonts.load('24px "xq-board"', chars);
  const c = document.createElement('canvas'); c.width = c.height = 40;
  const g = c.getContext('2d', {willReadFrequently: true});
  const draw = (font, ch) => {
    g.clearRect(0, 0, 40, 40); g.font = font; g.fillText(ch, 6, 30);
    const d = g.getImageData(0, 0, 40, 40).data; let h = 0, ink = 0;
    for (let i = 3; i < d.length; i += 4) { if (d[i]) ink++; h = (Math.imul(h, 31) + d[i]) | 0; }
    return {ch, hash: h, ink};
  };
  const faces = [...document.fonts].filter(f => f.family.replace(/["']/g, '') === 'xq-board').map(f => f.status);
  const text = document.querySelector('svg.board g.pc text');
  return {faces, ours: [...chars].map(ch => draw('bold 24px "xq-board"', ch)),
    fallback: fallback ? [...'帅将炮'].map(ch => draw('24px sans-serif', ch)) : [],
    check: document.fonts.check('bold 18px "xq-board"', chars),
    pieceFont: getComputedStyle(text).fontFamily};
})`

// latinFont returns a font file without Chinese glyphs from the usual
// places of a Debian system (Chromium recommends fonts-liberation), or ""
// when there is none.
func latinFont() string {
	found := ""
	_ = filepath.WalkDir("/usr/share/fonts", func(p string, d os.DirEntry, err error) error {
		if err != nil || found != "" {
			return filepath.SkipDir
		}
		switch d.Name() {
		case "LiberationSans-Regular.ttf", "DejaVuSans.ttf":
			found = p
		}
		return nil
	})
	return found
}

// TestHTMLReportWithoutCJKFonts opens the page in a browser whose font
// configuration has no Chinese font (FONTCONFIG_FILE names a directory
// with one Latin font, or none: Chromium aborts when a canvas asks for a
// system font and there is none at all, so the fallback check needs
// one), as on a machine without Chinese fonts: the page's own board font
// loads, draws every character the board and the notation use as a glyph
// of its own (distinct pictures, with ink), and is the diagrams' font;
// the system's fallback draws the same empty box for every piece, which
// shows the configuration has no Chinese font.
func TestHTMLReportWithoutCJKFonts(t *testing.T) {
	page, _ := samplePage(t)
	dir := t.TempDir()
	conf := filepath.Join(dir, "fonts.conf")
	fonts := filepath.Join(dir, "fonts")
	if err := os.Mkdir(fonts, 0o755); err != nil {
		t.Fatal(err)
	}
	latin := latinFont()
	if latin != "" {
		if err := os.Symlink(latin, filepath.Join(fonts, filepath.Base(latin))); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Log("no Latin font found: the browser gets no font at all, and the check of its fallback is left out")
	}
	xml := `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>` + fonts + `</dir><cachedir>` + filepath.Join(dir, "cache") + `</cachedir></fontconfig>`
	if err := os.WriteFile(conf, []byte(xml), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, console := openBrowser(t, chromedp.Env("FONTCONFIG_FILE="+conf), chromedp.WindowSize(1100, 900))
	openPage(t, ctx, page)
	type glyph struct {
		Ch   string `json:"ch"`
		Hash int    `json:"hash"`
		Ink  int    `json:"ink"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
		Faces     []string `json:"faces"`
		Ours      []glyph  `json:"ours"`
		Fallback  []glyph  `json:"fallback"`
		Check     bool     `json:"check"`
		PieceFont string   `json:"pieceFont"`
	}](glyphJS+"("+strconv.Quote(strings.ReplaceAll(svgboard.FontChars, " ", ""))+", "+strconv.FormatBool(latin != "")+")", chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if f := got.Fallback; latin != "" && (len(f) != 3 || f[0].Hash != f[1].Hash || f[1].Hash != f[2].Hash) {
		t.Fatalf("the system's fallback draws 帅将炮 differently (%v): the font configuration has a Chinese font, the test proves nothing", f)
	}
	if len(got.Faces) != 2 || got.Faces[0] != "loaded" || got.Faces[1] != "loaded" || !got.Check {
		t.Errorf("board font faces %v (check %v), want two loaded", got.Faces, got.Check)
	}
	seen := map[int]string{}
	for _, g := range got.Ours {
		if g.Ink == 0 {
			t.Errorf("%q draws nothing", g.Ch)
		}
		if other, dup := seen[g.Hash]; dup {
			t.Errorf("%q draws the same picture as %q (a missing glyph)", g.Ch, other)
		}
		seen[g.Hash] = g.Ch
	}
	if !strings.HasPrefix(strings.Trim(got.PieceFont, `"'`), svgboard.FontFamily) {
		t.Errorf("the pieces are drawn with %s, not the board font first", got.PieceFont)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('g-7') && document.getElementById('g-7').scrollIntoView()`)); err != nil {
		t.Fatal(err)
	}
	saveScreenshot(t, ctx, "xqtool-report-no-system-fonts.png")
	for _, m := range console() {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			t.Errorf("console: %v", m)
		}
	}
}

// tableJS returns the table's rows as drawn: each row's severity, codes,
// source cell text and its title (the whole path).
const tableJS = `(() => [...document.querySelectorAll('#games tbody tr')].map(r => ({
  sev: r.dataset.sev, codes: r.dataset.codes, source: r.cells[0].textContent, title: r.cells[0].title})))()`

// tableRow is a row of tableJS.
type tableRow struct {
	Sev    string `json:"sev"`
	Codes  string `json:"codes"`
	Source string `json:"source"`
	Title  string `json:"title"`
}

// TestHTMLReportTable works the table of the sample's page: at first the
// games with an error first; a click on a heading sorts by that column, a
// second click reverses it; the status filter leaves the games of that
// status only (as many as the report has); each source shows what
// differs from the others, with its whole path as its title; and the CSV
// download holds the rows shown, in their order, with whole paths.
func TestHTMLReportTable(t *testing.T) {
	page, rep := samplePage(t)
	// The status of each listed game (its worst flag's severity), from
	// the report.
	sevs := map[string]int{}
	listed := 0
	f, err := os.Open(rep)
	if err != nil {
		t.Fatal(err)
	}
	err = report.ReadGames(f, func(g *report.Game) error {
		if g.Status != analyze.StatusOK {
			listed++
			sevs[string(g.Status)]++
		}
		return nil
	})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if sevs["error"] == 0 || sevs["warning"] == 0 {
		t.Fatalf("the sample's listed games have severities %v: the test needs errors and warnings", sevs)
	}
	ctx, console := openBrowser(t)
	openPage(t, ctx, page)
	rows := func() []tableRow {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]tableRow](tableJS))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	rank := map[string]int{"error": 0, "warning": 1, "info": 2}
	got := rows()
	if len(got) != listed {
		t.Fatalf("%d rows, want %d", len(got), listed)
	}
	for i := 1; i < len(got); i++ {
		if rank[got[i-1].Sev] > rank[got[i].Sev] {
			t.Errorf("at first, row %d (%s) comes after a %s row: not the worst first", i+1, got[i].Sev, got[i-1].Sev)
		}
	}
	for _, r := range got {
		if !strings.HasSuffix(r.Title, r.Source) || len(r.Source) >= len(r.Title) || !strings.HasSuffix(filepath.Dir(r.Title[:len(r.Title)-len(r.Source)]+"x"), "sample") {
			t.Errorf("source %q (title %q): want the path after the shared directory, the whole path as title", r.Source, r.Title)
		}
	}
	click := func(col string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#games th[data-col="`+col+`"] button').click()`)); err != nil {
			t.Fatal(err)
		}
	}
	sources := func(rs []tableRow) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Source)
		}
		return out
	}
	click("0") // source, ascending
	asc := sources(rows())
	if !slices.IsSortedFunc(asc, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) || len(asc) != listed {
		t.Errorf("sorted by source: %q", asc)
	}
	click("0") // descending
	desc := sources(rows())
	slices.Reverse(desc)
	if !slices.Equal(asc, desc) {
		t.Errorf("sorted by source, reversed: %q, want the reverse of %q", desc, asc)
	}
	for sev, n := range sevs {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(s => { const e = document.getElementById('sev'); e.value = s; e.dispatchEvent(new Event('change')) })(`+jsString(sev)+`)`)); err != nil {
			t.Fatal(err)
		}
		got := rows()
		if len(got) != n {
			t.Errorf("severity %s: %d rows, want %d", sev, len(got), n)
		}
		for _, r := range got {
			if r.Sev != sev {
				t.Errorf("severity %s: a %s row is shown (%s)", sev, r.Sev, r.Source)
			}
		}
	}
	// The download: the rows shown (the last severity, sorted by source
	// descending), as CSV.
	shown := rows()
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById('csv').click()`)); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "xqtool-report.csv")
	var data []byte
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(100 * time.Millisecond) {
		if data, err = os.ReadFile(file); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("no download: %v", err)
	}
	records, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != len(shown)+1 || strings.Join(records[0], ",") != "source,game,red,black,event,date,result,severity,codes" {
		t.Fatalf("CSV of %d lines (header %q), want a header and %d rows", len(records), records[0], len(shown))
	}
	for i, r := range shown {
		rec := records[i+1]
		if rec[0] != r.Title || rec[7] != r.Sev || rec[8] != r.Codes {
			t.Errorf("CSV row %d: %q, want source %q, severity %s, codes %q", i+1, rec, r.Title, r.Sev, r.Codes)
		}
	}
	for _, m := range console() {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			t.Errorf("console: %v", m)
		}
	}
}

// TestHTMLPageTiming opens the page named by $XQTOOL_HTML_PAGE (for
// instance one made from a large run) and logs the time to load it and to
// filter its table. It measures; it asserts nothing but a clean console.
func TestHTMLPageTiming(t *testing.T) {
	page := os.Getenv("XQTOOL_HTML_PAGE")
	if page == "" {
		t.Skip("set XQTOOL_HTML_PAGE to a page to time")
	}
	abs, err := filepath.Abs(page)
	if err != nil {
		t.Fatal(err)
	}
	ctx, console := openBrowser(t)
	pid := 0
	if pr := chromedp.FromContext(ctx).Browser.Process(); pr != nil {
		pid = pr.Pid
	}
	cpu0 := treeCPU(pid)
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs)); err != nil {
		t.Fatal(err)
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#games tbody tr').length`))
	if err != nil {
		t.Fatal(err)
	}
	loaded := time.Since(start)
	nav, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {const n=performance.getEntriesByType('navigation')[0];
	  return {responseEnd:n.responseEnd, domInteractive:n.domInteractive, domContentLoaded:n.domContentLoadedEventEnd, load:n.loadEventEnd}})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: navigation timing (ms): %v", page, nav)
	t.Logf("%s: the browser's processes used %v of CPU to load it (the wall time depends on the machine's load)", page, treeCPU(pid)-cpu0)
	start = time.Now()
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {const s=document.getElementById('code');
	  s.value=s.options[s.options.length-1].value; s.dispatchEvent(new Event('change'));
	  document.body.offsetHeight; return document.getElementById('shown').textContent})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d rows, loaded in %v; filtered to %s rows in %v", page, rows, loaded.Round(time.Millisecond), shown, time.Since(start).Round(time.Millisecond))
	for _, m := range console() {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			t.Errorf("console: %v", m)
		}
	}
}

// treeCPU returns the CPU time (user + system) used so far by process pid
// and its descendants, from /proc (0 where there is none).
func treeCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	type proc struct {
		ppid int
		cpu  int64
	}
	procs := map[int]proc{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 13 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		procs[id] = proc{ppid: ppid, cpu: ut + st}
	}
	var ticks int64
	for id, p := range procs {
		for q := id; q > 1; q = procs[q].ppid {
			if q == pid {
				ticks += p.cpu
				break
			}
			if _, ok := procs[q]; !ok {
				break
			}
		}
	}
	return time.Duration(ticks) * 10 * time.Millisecond // USER_HZ is 100 on Linux
}

// jsString quotes s as a JavaScript string literal (codes are plain
// ASCII words).
func jsString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// openBrowser starts the browser of the tests (browsertest.Open) with a
// deadline of two minutes.
func openBrowser(t *testing.T, extra ...chromedp.ExecAllocatorOption) (context.Context, func() []chromedp.ConsoleMessage) {
	t.Helper()
	return browsertest.Open(t, 2*time.Minute, extra...)
}
