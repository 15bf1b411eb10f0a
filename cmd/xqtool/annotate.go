package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/internal/progress"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

// engineFlags are the flags that say which engine to run and how.
type engineFlags struct {
	command    string
	protocol   string
	opts       []string
	depth      int
	nodes      int64
	movetime   int
	engines    int
	cache      string
	mergeCache []string
	restarts   int
	deadline   time.Duration
	ranks      string
	maxPly     int
}

func (f *engineFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.command, "engine", "", "the engine's command line: program and arguments (required)")
	fs.StringVar(&f.protocol, "protocol", "auto", "uci, ucci, or auto (try UCI, then UCCI)")
	completeValues(cmd, "protocol", "auto", "uci", "ucci")
	fs.StringArrayVar(&f.opts, "option", nil, "an engine option Name=Value (repeatable, set in order)")
	fs.IntVar(&f.depth, "depth", 0, "search each position to this depth (plies)")
	fs.Int64Var(&f.nodes, "nodes", 0, "search each position this many nodes")
	fs.IntVar(&f.movetime, "movetime", 0, "search each position this many milliseconds (not repeatable run to run)")
	fs.IntVar(&f.engines, "engines", 0, "engine processes searching at once (default: the cores)")
	fs.StringVar(&f.cache, "cache", "", "directory of the evaluations kept between runs (default: OUT/cache)")
	fs.StringArrayVar(&f.mergeCache, "merge-cache", nil, "read another run's cache directory too (repeatable)")
	fs.IntVar(&f.restarts, "restarts", 5, "restarts of each engine after a fault")
	fs.DurationVar(&f.deadline, "deadline", 0, "longest search before the engine is killed (default 60s; with --movetime twice it plus 10s)")
	fs.StringVar(&f.ranks, "ranks", "auto", "how the engine numbers ranks in its moves: auto, 0-9 or 1-10")
	fs.IntVar(&f.maxPly, "max-ply", 0, "annotate each game up to this ply only (0: all)")
}

// options returns the annotator's options; out is the output directory
// (the default cache is out/cache).
func (f *engineFlags) options(out string) (annotate.Options, error) {
	var opt annotate.Options
	if f.command == "" {
		return opt, usageErr("annotate: --engine is required")
	}
	words, err := engine.ParseCommand(f.command)
	if err != nil {
		return opt, usageErr("--engine: %v", err)
	}
	proto, err := engine.ParseProtocol(f.protocol)
	if err != nil {
		return opt, usageErr("--protocol: %v", err)
	}
	ranks, err := engine.ParseRanks(f.ranks)
	if err != nil {
		return opt, usageErr("--ranks: %v", err)
	}
	cfg := engine.Config{
		Command: words, Protocol: proto, Ranks: ranks, Deadline: f.deadline,
		Limits: engine.Limits{Depth: f.depth, Nodes: f.nodes, MoveTime: time.Duration(f.movetime) * time.Millisecond},
	}
	for _, s := range f.opts {
		o, err := engine.ParseOption(s)
		if err != nil {
			return opt, usageErr("--option: %v", err)
		}
		cfg.Options = append(cfg.Options, o)
	}
	if f.depth < 0 || f.nodes < 0 || f.movetime < 0 || f.engines < 0 || f.maxPly < 0 || f.restarts < 0 || f.deadline < 0 {
		return opt, usageErr("--depth, --nodes, --movetime, --engines, --max-ply, --restarts and --deadline cannot be negative")
	}
	if err := cfg.Validate(); err != nil {
		return opt, usageErr("%v", err)
	}
	cache := f.cache
	if cache == "" {
		cache = filepath.Join(out, "cache")
	}
	restarts := f.restarts
	if restarts == 0 {
		restarts = -1 // none (annotate's 0 is its default)
	}
	return annotate.Options{
		Engine: cfg, Engines: f.engines, CacheDir: cache, ExtraCaches: f.mergeCache,
		Restarts: restarts, MaxPly: f.maxPly,
	}, nil
}

