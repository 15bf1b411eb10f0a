package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/records"
	"github.com/xqtool/xqtool/report"
)

func newConvertCmd() *cobra.Command {
	var rf cliflags.Run
	var to, nota, out string
	var hf cliflags.HTML
	var classify, fixECCO, onlyOK, noErrors, strict bool
	var evalsPaths []string
	cmd := &cobra.Command{
		Use:     "convert [--to jsonl|pgn|xqf] [--notation chinese|iccs|wxf] [-o FILE|DIR] PATH...",
		Short:   "Write the records as JSON lines, normalized PGN or XQF",
		Long:    help("convert.txt"),
		Example: help("convert.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := records.ParseNotation(nota)
			if err != nil {
				return err
			}
			if len(evalsPaths) > 0 && to != "pgn" {
				return errors.New("convert: --evals goes with --to pgn")
			}
			opt, err := rf.Options(cmd)
			if err != nil {
				return err
			}
			if classify || fixECCO {
				opt.Steps = append(opt.Steps, pipeline.ClassifyStep(fixECCO))
			}
			var sink pipeline.Sink
			var failed func() records.Failures
			var ev *annotate.GameNotes
			switch to {
			case "jsonl", "pgn":
				o, err := output.Open(out, cmd.OutOrStdout())
				if err != nil {
					return err
				}
				if to == "jsonl" {
					sink = report.NewSink(o, report.SinkOptions{WithMoves: true})
					break
				}
				ps := records.NewPGNSink(o, n)
				sink, failed = ps, ps.Failed
				if len(evalsPaths) > 0 {
					tables, err := cliflags.OpenEvals(evalsPaths)
					if err != nil {
						o.Abort()
						return err
					}
					ev = annotate.NewGameNotes(tables, n)
					ps.Notes = ev.Notes
					defer ev.Close()
					rf.Outputs = append(rf.Outputs, evalsPaths...)
				}
			case "xqf":
				if out == "" || out == "-" {
					return errors.New("convert --to xqf: -o DIR is required")
				}
				xs, err := records.NewXQFSink(out)
				if err != nil {
					return err
				}
				sink, failed = xs, xs.Failed
			default:
				return fmt.Errorf("--to must be jsonl, pgn or xqf, got %q", to)
			}
			if out != "" && out != "-" {
				rf.Outputs = append(rf.Outputs, out)
			}
			switch {
			case onlyOK && noErrors:
				return errors.New("--only-ok and --no-errors exclude each other")
			case onlyOK:
				sink = pipeline.Filter(sink, func(g *pipeline.Game) bool { return g.Status() == analyze.StatusOK })
			case noErrors:
				sink = pipeline.Filter(sink, func(g *pipeline.Game) bool { return g.Status() != analyze.StatusError })
			}
			sinks, err := hf.Add(cmd, &rf, []pipeline.Sink{sink})
			if err != nil {
				return err
			}
			sum, err := rf.Run(cmd, args, opt, sinks...)
			if err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			if rf.KeptOnly {
				sum.WriteDuplicates(stderr)
			}
			if ev != nil {
				fmt.Fprint(stderr, "xqtool: ")
				ev.WriteSummary(stderr)
			}
			if failed != nil {
				if f := failed(); f.N > 0 {
					fmt.Fprint(stderr, "xqtool: ")
					f.Write(stderr)
					if strict {
						return exit1
					}
				}
			}
			return nil
		},
	}
	rf.Register(cmd)
	hf.Register(cmd)
	registerStrict(cmd, &strict, "some game could not be written")
	rf.RegisterOutput(cmd)
	cmd.Flags().StringVar(&to, "to", "jsonl", "output format: jsonl, pgn or xqf")
	cmd.Flags().StringVar(&nota, "notation", "chinese", "move notation of PGN output: chinese, wxf or iccs")
	cliflags.CompleteValues(cmd, "to", "jsonl", "pgn", "xqf")
	cliflags.CompleteValues(cmd, "notation", "chinese", "wxf", "iccs")
	cmd.Flags().StringVarP(&out, "output", "o", "", "output file (jsonl, pgn; default stdout) or directory (xqf)")
	cmd.Flags().StringArrayVar(&evalsPaths, "evals", nil, "with --to pgn, write the evaluations of xqtool annotate (an evals directory or evals.parquet, repeatable) as comments and NAGs")
	cmd.Flags().BoolVar(&classify, "classify", false, "write ECCO, Opening and Variation tags computed from the moves where absent")
	cmd.Flags().BoolVar(&fixECCO, "fix-ecco", false, "write the computed ECCO, Opening and Variation tags, replacing a declared ECCO that differs (implies --classify)")
	cmd.Flags().BoolVar(&onlyOK, "only-ok", false, "write only the games with status ok (no error, no warning)")
	cmd.Flags().BoolVar(&noErrors, "no-errors", false, "write only the games without an error (warnings allowed)")
	return cmd
}
