package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"path"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/progress"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/repair"
)

// runFlags are the flags of the commands that run the pipeline (validate,
// convert, export): how to read and judge the games.
type runFlags struct {
	workers     int
	quiet       bool
	requireTags string
	noVars      bool
	rules       string
	repetitions int
	shard       shardFlags
	minPlies    int
	noDups      bool // --no-duplicates
	keptOnly    bool // --dedupe (convert, export)
	fillTags    bool // --fill-tags (convert, export)
	tempDir     string
	exclude     []string // --exclude
	repair      bool     // --repair

	// outputs are the paths the command writes (never read as inputs).
	outputs []string
	// listed is the output of the command that lists every input file
	// (a report, files.parquet), named by the note on the files without
	// games; "" when the command writes none.
	listed string
}

func (f *runFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.IntVar(&f.workers, "workers", 0, "worker goroutines (default: all cores)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar")
	fs.StringVar(&f.requireTags, "require-tags", strings.Join(analyze.DefaultRequiredTags, ","),
		`tags a record must carry (comma-separated; "" for none)`)
	fs.BoolVar(&f.noVars, "no-variations", false, "do not replay variations")
	fs.StringVar(&f.rules, "rules", "cxa", "repetition rules: cxa (Chinese) or axf (Asian/World)")
	fs.IntVar(&f.repetitions, "repetitions", 3, "occurrence of a position at which a repetition cycle is judged")
	completeValues(cmd, "rules", "cxa", "axf")
	f.shard.register(cmd)
	fs.IntVar(&f.minPlies, "dup-min-plies", dedupe.DefaultMinPlies,
		"shortest main line that counts as a prefix or mirror copy (near_duplicate)")
	fs.BoolVar(&f.noDups, "no-duplicates", false, "do not look for copies of games")
	fs.StringVar(&f.tempDir, "temp-dir", "", "directory of the run's temporary files (default: the system's)")
	fs.StringArrayVar(&f.exclude, "exclude", nil, `do not read files or directories matching GLOB ("*.md"; with a slash, the path under the input: "old/*"); repeatable`)
	fs.BoolVar(&f.repair, "repair", false, "repair the slips of records that the rest of the game proves (flag repaired); without it a failing move's flag only asks \"did you mean …?\"")
}

// registerOutput adds --dedupe and --fill-tags (convert and export).
func (f *runFlags) registerOutput(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&f.keptOnly, "dedupe", false, "write only the kept copy of each cluster of copies")
	cmd.Flags().BoolVar(&f.fillTags, "fill-tags", false, "fill the kept copy's empty tags from its copies, and an empty Result from mate, stalemate or a judged final cycle")
}

// options returns the pipeline options the flags select.
func (f *runFlags) options(cmd *cobra.Command) (pipeline.Options, error) {
	aopt := analyze.Options{SkipVariations: f.noVars, RequireTags: []string{}}
	for _, t := range strings.Split(f.requireTags, ",") {
		if t = strings.TrimSpace(t); t != "" {
			aopt.RequireTags = append(aopt.RequireTags, t)
		}
	}
	rs, err := analyze.ParseRuleSet(f.rules)
	if err != nil {
		return pipeline.Options{}, usageErr("--rules must be cxa (Chinese rules) or axf (Asian/World rules), got %q", f.rules)
	}
	if f.repetitions < 2 {
		return pipeline.Options{}, usageErr("--repetitions must be at least 2, got %d", f.repetitions)
	}
	aopt.Rules, aopt.Repetitions = rs, f.repetitions
	if f.minPlies < 0 {
		return pipeline.Options{}, usageErr("--dup-min-plies must be at least 1 (0: the default), got %d", f.minPlies)
	}
	if f.noDups && (f.keptOnly || f.fillTags) {
		return pipeline.Options{}, usageErr("--dedupe and --fill-tags need duplicate detection (drop --no-duplicates)")
	}
	shard, err := f.shard.shard()
	if err != nil {
		return pipeline.Options{}, err
	}
	for _, p := range f.exclude {
		if _, err := path.Match(p, ""); err != nil {
			return pipeline.Options{}, usageErr("--exclude %q: %v", p, err)
		}
	}
	opt := pipeline.Options{
		AllowEmpty: shard.Count > 1, // one shard of many may hold no game
		Workers:    f.workers,
		Analyze:    aopt,
		Duplicates: pipeline.Duplicates{
			Off: f.noDups, MinPlies: f.minPlies, KeptOnly: f.keptOnly, FillTags: f.fillTags,
		},
		FillResult: f.fillTags,
		Shard:      shard,
		Datasets:   dataset.Source{},
		Patterns:   f.exclude,
		Stdin:      cmd.InOrStdin(),
		TempDir:    f.tempDir,
		// First: the steps after it see the repaired game.
		Steps: []pipeline.Step{repair.Step(repair.Options{}, f.repair)},
	}
	return opt, nil
}

// run runs the pipeline over args with the sinks, with a progress bar
// on a terminal (unless opt has one) and Ctrl-C handled; the outputs are
// excluded from the inputs.
func (f *runFlags) run(cmd *cobra.Command, args []string, opt pipeline.Options, sinks ...pipeline.Sink) (*pipeline.Summary, error) {
	opt.Exclude = f.outputs
	if opt.Progress == nil {
		if bar := progress.New(cmd.ErrOrStderr(), f.quiet); bar != nil {
			opt.Progress = bar
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := pipeline.Run(ctx, args, opt, sinks...)
	if err != nil {
		return sum, runError(err)
	}
	if !f.quiet {
		sum.NoteNoGames(cmd.ErrOrStderr(), f.listed)
	}
	sum.NoteRepeated(cmd.ErrOrStderr())
	return sum, nil
}

// runError gives an error from a run its exit code: 130 for an
// interrupted run, 2 for anything else (usage, I/O).
func runError(err error) error {
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return err
	case errors.Is(err, context.Canceled):
		return &exitError{code: 130, err: errors.New("interrupted")}
	case errors.Is(err, os.ErrNotExist), errors.Is(err, pipeline.ErrNoGames):
		return usageErr("%v", err)
	}
	return &exitError{code: 2, err: err}
}
