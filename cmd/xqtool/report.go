package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/internal/output"
)

func newReportCmd() *cobra.Command {
	var hf cliflags.HTML
	cmd := &cobra.Command{
		Use:     "report --html FILE [--html-limit N] REPORT.jsonl...",
		Short:   "Render a saved validate --report file as an HTML page",
		Long:    help("report.txt"),
		Example: help("report.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if hf.Path == "" {
				return errors.New("report: --html FILE is required")
			}
			for _, a := range args {
				if _, err := os.Stat(a); a != "-" && err != nil {
					return err
				}
			}
			if err := cliflags.CheckLimit(hf.Limit); err != nil {
				return err
			}
			out, err := output.Open(hf.Path, cmd.OutOrStdout())
			if err != nil {
				return err
			}
			b := htmlreport.NewBuilder(hf.Limit)
			for _, a := range args {
				games, noMoves, rerr := b.AddReportFile(a, cmd.InOrStdin())
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
				return out.Commit()
			}
			out.Abort()
			return err
		},
	}
	hf.Register(cmd)
	return cmd
}
