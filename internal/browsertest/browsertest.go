// Package browsertest starts the headless Chromium that the browser tests
// of the HTML pages and "make screenshot" drive: which browser, and the
// flags a closed network and a root user need.
package browsertest

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Find returns the browser: $XQTOOL_BROWSER, else the first of the usual
// Chromium-family names found on PATH.
func Find() (string, error) {
	if p := os.Getenv("XQTOOL_BROWSER"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no browser found (chromium, google-chrome): apt-get install chromium, or set XQTOOL_BROWSER")
}

// Path returns the browser for a test. Without one the test is skipped,
// except in CI (CI=true), where it fails.
func Path(t testing.TB) string {
	t.Helper()
	p, err := Find()
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%v: CI must install one", err)
	}
	t.Skipf("%v; install Chromium or set XQTOOL_BROWSER to run the browser tests", err)
	return ""
}

// Options are the browser's flags: headless, no sandbox (root), no GPU,
// no network of its own, scrollbars hidden, a window of 1200 by 1600
// (options given after them win), a profile in dir.
func Options(exe, dir string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1200, 1600),
	)
}

// Open starts a headless browser for a test (Path; extra options after
// Options), which is stopped when the test ends or after timeout, and
// returns a tab's context and a function giving the console messages
// collected so far.
func Open(t testing.TB, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) (context.Context, func() []chromedp.ConsoleMessage) {
	t.Helper()
	exe := Path(t)
	opts := append(Options(exe, t.TempDir()), extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
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
