package cliflags

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
)

// HTML are --html and --html-limit (validate, export, convert, annotate,
// report).
type HTML struct {
	Path  string
	Limit int
}

// Register adds the page's flags to cmd.
func (h *HTML) Register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&h.Path, "html", "", "write a self-contained HTML report to FILE")
	cmd.Flags().IntVar(&h.Limit, "html-limit", htmlreport.DefaultLimit, "draw board diagrams for at most N flagged games in the HTML report")
}

// CheckLimit refuses a negative --html-limit.
func CheckLimit(limit int) error {
	if limit < 0 {
		return fmt.Errorf("--html-limit must be 0 or more, got %d", limit)
	}
	return nil
}

// Add appends the page's sink to sinks (none without --html), its output
// created at once so that a bad path fails before the run; the page is
// excluded from the run's inputs. On an error the sinks are aborted.
func (h *HTML) Add(cmd *cobra.Command, run *Run, sinks []pipeline.Sink) ([]pipeline.Sink, error) {
	if h.Path == "" {
		return sinks, nil
	}
	err := CheckLimit(h.Limit)
	var out *output.File
	if err == nil {
		out, err = output.Open(h.Path, cmd.OutOrStdout())
	}
	if err != nil {
		Abort(sinks)
		return nil, err
	}
	if out.Path() != "" {
		run.Outputs = append(run.Outputs, h.Path)
	}
	return append(sinks, htmlreport.NewSink(out, h.Limit)), nil
}

// Abort aborts the sinks (a run that does not start).
func Abort(sinks []pipeline.Sink) {
	for _, s := range sinks {
		s.Abort()
	}
}
