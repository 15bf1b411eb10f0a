package main

import (
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/players"
	"github.com/xqtool/xqtool/tournament"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/positions"
)

func newExportCmd() *cobra.Command {
	var rf runFlags
	var out, partition, compression string
	var onlyOK, noEvents, noPlayers bool
	var aliases string
	var hf htmlFlags
	var tf trainingFlags
	var pf positionFlags
	var strict bool
	cmd := &cobra.Command{
		Use:     "export -o DIR [flags] PATH...",
		Short:   "Write games, positions and flags as Parquet datasets",
		Long:    help("export.txt"),
		Example: help("export.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr("export: -o DIR is required")
			}
			topt, isTraining, err := tf.options(cmd)
			if err != nil {
				return err
			}
			var opts []dataset.Option
			switch partition {
			case "", "none":
			case "year":
				opts = append(opts, dataset.WithPartitionByYear())
			default:
				return usageErr("--partition must be year or none, got %q", partition)
			}
			codec, err := dataset.ParseCompression(compression)
			if err != nil {
				return usageErr("--compression must be zstd, snappy, lz4_raw or none, got %q", compression)
			}
			opts = append(opts, dataset.WithCompression(codec))
			var lines *training.Table // positions.parquet as training data
			if isTraining {
				lines = training.NewTable(topt)
				opts = append(opts, dataset.WithLines(lines))
			}
			opt, err := rf.options(cmd)
			if err != nil {
				return err
			}
			if !opt.Shard.All() {
				out = filepath.Join(out, opt.Shard.Dir())
			}
			if os.Getenv("GOGC") == "" {
				// Export holds row groups of Arrow buffers: the default GC
				// target keeps its peak memory near half of what the
				// validate setting (gcPercent) gives, at no measurable cost.
				debug.SetGCPercent(pipeline.ExportGCPercent)
			}
			a, err := readAliasFile(aliases)
			if err != nil {
				return err
			}
			if noPlayers && a != nil {
				return usageErr("export: --aliases and --no-players exclude each other")
			}
			var sink pipeline.Sink
			var ps *players.Sink               // nil: players not resolved
			var counts func() *training.Counts // nil without --training
			popt, closeEvals, err := pf.options(cmd, tf.format, topt)
			if err != nil {
				return err
			}
			defer closeEvals()
			var pos *positions.Sink // nil without a position format
			if positions.IsFormat(tf.format) {
				if pos, err = positions.NewFormatSink(tf.format, out, opt.Shard, popt); err != nil {
					return usageErr("%v", err)
				}
				sink, counts = pos, func() *training.Counts { c := pos.Counts(); return &c }
			} else if tf.format == formatAlphaZeroCSV {
				az, err := training.NewAlphaZeroSink(out, topt)
				if err != nil {
					return usageErr("%v", err)
				}
				sink, counts = az, func() *training.Counts { c := az.Counts(); return &c }
			} else {
				ds, err := dataset.NewSink(out, onlyOK, opts...)
				if err != nil {
					return usageErr("%v", err)
				}
				sink = ds
				rf.listed = filepath.Join(out, dataset.FilesName+".parquet")
				if !noPlayers {
					ps = players.NewSink(a)
					ds.AddTable(dataset.PlayersName, ps.WritePlayers)
				}
				if lines != nil {
					counts = lines.Counts
				}
			}
			rf.outputs = append(rf.outputs, out)
			// The annotators finish first, in this order: the players
			// (games.parquet's red_id and black_id, players.parquet), then
			// the tournament, which tells players apart by their ids
			// (event_id, events.parquet, the checks' flags).
			var annotators []pipeline.Sink
			if ps != nil {
				annotators = append(annotators, ps)
			}
			if ds, ok := sink.(*dataset.Sink); ok && !noEvents {
				topt := tournament.Options{}
				if ps != nil {
					topt.Identity = ps.Player
				}
				t := tournament.NewSink(topt)
				ds.AddTable(dataset.EventsName, t.WriteEvents)
				annotators = append(annotators, t)
			}
			sinks := append(annotators, sink)
			sinks, err = hf.add(cmd, &rf, sinks) // after the dataset: --html may be inside DIR
			if err != nil {
				return err
			}
			sum, err := rf.run(cmd, args, opt, sinks...)
			if err != nil {
				return err
			}
			sum.WriteTable(cmd.OutOrStdout())
			if counts != nil {
				training.WriteSummary(cmd.OutOrStdout(), counts().Lines())
			}
			if pos != nil {
				training.WriteSummary(cmd.OutOrStdout(), pos.Positions().Lines())
			}
			if strict && sum.Unreadable > 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	rf.register(cmd)
	hf.register(cmd)
	rf.registerOutput(cmd)
	tf.register(cmd)
	pf.register(cmd)
	registerStrict(cmd, &strict, "some record could not be read at all (unreadable_record)")
	cmd.Flags().StringVarP(&out, "output", "o", "", "directory to write the datasets into (required)")
	cmd.Flags().StringVar(&partition, "partition", "", "partition the datasets: year")
	cmd.Flags().BoolVar(&onlyOK, "only-ok", false, "export only games with status ok")
	cmd.Flags().BoolVar(&noEvents, "no-events", false, "write no events.parquet and no event_id (nor the tournament checks' flags)")
	cmd.Flags().BoolVar(&noPlayers, "no-players", false, "do not resolve players (no red_id, black_id, players.parquet)")
	cmd.Flags().StringVar(&aliases, "aliases", "", "alias file of players (TSV: canonical name, then aliases)")
	cmd.Flags().StringVar(&compression, "compression", "zstd", "Parquet codec: zstd, snappy, lz4_raw or none")
	completeValues(cmd, "partition", "year", "none")
	completeValues(cmd, "compression", "zstd", "snappy", "lz4_raw", "none")
	return cmd
}
