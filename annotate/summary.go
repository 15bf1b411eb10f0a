package annotate

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/xqtool/xqtool/flags"
)

// WriteSummary writes the summary table of an annotation, where the table
// was written and, when positions of other shards were missing, what
// was left out and how to complete it; elapsed is the time of the whole
// run.
func (s *Sink) WriteSummary(w io.Writer, elapsed time.Duration) {
	p := s.Progress()
	row := func(name string, v any) { fmt.Fprintf(w, "%-24s %10v\n", name, v) }
	row("games", s.Games())
	if s.Skipped() > 0 {
		row("  no start (not read)", s.Skipped())
	}
	row("positions annotated", p.Rows)
	row("distinct positions", p.Distinct)
	row("  game over (no search)", p.Terminal)
	row("  in the cache", p.Cached)
	row("  searched", p.Searched)
	row("  not evaluated", p.Failed)
	if p.Elsewhere > 0 {
		row("other shards' positions", p.Elsewhere)
		row("  not in the caches", p.Missing)
	}
	fmt.Fprintf(w, "%-24s %9.1f%%\n", "searches saved", 100*p.Saved())
	if p.Restarts > 0 {
		row("engine restarts", p.Restarts)
	}
	byCode := s.Flagged()
	codes := make([]flags.Code, 0, len(byCode))
	for c := range byCode {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, func(a, b flags.Code) int { return a.Order() - b.Order() })
	for _, c := range codes {
		fmt.Fprintf(w, "  %-22s %10d\n", c, byCode[c])
	}
	if n := p.Searched + p.Failed; n > 0 {
		fmt.Fprintf(w, "%-24s %10.2f  (%v searching, %v in all)\n", "positions/s", float64(n)/p.Elapsed.Seconds(),
			p.Elapsed.Round(time.Millisecond), elapsed.Round(time.Millisecond))
		fmt.Fprintf(w, "%-24s %10.3f  (%v of engine CPU, start-ups included)\n", "engine CPU s/position", p.EngineCPU.Seconds()/float64(n), p.EngineCPU.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "wrote %s\n", s.Path())
	if p.Missing > 0 {
		fmt.Fprintf(w, "the losses, classes and flags that need the other shards' %d positions are left out: once those shards are done, run this again with --merge-cache of their caches (nothing is searched again)\n", p.Missing)
	}
}
