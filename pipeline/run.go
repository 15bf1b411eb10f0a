package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
)

// Options configures a run.
type Options struct {
	// Workers is the number of worker goroutines (runtime.NumCPU when
	// < 1). The results are the same for any number.
	Workers int
	// Analyze configures the analysis of every game.
	Analyze analyze.Options
	// Duplicates configures duplicate detection.
	Duplicates Duplicates
	// FillResult gives a game whose record declares no result (or "*")
	// the result its final position decides (mate, stalemate, a judged
	// final cycle), flagged result_filled.
	FillResult bool
	// Steps run on every game in the worker pool, after the analysis and
	// before any sink sees it, in order.
	Steps []Step
	// Shard selects the input files to read (the zero value: all).
	Shard corpus.Shard
	// Exclude lists the outputs of the run: they are never read as
	// inputs (corpus.Walker.Exclude).
	Exclude []string
	// Patterns are glob patterns of input files and directories not to
	// read (corpus.Walker.Patterns).
	Patterns []string
	// Datasets, when set, reads the inputs that are export datasets (see
	// Datasets); without it every input is read as records.
	Datasets Datasets
	// Stdin is read for the input "-" (os.Stdin when nil).
	Stdin io.Reader
	// TempDir holds the run's temporary files ("" for the system's).
	TempDir string
	// Progress, when set, is told how the run advances.
	Progress Progress
	// AllowEmpty lets a run that read no game succeed (one shard of
	// many may hold none); otherwise such a run fails with ErrNoGames
	// and writes nothing.
	AllowEmpty bool
	// CheckSinks makes the run verify that no sink changes a Game (for
	// tests: it costs a fingerprint of every game before and after every
	// sink); a sink that does fails the run.
	CheckSinks bool
}

// GCPercent is the garbage collector target the commands run with unless
// GOGC is set: a run allocates many short-lived records, and trading some
// memory (peak RSS stays in the tens of MB) for fewer collections makes
// it faster. Since move trees are reused (parse.Record.Release), 200 is
// as fast as 400 was, with a smaller heap. A run that writes Parquet
// holds row groups of Arrow buffers and does better with 100 (see
// ExportGCPercent).
const GCPercent = 200

// ExportGCPercent is the garbage collector target of a run that writes
// datasets: it keeps the peak memory near half of what GCPercent gives,
// at no measurable cost.
const ExportGCPercent = 100

// Info is what a sink is told of the run before it starts.
type Info struct {
	// Inputs are the input paths as given.
	Inputs []string
	// Rules names the repetition rules of the analysis ("cxa", "axf").
	Rules string
	// Duplicates are the run's duplicate options: a sink that writes a
	// game's text during the pass holds it until Finish when
	// Duplicates.Rewrites().
	Duplicates Duplicates
	// TempDir is where the run's temporary files go ("" for the
	// system's).
	TempDir string
	// Annotated is true when the run has annotators (see Annotator).
	Annotated bool
}

// Late reports whether a game's flags may still grow after the pass
// (duplicate detection, annotators): a sink that writes a game's flags
// holds them until Finish.
func (i Info) Late() bool { return !i.Duplicates.Off || i.Annotated }

// Sink receives the results of a run: Start, then Game for every game
// and File for every input file in input order (a file after its games),
// then, when the pass succeeded, Finish with the duplicate verdicts and
// Commit; Abort instead when the run failed or was cancelled. A sink
// writes its outputs to temporary names and moves them into place in
// Commit, so that a failed or interrupted run leaves nothing half
// written. Embed NopSink for the methods a sink does not need.
type Sink interface {
	Start(info Info) error
	Game(g *Game) error
	File(f File) error
	Finish(v *Verdicts) error
	Commit() error
	Abort()
}

