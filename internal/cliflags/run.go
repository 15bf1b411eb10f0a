package cliflags

import (
	"context"
	"errors"
	"fmt"
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

// ErrInterrupted is the error of a run stopped by Ctrl-C or SIGTERM
// (exit code 130).
var ErrInterrupted = errors.New("interrupted")

// Run are the flags of the commands that run the pipeline (validate,
// convert, export, ...): how to read and judge the games.
type Run struct {
	Quiet       bool // --quiet: no progress bar
	Shard       Shard
	KeptOnly    bool   // --dedupe (convert, export)
	TempDir     string // --temp-dir
	workers     int
	requireTags string
	noVars      bool
	rules       string
	repetitions int
	minPlies    int
	noDups      bool // --no-duplicates
	fillTags    bool // --fill-tags (convert, export)
	exclude     []string
	repair      bool

	// Outputs are the paths the command writes (never read as inputs).
	Outputs []string
	// Listed is the output of the command that lists every input file
	// (a report, files.parquet), named by the note on the files without
	// games; "" when the command writes none.
	Listed string
}

// Register adds the run flags to cmd.
func (f *Run) Register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.IntVar(&f.workers, "workers", 0, "worker goroutines (default: all cores)")
	fs.BoolVar(&f.Quiet, "quiet", false, "no progress bar")
	fs.StringVar(&f.requireTags, "require-tags", strings.Join(analyze.DefaultRequiredTags, ","),
		`tags a record must carry (comma-separated; "" for none)`)
	fs.BoolVar(&f.noVars, "no-variations", false, "do not replay variations")
	fs.StringVar(&f.rules, "rules", "cxa", "repetition rules: cxa (Chinese) or axf (Asian/World)")
	fs.IntVar(&f.repetitions, "repetitions", 3, "occurrence of a position at which a repetition cycle is judged")
	CompleteValues(cmd, "rules", "cxa", "axf")
	f.Shard.Register(cmd)
	fs.IntVar(&f.minPlies, "dup-min-plies", dedupe.DefaultMinPlies,
		"shortest main line that counts as a prefix or mirror copy (near_duplicate)")
	fs.BoolVar(&f.noDups, "no-duplicates", false, "do not look for copies of games")
	fs.StringVar(&f.TempDir, "temp-dir", "", "directory of the run's temporary files (default: the system's)")
	fs.StringArrayVar(&f.exclude, "exclude", nil, `do not read files or directories matching GLOB ("*.md"; with a slash, the path under the input: "old/*"); repeatable`)
	fs.BoolVar(&f.repair, "repair", false, "repair the slips of records that the rest of the game proves (flag repaired); without it a failing move's flag only asks \"did you mean …?\"")
}

// RegisterOutput adds --dedupe and --fill-tags (convert and export).
func (f *Run) RegisterOutput(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&f.KeptOnly, "dedupe", false, "write only the kept copy of each cluster of copies")
	cmd.Flags().BoolVar(&f.fillTags, "fill-tags", false, "fill the kept copy's empty tags from its copies, and an empty Result from mate, stalemate or a judged final cycle")
}

// ParseTags splits a comma-separated list of tag names, dropping the
// spaces around each and the empty ones ("" is no tag).
func ParseTags(s string) []string {
	tags := []string{}
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	return tags
}

// Options returns the pipeline options the flags select.
func (f *Run) Options(cmd *cobra.Command) (pipeline.Options, error) {
	aopt := analyze.Options{SkipVariations: f.noVars, RequireTags: ParseTags(f.requireTags)}
	rs, err := analyze.ParseRuleSet(f.rules)
	if err != nil {
		return pipeline.Options{}, fmt.Errorf("--rules must be cxa (Chinese rules) or axf (Asian/World rules), got %q", f.rules)
	}
	if f.repetitions < 2 {
		return pipeline.Options{}, fmt.Errorf("--repetitions must be at least 2, got %d", f.repetitions)
	}
	aopt.Rules, aopt.Repetitions = rs, f.repetitions
	if f.minPlies < 0 {
		return pipeline.Options{}, fmt.Errorf("--dup-min-plies must be at least 1 (0: the default), got %d", f.minPlies)
	}
	if f.noDups && (f.KeptOnly || f.fillTags) {
		return pipeline.Options{}, errors.New("--dedupe and --fill-tags need duplicate detection (drop --no-duplicates)")
	}
	shard, err := f.Shard.Shard()
	if err != nil {
		return pipeline.Options{}, err
	}
	for _, p := range f.exclude {
		if _, err := path.Match(p, ""); err != nil {
			return pipeline.Options{}, fmt.Errorf("--exclude %q: %v", p, err)
		}
	}
	return pipeline.Options{
		AllowEmpty: shard.Count > 1, // one shard of many may hold no game
		Workers:    f.workers,
		Analyze:    aopt,
		Duplicates: pipeline.Duplicates{
			Off: f.noDups, MinPlies: f.minPlies, KeptOnly: f.KeptOnly, FillTags: f.fillTags,
		},
		FillResult: f.fillTags,
		Shard:      shard,
		Datasets:   dataset.Source{},
		Patterns:   f.exclude,
		Stdin:      cmd.InOrStdin(),
		TempDir:    f.TempDir,
		// First: the steps after it see the repaired game.
		Steps: []pipeline.Step{repair.Step(repair.Options{}, f.repair)},
	}, nil
}

// Run runs the pipeline over args with the sinks, with a progress bar on
// a terminal (unless opt has one) and Ctrl-C handled (ErrInterrupted);
// the outputs are excluded from the inputs. It notes on stderr the files
// without games (unless --quiet) and the inputs reached twice.
func (f *Run) Run(cmd *cobra.Command, args []string, opt pipeline.Options, sinks ...pipeline.Sink) (*pipeline.Summary, error) {
	opt.Exclude = f.Outputs
	if opt.Progress == nil {
		if bar := progress.New(cmd.ErrOrStderr(), f.Quiet); bar != nil {
			opt.Progress = bar
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := pipeline.Run(ctx, args, opt, sinks...)
	if errors.Is(err, context.Canceled) {
		return sum, ErrInterrupted
	}
	if err != nil {
		return sum, err
	}
	if !f.Quiet {
		sum.NoteNoGames(cmd.ErrOrStderr(), f.Listed)
	}
	sum.NoteRepeated(cmd.ErrOrStderr())
	return sum, nil
}
