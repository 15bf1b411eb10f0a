package main

import (
	"errors"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/players"
	"github.com/xqtool/xqtool/tournament"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/positions"
)

func newExportCmd() *cobra.Command {
	var rf cliflags.Run
	var df cliflags.Dataset
	var hf cliflags.HTML
	var tf cliflags.Training
	var pf cliflags.Positions
	var out, aliases string
	var onlyOK, noEvents, noPlayers, strict bool
	cmd := &cobra.Command{
		Use:     "export -o DIR [flags] PATH...",
		Short:   "Write games, positions and flags as Parquet datasets",
		Long:    help("export.txt"),
		Example: help("export.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("export: -o DIR is required")
			}
			topt, isTraining, err := tf.Options(cmd)
			if err != nil {
				return err
			}
			opts, err := df.Options()
			if err != nil {
				return err
			}
			var lines *training.Table // positions.parquet as training data
			if isTraining {
				lines = training.NewTable(topt)
				opts = append(opts, dataset.WithLines(lines))
			}
			opt, err := rf.Options(cmd)
			if err != nil {
				return err
			}
			if !opt.Shard.All() {
				out = filepath.Join(out, opt.Shard.Dir())
			}
			// Export holds row groups of Arrow buffers: the default GC target
			// keeps its peak memory near half of what validate's gives.
			setGC(pipeline.ExportGCPercent)
			a, err := cliflags.ReadAliases(aliases)
			if err != nil {
				return err
			}
			if noPlayers && a != nil {
				return errors.New("export: --aliases and --no-players exclude each other")
			}
			popt, err := pf.Options(cmd, tf.Format, topt)
			if err != nil {
				return err
			}
			var sinks []pipeline.Sink
			var counts []func() []training.SummaryLine // the training data's summaries
			switch {
			case positions.IsFormat(tf.Format):
				pos, err := positions.NewFormatSink(tf.Format, out, opt.Shard, popt)
				if err != nil {
					return err
				}
				sinks = []pipeline.Sink{pos}
				counts = append(counts, func() []training.SummaryLine { c := pos.Counts(); return c.Lines() },
					func() []training.SummaryLine { return pos.Positions().Lines() })
			case tf.Format == cliflags.FormatAlphaZeroCSV:
				az, err := training.NewAlphaZeroSink(out, topt)
				if err != nil {
					return err
				}
				sinks = []pipeline.Sink{az}
				counts = append(counts, func() []training.SummaryLine { c := az.Counts(); return c.Lines() })
			default:
				ds, err := dataset.NewSink(out, onlyOK, opts...)
				if err != nil {
					return err
				}
				rf.Listed = filepath.Join(out, dataset.FilesName+".parquet")
				sinks = exportAnnotators(ds, a, noPlayers, noEvents)
				if lines != nil {
					counts = append(counts, lines.Counts().Lines) // a pointer: read after the run
				}
			}
			rf.Outputs = append(rf.Outputs, out)
			if sinks, err = hf.Add(cmd, &rf, sinks); err != nil { // after the dataset: --html may be inside DIR
				return err
			}
			sum, err := rf.Run(cmd, args, opt, sinks...)
			if err != nil {
				return err
			}
			sum.WriteTable(cmd.OutOrStdout())
			for _, c := range counts {
				training.WriteSummary(cmd.OutOrStdout(), c())
			}
			if strict && sum.Unreadable > 0 {
				return exit1
			}
			return nil
		},
	}
	rf.Register(cmd)
	hf.Register(cmd)
	rf.RegisterOutput(cmd)
	tf.Register(cmd)
	pf.Register(cmd)
	df.Register(cmd)
	registerStrict(cmd, &strict, "some record could not be read at all (unreadable_record)")
	cmd.Flags().StringVarP(&out, "output", "o", "", "directory to write the datasets into (required)")
	cmd.Flags().BoolVar(&onlyOK, "only-ok", false, "export only games with status ok")
	cmd.Flags().BoolVar(&noEvents, "no-events", false, "write no events.parquet and no event_id (nor the tournament checks' flags)")
	cmd.Flags().BoolVar(&noPlayers, "no-players", false, "do not resolve players (no red_id, black_id, players.parquet)")
	cmd.Flags().StringVar(&aliases, "aliases", "", "alias file of players (TSV: canonical name, then aliases)")
	return cmd
}

// exportAnnotators returns the sinks of the dataset ds: the annotators
// first, in this order: the players (games.parquet's red_id and black_id,
// players.parquet), then the tournament, which tells players apart by
// their ids (event_id, events.parquet, the checks' flags); ds last.
func exportAnnotators(ds *dataset.Sink, a *players.Aliases, noPlayers, noEvents bool) []pipeline.Sink {
	var sinks []pipeline.Sink
	topt := tournament.Options{}
	if !noPlayers {
		ps := players.NewSink(a)
		ds.AddTable(dataset.PlayersName, ps.WritePlayers)
		topt.Identity = ps.Player
		sinks = append(sinks, ps)
	}
	if !noEvents {
		t := tournament.NewSink(topt)
		ds.AddTable(dataset.EventsName, t.WriteEvents)
		sinks = append(sinks, t)
	}
	return append(sinks, ds)
}
