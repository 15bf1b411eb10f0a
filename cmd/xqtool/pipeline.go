package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/export"
)

// pipelineFlags are the flags shared by validate, convert and export.
type pipelineFlags struct {
	workers     int
	quiet       bool
	requireTags string
	noVars      bool
	rules       string
	repetitions int
	shard       shardFlags
	dup         dupFlags

	// outputs are the paths the command writes (never read as inputs);
	// a command appends each of its outputs.
	outputs []string
	// onFile, when set, is called with what became of each input file,
	// in input order, after the file's games (in the pass that calls the
	// sink).
	onFile func(export.FileRow) error
}

func (f *pipelineFlags) register(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.workers, "workers", 0, "worker goroutines (default: all cores)")
	cmd.Flags().BoolVar(&f.quiet, "quiet", false, "no progress bar")
	cmd.Flags().StringVar(&f.requireTags, "require-tags", strings.Join(analyze.DefaultRequiredTags, ","),
		`tags a record must carry (comma-separated; "" for none)`)
	cmd.Flags().BoolVar(&f.noVars, "no-variations", false, "do not replay variations")
	registerRuleFlags(cmd, f)
	f.shard.register(cmd)
	f.dup.register(cmd)
}

func (f *pipelineFlags) options() (analyze.Options, error) {
	opt := analyze.Options{SkipVariations: f.noVars, RequireTags: []string{}}
	for _, t := range strings.Split(f.requireTags, ",") {
		if t = strings.TrimSpace(t); t != "" {
			opt.RequireTags = append(opt.RequireTags, t)
		}
	}
	if err := ruleOptions(f, &opt); err != nil {
		return opt, err
	}
	if err := f.dup.check(); err != nil {
		return opt, err
	}
	return opt, nil
}

// summary counts what a run saw.
type summary struct {
	Files        int
	UnknownFiles []string // files that yielded no game, with the reason
	Games        int
	OK           int
	Flagged      int
	Errors       int // unreadable games
	Plies        int
	ByCode       map[string]int // games carrying each code
	Elapsed      time.Duration
	Workers      int
	Rules        string
	Clusters     int    // clusters of more than one copy
	Dropped      [4]int // games --dedupe left out, by dedupe.Kind
	Deduped      bool
}

func (s *summary) add(r *analyze.Report) {
	s.Games++
	switch r.Status {
	case analyze.StatusOK:
		s.OK++
	case analyze.StatusFlagged:
		s.Flagged++
	default:
		s.Errors++
	}
	if r.Game != nil {
		s.Plies += len(r.Game.Plies)
	}
	seen := map[string]bool{}
	for _, f := range r.Flags {
		if !seen[f.Code] {
			seen[f.Code] = true
			s.ByCode[f.Code]++
		}
	}
}

// print writes the summary table.
func (s *summary) print(w io.Writer) {
	rate := float64(s.Games) / s.Elapsed.Seconds()
	prate := float64(s.Plies) / s.Elapsed.Seconds()
	fmt.Fprintf(w, "%-24s %10d\n", "files", s.Files)
	if len(s.UnknownFiles) > 0 {
		fmt.Fprintf(w, "%-24s %10d\n", "files without games", len(s.UnknownFiles))
	}
	fmt.Fprintf(w, "%-24s %10d\n", "games", s.Games)
	fmt.Fprintf(w, "%-24s %10d\n", "ok", s.OK)
	fmt.Fprintf(w, "%-24s %10d\n", "flagged", s.Flagged)
	codes := make([]string, 0, len(s.ByCode))
	for c := range s.ByCode {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		fmt.Fprintf(w, "  %-22s %10d\n", c, s.ByCode[c])
	}
	fmt.Fprintf(w, "%-24s %10d\n", "unreadable", s.Errors)
	s.printDups(w)
	fmt.Fprintf(w, "%-24s %10d\n", "plies", s.Plies)
	if s.Rules != "" {
		fmt.Fprintf(w, "%-24s %10s\n", "rules", s.Rules)
	}
	fmt.Fprintf(w, "%-24s %10.0f  (%.0f plies/s, %d workers, %v)\n", "games/s", rate, prate, s.Workers, s.Elapsed.Round(time.Millisecond))
	for i, f := range s.UnknownFiles {
		if i == 20 {
			fmt.Fprintf(w, "  … and %d more files without games\n", len(s.UnknownFiles)-20)
			break
		}
		fmt.Fprintf(w, "  no games: %s\n", f)
	}
}

