package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/report"
)

func newReportCmd() *cobra.Command {
	var hf htmlFlags
	cmd := &cobra.Command{
		Use:   "report --html FILE [--html-limit N] REPORT.jsonl...",
		Short: "Render a saved validate --report file as an HTML page",
		Long: `report renders the report lines written by validate --report (with
--with-moves, so the positions can be drawn) as the self-contained HTML page
that validate --html writes, without reading or replaying the records again.
Several report files (or - for stdin) are read in order as one run. The page
is the one validate --html writes for the same games, except that its inputs
line names the report files. Exit code: 0 written, 2 usage or I/O error (a
line that is not a report line is named).`,
		Example: `  xqtool validate --with-moves --report report.jsonl games/
  xqtool report --html report.html report.jsonl`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if hf.path == "" {
				return usageErr("report: --html FILE is required")
			}
			for _, a := range args {
				if a == "-" {
					continue
				}
				if _, err := os.Stat(a); err != nil {
					return usageErr("%v", err)
				}
			}
			if hf.limit < 0 {
				return usageErr("--html-limit must be 0 or more, got %d", hf.limit)
			}
			out, err := output.Open(hf.path, cmd.OutOrStdout())
			if err != nil {
				return usageErr("%v", err)
			}
			b := htmlreport.NewBuilder(hf.limit)
			for _, a := range args {
				if err = readReport(cmd, a, b); err != nil {
					break
				}
			}
			if err == nil {
				err = b.WriteTo(out, htmlreport.Run{Inputs: args})
			}
			if err == nil {
				err = out.Commit()
			} else {
				out.Abort()
			}
			if err != nil {
				return usageErr("%v", err)
			}
			return nil
		},
	}
	hf.register(cmd)
	return cmd
}

// readReport adds the games of one report file (- is stdin) to b.
func readReport(cmd *cobra.Command, path string, b *htmlreport.Builder) error {
	var r io.Reader = cmd.InOrStdin()
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	err := report.ReadGames(r, func(g *report.Game) error {
		b.Add(g)
		return nil
	})
	if err != nil {
		return &pathError{path: path, err: err}
	}
	return nil
}

// pathError names the file an error comes from.
type pathError struct {
	path string
	err  error
}

func (e *pathError) Error() string { return e.path + ": " + e.err.Error() }
func (e *pathError) Unwrap() error { return e.err }
