package annotate

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/flags"
)

// Options configure an Annotator.
type Options struct {
	// Engine is how to run the engine (command, protocol, options,
	// limits, timeouts).
	Engine engine.Config
	// Engines is the number of engine processes searching at once
	// (0: the number of CPUs).
	Engines int
	// CacheDir keeps the evaluations on disk ("" : in memory only).
	CacheDir string
	// ExtraCaches are cache directories read but not written (the caches
	// of other runs or machines, merged into this one).
	ExtraCaches []string
	// Restarts bounds the restarts of each engine process after a fault
	// (0: 5; negative: none). An engine past its bound stops; when every
	// engine has stopped, the positions left are recorded as not
	// evaluated.
	Restarts int
	// Retries is how many more times a position whose search failed is
	// tried on a restarted engine (0: 1; negative: none).
	Retries int
	// Thresholds classify moves and raise flags (zero: DefaultThresholds).
	Thresholds Thresholds
	// MaxPly, when > 0, annotates the positions of each game up to ply
	// MaxPly only (the start and the positions after its first MaxPly
	// moves); a game cut short is not judged on its result.
	MaxPly int
	// Share, when its Count is more than 1, makes the run one of Count
	// that share out the distinct positions of the same games: it
	// searches only its own (Share.Has), takes the others' evaluations
	// from the caches (CacheDir, ExtraCaches) where they are, and its
	// games' rows are those of its positions (see Game).
	Share Share
	// Progress, if set, is called once the cache is read (nothing
	// searched yet) and after each search, with the counts so far (from
	// one goroutine at a time).
	Progress func(Progress)
	// Log, if set, receives one line per engine fault (the error) and
	// restart.
	Log func(string)
	// TempDir holds the temporary files of the games added ("" for the
	// system's).
	TempDir string
}

// Progress counts the work of a run. Positions are counted once per
// distinct position (board and side to move) unless said otherwise.
type Progress struct {
	// Rows is the number of positions of all games together: what the
	// table annotates (one row each); with Options.Share, those of the
	// share's positions.
	Rows int
	// Distinct is the number of distinct positions among them.
	Distinct int
	// Elsewhere counts, with Options.Share, the distinct positions of the
	// other shares that need a search (not searched here), and Missing
	// those of them not in the caches: while Missing > 0, the losses,
	// classes and flags that need them are not known (Game).
	Elsewhere, Missing int
	// Terminal positions (mate or stalemate) need no search; Cached ones
	// were in the cache at the start; ToSearch is the rest.
	Terminal, Cached, ToSearch int
	// Searched and Failed count the searches finished so far.
	Searched, Failed int
	// Restarts counts engine restarts after faults.
	Restarts int
	// EngineCPU is the processor time the engine processes used, known
	// when Run returns (their startups included).
	EngineCPU time.Duration
	// Elapsed is the time since the searches began; Rate the searches per
	// second so far; ETA the time left at that rate.
	Elapsed time.Duration
	Rate    float64
	ETA     time.Duration
}

// Saved is the share of rows that needed no search of their own: repeated
// positions, cached ones and finished games.
func (p Progress) Saved() float64 {
	if p.Rows == 0 {
		return 0
	}
	return 1 - float64(p.ToSearch)/float64(p.Rows)
}

// Row is the annotation of one position of a game: the position before
// move Ply+1 (Ply 0 the start), its evaluation, and the move played from it.
type Row struct {
	GameID string
	Ply    int
	Key    uint64
	Side   board.Color
	// Status is "ok" (evaluated), "mate" (no legal move: the side to move
	// has lost; checkmate or stalemate) or "error" (not evaluated: Err).
	Status string
	Err    string
	Depth  int
	// ScoreRedCP and MateRed are the evaluation from red's point of view:
	// HasCP with a centipawn score, HasMate with a mate (MateRed > 0: red
	// mates in MateRed moves; < 0: black mates; 0: the side to move is
	// mated now).
	ScoreRedCP, MateRed int
	HasCP, HasMate      bool
	Best                board.Move
	PV                  []board.Move
	Nodes               int64
	// Move is the move played from this position (NoMove at the end).
	Move board.Move
	// Loss is what Move lost from the mover's point of view, in clamped
	// centipawns (HasLoss when both positions are evaluated), and Class
	// its class ("", inaccuracy, mistake, blunder).
	Loss    int
	HasLoss bool
	Class   string
	// Flags are the codes of the game flags raised at this row.
	Flags []string
}

// GameEval is the annotation of one game.
type GameEval struct {
	ID    string
	Rows  []Row
	Flags []flags.Flag
}

