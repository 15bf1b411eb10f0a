package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/internal/progress"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

func newAnnotateCmd() *cobra.Command {
	var rf cliflags.Run
	var af cliflags.Annotate
	var hf cliflags.HTML
	var reportPath string
	cmd := &cobra.Command{
		Use:     "annotate --engine CMD (--depth N | --nodes N | --movetime MS) -o DIR [flags] PATH...",
		Short:   "Evaluate every position of every game with a UCI or UCCI engine",
		Long:    help("annotate.txt"),
		Example: help("annotate.example.txt"),
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if af.Out == "" {
				return errors.New("annotate: -o DIR is required")
			}
			// The positions and their evaluations stay live until the table
			// is written: the export setting keeps the peak memory near
			// twice them rather than three times.
			setGC(pipeline.ExportGCPercent)
			aopt, dir, shard, err := af.Options(&rf.Shard)
			if err != nil {
				return err
			}
			prog := progress.NewSearch(cmd.ErrOrStderr(), rf.Quiet)
			aopt.Progress, aopt.Log = prog.Search, prog.Log
			sink, err := annotate.NewSink(dir, aopt)
			if err != nil {
				return err
			}
			sinks := []pipeline.Sink{sink}
			opt, err := rf.Options(cmd)
			if err != nil {
				sink.Abort()
				return err
			}
			opt.Progress, opt.Shard = prog, shard
			rf.Outputs = append(rf.Outputs, af.Out)
			if reportPath != "" {
				o, err := output.Open(reportPath, cmd.OutOrStdout())
				if err != nil {
					sink.Abort()
					return err
				}
				if o.Path() != "" {
					rf.Outputs = append(rf.Outputs, reportPath)
				}
				sinks = append(sinks, report.NewSink(o, report.SinkOptions{Files: true}))
			}
			if sinks, err = hf.Add(cmd, &rf, sinks); err != nil {
				return err
			}
			t0 := time.Now()
			_, err = rf.Run(cmd, args, opt, sinks...)
			p := sink.Progress()
			switch {
			case errors.Is(err, cliflags.ErrInterrupted) && p.Searched > 0:
				fmt.Fprintf(cmd.ErrOrStderr(), "xqtool: %d positions searched are kept in the cache: run the same command again to go on\n", p.Searched)
				return err
			case err != nil:
				return err
			}
			sink.WriteSummary(cmd.OutOrStdout(), time.Since(t0))
			if p.Failed > 0 {
				return exit1
			}
			return nil
		},
	}
	rf.Register(cmd)
	af.Register(cmd)
	hf.Register(cmd)
	cmd.Flags().StringVar(&reportPath, "report", "", "write one JSON line per game to FILE, the engine's flags included")
	return cmd
}