// Annotator is a sink whose findings other sinks write: what it decides
// for a game from the whole input (the identity of a player across
// spellings, an event's id, a pairing conflict). Annotators finish first,
// in order; then every other sink finds their findings on each game's Dup
// (Dup.Notes, and Dup.Flags after the flags of duplicate detection).
type Annotator interface {
	Sink
	// Annotate returns what the annotator says of game num, once
	// finished.
	Annotate(num int) Annotation
}

// Annotation is what an Annotator says of one game: notes (named values)
// and flags.
type Annotation struct {
	Notes []Note
	Flags []flags.Flag
}

// Note is one finding of an Annotator about a game: a named value (a
// dataset writes it into the column of that name).
type Note struct {
	Key, Value string
}

// NopSink implements every method of Sink by doing nothing.
type NopSink struct{}

func (NopSink) Start(Info) error       { return nil }
func (NopSink) Game(*Game) error       { return nil }
func (NopSink) File(File) error        { return nil }
func (NopSink) Finish(*Verdicts) error { return nil }
func (NopSink) Commit() error          { return nil }
func (NopSink) Abort()                 {}

// Filter returns a sink that passes to s only the games keep accepts
// (the other calls all): an output of some games only, such as convert
// --only-ok. The verdicts still cover every game (by Game.Num).
func Filter(s Sink, keep func(*Game) bool) Sink { return filtered{s, keep} }

type filtered struct {
	Sink
	keep func(*Game) bool
}

func (f filtered) Game(g *Game) error {
	if !f.keep(g) {
		return nil
	}
	return f.Sink.Game(g)
}

// Step changes a game's result in the worker pool before any sink sees
// it (for example its tags, from the computed opening). It runs on many
// goroutines at once and must not share state between calls.
type Step interface {
	Apply(d *Draft)
}

// StepFunc is a Step.
type StepFunc func(d *Draft)

// Apply calls f(d).
func (f StepFunc) Apply(d *Draft) { f(d) }

// Draft is a game's result while the steps run: what becomes the Game.
type Draft struct {
	// Report is the analysis; a step may replace it (a repaired game).
	Report *analyze.Report
	// Tags are the tags the sinks will see; a step that changes them
	// sets a new slice (the record's own tags are never changed).
	Tags parse.Tags
	// Result is the declared result the sinks will see.
	Result string
	// Options are the analysis options of the run.
	Options analyze.Options
}

// Progress is told how a run advances: the phase (reading, finding
// copies, writing) and the units done in it.
type Progress interface {
	// Phase starts a phase: total units (files, games), < 0 when unknown.
	Phase(name string, total int)
	// Done says that n units of the phase are done and games games were
	// read so far.
	Done(n, games int)
	// End ends the last phase.
	End()
}

// Phases of a run.
const (
	PhaseRead    = "reading"
	PhaseCopies  = "finding copies"
	PhaseWriting = "writing"
)

// Run reads every input once (records, and export datasets when
// opt.Datasets says an input is one), analyses every game on the worker
// pool and hands the results to the sinks in input order (see Sink). It returns the
// run's summary. A path that does not exist is an error before anything
// is read; a cancelled ctx (Ctrl-C) returns an error wrapping
// context.Canceled. When Run fails, every sink is aborted (started or
// not), so that none leaves an output behind.
func Run(ctx context.Context, inputs []string, opt Options, sinks ...Sink) (*Summary, error) {
	start := time.Now()
	abort := func() {
		for _, s := range sinks {
			s.Abort()
		}
	}
	for _, p := range inputs {
		if p == "-" || strings.ContainsAny(p, "*?[") {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			abort()
			return nil, err
		}
	}
	workers := opt.Workers
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	rules := string(opt.Analyze.Rules)
	if rules == "" {
		rules = string(analyze.RulesCXA)
	}
	sum := &Summary{ByCode: map[flags.Code]int{}, ByState: map[analyze.Status]map[flags.Code]int{}, Workers: workers, Rules: rules, Duplicates: opt.Duplicates}
	r := &run{opt: opt, sinks: sinks, sum: sum, prog: opt.Progress}
	r.states.dir = opt.TempDir
	defer r.states.close()
	info := Info{Inputs: inputs, Rules: rules, Duplicates: opt.Duplicates, TempDir: opt.TempDir}
	for _, s := range sinks {
		if _, ok := s.(Annotator); ok {
			info.Annotated = true
		}
	}
	for _, s := range sinks {
		if err := s.Start(info); err != nil {
			abort()
			return nil, err
		}
	}
	if !opt.Duplicates.Off {
		r.dups = newDupRun(opt.Duplicates, opt.TempDir)
		defer r.dups.ix.Close()
	}
	err := r.pass(ctx, inputs, workers)
	if err == nil && r.games == 0 && !opt.AllowEmpty {
		err = noGames(inputs, sum)
	}
	if err == nil {
		err = r.finish(ctx)
	}
	if err == nil {
		for _, s := range sinks {
			if err = s.Commit(); err != nil {
				break
			}
		}
	}
	if r.prog != nil {
		r.prog.End()
	}
	sum.Elapsed = time.Since(start)
	if err != nil {
		abort()
		return sum, err
	}
	return sum, nil
}

