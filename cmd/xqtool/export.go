package main

import (
	"github.com/spf13/cobra"
	"os"
	"runtime/debug"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/export"
)

func newExportCmd() *cobra.Command {
	var pf pipelineFlags
	var out, partition, compression string
	var onlyOK bool
	var hf htmlFlags
	cmd := &cobra.Command{
		Use:   "export -o DIR [flags] PATH...",
		Short: "Write games, positions and flags as Parquet datasets",
		Long: `export reads every game under PATH like validate, replays it and writes three
Parquet datasets into DIR: games.parquet (one row per game), positions.parquet
(one row per ply of the valid main line) and flags.parquet (one row per flag),
and files.parquet: one row per input file, saying what became of it.
With --partition year they are written Hive-style as DIR/games/year=YYYY/…
(unknown years in year=__HIVE_DEFAULT_PARTITION__). Files are written to a
temporary directory inside DIR and moved into place when complete, replacing
the games, positions and flags entries of an earlier export. With --shard I/N
the dataset of the shard goes to DIR/shard=I-of-N/. It prints the summary
table of validate.

Exit code: 0 the datasets were written (flagged games included: their flags
are data, in flags.parquet); 1 the datasets were written but some game could
not be read at all (it has a games row and an unreadable_record flag, but no
moves or positions); 2 usage or I/O error; 130 interrupted (nothing written).`,
		Example: `  xqtool export -o out/ games/
  xqtool export -o out/ --partition year --only-ok games.zip
  duckdb -c "SELECT red, count(*) FROM 'out/games.parquet' GROUP BY red ORDER BY 2 DESC LIMIT 10"`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr("export: -o DIR is required")
			}
			opts := []export.Option{}
			switch partition {
			case "", "none":
			case "year":
				opts = append(opts, export.WithPartitionByYear())
			default:
				return usageErr("--partition must be year or none, got %q", partition)
			}
			codec, err := export.ParseCompression(compression)
			if err != nil {
				return usageErr("--compression: %v", err)
			}
			opts = append(opts, export.WithCompression(codec))
			opt, err := pf.options()
			if err != nil {
				return err
			}
			opts = append(opts, export.WithRules(ruleName(&opt)))
			if out, err = shardDir(&pf, out); err != nil {
				return err
			}
			if os.Getenv("GOGC") == "" {
				// Export holds row groups of Arrow buffers: the default GC
				// target keeps its peak memory near half of what the
				// validate setting (gcPercent) gives, at no measurable cost.
				debug.SetGCPercent(100)
			}
			ctx, stop := signalContext()
			defer stop()
			ds, err := export.Create(out, opts...)
			if err != nil {
				return usageErr("%v", err)
			}
			pf.outputs = append(pf.outputs, out)
			pf.onFile = ds.WriteFile
			hf.exclude(&pf)
			ho, err := hf.open(ruleName(&opt)) // after Create: --html may be inside DIR
			if err != nil {
				ds.Abort()
				return err
			}
			sum, err := runPipeline(ctx, cmd, args, &pf, opt, func(r *analyze.Report) error {
				ho.add(r)
				if onlyOK && r.Status != analyze.StatusOK {
					return nil
				}
				return ds.Write(r)
			})
			if err != nil {
				ds.Abort()
				_ = ho.finish(err, nil)
				return interrupted(asRunError(err))
			}
			err = ds.Close()
			if err = ho.finish(err, args); err != nil {
				return asRunError(err)
			}
			sum.print(cmd.OutOrStdout())
			if sum.Errors > 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	pf.register(cmd)
	hf.register(cmd)
	pf.dup.registerOutput(cmd)
	cmd.Flags().StringVarP(&out, "output", "o", "", "directory to write the datasets into (required)")
	cmd.Flags().StringVar(&partition, "partition", "", "partition the datasets: year")
	cmd.Flags().BoolVar(&onlyOK, "only-ok", false, "export only games with status ok")
	cmd.Flags().StringVar(&compression, "compression", "zstd", "Parquet codec: zstd, snappy, lz4_raw or none")
	return cmd
}
