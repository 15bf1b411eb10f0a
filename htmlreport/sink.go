package htmlreport

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"

	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

// Sink builds the page of a run and writes it when the run is over. Only
// the games the page may draw are turned into report lines whole; for the
// others the table row and the counts need the tags, the flags and the
// number of plies. In a run with annotators, whose flags may make any
// game drawable once the run was read (a warning on a game ok during the
// pass, the first game of a late code), the lines of the games not kept
// wait in a spool for the verdicts (Builder.Late).
type Sink struct {
	pipeline.NopSink
	b      *Builder
	out    *output.File
	inputs []string
	blanks []string
	spool  *pipeline.Spool // the lines of the games not kept, or nil
	buf    bytes.Buffer
	enc    *json.Encoder
}

// NewSink returns a sink that writes the page to out (committed or
// aborted with the run), drawing at most limit games (see NewBuilder).
func NewSink(out *output.File, limit int) *Sink {
	return &Sink{b: NewBuilder(limit), out: out}
}

// Start records the run's inputs for the page. With annotators in the
// run, whose flags may be warnings, the page keeps a row of every game
// (Builder.KeepOK).
func (s *Sink) Start(info pipeline.Info) error {
	s.inputs = info.Inputs
	if !info.Annotated {
		return nil
	}
	s.b.KeepOK()
	sp, err := pipeline.NewSpool(info.TempDir)
	s.spool = sp
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return err
}

// Game adds a game to the page.
func (s *Sink) Game(g *pipeline.Game) error {
	head := s.head(g)
	if s.b.Keeps(head) {
		s.b.Add(report.Of(g, true))
		return nil
	}
	s.b.Add(head)
	if s.spool == nil {
		return nil
	}
	s.buf.Reset()
	s.buf.Write(pipeline.AppendUvarint(nil, g.Num()))
	if err := s.enc.Encode(report.Of(g, true)); err != nil {
		return err
	}
	return s.spool.Append(s.buf.Bytes())
}

// head is the page's game without moves, line, tried moves and classes
// (they matter only for a diagram); its Moves has the right length.
func (s *Sink) head(g *pipeline.Game) *Game {
	r := g.Report()
	h := &Game{
		Source: g.Source(),
		Index:  g.Index(),
		Format: string(g.Record().Format),
		Tags:   map[string]string{},
		Result: g.Result(),
		Status: r.Status,
		Rules:  string(r.Rules),
		Flags:  r.Flags,
	}
	for _, name := range []string{"Red", "Black", "Event", "Date"} {
		for _, t := range g.Tags() { // the first tag of the name, as report.TagMap keeps
			if t.Name == name {
				h.Tags[name] = t.Value
				break
			}
		}
	}
	if n := g.Plies(); n > 0 {
		// n empty strings without allocating per game: the Builder counts
		// a game's plies as len(Moves) and reads them only for the games
		// it keeps.
		if n > len(s.blanks) {
			s.blanks = make([]string, 2*n)
		}
		h.Moves = s.blanks[:n:n]
	}
	return h
}

// File counts an input file that gave no game.
func (s *Sink) File(f pipeline.File) error {
	if f.Games == 0 {
		s.b.AddFile()
	}
	return nil
}

// Finish adds the verdicts of duplicate detection and the annotators, and
// writes the page.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	held := heldLines{spool: s.spool}
	if s.spool != nil {
		if err := s.spool.Rewind(); err != nil {
			return err
		}
	}
	for num := range v.Len() {
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		if len(d.Flags) == 0 && len(d.Fills) == 0 {
			continue
		}
		lv := Verdict{State: d.State, Flags: d.Flags}
		if len(d.Fills) > 0 {
			lv.Fills = map[string]string{}
			for _, f := range d.Fills {
				lv.Fills[f.Name] = f.Value
			}
		}
		if s.spool != nil {
			lv.Details = func() *Game { return held.line(num) }
		}
		s.b.Late(num, lv)
		if held.err != nil {
			return held.err
		}
	}
	return s.b.WriteTo(s.out, Run{Inputs: s.inputs})
}

// heldLines reads the spooled lines of the games not kept, in the order
// of their numbers.
type heldLines struct {
	spool *pipeline.Spool
	num   int    // the number of the line in rec, -1 at the end
	rec   []byte // its line
	err   error
	read  bool
}

// line returns the line of game num, nil when it was not spooled; its
// flags and state are the pass's.
func (h *heldLines) line(num int) *Game {
	for h.err == nil && h.num != -1 && (!h.read || h.num < num) {
		b, err := h.spool.Next()
		h.read = true
		if err != nil {
			h.num = -1
			if err != io.EOF {
				h.err = err
			}
			break
		}
		n, k := binary.Uvarint(b)
		if k <= 0 {
			h.err = pipeline.ErrSpool
			break
		}
		h.num, h.rec = int(n), b[k:]
	}
	if h.err != nil || h.num != num {
		return nil
	}
	var g Game
	if h.err = json.Unmarshal(h.rec, &g); h.err != nil {
		return nil
	}
	return &g
}

// Commit completes the page.
func (s *Sink) Commit() error {
	s.spool.Close()
	return s.out.Commit()
}

// Abort removes the page.
func (s *Sink) Abort() {
	s.spool.Close()
	s.out.Abort()
}
