package main

import (
	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/output"
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

// sink returns the page's sink (nil without --html), its output created
// at once so that a bad path fails before the run; the page is excluded
// from the run's inputs.
func (h *htmlFlags) sink(cmd *cobra.Command, f *runFlags) (*htmlreport.Sink, error) {
	if h.path == "" {
		return nil, nil
	}
	if h.limit < 0 {
		return nil, usageErr("--html-limit must be 0 or more, got %d", h.limit)
	}
	out, err := output.Open(h.path, cmd.OutOrStdout())
	if err != nil {
		return nil, usageErr("%v", err)
	}
	if f != nil && out.Path() != "" {
		f.outputs = append(f.outputs, h.path)
	}
	return htmlreport.NewSink(out, h.limit), nil
}
