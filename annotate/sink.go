package annotate

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
)

// Sink annotates the games of a pipeline run (the command "xqtool
// annotate"): Game copies each game's start position, valid main line and
// declared result; Finish, once the pass is over, searches every distinct
// position (Annotator.Run) and writes DIR/evals.parquet under a temporary
// name, which Commit moves into place. Abort removes the table and keeps
// the cache, so that a run started again searches nothing twice.
//
// Sink is a pipeline.Annotator: the flags it raises (suspect_move,
// result_contradicted, draw_contradicted) reach the other sinks of the run
// (report lines, the HTML page) with the game's verdict.
//
// A game whose record could not be read, or that has no start position,
// has no rows (Skipped counts them; the report says why).
type Sink struct {
	pipeline.NopSink
	a       *Annotator
	out     *output.File
	flags   map[int][]flags.Flag // by game number: the flags raised
	prog    Progress
	skipped int
	games   int
}

// NewSink returns a sink writing dir/evals.parquet (dir is created), with
// the annotator's options.
func NewSink(dir string, opt Options) (*Sink, error) {
	a, err := New(opt)
	if err != nil {
		return nil, err
	}
	// Open makes dir when missing, and Abort removes it again: a run
	// that fails (an engine that cannot start) leaves no empty directory.
	out, err := output.Open(filepath.Join(dir, EvalsName), nil)
	if err != nil {
		return nil, err
	}
	return &Sink{a: a, out: out, flags: map[int][]flags.Flag{}}, nil
}

// Path returns the table's path.
func (s *Sink) Path() string { return s.out.Path() }

// Game copies a game to annotate.
func (s *Sink) Game(g *pipeline.Game) error {
	s.games++
	rp := g.Replay()
	if rp == nil || !rp.HasStart {
		s.skipped++
		return nil
	}
	moves := make([]board.Move, len(rp.Plies))
	for i, p := range rp.Plies {
		moves[i] = p.Move
	}
	err := s.a.add(Game{ID: g.ID(), Start: rp.Start, Moves: moves, Result: g.Report().Declared()}, g.Num())
	if err != nil {
		// A replayed main line is legal: this is a bug, not the record's.
		return fmt.Errorf("annotate: %s#%d: %w", g.Source(), g.Index()+1, err)
	}
	return nil
}

// Finish searches and writes the table; it ends when the run is
// cancelled (Verdicts.Context).
func (s *Sink) Finish(v *pipeline.Verdicts) error { return s.finish(v.Context()) }

func (s *Sink) finish(ctx context.Context) error {
	prog, err := s.a.Run(ctx)
	s.prog = prog
	if err != nil {
		return err
	}
	w, err := NewWriter(s.out, s.a.Profile(), s.a.opt.Thresholds)
	if err != nil {
		return err
	}
	if sh := s.a.opt.Share; !sh.All() {
		if err := w.AppendMeta(MetaShare, sh.String()); err != nil {
			w.Close()
			return err
		}
		if err := w.AppendMeta(MetaMissing, strconv.Itoa(prog.Missing)); err != nil {
			w.Close()
			return err
		}
	}
	for i := range s.a.Len() {
		ge, num := s.a.game(i)
		if err := s.a.Err(); err != nil {
			w.Close()
			return err
		}
		if err := w.Write(ge); err != nil {
			w.Close()
			return err
		}
		if len(ge.Flags) > 0 {
			s.flags[num] = ge.Flags
		}
	}
	return w.Close()
}

// Annotate returns the flags raised on game num.
func (s *Sink) Annotate(num int) pipeline.Annotation {
	return pipeline.Annotation{Flags: s.flags[num]}
}

// Start takes the run's directory of temporary files.
func (s *Sink) Start(info pipeline.Info) error {
	s.a.games.dir = info.TempDir
	return nil
}

// Commit moves the table into place and removes the temporary files.
func (s *Sink) Commit() error {
	err := s.out.Commit()
	if cerr := s.a.Close(); err == nil {
		err = cerr
	}
	return err
}

// Abort removes the table and the temporary files (the cache stays).
func (s *Sink) Abort() {
	s.a.Close()
	s.out.Abort()
}

// Progress returns the counts of the search (after Finish, or after a
// Finish cut short).
func (s *Sink) Progress() Progress { return s.prog }

// Games returns the number of games seen, and Skipped those without rows
// (no start position: the record could not be read).
func (s *Sink) Games() int   { return s.games }
func (s *Sink) Skipped() int { return s.skipped }

// Flagged counts the games carrying each code the annotation raised.
func (s *Sink) Flagged() map[flags.Code]int {
	m := map[flags.Code]int{}
	for _, fs := range s.flags {
		for _, c := range flags.Codes(fs) {
			m[c]++
		}
	}
	return m
}
