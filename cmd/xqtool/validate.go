package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

func newValidateCmd() *cobra.Command {
	var rf cliflags.Run
	var reportPath string
	var withMoves, strict bool
	var hf cliflags.HTML
	var list string
	var listMax int
	cmd := &cobra.Command{
		Use:     "validate [flags] PATH...",
		Short:   "Replay every game and flag what is wrong with each record",
		Long:    help("validate.txt"),
		Example: help("validate.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, err := rf.Options(cmd)
			if err != nil {
				return err
			}
			var sinks []pipeline.Sink
			if reportPath != "" {
				out, err := output.Open(reportPath, cmd.OutOrStdout())
				if err != nil {
					return err
				}
				rf.Listed = "the report"
				if out.Path() != "" {
					rf.Outputs, rf.Listed = append(rf.Outputs, reportPath), reportPath
				}
				sinks = append(sinks, report.NewSink(out, report.SinkOptions{WithMoves: withMoves, Files: true}))
			}
			if sinks, err = hf.Add(cmd, &rf, sinks); err != nil {
				return err
			}
			if reportPath == "-" && !cmd.Flags().Changed("list") {
				list = "none" // standard output is the report's
			}
			lopt, on, err := report.ParseList(list, listMax)
			if err != nil {
				return err
			}
			var lines *report.List
			if on {
				lines = report.NewList(cmd.OutOrStdout(), lopt)
				sinks = append(sinks, lines)
			}
			sum, err := rf.Run(cmd, args, opt, sinks...)
			if err != nil {
				return err
			}
			if lines != nil && lines.Lines() > 0 {
				fmt.Fprintln(cmd.OutOrStdout())
			}
			sum.WriteTable(cmd.OutOrStdout())
			if sum.Errors > 0 || strict && sum.Warnings > 0 {
				return exit1
			}
			return nil
		},
	}
	rf.Register(cmd)
	hf.Register(cmd)
	cmd.Flags().StringVar(&list, "list", "errors", "the flags printed one per line before the summary: errors, warnings (and errors), all (errors and warnings, no limit) or none")
	cmd.Flags().IntVar(&listMax, "list-max", 20, "print at most N flag lines (0: no limit), then how many more there are")
	cliflags.CompleteValues(cmd, "list", "errors", "warnings", "all", "none")
	cmd.Flags().StringVar(&reportPath, "report", "", "write one JSON line per game to FILE")
	cmd.Flags().BoolVar(&withMoves, "with-moves", false, "include the main line (ICCS) in the report")
	cmd.Flags().BoolVar(&strict, "strict", false, "exit 1 for warnings too, not only errors")
	return cmd
}
