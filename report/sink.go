package report

import (
	"bytes"
	"encoding/binary"
	"encoding/json"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
)

// SinkOptions configures a Sink.
type SinkOptions struct {
	// WithMoves adds the main line to every game line.
	WithMoves bool
	// Files adds the line of every input file that gave no game, at its
	// place in input order.
	Files bool
}

// Sink writes the report lines of a run to an output. With duplicate
// detection on, a game's line is complete only when the whole input was
// read (its duplicate flag, filled tags): the lines then wait in a spool
// and are written, completed, when the pass is over.
type Sink struct {
	pipeline.NopSink
	out   *output.File
	opt   SinkOptions
	w     *Writer
	spool *pipeline.Spool
	buf   bytes.Buffer
	enc   *json.Encoder
	num   int            // the number of the game being held
	state analyze.Status // and its state after the pass
	tmp   []byte         // scratch
}

// Spool record kinds.
const (
	spoolGame = 'g'
	spoolFile = 'f'
)

// NewSink returns a sink writing to out, which it commits or aborts with
// the run.
func NewSink(out *output.File, opt SinkOptions) *Sink {
	s := &Sink{out: out, opt: opt, w: NewWriter(out)}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return s
}

// Start opens the spool when flags come after the pass.
func (s *Sink) Start(info pipeline.Info) error {
	if !info.Late() {
		return nil
	}
	sp, err := pipeline.NewSpool(info.TempDir)
	s.spool = sp
	return err
}

// Game writes (or spools) the game's line.
func (s *Sink) Game(g *pipeline.Game) error {
	line := Of(g, s.opt.WithMoves)
	if s.spool == nil {
		return s.w.Write(line)
	}
	s.num, s.state = g.Num(), g.Status()
	return s.hold(spoolGame, line)
}

// File writes (or spools) the line of a file that gave no game.
func (s *Sink) File(f pipeline.File) error {
	if !s.opt.Files || f.Games > 0 {
		return nil
	}
	if s.spool == nil {
		return s.w.Write(FileOf(f))
	}
	return s.hold(spoolFile, FileOf(f))
}

// hold encodes a line into the spool after its kind byte (and a game's
// number and state).
func (s *Sink) hold(kind byte, line any) error {
	s.buf.Reset()
	s.buf.WriteByte(kind)
	if kind == spoolGame {
		s.buf.Write(pipeline.AppendString(pipeline.AppendUvarint(s.tmp[:0], s.num), string(s.state)))
	}
	if err := s.enc.Encode(line); err != nil {
		return err
	}
	return s.spool.Append(s.buf.Bytes())
}

// Finish writes the spooled lines completed with their verdicts: a
// copy's duplicate flag, a kept copy's filled tags; a copy left out
// (--dedupe) is not written.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	if s.spool == nil {
		return nil
	}
	return s.spool.Each(func(b []byte) error {
		if len(b) == 0 {
			return pipeline.ErrSpool
		}
		kind, line := b[0], b[1:]
		if kind == spoolGame {
			num, n := binary.Uvarint(line)
			if n <= 0 {
				return pipeline.ErrSpool
			}
			line = line[n:]
			st, n := binary.Uvarint(line)
			if n <= 0 || uint64(len(line)-n) < st {
				return pipeline.ErrSpool
			}
			pass := analyze.Status(line[n : n+int(st)])
			line = line[n+int(st):]
			d, err := v.Of(int(num))
			if err != nil || d.Drop {
				return err
			}
			if line, err = complete(line, pass, d); err != nil {
				return err
			}
		}
		_, err := s.out.Write(line)
		return err
	})
}

// complete returns the encoded line of a game whose state after the pass
// was pass with its verdict applied: its flags, fills and final state
// (Dup.State: a late flag of severity warning or error, an annotator's
// such as the engine's suspect_move, makes an ok game flagged).
func complete(line []byte, pass analyze.Status, d pipeline.Dup) ([]byte, error) {
	if len(d.Fills) == 0 && d.State == pass {
		if len(d.Flags) == 0 {
			return line, nil
		}
		return appendFlags(line, d.Flags)
	}
	var g Game
	if err := json.Unmarshal(line, &g); err != nil {
		return nil, err
	}
	for _, f := range d.Fills {
		g.Tags[f.Name] = f.Value
	}
	g.Result = d.Result(g.Result)
	g.Flags = append(g.Flags, d.Flags...)
	g.Status = d.State
	var buf bytes.Buffer
	if err := NewWriter(&buf).Write(&g); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Commit completes the output.
func (s *Sink) Commit() error {
	s.spool.Close()
	return s.out.Commit()
}

// Abort removes the output.
func (s *Sink) Abort() {
	s.spool.Close()
	s.out.Abort()
}
