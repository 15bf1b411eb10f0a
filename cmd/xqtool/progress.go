package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress is the progress bar on stderr (pipeline.Progress): one bar per
// phase of the run, labelled with the phase (reading: files done out of
// the files counted beforehand, with games and games/s; finding copies;
// writing: games), each run to 100%. Archive members and stdin are not
// known in advance; the reading bar then counts files as they come.
type progress struct {
	w         io.Writer
	bar       *progressbar.ProgressBar
	phase     string
	total     int
	start     time.Time
	lastShown time.Time
}

// newProgress returns a progress bar when w is a terminal and not
// silenced, else nil.
func newProgress(w io.Writer, quiet bool) *progress {
	if quiet {
		return nil
	}
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &progress{w: w, start: time.Now()}
}

// Phase ends the current bar and starts one for the phase.
func (p *progress) Phase(name string, total int) {
	p.finish()
	p.phase, p.total = name, total
	max := int64(total)
	if total <= 0 {
		max = -1 // unknown: a spinner
	}
	p.bar = progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(name),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(total > 0),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionClearOnFinish(),
	)
}

// Done moves the bar to n units done.
func (p *progress) Done(n, games int) {
	if p.bar == nil {
		return
	}
	_ = p.bar.Set(n)
	if now := time.Now(); now.Sub(p.lastShown) > 200*time.Millisecond {
		p.lastShown = now
		rate := float64(games) / now.Sub(p.start).Seconds()
		p.bar.Describe(fmt.Sprintf("%s: %d games, %.0f games/s", p.phase, games, rate))
	}
}

// End completes and clears the last bar.
func (p *progress) End() { p.finish() }

func (p *progress) finish() {
	if p.bar == nil {
		return
	}
	if p.total > 0 {
		_ = p.bar.Set(p.total)
	}
	_ = p.bar.Finish()
	p.bar = nil
}
