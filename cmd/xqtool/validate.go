package main

import (
	"bufio"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/export"
)

func newValidateCmd() *cobra.Command {
	var pf pipelineFlags
	var report string
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
			opt, err := pf.options()
			if err != nil {
				return err
			}
			rules := ruleName(&opt)
			ctx, stop := signalContext()
			defer stop()
			var out *atomicFile
			var jw *jsonlWriter
			var bw *bufio.Writer
			if report != "" {
				out, err = createAtomic(report)
				if err != nil {
					return usageErr("%v", err)
				}
				bw = bufio.NewWriterSize(out, 1<<16)
				jw = newJSONLWriter(bw)
				pf.outputs = append(pf.outputs, report)
				pf.onFile = func(row export.FileRow) error {
					if row.Games > 0 {
						return nil
					}
					return jw.write(toFileJSON(row))
				}
			}
			hf.exclude(&pf)
			ho, err := hf.open(rules)
			if err != nil {
				return err
			}
			var sink func(*analyze.Report) error // nil: one pass
			if jw != nil || ho != nil {
				sink = func(r *analyze.Report) error {
					ho.add(r)
					if jw == nil {
						return nil
					}
					return jw.write(toJSON(r, withMoves, rules))
				}
			}
			sum, err := runPipeline(ctx, cmd, args, &pf, opt, sink)
			if err == nil && bw != nil {
				err = bw.Flush()
			}
			err = ho.finish(err, args)
			if out != nil {
				if err != nil {
					out.Abort()
				} else if cerr := out.Commit(); cerr != nil {
					err = cerr
				}
			}
			if err != nil {
				return interrupted(asRunError(err))
			}
			sum.print(cmd.OutOrStdout())
			if sum.Flagged+sum.Errors > 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	pf.register(cmd)
	hf.register(cmd)
	cmd.Flags().StringVar(&report, "report", "", "write one JSON line per game to FILE")
	cmd.Flags().BoolVar(&withMoves, "with-moves", false, "include the main line (ICCS) in the report")
	return cmd
}
