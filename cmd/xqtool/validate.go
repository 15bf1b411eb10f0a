package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

func newValidateCmd() *cobra.Command {
	var rf runFlags
	var reportPath string
	var withMoves, strict bool
	var hf htmlFlags
	var list string
	var listMax int
	cmd := &cobra.Command{
		Use:     "validate [flags] PATH...",
		Short:   "Replay every game and flag what is wrong with each record",
		Long:    help("validate.txt"),
		Example: help("validate.example.txt"),
		Args:    needArgs,
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
				rf.listed = "the report"
				if out.Path() != "" {
					rf.outputs = append(rf.outputs, reportPath)
					rf.listed = reportPath
				}
				sinks = append(sinks, report.NewSink(out, report.SinkOptions{WithMoves: withMoves, Files: true}))
			}
			sinks, err = hf.add(cmd, &rf, sinks)
			if err != nil {
				return err
			}
			if reportPath == "-" && !cmd.Flags().Changed("list") {
				list = "none" // standard output is the report's
			}
			lopt := report.ListOptions{Max: listMax, More: "--list all"}
			switch list {
			case "errors":
			case "warnings":
				lopt.Warnings = true
			case "all":
				lopt.Warnings, lopt.Max = true, 0
			case "none":
			default:
				return usageErr("--list must be errors, warnings, all or none, got %q", list)
			}
			if listMax < 0 {
				return usageErr("--list-max must be at least 0 (0: no limit), got %d", listMax)
			}
			var lines *report.List
			if list != "none" {
				lines = report.NewList(cmd.OutOrStdout(), lopt)
				sinks = append(sinks, lines)
			}
			sum, err := rf.run(cmd, args, opt, sinks...)
			if err != nil {
				return err
			}
			if lines != nil && lines.Lines() > 0 {
				fmt.Fprintln(cmd.OutOrStdout())
			}
			sum.WriteTable(cmd.OutOrStdout())
			if sum.Errors > 0 || strict && sum.Warnings > 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	rf.register(cmd)
	hf.register(cmd)
	cmd.Flags().StringVar(&list, "list", "errors", "the flags printed one per line before the summary: errors, warnings (and errors), all (errors and warnings, no limit) or none")
	cmd.Flags().IntVar(&listMax, "list-max", 20, "print at most N flag lines (0: no limit), then how many more there are")
	completeValues(cmd, "list", "errors", "warnings", "all", "none")
	cmd.Flags().StringVar(&reportPath, "report", "", "write one JSON line per game to FILE")
	cmd.Flags().BoolVar(&withMoves, "with-moves", false, "include the main line (ICCS) in the report")
	cmd.Flags().BoolVar(&strict, "strict", false, "exit 1 for warnings too, not only errors")
	return cmd
}
