// Command screenshot takes a picture of an HTML page in headless Chromium
// once its fonts are loaded (the board font of the report is embedded and
// loads asynchronously, which chromium --screenshot does not wait for):
//
//	go run ./internal/screenshot -width 1100 -height 2250 -o docs/report.png out/report.html
//
// make screenshot runs it on the page of the sample corpus. The browser is
// the browser tests' (internal/browsertest.Find: $XQTOOL_BROWSER, else
// Chromium found on PATH), with their flags.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/xqtool/xqtool/internal/browsertest"
)

func main() {
	width := flag.Int("width", 1100, "viewport width in CSS pixels")
	height := flag.Int("height", 2250, "viewport height in CSS pixels (the picture's height unless -full)")
	full := flag.Bool("full", false, "the whole page, not only the viewport")
	sel := flag.String("sel", "", "a CSS selector: scroll the first element it matches to the top first")
	out := flag.String("o", "screenshot.png", "the PNG file to write")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("screenshot: ")
	if flag.NArg() != 1 {
		log.Fatal("usage: screenshot [-width W] [-height H] [-full] -o FILE.png PAGE.html")
	}
	png, err := shoot(flag.Arg(0), *width, *height, *full, *sel)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d bytes\n", *out, len(png))
}

func shoot(page string, width, height int, full bool, sel string) ([]byte, error) {
	abs, err := filepath.Abs(page)
	if err != nil {
		return nil, err
	}
	exe, err := browsertest.Find()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "screenshot")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	opts := append(browsertest.Options(exe, dir), chromedp.WindowSize(width, height))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelTab := chromedp.NewContext(actx)
	defer cancelTab()
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		return nil, err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs)); err != nil {
		return nil, err
	}
	// Fonts loaded, and two frames drawn with them.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))`, chromedp.EvalAwaitPromise)); err != nil {
		return nil, err
	}
	if sel != "" {
		js := `(sel => { document.querySelector(sel).scrollIntoView(); return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))) })(` + strconv.Quote(sel) + `)`
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)); err != nil {
			return nil, err
		}
	}
	if full {
		return chromedp.Run(ctx, chromedp.FullScreenshot(100))
	}
	return chromedp.Run(ctx, chromedp.CaptureScreenshot())
}
