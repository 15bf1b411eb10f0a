package main

import (
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/xqtool/xqtool/internal/testgames"
)

// eventsFacts is what the test reads from the rendered events page.
type eventsFacts struct {
	Events   int      `json:"events"`
	Counts   []string `json:"counts"`
	Links    int      `json:"links"`
	Broken   []string `json:"broken"`
	Games    int      `json:"games"`
	BadBoard []string `json:"badBoard"`
	Flagged  int      `json:"flagged"`
	Wide     []string `json:"wide"`
}

const eventsFactsJS = `(() => {
  const out = {events: document.querySelectorAll('section.event').length, counts: [], links: 0, broken: [], games: 0, badBoard: [],
    flagged: +document.getElementById('count-flagged').textContent, wide: []};
  for (const id of ['events', 'shown', 'flagged']) out.counts.push(document.getElementById('count-' + id).textContent);
  for (const a of document.querySelectorAll('a[href^="#"]')) {
    out.links++;
    if (!document.getElementById(a.getAttribute('href').slice(1))) out.broken.push(a.getAttribute('href'));
  }
  for (const s of document.querySelectorAll('#diagrams section.game')) {
    out.games++;
    const svgs = s.querySelectorAll('figure svg.board'), pieces = s.querySelectorAll('svg.board g.pc').length;
    if (svgs.length !== 1 || pieces < 2 || pieces > 32) out.badBoard.push(s.id + ':' + svgs.length + '/' + pieces);
  }
  for (const t of document.querySelectorAll('table.cross')) if (t.getBoundingClientRect().width > 1200) out.wide.push(t.closest('section')?.id || '');
  return out;
})()`

// TestEventsPageInBrowser opens the events page of the real records in
// headless Chromium: no console error, one section per event shown (the
// events of at least two counted games or with a flag, as events.parquet
// lists them), every in-page link (crosstable cells, flags, events) lands
// on an element, and every flagged game has one diagram of its final
// position.
func TestEventsPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ctx, console := openBrowser(t)
	out := t.TempDir()
	page := filepath.Join(out, "events.html")
	if _, stderr, code := runCLI(t, "", "tournament", "--html", page, "-o", out, recordsDir(t)); code > 1 {
		t.Fatalf("tournament: exit %d: %s", code, stderr)
	}
	// What the page must show, from events.parquet.
	shown, flaggedEvents := 0, 0
	rows := testgames.Columns(t, filepath.Join(out, "events.parquet"), "counted", "pairing_conflict", "repeated_pairing", "result_conflict", "date_outside_event", "name_variants")
	for _, r := range rows {
		counted, _ := strconv.Atoi(r[0])
		flagged := false
		for _, v := range r[1:] {
			flagged = flagged || v != "0"
		}
		if flagged {
			flaggedEvents++
		}
		if counted >= 2 || flagged {
			shown++
		}
	}
	if flaggedEvents == 0 {
		t.Fatal("no event of the records has a flag: the test needs one")
	}
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	facts, err := chromedp.Run(ctx, chromedp.Evaluate[eventsFacts](eventsFactsJS))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("events page of the records: loaded and read in %v; %d events shown, %d links, %d flagged games", time.Since(start).Round(time.Millisecond), facts.Events, facts.Links, facts.Games)
	if facts.Events != shown || facts.Counts[0] != strconv.Itoa(len(rows)) || facts.Counts[1] != strconv.Itoa(shown) {
		t.Errorf("%d event sections, counters %v; want %d shown of %d", facts.Events, facts.Counts, shown, len(rows))
	}
	if len(facts.Broken) > 0 {
		t.Errorf("%d links land nowhere: %v", len(facts.Broken), facts.Broken[:min(5, len(facts.Broken))])
	}
	if facts.Games == 0 || facts.Games != facts.Flagged {
		t.Errorf("%d flagged game sections, counter %d", facts.Games, facts.Flagged)
	}
	if len(facts.BadBoard) > 0 {
		t.Errorf("flagged games without one diagram of 2..32 pieces: %v", facts.BadBoard)
	}
	if len(facts.Wide) > 0 {
		t.Errorf("crosstables wider than the window: %v", facts.Wide)
	}
	// The title of an event card sits at the card's top (its padding),
	// not a heading's margin below it.
	gap, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`(() => { const s = document.querySelector("section.event"); const h = s.querySelector("h2"); return h.getBoundingClientRect().top - s.getBoundingClientRect().top; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if gap > 20 {
		t.Errorf("an event card's title is %.0f px below the card's top", gap)
	}
	for _, m := range console() {
		if m.Type == "error" {
			t.Errorf("console error: %s", m.Text)
		}
	}
}