// runPipeline reads paths, analyses every game on the worker pool and
// calls sink with the reports in input order. It returns the summary.
// Cancellation (Ctrl-C) returns an error wrapping context.Canceled.
//
// sink must not keep a report, nor anything it reaches, once it returns:
// the report's record is then released (parse.Record.Release), and its
// move tree is reused for the games that follow.
//
// Duplicate detection (unless --no-duplicates) needs every game before
// the first verdict: with a sink the input is read twice (stdin is kept
// in a temporary file for the second pass); without one (validate with
// no --report) the counts go into the summary after a single pass.
func runPipeline(ctx context.Context, cmd *cobra.Command, paths []string, f *pipelineFlags, opt analyze.Options, sink func(*analyze.Report) error) (*summary, error) {
	for _, p := range paths {
		if p == "-" || strings.ContainsAny(p, "*?[") {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			return nil, usageErr("%v", err)
		}
	}
	// A bad shard is a usage error before anything is read.
	if _, err := f.shard.shard(); err != nil {
		return nil, err
	}
	workers := f.workers
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	sum := &summary{ByCode: map[string]int{}, Workers: workers, Rules: ruleName(&opt)}
	start := time.Now()
	stdin := cmd.InOrStdin()
	var err error
	switch {
	case f.dup.off:
		err = runPass(ctx, cmd, paths, f, stdin, workers, opt, sum, f.onFile, func(r *analyze.Report) error {
			sum.add(r)
			if sink == nil {
				return nil
			}
			return sink(r)
		})
	case sink == nil:
		d := newDupRun(&f.dup)
		defer d.ix.Close()
		err = runPass(ctx, cmd, paths, f, stdin, workers, opt, sum, f.onFile, func(r *analyze.Report) error {
			sum.add(r)
			return d.add(r)
		})
		if err == nil {
			err = d.ix.Finish()
			d.finishSummary(sum)
		}
	default:
		err = runTwoPasses(ctx, cmd, paths, f, stdin, workers, opt, sum, sink)
	}
	sum.Elapsed = time.Since(start)
	return sum, err
}

// runTwoPasses runs duplicate detection over the whole input, then
// analyses it again and calls sink with each report and its verdict.
func runTwoPasses(ctx context.Context, cmd *cobra.Command, paths []string, f *pipelineFlags, stdin io.Reader, workers int, opt analyze.Options, sum *summary, sink func(*analyze.Report) error) error {
	spool, in, err := newStdinSpool(paths, stdin)
	if err != nil {
		return err
	}
	if spool != nil {
		defer spool.close()
	}
	d := newDupRun(&f.dup)
	defer d.ix.Close()
	first := &summary{ByCode: map[string]int{}}
	// The verdicts depend on error flags and the main line only: the
	// first pass need not replay variations (their flags are warnings).
	opt1 := opt
	opt1.SkipVariations = true
	if err := runPass(ctx, cmd, paths, f, in, workers, opt1, first, nil, d.add); err != nil {
		return err
	}
	if err := d.ix.Finish(); err != nil {
		return err
	}
	if spool != nil {
		if in, err = spool.again(); err != nil {
			return err
		}
	}
	err = runPass(ctx, cmd, paths, f, in, workers, opt, sum, f.onFile, func(r *analyze.Report) error {
		keep, err := d.annotate(r)
		if err != nil {
			return err
		}
		sum.add(r)
		if !keep {
			return nil
		}
		return sink(r)
	})
	if err == nil && d.next != d.ix.Len() {
		err = errInputChanged
	}
	_, sum.Clusters = d.ix.Counts()
	sum.Dropped = d.dropped
	sum.Deduped = f.dup.dedupe
	return err
}