// run is the state of one Run.
type run struct {
	opt   Options
	sinks []Sink
	sum   *Summary
	prog  Progress
	dups  *dupRun
	games int
	// dsFiles counts the files of datasets read.
	dsFiles int
	// states holds each game's state after the pass (StatusOK, ...),
	// from which the verdicts decide the final one (FinalState), and its
	// set of codes (codeSet), to move them with the game when a late flag
	// makes its state worse.
	states passStates
	// The hash of the current file's identity, for the games' ids.
	idKey  string
	idHash fileHash
	cur    Game // the game handed to the sinks
}

// result is what a worker hands back for one item.
type result struct {
	key       string // the identity of the game's file (corpus.Item.Key)
	id        string // the game_id of a dataset's game ("" for a record)
	file      *File  // a file of a dataset, read
	report    *analyze.Report
	tags      parse.Tags
	res       string
	problem   *corpus.FileProblem
	end       *corpus.FileEnd // the item closed its file
	fileIndex int
}

// applySteps runs the steps over a game's report and tags and returns
// the result the sinks get of it (the workers' last step, for records and
// for the games of datasets alike).
func applySteps(rep *analyze.Report, tags parse.Tags, aopt analyze.Options, steps []Step) result {
	if len(steps) == 0 {
		// No Draft: a step's pointer to it would put it on the heap.
		return result{report: rep, tags: tags, res: rep.Declared()}
	}
	d := &Draft{Report: rep, Tags: tags, Result: rep.Declared(), Options: aopt}
	for _, s := range steps {
		s.Apply(d)
	}
	return result{report: d.Report, tags: d.Tags, res: d.Result}
}

