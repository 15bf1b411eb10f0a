package dataset

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
)

// Sink writes the datasets of a run (see Writer) in one pass over the
// input.
//
// positions.parquet is written as the games come, unless its Lines
// (WithLines: training data) are chosen by the run's verdicts (see
// below). A game's rows of
// games.parquet and flags.parquet are complete only once duplicate
// detection has seen the whole input (its cluster columns, its duplicate
// flag): the sink keeps each game's row (its tags, start position, moves
// and flags, about 2 bytes a ply) held (pipeline.Held) and writes both files when
// the pass is over. When the verdicts drop copies (--dedupe) or fill tags
// (--fill-tags), which change positions too (their games, their result),
// positions.parquet is also written then, from the held rows: each
// game's moves are played again on the board to rebuild its positions (no
// record is read or parsed twice). So it is for Lines whose Start says
// they wait for the verdicts (training data, whose filter takes only the
// kept copies and the games without an error flag, unless it takes every
// copy and no annotator may add an error flag), unless the run has no
// verdicts: without duplicate detection and annotators (nothing late;
// every game counts as kept), positions are written as the games come.
type Sink struct {
	pipeline.NopSink
	w      *Writer
	onlyOK bool
	direct bool // no duplicate detection: every row written at once
	late   bool // positions written from the held rows
	held   *pipeline.Held
	row    gameRow
	buf    []byte
	// tables are written beside the datasets at Finish (AddTable).
	tables []sideTable
}

// sideTable is a table of another package the sink writes (AddTable).
type sideTable struct {
	name  string
	write func(w io.Writer, mem memory.Allocator) error
}

// AddTable makes the sink write the table name.parquet beside the
// datasets (Writer.WriteTable) when it finishes, after the run's
// annotators: events.parquet from a tournament annotator of the same run,
// players.parquet from a players annotator.
func (s *Sink) AddTable(name string, write func(w io.Writer, mem memory.Allocator) error) {
	s.tables = append(s.tables, sideTable{name, write})
}

// NewSink starts a dataset in dir (see Create); with onlyOK only the games
// with status ok are written.
func NewSink(dir string, onlyOK bool, opts ...Option) (*Sink, error) {
	w, err := Create(dir, opts...)
	if err != nil {
		return nil, err
	}
	return &Sink{w: w, onlyOK: onlyOK}, nil
}

// Writer returns the dataset writer (for its counts).
func (s *Sink) Writer() *Writer { return s.w }

// Start takes the run's rules and decides what waits for the verdicts.
func (s *Sink) Start(info pipeline.Info) error {
	s.w.cfg.rules = info.Rules
	s.direct = !info.Late()
	s.late = info.Duplicates.Rewrites()
	if l := s.w.cfg.lines; l != nil && l.Start(info) && !s.direct {
		// The lines are chosen by the verdicts (training data: kept
		// copies, games without an error flag).
		s.late = true
	}
	if s.onlyOK && info.Annotated {
		// An annotator's warning may still make an ok game flagged:
		// its positions wait for its final state.
		s.late = true
	}
	if s.direct {
		return nil
	}
	var err error
	s.held, err = pipeline.NewHeld(info.TempDir)
	return err
}

// Game writes a game's positions and keeps its row.
func (s *Sink) Game(g *pipeline.Game) error {
	if s.onlyOK && g.Status() != analyze.StatusOK {
		// No verdict makes a state better (FinalState).
		return nil
	}
	row := rowOf(g, &s.row)
	if s.direct {
		if err := s.w.writeGame(row); err != nil {
			return err
		}
	} else {
		s.buf = row.appendTo(s.buf[:0])
		if err := s.held.Add(row.num, s.buf); err != nil {
			return err
		}
		if s.late {
			return nil
		}
	}
	var start board.Position
	var plies []replay.Ply
	if gm := g.Replay(); gm != nil && gm.HasStart {
		start, plies = gm.Start, gm.Plies
	}
	return s.w.writeLine(row, start, plies)
}

// File adds a row to files.parquet.
func (s *Sink) File(f pipeline.File) error { return s.w.WriteFile(f) }

// Finish writes the held rows completed with their verdicts.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	for _, t := range s.tables {
		if err := s.w.WriteTable(t.name, t.write); err != nil {
			return err
		}
	}
	if s.held == nil {
		return nil
	}
	if !s.late {
		// Done with positions: free their writers before the others.
		if err := s.w.closeSet(kindPositions); err != nil {
			return err
		}
	}
	return s.held.Each(v, func(b []byte, num int, d pipeline.Dup) error {
		if d.Drop || s.onlyOK && d.State != analyze.StatusOK {
			return nil
		}
		row := &s.row
		if err := row.decode(b); err != nil {
			return err
		}
		row.num = num
		row.complete(d)
		if s.late {
			return s.w.writeRow(row)
		}
		return s.w.writeGame(row)
	})
}

// Commit completes the dataset and moves it into place.
func (s *Sink) Commit() error {
	s.held.Close()
	return s.w.Close()
}

// Abort removes everything written.
func (s *Sink) Abort() {
	s.held.Close()
	s.w.Abort()
}
