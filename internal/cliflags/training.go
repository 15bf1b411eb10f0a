package cliflags

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/positions"
)

// Output formats of export beside the position formats of package
// positions.
const (
	FormatParquet      = "parquet"
	FormatAlphaZeroCSV = "alphazero-csv"
)

// Training are export's flags of training data.
type Training struct {
	on            bool
	Format        string // --format
	mirror        bool
	split         string
	seed          uint64
	minPlies      int
	requireResult bool
	withErrors    bool
	withCopies    bool
}

// Register adds the training flags to cmd.
func (f *Training) Register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.BoolVar(&f.on, "training", false, "write training data: position keys, policy indices, split (see README, Training data)")
	fs.StringVar(&f.Format, "format", FormatParquet, "output: parquet, alphazero-csv (gameinfo.csv and moves.csv), plain or nnue-bin (SPLIT.plain or SPLIT.bin of NNUE trainers), px0 (SPLIT/chunk-N.gz of V6 records); all but parquet imply --training")
	fs.BoolVar(&f.mirror, "mirror", false, "with --training: add the left-right mirror of every game")
	fs.StringVar(&f.split, "split", training.DefaultProportions.String(), "with --training: proportions TRAIN,VALID,TEST")
	fs.Uint64Var(&f.seed, "split-seed", 0, "with --training: seed of the split")
	fs.IntVar(&f.minPlies, "min-plies", 0, "with --training: leave out games shorter than N plies")
	fs.BoolVar(&f.requireResult, "require-result", false, "with --training: leave out games whose result is unknown")
	fs.BoolVar(&f.withErrors, "with-errors", false, "with --training: keep games with an error flag (their valid prefix)")
	fs.BoolVar(&f.withCopies, "with-copies", false, "with --training: keep every copy of a game, not only the kept one")
}

// Options returns the training options and whether training data is
// asked for; the flags of training data without --training are an error.
func (f *Training) Options(cmd *cobra.Command) (training.Options, bool, error) {
	var opt training.Options
	switch f.Format {
	case FormatParquet:
	case FormatAlphaZeroCSV, positions.FormatPlain, positions.FormatNNUEBin, positions.FormatPX0:
		f.on = true
	default:
		return opt, false, fmt.Errorf("--format must be %s, %s, %s, %s or %s, got %q", FormatParquet, FormatAlphaZeroCSV, positions.FormatPlain, positions.FormatNNUEBin, positions.FormatPX0, f.Format)
	}
	if !f.on {
		if name := changed(cmd, "mirror", "split", "split-seed", "min-plies", "require-result", "with-errors", "with-copies"); name != "" {
			return opt, false, fmt.Errorf("--%s needs --training", name)
		}
		return opt, false, nil
	}
	if f.Format != FormatParquet {
		if name := changed(cmd, "partition", "compression", "only-ok"); name != "" {
			return opt, false, fmt.Errorf("--%s does not apply to --format %s", name, f.Format)
		}
	}
	p, err := training.ParseProportions(f.split)
	if err != nil {
		return opt, false, fmt.Errorf("--split: %v", err)
	}
	if f.minPlies < 0 {
		return opt, false, fmt.Errorf("--min-plies must be 0 or more, got %d", f.minPlies)
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

// Positions are export's flags of the position-level formats.
type Positions struct {
	evals      []string
	resultOnly bool
	policy     string
	clean      positions.Cleaning
	unique     bool
}

// Register adds the position formats' flags to cmd.
func (f *Positions) Register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringArrayVar(&f.evals, "evals", nil, "with a position format (plain, nnue-bin, px0): evals.parquet of xqtool annotate (a file or a directory; repeatable)")
	fs.BoolVar(&f.resultOnly, "result-only", false, "with --format plain or nnue-bin and no --evals: write score 0 (result-only training)")
	fs.StringVar(&f.policy, "policy", "played", "with a position format: the move of each record, played or best (needs --evals)")
	fs.IntVar(&f.clean.MinPly, "min-ply", 0, "with a position format: leave out positions before ply N (0 = the start)")
	fs.IntVar(&f.clean.MaxPly, "max-ply", 0, "with a position format: leave out positions after ply N (0: no limit)")
	fs.BoolVar(&f.clean.SkipCheck, "skip-check", false, "with a position format: leave out positions whose side to move is in check")
	fs.BoolVar(&f.clean.SkipCaptureBest, "skip-capture-best", false, "with a position format: leave out positions whose best move is a capture (needs --evals)")
	fs.IntVar(&f.clean.ScoreClamp, "score-clamp", 0, "with a position format: limit scores to ±N centipawns (0: no limit)")
	fs.BoolVar(&f.unique, "unique-positions", false, "with a position format: one record per position across the run (the last copy, the copies' results combined; docs/training.md)")
}

// Options returns the options of the position-level format (the
// evaluation tables of --evals opened); the flags without a position
// format are an error.
func (f *Positions) Options(cmd *cobra.Command, format string, topt training.Options) (positions.Options, error) {
	opt := positions.Options{Training: topt, Clean: f.clean, Unique: f.unique}
	if !positions.IsFormat(format) {
		if name := changed(cmd, "evals", "result-only", "policy", "min-ply", "max-ply", "skip-check", "skip-capture-best", "score-clamp", "unique-positions"); name != "" {
			return opt, fmt.Errorf("--%s needs --format %s, %s or %s", name, positions.FormatPlain, positions.FormatNNUEBin, positions.FormatPX0)
		}
		return opt, nil
	}
	switch f.policy {
	case "played":
	case "best":
		opt.Policy = positions.Best
	default:
		return opt, fmt.Errorf("--policy must be played or best, got %q", f.policy)
	}
	switch {
	case len(f.evals) == 0 && !f.resultOnly && format != positions.FormatPX0:
		return opt, fmt.Errorf("--format %s needs --evals DIR (scores of xqtool annotate) or --result-only (score 0)", format)
	case len(f.evals) > 0 && f.resultOnly:
		return opt, errors.New("--evals and --result-only exclude each other")
	}
	if len(f.evals) > 0 {
		tables, err := annotate.FindEvalsAll(f.evals)
		if err != nil {
			return opt, fmt.Errorf("--evals: %v", err)
		}
		if opt.Evals, err = annotate.OpenPositionEvals(tables); err != nil {
			return opt, fmt.Errorf("--evals: %v", err)
		}
	}
	return opt, opt.Check()
}

// OpenEvals opens the evals tables under paths (--evals of convert: files
// or directories, see annotate.FindEvalsAll) to find games' rows by
// game_id.
func OpenEvals(paths []string) (*annotate.Evals, error) {
	tables, err := annotate.FindEvalsAll(paths)
	if err != nil {
		return nil, fmt.Errorf("--evals: %v", err)
	}
	ev, err := annotate.OpenEvalsSet(tables)
	if err != nil {
		return nil, fmt.Errorf("--evals: %v", err)
	}
	return ev, nil
}
