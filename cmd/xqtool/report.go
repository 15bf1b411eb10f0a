package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/output"
)

func newReportCmd() *cobra.Command {
	var hf htmlFlags
	cmd := &cobra.Command{
		Use:     "report --html FILE [--html-limit N] REPORT.jsonl...",
		Short:   "Render a saved validate --report file as an HTML page",
		Long:    help("report.txt"),
		Example: help("report.example.txt"),
		Args:    needArgs,
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
				games, noMoves, rerr := readReport(cmd, a, b)
				if err = rerr; err != nil {
					break
				}
				if noMoves > 0 {
					fmt.Fprintf(cmd.ErrOrStderr(), "xqtool: %s: %d of %d games were written without moves: they get no diagram (write the report with validate --with-moves --report)\n", a, noMoves, games)
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

// readReport adds the games of one report file (- is stdin) to b and
// counts its game lines and those written without moves.
func readReport(cmd *cobra.Command, path string, b *htmlreport.Builder) (games, noMoves int, err error) {
	var r io.Reader = cmd.InOrStdin()
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return 0, 0, err
		}
		defer f.Close()
		r = f
	}
	if games, noMoves, err = b.AddReport(r); err != nil {
		return games, noMoves, fmt.Errorf("%s: %w", path, err)
	}
	return games, noMoves, nil
}
