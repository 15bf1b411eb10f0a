package positions

import (
	"errors"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/training"
)

// EvalSource gives the evaluation of a position by its position_key (ok
// false when it has none), as a row of annotate's table:
// *annotate.PositionEvals.
type EvalSource interface {
	Eval(key uint64) (annotate.Row, bool)
}

// Options are what a run of position-level training data asks for.
type Options struct {
	// Training selects the games, the split and the mirror; games whose
	// result is unknown are always left out.
	Training training.Options
	// Evals are the evaluations (nil: result-only, every score 0).
	Evals EvalSource
	// Policy is the move each record carries.
	Policy Policy
	// Clean are the position filters.
	Clean Cleaning
	// Unique writes one record per position_key across the run (the last
	// copy in input order, with the copies' combined result; see
	// Combined), sorted by key on disk.
	Unique bool
}

// Writer writes the records of one split in one format.
type Writer interface {
	Write(r *Record) error
	Commit() error
	Abort()
}

// Sink writes the positions of the games a run takes, through one Writer
// per split.
type Sink struct {
	*training.GameSink
	opt    Options
	w      [3]Writer
	counts Counts
	rec    Record
	line   []board.Position
	row    annotate.Row // the evaluation of the position being written
	u      *uniquer     // with Options.Unique
}

// NewSink opens a writer for each split with open and returns the sink.
func NewSink(opt Options, open func(training.Split) (Writer, error)) (*Sink, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	opt.Training.Filter.RequireResult = true
	s := &Sink{opt: opt}
	for sp := training.Train; sp <= training.Test; sp++ {
		w, err := open(sp)
		if err != nil {
			s.abortWriters()
			return nil, err
		}
		s.w[sp] = w
	}
	if opt.Unique {
		s.u = &uniquer{count: &s.counts}
		for i, w := range s.w {
			e, ok := w.(Encoder)
			if !ok {
				s.abortWriters()
				return nil, ErrNotEncoder
			}
			s.u.enc[i] = e
		}
	}
	s.GameSink = training.NewGameSink(opt.Training, s.game)
	return s, nil
}

// Start takes the run's temporary directory.
func (s *Sink) Start(info pipeline.Info) error {
	if s.u != nil {
		s.u.dir = info.TempDir
	}
	return s.GameSink.Start(info)
}

// Finish writes the positions of the games taken (with Unique, sorted and
// one per key).
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	if err := s.GameSink.Finish(v); err != nil || s.u == nil {
		return err
	}
	return s.u.finish()
}

// Positions returns the position counts (complete after Finish).
func (s *Sink) Positions() Counts { return s.counts }

// game writes the positions of one taken game.
func (s *Sink) game(g *training.Game) error {
	res, _ := g.Result.Value(board.Red)
	s.line = s.line[:0]
	p := g.Start
	for _, m := range g.Moves {
		s.line = append(s.line, p)
		p.MakeMove(m)
	}
	r := &s.rec
	*r = Record{Game: g, Line: s.line}
	for i, m := range g.Moves {
		r.Ply, r.Played, r.Move, r.Best = i, m, m, board.NoMove
		pos := &s.line[i]
		r.Result = res
		if pos.Side() == board.Black {
			r.Result = -res
		}
		why := s.fill(r, pos, s.eval(g, pos))
		if why != Written {
			s.counts.Left[why]++
			continue
		}
		if s.u != nil {
			if err := s.u.add(r, g.Split, pos.Key()); err != nil {
				return err
			}
			continue
		}
		if err := s.w[g.Split].Write(r); err != nil {
			return err
		}
		s.counts.Written[g.Split]++
	}
	return nil
}

// eval returns the evaluation of pos (nil: none); a mirrored game's
// position is looked up as the position it mirrors (its evaluation is
// the same, its best move mirrored in fill).
func (s *Sink) eval(g *training.Game, pos *board.Position) *annotate.Row {
	if s.opt.Evals == nil {
		return nil
	}
	key := pos.Key()
	if g.Mirrored {
		m, err := pos.Mirror()
		if err != nil {
			return nil
		}
		key = m.Key()
	}
	row, ok := s.opt.Evals.Eval(key)
	if !ok {
		return nil
	}
	s.row = row
	return &s.row
}

// fill completes r from the evaluation row (nil: none) and returns why
// the position is left out, or Written.
func (s *Sink) fill(r *Record, pos *board.Position, row *annotate.Row) Skip {
	c := &s.opt.Clean
	switch {
	case r.Ply < c.MinPly || (c.MaxPly > 0 && r.Ply > c.MaxPly):
		return PlyRange
	case c.SkipCheck && pos.InCheck():
		return InCheck
	}
	r.Score, r.HasScore = 0, false
	if s.opt.Evals == nil {
		return Written
	}
	if row == nil {
		return NoEval
	}
	if r.Score, r.HasScore = Score(row); !r.HasScore {
		return NoEval
	}
	if c.ScoreClamp > 0 {
		r.Score = min(max(r.Score, -c.ScoreClamp), c.ScoreClamp)
	}
	best := row.Best
	if r.Game.Mirrored {
		best = best.Mirror()
	}
	if best == board.NoMove || !pos.IsLegal(best) {
		if s.opt.Policy == Best || c.SkipCaptureBest {
			return NoBest
		}
		return Written
	}
	if c.SkipCaptureBest && !pos.Piece(best.To()).IsEmpty() {
		return CaptureBest
	}
	r.Best = best
	if s.opt.Policy == Best {
		r.Move = best
	}
	return Written
}

// Commit completes the writers.
func (s *Sink) Commit() error {
	s.closeAll()
	var errs []error
	for i, w := range s.w {
		if len(errs) > 0 {
			w.Abort()
			continue
		}
		if err := w.Commit(); err != nil {
			errs = append(errs, err)
			for _, v := range s.w[i+1:] {
				v.Abort()
			}
			break
		}
	}
	return errors.Join(errs...)
}

// Abort removes what the writers wrote.
func (s *Sink) Abort() {
	s.closeAll()
	s.abortWriters()
}

func (s *Sink) closeAll() {
	s.Close()
	if s.u != nil {
		s.u.close()
	}
}

func (s *Sink) abortWriters() {
	for _, w := range s.w {
		if w != nil {
			w.Abort()
		}
	}
}
