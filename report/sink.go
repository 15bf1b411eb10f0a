package report

import (
	"bytes"
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
// read (its duplicate flag, filled tags): the lines are then held
// (pipeline.Held) and written, completed, when the pass is over.
type Sink struct {
	pipeline.NopSink
	out  *output.File
	opt  SinkOptions
	w    *Writer
	held *pipeline.Held
	buf  bytes.Buffer
	enc  *json.Encoder
}

// NewSink returns a sink writing to out, which it commits or aborts with
// the run.
func NewSink(out *output.File, opt SinkOptions) *Sink {
	s := &Sink{out: out, opt: opt, w: NewWriter(out)}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return s
}

// Start holds the lines when flags come after the pass.
func (s *Sink) Start(info pipeline.Info) error {
	var err error
	s.held, err = info.HoldIfLate()
	return err
}

// Game writes (or holds) the game's line, held after its state after the
// pass.
func (s *Sink) Game(g *pipeline.Game) error {
	line := Of(g, s.opt.WithMoves)
	if s.held == nil {
		return s.w.Write(line)
	}
	s.buf.Reset()
	st := g.Status()
	s.buf.WriteByte(byte(len(st)))
	s.buf.WriteString(string(st))
	if err := s.enc.Encode(line); err != nil {
		return err
	}
	return s.held.Add(g.Num(), s.buf.Bytes())
}

// File writes (or holds) the line of a file that gave no game.
func (s *Sink) File(f pipeline.File) error {
	if !s.opt.Files || f.Games > 0 {
		return nil
	}
	if s.held == nil {
		return s.w.Write(FileOf(f))
	}
	s.buf.Reset()
	if err := s.enc.Encode(FileOf(f)); err != nil {
		return err
	}
	return s.held.AddOther(s.buf.Bytes())
}

// Finish writes the held lines completed with their verdicts: a copy's
// duplicate flag, a kept copy's filled tags, the game's final state; a
// copy left out (--dedupe) is not written.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	if s.held == nil {
		return nil
	}
	return s.held.Each(v, func(line []byte, num int, d pipeline.Dup) error {
		if num >= 0 {
			if d.Drop {
				return nil
			}
			if len(line) == 0 || len(line) <= int(line[0]) {
				return pipeline.ErrSpool
			}
			pass := analyze.Status(line[1 : 1+line[0]])
			var err error
			if line, err = complete(line[1+line[0]:], pass, d); err != nil {
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
	s.held.Close()
	return s.out.Commit()
}

// Abort removes the output.
func (s *Sink) Abort() {
	s.held.Close()
	s.out.Abort()
}
