// Package progress is the progress display of xqtool's runs on stderr: a
// bar per phase of the pipeline on a terminal (Bar), and annotate's run,
// whose engine search gets a bar of its own, or a log line every
// LogEvery without a terminal (Search).
package progress

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/pipeline"
)

// Bar is the progress bar on stderr (pipeline.Progress): one bar per
// phase of the run, labelled with the phase (reading: files done out of
// the files the run listed before reading them, a dataset's games files
// among them, with games and games/s; finding copies; writing: games),
// each run to 100%. Archive members are not known in advance (an archive
// counts as one file); the reading bar then counts files as they come.
type Bar struct {
	w         io.Writer
	bar       *progressbar.ProgressBar
	phase     string
	total     int
	start     time.Time
	lastShown time.Time
}

// New returns a progress bar when w is a terminal and not silenced,
// else nil.
func New(w io.Writer, quiet bool) *Bar {
	if quiet {
		return nil
	}
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &Bar{w: w, start: time.Now()}
}

// Phase ends the current bar and starts one for the phase.
func (p *Bar) Phase(name string, total int) {
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
func (p *Bar) Done(n, games int) {
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
func (p *Bar) End() { p.finish() }

func (p *Bar) finish() {
	if p.bar == nil {
		return
	}
	if p.total > 0 {
		_ = p.bar.Set(p.total)
	}
	_ = p.bar.Finish()
	p.bar = nil
}

// Search shows annotate's run: the pipeline's phases on the bar, then,
// while the engines search, a bar of the positions to search with
// positions/s and the time left (the pipeline's writing counts are not
// shown meanwhile). Without a terminal (a batch job's log) it prints a
// line every LogEvery instead, unless quiet. Engine faults are printed
// on their own lines. Every method is called from one goroutine at a time.
type Search struct {
	w         io.Writer
	bar       *Bar // nil without a terminal
	quiet     bool
	writing   int // the total of the pipeline's writing phase
	searching bool
	lastLog   time.Time
}

// LogEvery is how often a run without a terminal prints its progress.
const LogEvery = 30 * time.Second

// NewSearch returns the display of annotate's run on w.
func NewSearch(w io.Writer, quiet bool) *Search {
	return &Search{w: w, bar: New(w, quiet), quiet: quiet, lastLog: time.Now()}
}

// Phase, Done and End pass the pipeline's progress to the bar.
func (s *Search) Phase(name string, total int) {
	if name == pipeline.PhaseWriting {
		s.writing = total
	}
	s.searching = false
	if s.bar != nil {
		s.bar.Phase(name, total)
	}
}

func (s *Search) Done(n, games int) {
	if s.bar != nil && !s.searching {
		s.bar.Done(n, games)
	}
}

func (s *Search) End() {
	if s.bar != nil {
		s.bar.End()
	}
}

// Search shows the counts of the search (annotate.Options.Progress).
func (s *Search) Search(p annotate.Progress) {
	if p.ToSearch == 0 {
		return // all cached
	}
	done := p.Searched + p.Failed
	if s.bar == nil {
		if !s.quiet && (time.Since(s.lastLog) >= LogEvery || done == p.ToSearch && done > 0) {
			s.lastLog = time.Now()
			fmt.Fprintf(s.w, "xqtool: searched %d of %d positions (%d failed), %.2f positions/s, %s left\n",
				done, p.ToSearch, p.Failed, p.Rate, p.ETA.Round(time.Second))
		}
		return
	}
	if !s.searching {
		s.searching = true
		s.bar.finish()
		s.bar.phase, s.bar.total = "searching", p.ToSearch
		s.bar.bar = progressbar.NewOptions64(int64(p.ToSearch),
			progressbar.OptionSetWriter(s.w),
			progressbar.OptionSetDescription("searching"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("positions"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	_ = s.bar.bar.Set(done)
	s.bar.bar.Describe(fmt.Sprintf("searching (%d cached, %d failed)", p.Cached, p.Failed))
	if done == p.ToSearch {
		// The search is over: back to the pipeline's writing phase.
		s.bar.Phase(pipeline.PhaseWriting, s.writing)
		s.searching = false
	}
}

// Log prints one line (an engine fault) above the bar.
func (s *Search) Log(msg string) {
	if s.bar != nil && s.bar.bar != nil {
		_ = s.bar.bar.Clear()
	}
	fmt.Fprintln(s.w, "xqtool:", msg)
}