// runPass reads paths once, analyses every game on the worker pool and
// calls each with the reports in input order, then releases them. It
// records the files in sum, and calls onFile (when not nil) with what
// became of each input file, after its games.
func runPass(ctx context.Context, cmd *cobra.Command, paths []string, f *pipelineFlags, stdin io.Reader, workers int, opt analyze.Options, sum *summary,
	onFile func(export.FileRow) error, each func(*analyze.Report) error) error {
	shard, err := f.shard.shard()
	if err != nil {
		return err
	}
	bar := newProgress(cmd.ErrOrStderr(), f.quiet, paths)
	w := &corpus.Walker{Stdin: stdin, Raw: true, Shard: shard, Exclude: f.outputs, FileEnds: true}
	var num corpus.Numberer
	var file fileTally
	// result is what a worker hands back for one item.
	type result struct {
		report    *analyze.Report
		file      *corpus.FileProblem
		end       *corpus.FileEnd // the item closed its file
		fileIndex int
	}
	err = corpus.Process(ctx, workers,
		func(ctx context.Context, emit func(corpus.Item) error) error {
			return w.Walk(ctx, paths, emit)
		},
		func(it corpus.Item) result {
			if it.File != nil {
				return result{file: it.File, end: it.End}
			}
			it.Load()
			if it.Rec == nil {
				// Junk between games, or only the end of a file.
				return result{end: it.End}
			}
			return result{report: analyze.Analyze(it.Rec, it.Err, opt), end: it.End, fileIndex: it.FileIndex}
		},
		func(v result) error {
			switch {
			case v.file != nil:
				sum.UnknownFiles = append(sum.UnknownFiles, v.file.Error())
				file.problem = v.file.Err
			case v.report != nil:
				file.add(v.report)
				num.Number(v.report.Record, v.fileIndex)
				if bar != nil {
					bar.game(v.fileIndex)
				}
				err := each(v.report)
				if v.report.Record != nil {
					v.report.Record.Release()
				}
				if err != nil {
					return err
				}
			}
			if v.end == nil {
				return nil
			}
			row := file.row(v.end)
			file = fileTally{}
			if row.Games == 0 && v.end.Err == nil {
				sum.UnknownFiles = append(sum.UnknownFiles, row.Source+": "+row.Problem)
			}
			if onFile != nil {
				return onFile(row)
			}
			return nil
		})
	if bar != nil {
		bar.finish(cmd.ErrOrStderr())
	}
	sum.Files = w.Files()
	return err
}

// progress is the progress bar on stderr: files done out of the files
// counted beforehand (so it can show an ETA), with games and games/s in
// its description. Archive members and stdin are not known in advance; the
// bar then counts them as they come.
type progress struct {
	bar       *progressbar.ProgressBar
	start     time.Time
	games     int
	lastFile  int
	lastShown time.Time
}

// newProgress returns a progress bar when w is a terminal and not
// silenced, else nil.
func newProgress(w io.Writer, quiet bool, paths []string) *progress {
	if quiet {
		return nil
	}
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	total := int64(corpus.CountFiles(paths))
	if total == 0 {
		total = -1 // unknown: a spinner
	}
	return &progress{
		start: time.Now(),
		bar: progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription("files"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSpinnerType(14),
			progressbar.OptionClearOnFinish(),
		),
	}
}

// game records one game of file fileIndex (files come in order).
func (p *progress) game(fileIndex int) {
	p.games++
	if fileIndex > p.lastFile {
		_ = p.bar.Add(fileIndex - p.lastFile)
		p.lastFile = fileIndex
	}
	if now := time.Now(); now.Sub(p.lastShown) > 200*time.Millisecond {
		p.lastShown = now
		rate := float64(p.games) / now.Sub(p.start).Seconds()
		p.bar.Describe(fmt.Sprintf("%d games, %.0f games/s; files", p.games, rate))
	}
}

// finish completes and clears the bar.
func (p *progress) finish(w io.Writer) {
	_ = p.bar.Finish()
	fmt.Fprintln(w)
}

// signalContext returns a context cancelled by Ctrl-C or SIGTERM.
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// asRunError gives an error from a run its exit code: usage errors keep
// theirs, anything else (I/O) is 2.
func asRunError(err error) error {
	var ee *exitError
	if errors.As(err, &ee) || errors.Is(err, context.Canceled) {
		return err
	}
	return &exitError{code: 2, err: err}
}

// interrupted maps a cancelled run to exit code 130.
func interrupted(err error) error {
	if errors.Is(err, context.Canceled) {
		return &exitError{code: 130, err: errors.New("interrupted")}
	}
	return err
}

// atomicFile writes to a temporary file beside path and renames it into
// place on Commit; Abort (or a failed Commit) removes the temporary file,
// so an interrupted run never leaves a half-written output.
type atomicFile struct {
	*os.File
	path string
}

func createAtomic(path string) (*atomicFile, error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, err
	}
	return &atomicFile{File: f, path: path}, nil
}

func (a *atomicFile) Commit() error {
	// CreateTemp makes the file private; give it the usual permissions.
	if err := a.File.Chmod(0o644); err != nil {
		a.Abort()
		return err
	}
	if err := a.File.Close(); err != nil {
		os.Remove(a.File.Name())
		return err
	}
	if err := os.Rename(a.File.Name(), a.path); err != nil {
		os.Remove(a.File.Name())
		return err
	}
	return nil
}

func (a *atomicFile) Abort() {
	a.File.Close()
	os.Remove(a.File.Name())
}
