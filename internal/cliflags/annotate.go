package cliflags

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/engine"
)

// Annotate are annotate's flags: which engine to run and how, the output
// directory and how shards share the work.
type Annotate struct {
	Out        string // -o
	by         string
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

// Register adds annotate's flags to cmd.
func (f *Annotate) Register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVarP(&f.Out, "output", "o", "", "directory of evals.parquet (required; with --shard I/N, DIR/shard=I-of-N/)")
	fs.StringVar(&f.by, "by", "input", "with --shard I/N: share out the input files (records; a dataset's games), or the distinct positions (position: every shard reads every game)")
	CompleteValues(cmd, "by", "input", "position")
	fs.StringVar(&f.command, "engine", "", "the engine's command line: program and arguments (required)")
	fs.StringVar(&f.protocol, "protocol", "auto", "uci, ucci, or auto (try UCI, then UCCI)")
	CompleteValues(cmd, "protocol", "auto", "uci", "ucci")
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

// Options returns the annotator's options (the default cache is
// OUT/cache) and, given the run's shard flags, the directory of its table and
// the shard of the inputs the run reads: with --by position every shard
// reads every game and searches its share of the distinct positions.
func (f *Annotate) Options(s *Shard) (opt annotate.Options, dir string, read corpus.Shard, err error) {
	if opt, err = f.engineOptions(); err != nil {
		return opt, "", read, err
	}
	shard, err := s.Shard()
	if err != nil {
		return opt, "", read, err
	}
	dir = f.Out
	if !shard.All() {
		dir = filepath.Join(f.Out, shard.Dir())
	}
	switch f.by {
	case "input":
	case "position":
		if shard.All() {
			return opt, "", shard, errors.New("annotate: --by position shares positions out among shards: give --shard I/N")
		}
		opt.Share = annotate.Share{Index: shard.Index, Count: shard.Count}
		shard = corpus.Shard{}
	default:
		return opt, "", shard, fmt.Errorf("--by must be input or position, got %q", f.by)
	}
	return opt, dir, shard, nil
}

func (f *Annotate) engineOptions() (annotate.Options, error) {
	var opt annotate.Options
	if f.command == "" {
		return opt, errors.New("annotate: --engine is required")
	}
	words, err := engine.ParseCommand(f.command)
	if err != nil {
		return opt, fmt.Errorf("--engine: %v", err)
	}
	proto, err := engine.ParseProtocol(f.protocol)
	if err != nil {
		return opt, fmt.Errorf("--protocol: %v", err)
	}
	ranks, err := engine.ParseRanks(f.ranks)
	if err != nil {
		return opt, fmt.Errorf("--ranks: %v", err)
	}
	cfg := engine.Config{
		Command: words, Protocol: proto, Ranks: ranks, Deadline: f.deadline,
		Limits: engine.Limits{Depth: f.depth, Nodes: f.nodes, MoveTime: time.Duration(f.movetime) * time.Millisecond},
	}
	for _, s := range f.opts {
		o, err := engine.ParseOption(s)
		if err != nil {
			return opt, fmt.Errorf("--option: %v", err)
		}
		cfg.Options = append(cfg.Options, o)
	}
	if f.depth < 0 || f.nodes < 0 || f.movetime < 0 || f.engines < 0 || f.maxPly < 0 || f.restarts < 0 || f.deadline < 0 {
		return opt, errors.New("--depth, --nodes, --movetime, --engines, --max-ply, --restarts and --deadline cannot be negative")
	}
	if err := cfg.Validate(); err != nil {
		return opt, err
	}
	cache := f.cache
	if cache == "" {
		cache = filepath.Join(f.Out, "cache")
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
