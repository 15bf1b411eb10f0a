package tournament

import (
	"fmt"
	"io"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
)

// WriteSummary writes the events by format and the checks that fired
// (the games and the events each flagged), and reports whether a check of
// severity warning did.
func (s *Sink) WriteSummary(w io.Writer) bool {
	row := func(indent int, name string, n ...int) {
		fmt.Fprintf(w, "%*s%-*s", indent, "", pipeline.LabelWidth-indent, name)
		for _, v := range n {
			fmt.Fprintf(w, " %10d", v)
		}
		fmt.Fprintln(w)
	}
	events := s.Events()
	formats := map[Format]int{}
	games, counted := 0, 0
	evFlagged := map[flags.Code]int{}
	for _, e := range events {
		formats[e.Format]++
		games += e.Games
		counted += e.Counted
		for c := range e.Flags {
			evFlagged[c]++
		}
	}
	row(0, "events", len(events))
	row(2, "round robin", formats[RoundRobin])
	row(2, "double round robin", formats[DoubleRoundRobin])
	row(2, "listed by round", formats[ByRound])
	row(0, "games in events", games)
	row(2, "counted once", counted)
	fmt.Fprintf(w, "%-*s %10s %10s\n", pipeline.LabelWidth, "check", "games", "events")
	byCode := s.Flagged()
	warn := false
	for _, c := range Checks {
		row(2, string(c), byCode[c], evFlagged[c])
		if byCode[c] > 0 && c.Severity() == flags.Warning {
			warn = true
		}
	}
	return warn
}

// EventsFile is a sink that writes the events of t to out as
// events.parquet when the run is over (xqtool tournament -o DIR).
type EventsFile struct {
	pipeline.NopSink
	t       *Sink
	out     *output.File
	created output.Dirs // removed by Abort
}

// NewEventsFile returns the sink writing t's events to out; Abort
// removes out and the directories created.
func NewEventsFile(t *Sink, out *output.File, created output.Dirs) *EventsFile {
	return &EventsFile{t: t, out: out, created: created}
}

func (s *EventsFile) Finish(*pipeline.Verdicts) error {
	return WriteEvents(s.out, s.t.Events(), nil)
}
func (s *EventsFile) Commit() error { return s.out.Commit() }
func (s *EventsFile) Abort()        { s.out.Abort(); s.created.Remove() }
