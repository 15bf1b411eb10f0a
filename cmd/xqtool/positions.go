package main

import (
	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/positions"
)

// positionFlags are export's flags of the position-level formats.
type positionFlags struct {
	evals      []string
	resultOnly bool
	policy     string
	clean      positions.Cleaning
	unique     bool
}

func (f *positionFlags) register(cmd *cobra.Command) {
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

var positionFlagNames = []string{"evals", "result-only", "policy", "min-ply", "max-ply", "skip-check", "skip-capture-best", "score-clamp", "unique-positions"}

// options returns the options of a position-level format (the evaluation
// tables opened: close returns their closer).
func (f *positionFlags) options(cmd *cobra.Command, format string, topt training.Options) (positions.Options, func(), error) {
	opt := positions.Options{Training: topt, Clean: f.clean, Unique: f.unique}
	nop := func() {}
	if !positions.IsFormat(format) {
		for _, name := range positionFlagNames {
			if cmd.Flags().Changed(name) {
				return opt, nop, usageErr("--%s needs --format %s, %s or %s", name, positions.FormatPlain, positions.FormatNNUEBin, positions.FormatPX0)
			}
		}
		return opt, nop, nil
	}
	switch f.policy {
	case "played":
	case "best":
		opt.Policy = positions.Best
	default:
		return opt, nop, usageErr("--policy must be played or best, got %q", f.policy)
	}
	switch {
	case len(f.evals) == 0 && !f.resultOnly && format != positions.FormatPX0:
		return opt, nop, usageErr("--format %s needs --evals DIR (scores of xqtool annotate) or --result-only (score 0)", format)
	case len(f.evals) > 0 && f.resultOnly:
		return opt, nop, usageErr("--evals and --result-only exclude each other")
	}
	if len(f.evals) == 0 {
		return opt, nop, checkPositionOptions(opt)
	}
	tables, err := findEvalsTables(f.evals)
	if err != nil {
		return opt, nop, err
	}
	ev, err := annotate.OpenPositionEvals(tables)
	if err != nil {
		return opt, nop, usageErr("--evals: %v", err)
	}
	opt.Evals = ev
	return opt, nop, checkPositionOptions(opt)
}

// checkPositionOptions turns the package's option errors into usage
// errors.
func checkPositionOptions(opt positions.Options) error {
	if err := opt.Check(); err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// findEvalsTables returns the evals tables under paths (files or
// directories, see annotate.FindEvals).
func findEvalsTables(paths []string) ([]string, error) {
	tables, err := annotate.FindEvalsAll(paths)
	if err != nil {
		return nil, usageErr("--evals: %v", err)
	}
	return tables, nil
}

// openEvalsTables opens the evals tables under paths to find games' rows
// by game_id.
func openEvalsTables(paths []string) (*annotate.Evals, error) {
	tables, err := findEvalsTables(paths)
	if err != nil {
		return nil, err
	}
	ev, err := annotate.OpenEvalsSet(tables)
	if err != nil {
		return nil, usageErr("--evals: %v", err)
	}
	return ev, nil
}