// pass reads the inputs once and hands every game to the sinks.
func (r *run) pass(ctx context.Context, inputs []string, workers int) error {
	w := &corpus.Walker{Stdin: r.opt.Stdin, Raw: true, Shard: r.opt.Shard, Exclude: r.opt.Exclude, Patterns: r.opt.Patterns, FileEnds: true}
	parts := r.parts(inputs)
	defer closeParts(parts)
	if r.prog != nil {
		// The bar needs the number of files first.
		files, err := r.count(w, inputs, parts)
		if err != nil {
			return err
		}
		r.prog.Phase(PhaseRead, files)
	}
	var num corpus.Numberer
	var tally fileTally
	aopt := r.opt.Analyze
	steps := r.opt.Steps
	if r.opt.FillResult {
		steps = append([]Step{StepFunc(fillResult)}, steps...)
	}
	filesDone, dsDone := 0, 0 // the walker's files, the datasets' files
	err := corpus.Process(ctx, workers,
		func(ctx context.Context, emit func(input) error) error {
			return r.walk(ctx, w, inputs, parts, emit)
		},
		func(in input) result {
			switch {
			case in.ds != nil:
				return datasetGame(in.ds, aopt, steps)
			case in.file != nil:
				return result{file: in.file}
			}
			it := in.item
			if it.File != nil {
				return result{problem: it.File, end: it.End}
			}
			it.Load()
			if it.Rec == nil {
				// Junk between games, or only the end of a file.
				return result{end: it.End}
			}
			v := applySteps(analyze.Analyze(it.Rec, it.Err, aopt), it.Rec.Tags, aopt, steps)
			v.key, v.end, v.fileIndex = it.Key, it.End, it.FileIndex
			return v
		},
		func(v result) error {
			switch {
			case v.problem != nil && errors.Is(v.problem.Err, corpus.ErrDocumentation):
				r.sum.Docs++
				tally.problem = v.problem.Err
			case v.problem != nil:
				r.sum.NoGames = append(r.sum.NoGames, v.problem.Error())
				tally.problem = v.problem.Err
			case v.file != nil:
				for _, s := range r.sinks {
					if err := s.File(*v.file); err != nil {
						return err
					}
				}
				if dsDone++; r.prog != nil {
					r.prog.Done(filesDone+dsDone, r.games)
				}
				return nil
			case v.report != nil && v.id != "":
				err := r.game(v)
				v.report.Record.Release()
				v.report.Release()
				if r.prog != nil && r.games%1024 == 0 {
					r.prog.Done(filesDone+dsDone, r.games)
				}
				return err
			case v.report != nil:
				rec := v.report.Record
				tally.add(rec)
				num.Number(rec, v.fileIndex)
				err := r.game(v)
				rec.Release()
				v.report.Release()
				if err != nil {
					return err
				}
				if r.prog != nil && v.fileIndex > filesDone {
					filesDone = v.fileIndex
					r.prog.Done(filesDone+dsDone, r.games)
				}
			}
			if v.end == nil {
				return nil
			}
			f := tally.file(v.end)
			tally = fileTally{}
			if f.Games == 0 && v.end.Err == nil {
				r.sum.NoGames = append(r.sum.NoGames, f.Source+": "+f.Problem)
			}
			for _, s := range r.sinks {
				if err := s.File(f); err != nil {
					return err
				}
			}
			return nil
		})
	r.sum.Files = w.Files() + r.dsFiles
	r.sum.Repeated, r.sum.RepeatedPaths = w.Repeated()
	if r.prog != nil {
		r.prog.Done(r.sum.Files, r.games)
	}
	return err
}

// game hands one game to the duplicate index and the sinks.
func (r *run) game(v result) error {
	// One Game serves every game in turn: no sink keeps it (see Game).
	r.cur = Game{num: r.games, report: v.report, tags: v.tags, result: v.res}
	g := &r.cur
	rec := v.report.Record
	switch {
	case v.id != "":
		g.id = v.id
	case v.key != r.idKey:
		r.idKey, r.idHash = v.key, hashFile(v.key)
		fallthrough
	default:
		g.id = r.idHash.id(rec.Index)
	}
	r.games++
	if err := r.states.add(v.report.Status, r.sum.add(v.report)); err != nil {
		return err
	}
	if r.dups != nil {
		if err := r.dups.add(g); err != nil {
			return err
		}
	}
	for _, s := range r.sinks {
		var before uint64
		if r.opt.CheckSinks {
			before = fingerprint(g)
		}
		if err := s.Game(g); err != nil {
			return err
		}
		if r.opt.CheckSinks && fingerprint(g) != before {
			return fmt.Errorf("%w: %T changed game %s#%d", ErrSinkChanged, s, rec.Source, rec.Index+1)
		}
	}
	return nil
}

// ErrNoGames means a run read no game at all: its inputs hold no record
// (empty files, other files, a directory without records).
var ErrNoGames = errors.New("nothing to read")