// Annotator evaluates the positions of many games, each distinct position
// once. Add the games, then Run, then read Games (or write the table);
// Close removes the temporary files of the games.
//
// The games wait in temporary files (about 10 bytes a ply, see
// gameStore): in memory are the distinct positions, each with its
// evaluation once made.
type Annotator struct {
	opt     Options
	games   gameStore
	err     error                // reading the games back
	pending map[uint64]*posEntry // distinct positions by key
	order   []*posEntry          // in first-seen order
	rows    int                  // rows of the share's positions
	own     int                  // distinct positions of the share
	profile Profile
	ran     bool
}

// posEntry is a distinct position: its position until it is evaluated
// (or known to be another share's), then its evaluation.
type posEntry struct {
	key  uint64
	pos  *board.Position
	eval *Eval
}

// New returns an Annotator.
func New(opt Options) (*Annotator, error) {
	if err := opt.Engine.Validate(); err != nil {
		return nil, err
	}
	if opt.Engines <= 0 {
		opt.Engines = runtime.NumCPU()
	}
	switch {
	case opt.Restarts == 0:
		opt.Restarts = 5
	case opt.Restarts < 0:
		opt.Restarts = 0
	}
	switch {
	case opt.Retries == 0:
		opt.Retries = 1
	case opt.Retries < 0:
		opt.Retries = 0
	}
	if opt.MaxPly < 0 {
		return nil, fmt.Errorf("annotate: MaxPly %d is negative", opt.MaxPly)
	}
	if err := opt.Share.check(); err != nil {
		return nil, err
	}
	if opt.Thresholds == (Thresholds{}) {
		opt.Thresholds = DefaultThresholds
	}
	return &Annotator{opt: opt, games: gameStore{dir: opt.TempDir}, pending: map[uint64]*posEntry{}}, nil
}

// Add takes a game (copied: the caller may reuse its values). Its moves
// must be legal from its start.
func (a *Annotator) Add(g Game) error { return a.add(g, a.games.n) }

// add adds a game with a tag of the caller's (Sink: the game's number).
func (a *Annotator) add(g Game, tag int) error {
	if a.ran {
		return errors.New("annotate: Add after Run")
	}
	cut := a.opt.MaxPly > 0 && len(g.Moves) > a.opt.MaxPly
	if cut {
		g.Moves = g.Moves[:a.opt.MaxPly]
	}
	ps, err := g.positions()
	if err != nil {
		return err
	}
	keys := make([]uint64, len(ps))
	for i := range ps {
		k := ps[i].Key()
		keys[i] = k
		own := a.opt.Share.Has(k)
		if own {
			a.rows++
		}
		if _, ok := a.pending[k]; !ok {
			p := ps[i]
			e := &posEntry{key: k, pos: &p}
			a.pending[k] = e
			a.order = append(a.order, e)
			if own {
				a.own++
			}
		}
	}
	return a.games.add(&g, keys, cut, tag)
}

// Profile returns the profile of the run's evaluations (after Run).
func (a *Annotator) Profile() Profile { return a.profile }

// Run evaluates every distinct position not in the cache, with
// Options.Engines engines in parallel, and appends each evaluation to the
// cache as it comes. It fails at once when the engine cannot be started;
// later faults are survived (see Options.Restarts): their positions are
// recorded as not evaluated. When ctx ends, the engines are killed and Run
// returns ctx's error; the evaluations finished are in the cache, so a run
// started again searches none of them twice.
func (a *Annotator) Run(ctx context.Context) (Progress, error) {
	a.ran = true
	prog := Progress{Rows: a.rows, Distinct: a.own}
	var todo []*posEntry
	for _, e := range a.order {
		own := a.opt.Share.Has(e.key)
		if o := e.pos.Outcome(); o != board.Ongoing {
			// Every share knows these (no search): the neighbours'
			// classes need them.
			e.eval = &Eval{FEN: engine.SearchFEN(e.pos), Outcome: o}
			e.pos = nil
			if own {
				prog.Terminal++
			}
			continue
		}
		if !own {
			prog.Elsewhere++
		}
		todo = append(todo, e)
	}
	if len(todo) == 0 {
		return prog, nil
	}
	first, err := engine.Start(ctx, a.opt.Engine)
	if err != nil {
		return prog, err
	}
	// The engines restarted or started next speak what the first spoke
	// (engine.Auto is decided once).
	a.opt.Engine.Protocol = first.Protocol()
	a.profile = ProfileOf(first)
	cache, err := OpenCache(a.profile, a.opt.CacheDir, a.opt.ExtraCaches...)
	if err != nil {
		first.Close()
		return prog, err
	}
	defer cache.Close()
	search := todo[:0]
	for _, e := range todo {
		own := a.opt.Share.Has(e.key)
		ev, ok := cache.Get(e.pos)
		switch {
		case ok:
			e.eval, e.pos = ev, nil
			if own {
				prog.Cached++
			}
		case own:
			search = append(search, e)
		default:
			prog.Missing++ // another share's: left without evaluation
			e.pos = nil
		}
	}
	prog.ToSearch = len(search)
	if a.opt.Progress != nil {
		a.opt.Progress(prog) // the counts, before the first search ends
	}
	if len(search) == 0 {
		first.Close()
		prog.EngineCPU = first.CPUTime()
		return prog, nil
	}
	return a.search(ctx, first, cache, search, prog)
}