func newAnnotateCmd() *cobra.Command {
	var rf runFlags
	var ef engineFlags
	var hf htmlFlags
	var out, reportPath, by string
	cmd := &cobra.Command{
		Use:     "annotate --engine CMD (--depth N | --nodes N | --movetime MS) -o DIR [flags] PATH...",
		Short:   "Evaluate every position of every game with a UCI or UCCI engine",
		Long:    help("annotate.txt"),
		Example: help("annotate.example.txt"),
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr("annotate: -o DIR is required")
			}
			if os.Getenv("GOGC") == "" {
				// The positions and their evaluations stay live until the
				// table is written: the export setting keeps the peak
				// memory near twice them rather than three times.
				debug.SetGCPercent(pipeline.ExportGCPercent)
			}
			aopt, err := ef.options(out)
			if err != nil {
				return err
			}
			shard, err := rf.shard.shard()
			if err != nil {
				return err
			}
			dir := out
			if !shard.All() {
				dir = filepath.Join(out, shard.Dir())
			}
			switch by {
			case "input":
			case "position":
				if shard.All() {
					return usageErr("annotate: --by position shares positions out among shards: give --shard I/N")
				}
				// Every shard reads every game and searches its share
				// of the distinct positions.
				aopt.Share = annotate.Share{Index: shard.Index, Count: shard.Count}
				shard = corpus.Shard{}
			default:
				return usageErr("--by must be input or position, got %q", by)
			}
			prog := progress.NewSearch(cmd.ErrOrStderr(), rf.quiet)
			aopt.Progress, aopt.Log = prog.Search, prog.Log
			sink, err := annotate.NewSink(dir, aopt)
			if err != nil {
				return usageErr("%v", err)
			}
			opt, err := rf.options(cmd)
			if err != nil {
				sink.Abort()
				return err
			}
			opt.Progress = prog
			opt.Shard = shard
			rf.outputs = append(rf.outputs, out)
			sinks := []pipeline.Sink{sink}
			if reportPath != "" {
				o, err := output.Open(reportPath, cmd.OutOrStdout())
				if err != nil {
					sink.Abort()
					return usageErr("%v", err)
				}
				if o.Path() != "" {
					rf.outputs = append(rf.outputs, reportPath)
				}
				sinks = append(sinks, report.NewSink(o, report.SinkOptions{Files: true}))
			}
			if sinks, err = hf.add(cmd, &rf, sinks); err != nil {
				return err
			}
			t0 := time.Now()
			_, err = rf.run(cmd, args, opt, sinks...)
			return annotateDone(cmd, sink, time.Since(t0), err)
		},
	}
	rf.register(cmd)
	ef.register(cmd)
	hf.register(cmd)
	cmd.Flags().StringVarP(&out, "output", "o", "", "directory of evals.parquet (required; with --shard I/N, DIR/shard=I-of-N/)")
	cmd.Flags().StringVar(&by, "by", "input", "with --shard I/N: share out the input files (records; a dataset's games), or the distinct positions (position: every shard reads every game)")
	completeValues(cmd, "by", "input", "position")
	cmd.Flags().StringVar(&reportPath, "report", "", "write one JSON line per game to FILE, the engine's flags included")
	return cmd
}

// annotateDone prints what the run did and gives its exit code.
func annotateDone(cmd *cobra.Command, s *annotate.Sink, elapsed time.Duration, err error) error {
	p := s.Progress()
	w := cmd.OutOrStdout()
	if err != nil {
		err = runError(err)
		var ee *exitError
		if errors.As(err, &ee) && ee.code == 130 && p.Searched > 0 {
			fmt.Fprintf(cmd.ErrOrStderr(), "xqtool: %d positions searched are kept in the cache: run the same command again to go on\n", p.Searched)
		}
		return err
	}
	s.WriteSummary(w, elapsed)
	fmt.Fprintf(w, "wrote %s\n", s.Path())
	if p.Missing > 0 {
		fmt.Fprintf(w, "the losses, classes and flags that need the other shards' %d positions are left out: once those shards are done, run this again with --merge-cache of their caches (nothing is searched again)\n", p.Missing)
	}
	if p.Failed > 0 {
		return &exitError{code: 1}
	}
	return nil
}
