package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/report"
)

// browserPath finds a Chromium-family browser: $XQTOOL_BROWSER, else the
// usual names on PATH. Outside CI the browser tests skip without one; in
// CI (CI=true) a missing browser fails them.
func browserPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("XQTOOL_BROWSER"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no browser found (chromium, google-chrome): CI must install one (apt-get install -y chromium)")
	}
	t.Skip("no browser found (chromium, google-chrome); install Chromium or set XQTOOL_BROWSER to run the browser tests")
	return ""
}

// openBrowser starts a headless browser with the flags a closed network
// and a root user need, and returns a tab's context and the console
// messages collected so far.
func openBrowser(t *testing.T) (context.Context, func() []chromedp.ConsoleMessage) {
	t.Helper()
	exe := browserPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 1600),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	// Start the browser (and the tab) before subscribing to its console.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	var mu sync.Mutex
	var msgs []chromedp.ConsoleMessage
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			mu.Lock()
			msgs = append(msgs, m)
			mu.Unlock()
		}
	}()
	return ctx, func() []chromedp.ConsoleMessage {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(msgs)
	}
}

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
	dir := t.TempDir()
	page, rep := filepath.Join(dir, "report.html"), filepath.Join(dir, "report.jsonl")
	sample, _ := filepath.Abs(filepath.Join("..", "..", "sample"))
	if _, errs, code := runCLI(t, "", "validate", "--quiet", "--with-moves", "--report", rep, "--html", page, sample); code != 1 {
		t.Fatalf("validate: exit %d: %s", code, errs)
	}
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

	// Screenshots for a person: the top of the page, and the whole page.
	for name, shot := range map[string]chromedp.Action[[]byte]{
		"xqtool-report.png":      chromedp.CaptureScreenshot(),
		"xqtool-report-full.png": chromedp.FullScreenshot(100),
	} {
		png, err := chromedp.Run(ctx, shot)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(os.TempDir(), name)
		if err := os.WriteFile(out, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s (%d bytes)", out, len(png))
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
