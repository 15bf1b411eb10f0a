package main

import (
	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

func newValidateCmd() *cobra.Command {
	var rf runFlags
	var reportPath string
	var withMoves bool
	var hf htmlFlags
	cmd := &cobra.Command{
		Use:   "validate [flags] PATH...",
		Short: "Replay every game and flag what is wrong with each record",
		Long: `validate reads every game under PATH (files, directories, glob patterns,
.zip/.tar/.tar.gz archives, or - for stdin), replays it on all cores and
flags what is wrong with it. It prints a summary table; --report writes one
JSON line per game, and one of kind "file" per input file without games. Exit code: 0 all games ok, 1 some game flagged or
unreadable, 2 usage or I/O error, 130 interrupted.`,
		Example: `  xqtool validate games/
  xqtool validate --workers 4 --report report.jsonl --require-tags Event,Red,Black games.zip
  xqtool validate --html report.html games/
  cat game.pgn | xqtool validate -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, err := rf.options(cmd)
			if err != nil {
				return err
			}
			var sinks []pipeline.Sink
			if reportPath != "" {
				out, err := output.Open(reportPath, cmd.OutOrStdout())
				if err != nil {
					return usageErr("%v", err)
				}
				if out.Path() != "" {
					rf.outputs = append(rf.outputs, reportPath)
				}
				sinks = append(sinks, report.NewSink(out, report.SinkOptions{WithMoves: withMoves, Files: true}))
			}
			sinks, err = hf.add(cmd, &rf, sinks)
			if err != nil {
				return err
			}
			sum, err := rf.run(cmd, args, opt, sinks...)
			if err != nil {
				return err
			}
			printSummary(cmd.OutOrStdout(), sum)
			if sum.Flagged+sum.Errors > 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	rf.register(cmd)
	hf.register(cmd)
	cmd.Flags().StringVar(&reportPath, "report", "", "write one JSON line per game to FILE")
	cmd.Flags().BoolVar(&withMoves, "with-moves", false, "include the main line (ICCS) in the report")
	return cmd
}
