package explorer

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/browsertest"
	"github.com/xqtool/xqtool/svgboard"
)

// shownFacts is what the test reads from the page.
type shownFacts struct {
	Moves    []string `json:"moves"` // the rows: Chinese name + ICCS
	Games    []string `json:"games"`
	Line     string   `json:"line"`
	ECCO     string   `json:"eco"`
	Info     string   `json:"info"`
	Note     string   `json:"note"`
	Examples int      `json:"examples"`
	Pieces   []string `json:"pieces"` // square=letter
	Overflow bool     `json:"overflow"`
}

const shownJS = `(() => {
  const rows = [...document.querySelectorAll('#moves tbody tr')];
  const note = document.getElementById('note');
  return {
    moves: rows.map(r => r.cells[0].textContent), games: rows.map(r => r.cells[1].textContent),
    line: document.getElementById('line').textContent, eco: document.getElementById('eco').textContent,
    info: document.getElementById('info').textContent,
    note: note.style.display === 'none' ? '' : note.textContent,
    examples: document.querySelectorAll('#examples li').length,
    pieces: [...document.querySelectorAll('#pieces g.pc')].map(g => g.dataset.sq + '=' + g.dataset.piece),
    overflow: document.documentElement.scrollWidth > innerWidth + 1,
  };
})()`

func shown(t *testing.T, ctx context.Context) shownFacts {
	t.Helper()
	f, err := chromedp.Run(ctx, chromedp.Evaluate[shownFacts](shownJS))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// clickPoint clicks the board's point sq (ICCS) with the mouse.
func clickPoint(t *testing.T, ctx context.Context, sq string) {
	t.Helper()
	s, err := board.ParseSquare(sq)
	if err != nil {
		t.Fatal(err)
	}
	x, y := svgboard.Point(s)
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[2]float64](fmt.Sprintf(`(() => {
	  const svg = document.getElementById('board'), p = svg.createSVGPoint(); p.x = %d; p.y = %d;
	  const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; })()`, x, y)))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
}

// wantBook checks what the page shows against the tree's book of p.
func wantBook(t *testing.T, f shownFacts, bk *Book, what string) {
	t.Helper()
	if len(f.Moves) != len(bk.Moves) {
		t.Fatalf("%s: %d moves shown, the tree has %d", what, len(f.Moves), len(bk.Moves))
	}
	shownGames := map[string]string{}
	for i, m := range f.Moves {
		shownGames[strings.TrimSuffix(m, "◦")] = f.Games[i]
	}
	for _, r := range bk.Moves {
		if g := shownGames[r.MoveChinese+r.Move.String()]; g != thousands(r.Games) {
			t.Errorf("%s: %s shown with %q games, the tree has %d", what, r.MoveChinese, g, r.Games)
		}
	}
	if !strings.Contains(f.ECCO, bk.ECCOName) || !strings.Contains(f.ECCO, bk.ECCO) {
		t.Errorf("%s: ECCO shown %q, the tree has %s %s", what, f.ECCO, bk.ECCO, bk.ECCOName)
	}
	if f.Examples != len(bk.Examples) {
		t.Errorf("%s: %d example games shown, the tree has %d", what, f.Examples, len(bk.Examples))
	}
}