// result is one finished search.
type result struct {
	e    *posEntry
	eval *Eval
}

// search runs the workers and collects their results.
func (a *Annotator) search(ctx context.Context, first *engine.Engine, cache *Cache, todo []*posEntry, prog Progress) (Progress, error) {
	k := min(a.opt.Engines, len(todo))
	jobs := make(chan *posEntry)
	results := make(chan result)
	restarts := make(chan string)
	allStopped := make(chan struct{})
	var live sync.WaitGroup
	live.Add(k)
	go func() { live.Wait(); close(allStopped) }()

	// Feed the positions, until every engine has stopped.
	go func() {
		defer close(jobs)
		for _, e := range todo {
			select {
			case jobs <- e:
			case <-allStopped:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	var lastErr errorBox
	var cpu atomic.Int64
	for i := range k {
		eng := first
		if i > 0 {
			eng = nil // started by the worker, in parallel
		}
		go func() {
			defer live.Done()
			a.worker(ctx, eng, jobs, results, restarts, &lastErr, &cpu)
		}()
	}
	go func() { <-allStopped; close(results) }()

	t0 := time.Now()
	var werr error
	for in := results; in != nil; {
		select {
		case r, ok := <-in:
			if !ok {
				in = nil
				break
			}
			r.e.eval, r.e.pos = r.eval, nil // the worker is done with it
			if r.eval.Err != "" {
				prog.Failed++
			} else {
				prog.Searched++
				if err := cache.Put(r.e.key, r.eval); err != nil && werr == nil {
					werr = err
				}
			}
			prog.Elapsed = time.Since(t0)
			done := prog.Searched + prog.Failed
			if s := prog.Elapsed.Seconds(); s > 0 {
				prog.Rate = float64(done) / s
				prog.ETA = time.Duration(float64(prog.ToSearch-done) / prog.Rate * float64(time.Second))
			}
			if a.opt.Progress != nil {
				a.opt.Progress(prog)
			}
		case msg := <-restarts:
			prog.Restarts++
			if a.opt.Log != nil {
				a.opt.Log(msg)
			}
		}
	}
	prog.EngineCPU = time.Duration(cpu.Load())
	if err := ctx.Err(); err != nil {
		return prog, err
	}
	// Positions no engine was left to search.
	reason := "not searched: every engine stopped after its restarts"
	if msg := lastErr.get(); msg != "" {
		reason += " (last fault: " + msg + ")"
	}
	for _, e := range todo {
		if e.eval == nil {
			e.eval = &Eval{FEN: engine.SearchFEN(e.pos), Err: reason}
			prog.Failed++
		}
	}
	return prog, werr
}

// errorBox holds the last engine fault, for the positions left at the end.
type errorBox struct {
	mu  sync.Mutex
	msg string
}

func (b *errorBox) set(s string) { b.mu.Lock(); b.msg = s; b.mu.Unlock() }
func (b *errorBox) get() string  { b.mu.Lock(); defer b.mu.Unlock(); return b.msg }

// worker searches positions with one engine process, restarting it after a
// fault within the bound, and stops when the bound is passed or ctx ends.
func (a *Annotator) worker(ctx context.Context, eng *engine.Engine, jobs <-chan *posEntry, results chan<- result, restarts chan<- string, lastErr *errorBox, cpu *atomic.Int64) {
	closeEngine := func() {
		if eng != nil {
			eng.Close()
			cpu.Add(int64(eng.CPUTime()))
			eng = nil
		}
	}
	defer closeEngine()
	budget := a.opt.Restarts
	started := eng != nil
	// restart starts a new engine; false when the bound is passed or ctx
	// ended.
	restart := func(reason string) bool {
		for {
			if ctx.Err() != nil {
				return false
			}
			if started {
				if budget == 0 {
					return false
				}
				budget--
				select {
				case restarts <- "restarting the engine after: " + reason:
				case <-ctx.Done():
					return false
				}
			}
			started = true
			var err error
			eng, err = engine.Start(ctx, a.opt.Engine)
			if err == nil {
				return true
			}
			reason = err.Error()
			lastErr.set(reason)
		}
	}
	for job := range jobs {
		ev := &Eval{FEN: engine.SearchFEN(job.pos)}
		for attempt := 0; attempt <= a.opt.Retries; attempt++ {
			if eng == nil && !restart(ev.Err) {
				if ctx.Err() == nil {
					// This engine is done for; the position goes back
					// to no one: recorded as not evaluated.
					ev.Err = "not searched: the engine stopped after its restarts (last fault: " + ev.Err + ")"
					a.send(ctx, results, result{job, ev})
				}
				return
			}
			res, err := eng.Search(ctx, *job.pos, nil)
			if err == nil {
				ev = &Eval{FEN: res.FEN, Depth: res.Depth, Score: res.Score, Best: res.Best, PV: res.PV, Nodes: res.Nodes}
				break
			}
			if ctx.Err() != nil {
				return
			}
			ev.Err = err.Error()
			lastErr.set(ev.Err)
			closeEngine()
		}
		if !a.send(ctx, results, result{job, ev}) {
			return
		}
	}
}

// send hands a result to the collector; false when ctx ended first. A
// search finished before the end is still delivered when possible, so that
// the cache keeps it.
func (a *Annotator) send(ctx context.Context, results chan<- result, r result) bool {
	select {
	case results <- r:
		return true
	case <-ctx.Done():
		return false
	}
}

// Games returns the annotation of every game, in the order added (after
// Run).
func (a *Annotator) Games() []GameEval {
	out := make([]GameEval, 0, a.games.n)
	for i := range a.games.n {
		out = append(out, a.Game(i))
	}
	return out
}

// Len returns the number of games added.
func (a *Annotator) Len() int { return a.games.n }

// Err returns the first error reading the games back from their
// temporary files (Game then returned an empty GameEval).
func (a *Annotator) Err() error { return a.err }

// Close removes the temporary files of the games. A nil Annotator has
// nothing to close.
func (a *Annotator) Close() error {
	if a == nil {
		return nil
	}
	return a.games.close()
}

// Game returns the annotation of the i-th game added (after Run).
//
// With Options.Share, the game is classified whole, from every evaluation
// the run has (its own searches, the caches' evaluations of the other
// shares' positions), and Game returns the rows of the share's positions
// and the flags raised at them. The shares' rows together are each row of
// a single run once; when no share misses an evaluation of another
// (Progress.Missing 0: their caches merged), with the same values.
func (a *Annotator) Game(i int) GameEval {
	ge, _ := a.game(i)
	return ge
}

// game returns the annotation of the i-th game added and its tag.
func (a *Annotator) game(i int) (GameEval, int) {
	var entry gameEntry
	if err := a.games.get(i, &entry); err != nil {
		if a.err == nil {
			a.err = err
		}
		return GameEval{}, -1
	}
	ge := &entry
	g := &ge.g
	rows := make([]Row, len(ge.keys))
	evals := make([]*Eval, len(ge.keys))
	side := ge.side
	for p, k := range ge.keys {
		ev := a.pending[k].eval
		evals[p] = ev
		r := Row{GameID: g.ID, Ply: p, Key: k, Side: side}
		if p < len(g.Moves) {
			r.Move = g.Moves[p]
		}
		switch {
		case ev == nil:
			r.Status, r.Err = "error", "not searched: the run was stopped"
		case ev.Err != "":
			r.Status, r.Err = "error", ev.Err
		case ev.Outcome != board.Ongoing:
			r.Status, r.HasMate = "mate", true
		default:
			r.Status = "ok"
			r.Depth, r.Best, r.PV, r.Nodes = ev.Depth, ev.Best, ev.PV, ev.Nodes
			s := ev.Score.Red(side)
			if s.IsMate {
				r.MateRed, r.HasMate = s.Mate, true
			} else {
				r.ScoreRedCP, r.HasCP = s.CP, true
			}
		}
		rows[p] = r
		side ^= 1
	}
	fs := a.opt.Thresholds.classify(g, rows, evals, ge.cut)
	if !a.opt.Share.All() {
		rows, fs = shareRows(a.opt.Share, rows, fs)
	}
	return GameEval{ID: g.ID, Rows: rows, Flags: fs}, ge.tag
}

// String describes the progress on one line.
func (p Progress) String() string {
	s := fmt.Sprintf("%d rows, %d distinct positions: %d terminal, %d cached, %d searched, %d failed of %d to search (%.1f/s)",
		p.Rows, p.Distinct, p.Terminal, p.Cached, p.Searched, p.Failed, p.ToSearch, p.Rate)
	if p.Elsewhere > 0 {
		s += fmt.Sprintf("; %d of other shares, %d of them not in the caches", p.Elsewhere, p.Missing)
	}
	return s
}
