package main

import (
	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/positions"
)

// Output formats of export.
const (
	formatParquet      = "parquet"
	formatAlphaZeroCSV = "alphazero-csv"
)

// trainingFlags are export's flags of training data.
type trainingFlags struct {
	on            bool
	format        string
	mirror        bool
	split         string
	seed          uint64
	minPlies      int
	requireResult bool
	withErrors    bool
	withCopies    bool
}

func (f *trainingFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.BoolVar(&f.on, "training", false, "write training data: position keys, policy indices, split (see README, Training data)")
	fs.StringVar(&f.format, "format", formatParquet, "output: parquet, alphazero-csv (gameinfo.csv and moves.csv), plain or nnue-bin (SPLIT.plain or SPLIT.bin of NNUE trainers), px0 (SPLIT/chunk-N.gz of V6 records); all but parquet imply --training")
	fs.BoolVar(&f.mirror, "mirror", false, "with --training: add the left-right mirror of every game")
	fs.StringVar(&f.split, "split", training.DefaultProportions.String(), "with --training: proportions TRAIN,VALID,TEST")
	fs.Uint64Var(&f.seed, "split-seed", 0, "with --training: seed of the split")
	fs.IntVar(&f.minPlies, "min-plies", 0, "with --training: leave out games shorter than N plies")
	fs.BoolVar(&f.requireResult, "require-result", false, "with --training: leave out games whose result is unknown")
	fs.BoolVar(&f.withErrors, "with-errors", false, "with --training: keep games with an error flag (their valid prefix)")
	fs.BoolVar(&f.withCopies, "with-copies", false, "with --training: keep every copy of a game, not only the kept one")
}

// options returns the training options and whether training data is
// asked for; the flags of training data without --training are a usage
// error.
func (f *trainingFlags) options(cmd *cobra.Command) (training.Options, bool, error) {
	var opt training.Options
	switch f.format {
	case formatParquet:
	case formatAlphaZeroCSV, positions.FormatPlain, positions.FormatNNUEBin, positions.FormatPX0:
		f.on = true
	default:
		return opt, false, usageErr("--format must be %s, %s, %s, %s or %s, got %q", formatParquet, formatAlphaZeroCSV, positions.FormatPlain, positions.FormatNNUEBin, positions.FormatPX0, f.format)
	}
	if !f.on {
		for _, name := range []string{"mirror", "split", "split-seed", "min-plies", "require-result", "with-errors", "with-copies"} {
			if cmd.Flags().Changed(name) {
				return opt, false, usageErr("--%s needs --training", name)
			}
		}
		return opt, false, nil
	}
	if f.format != formatParquet {
		for _, name := range []string{"partition", "compression", "only-ok"} {
			if cmd.Flags().Changed(name) {
				return opt, false, usageErr("--%s does not apply to --format %s", name, f.format)
			}
		}
	}
	p, err := training.ParseProportions(f.split)
	if err != nil {
		return opt, false, usageErr("--split: %v", err)
	}
	if f.minPlies < 0 {
		return opt, false, usageErr("--min-plies must be 0 or more, got %d", f.minPlies)
	}
	opt = training.Options{
		Filter: training.Filter{
			MinPlies: f.minPlies, RequireResult: f.requireResult, WithErrors: f.withErrors, WithCopies: f.withCopies,
		},
		Proportions: p,
		Seed:        f.seed,
		Mirror:      f.mirror,
	}
	return opt, true, nil
}