// TestPageInBrowser opens the explorer page of the real records in
// headless Chromium: the start position lists the tree's moves with their
// counts (炮二平五 first); a click on a move plays it; a piece clicked and
// then its destination plays that move; back and forward walk the line;
// the ECCO name and example games are the tree's; a position below the
// page's threshold says so with its FEN; the phone layout does not
// overflow. It logs the page's size and load time and writes screenshots
// at desktop and phone width to $XQTOOL_SCREENS (default $TMPDIR).
func TestPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ctx, console := browsertest.Open(t, 3*time.Minute, chromedp.WindowSize(1200, 900), chromedp.Flag("hide-scrollbars", false))
	data, _ := buildTree(t, realGames(t), Options{})
	tr, err := NewTree(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	st, err := WritePage(&page, tr, PageOptions{Title: "xqtool explorer: real records"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "index.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	book := func(moves string) *Book {
		p := board.StartPosition()
		for _, s := range strings.Fields(moves) {
			m, _ := board.ParseMove(s)
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		bk, err := tr.Lookup(p)
		if err != nil {
			t.Fatal(err)
		}
		return bk
	}

	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	f := shown(t, ctx)
	loaded := time.Since(start)
	nav, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {const n = performance.getEntriesByType('navigation')[0];
	  return {domInteractive: n.domInteractive, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd}})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("page: %.0f kB, %d positions (at least %d games), %d moves, %d example games; opened and read in %v (navigation timing, ms: %v)",
		float64(st.Bytes)/1e3, st.Nodes, st.Threshold, st.Moves, st.Games, loaded.Round(time.Millisecond), nav)
	wantBook(t, f, book(""), "start")
	if len(f.Moves) == 0 || !strings.HasPrefix(f.Moves[0], "炮二平五") {
		t.Fatalf("start: first move shown %v, want 炮二平五", f.Moves)
	}
	if len(f.Pieces) != 32 {
		t.Errorf("start: %d pieces drawn", len(f.Pieces))
	}
	shoot(t, ctx, "explorer-desktop-start.png")

	// A click on the first row plays 炮二平五.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves tbody tr:first-child`))); err != nil {
		t.Fatal(err)
	}
	f = shown(t, ctx)
	wantBook(t, f, book("h2e2"), "after 炮二平五")
	if !strings.Contains(f.Line, "炮二平五") || !containsPiece(f.Pieces, "e2=C") || containsPiece(f.Pieces, "h2=C") {
		t.Errorf("after 炮二平五: line %q, pieces %v", f.Line, f.Pieces)
	}
	// The horse on h9, then g7: 马８进７ on the board.
	clickPoint(t, ctx, "h9")
	clickPoint(t, ctx, "g7")
	f = shown(t, ctx)
	wantBook(t, f, book("h2e2 h9g7"), "after 马８进７")
	if !strings.Contains(f.Line, "马８进７") || !containsPiece(f.Pieces, "g7=n") {
		t.Errorf("after clicking h9 and g7: line %q", f.Line)
	}
	shoot(t, ctx, "explorer-desktop-line.png")
	// Back and forward.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#b-back`))); err != nil {
		t.Fatal(err)
	}
	wantBook(t, shown(t, ctx), book("h2e2"), "back")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#b-fwd`))); err != nil {
		t.Fatal(err)
	}
	wantBook(t, shown(t, ctx), book("h2e2 h9g7"), "forward")

	// A line past the page's positions: the note names the position.
	line, fen := outOfPage(t, page.Bytes())
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`location.hash = `+jsQuote("#"+line))); err != nil {
		t.Fatal(err)
	}
	f = shown(t, ctx)
	if !strings.Contains(f.Note, fen) || len(f.Moves) != 0 {
		t.Errorf("line %s out of the page: note %q, %d moves, want the FEN %s", line, f.Note, len(f.Moves), fen)
	}

	// Phone width: one column, nothing wider than the screen.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Evaluate[chromedp.Void](`location.hash = "#h2e2"`)); err != nil {
		t.Fatal(err)
	}
	f = shown(t, ctx)
	if f.Overflow {
		t.Error("phone width: the page is wider than the screen")
	}
	shoot(t, ctx, "explorer-phone.png")
	for _, m := range console() {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			t.Errorf("console: %v", m)
		}
	}
}

func containsPiece(pieces []string, want string) bool {
	for _, p := range pieces {
		if p == want {
			return true
		}
	}
	return false
}

// outOfPage finds, breadth first, a line from the root whose last move
// leads out of the page, and the FEN of the position it reaches.
func outOfPage(t *testing.T, page []byte) (line, fen string) {
	pd := pageJSON(t, page)
	type visit struct {
		n    int
		line []string
		pos  board.Position
	}
	queue := []visit{{0, nil, board.StartPosition()}}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		moves := pd.Nodes[v.n][4].([]int)
		for j := 0; j < len(moves); j += 9 {
			m := board.Move(moves[j]) // no mirrors in this tree
			q := v.pos
			q.MakeMove(m)
			l := append(append([]string(nil), v.line...), m.String())
			if moves[j+7] < 0 {
				return strings.Join(l, "."), fenOf(&q)
			}
			if len(queue) < 1000 {
				queue = append(queue, visit{moves[j+7], l, q})
			}
		}
	}
	t.Fatal("every move of the page stays in it")
	return "", ""
}

func jsQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// shoot saves a screenshot of the viewport.
func shoot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	// The board font is embedded and loads asynchronously.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.fonts.ready.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("XQTOOL_SCREENS")
	if dir == "" {
		dir = os.TempDir()
	}
	out := filepath.Join(dir, name)
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", out)
}
