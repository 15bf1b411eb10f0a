package main

import (
	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
)

// htmlFlags are --html and --html-limit, shared by validate, export,
// convert and report.
type htmlFlags struct {
	path  string
	limit int
}

func (h *htmlFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&h.path, "html", "", "write a self-contained HTML report to FILE")
	cmd.Flags().IntVar(&h.limit, "html-limit", htmlreport.DefaultLimit, "draw board diagrams for at most N flagged games in the HTML report")
}

// add appends the page's sink to sinks (none without --html), its output
// created at once so that a bad path fails before the run; the page is
// excluded from the run's inputs. On an error the sinks are aborted.
func (h *htmlFlags) add(cmd *cobra.Command, f *runFlags, sinks []pipeline.Sink) ([]pipeline.Sink, error) {
	if h.path == "" {
		return sinks, nil
	}
	fail := func(err error) ([]pipeline.Sink, error) {
		for _, s := range sinks {
			s.Abort()
		}
		return nil, err
	}
	if h.limit < 0 {
		return fail(usageErr("--html-limit must be 0 or more, got %d", h.limit))
	}
	out, err := output.Open(h.path, cmd.OutOrStdout())
	if err != nil {
		return fail(usageErr("%v", err))
	}
	if out.Path() != "" {
		f.outputs = append(f.outputs, h.path)
	}
	return append(sinks, htmlreport.NewSink(out, h.limit)), nil
}