// noGames describes a run that read no game.
func noGames(inputs []string, sum *Summary) error {
	what := fmt.Sprintf("no game in %s", strings.Join(inputs, " "))
	switch n := sum.Files; {
	case n == 0:
		what += " (no file)"
	case len(sum.NoGames) > 0:
		what += fmt.Sprintf(" (%d file(s), none a game record: %s)", n, sum.NoGames[0])
	case sum.Docs > 0:
		what += fmt.Sprintf(" (%d file(s), documentation only)", n)
	}
	return fmt.Errorf("%w: %s", ErrNoGames, what)
}

// ErrSinkChanged means a sink changed a Game (Options.CheckSinks).
var ErrSinkChanged = errors.New("pipeline: a sink changed a game")

// finish decides the duplicates and lets every sink finish.
func (r *run) finish(ctx context.Context) error {
	v := &Verdicts{opt: r.opt.Duplicates, n: r.games, states: &r.states}
	if r.dups != nil {
		if r.prog != nil {
			r.prog.Phase(PhaseCopies, -1)
		}
		if err := r.dups.ix.Finish(); err != nil {
			return err
		}
		v.ix = r.dups.ix
		_, r.sum.Clusters = r.dups.ix.Counts()
	}
	v.ctx = ctx
	if r.prog != nil {
		r.prog.Phase(PhaseWriting, r.games*len(r.sinks))
	}
	// Annotators first: the others write their notes.
	sinks := make([]Sink, 0, len(r.sinks))
	for _, s := range r.sinks {
		if a, ok := s.(Annotator); ok {
			sinks = append(sinks, s)
			v.annotators = append(v.annotators, a)
		}
	}
	for _, s := range r.sinks {
		if _, ok := s.(Annotator); !ok {
			sinks = append(sinks, s)
		}
	}
	tallied := false
	for k, s := range sinks {
		v.annotated = k >= len(v.annotators)
		if v.annotated && !tallied {
			if err := r.tally(v); err != nil {
				return err
			}
			tallied = true
		}
		if r.prog != nil {
			base := k * r.games
			v.seen = func(num int) {
				if num%1024 == 1023 {
					r.prog.Done(base+num+1, r.games)
				}
			}
		}
		if err := s.Finish(v); err != nil {
			return err
		}
		if r.prog != nil {
			r.prog.Done((k+1)*r.games, r.games)
		}
	}
	if !tallied {
		v.annotated = true
		if err := r.tally(v); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// tally adds the verdicts to the summary, once the annotators have
// finished: the flags of duplicate detection and of the annotators, and
// the states they make worse.
func (r *run) tally(v *Verdicts) error {
	if v.ix == nil && len(v.annotators) == 0 {
		return nil
	}
	seen := v.seen
	v.seen = nil
	defer func() { v.seen = seen }()
	for num := range r.games {
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		st, codes, err := r.states.at(num)
		if err != nil {
			return err
		}
		r.sum.addDup(d, st, codes)
	}
	return nil
}

// fillResult is the step of Options.FillResult.
func fillResult(d *Draft) {
	r := d.Report
	if d.Result != analyze.ResultUnknown || r.ResultByPosition == "" {
		return
	}
	d.Result = r.ResultByPosition
	tags := append(parse.Tags(nil), d.Tags...)
	tags.Set(parse.TagResult, d.Result)
	d.Tags = tags
	how := "the final position"
	switch r.Termination {
	case analyze.TermMate:
		how = "checkmate"
	case analyze.TermStalemate:
		how = "stalemate (困毙: the side to move loses)"
	case analyze.TermRepetition:
		how = "the judged final repetition cycle"
	}
	plies := 0
	if r.Game != nil {
		plies = len(r.Game.Plies)
	}
	r.Flags = append(r.Flags, flags.New(flags.ResultFilled, 0, "",
		fmt.Sprintf("Result %s filled from %s after ply %d (the record declares none)", d.Result, how, plies)))
}
