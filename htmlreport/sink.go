package htmlreport

import (
	"bytes"
	"encoding/json"

	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

// Sink builds the page of a run and writes it when the run is over. Only
// the games the page may draw are turned into report lines whole; for the
// others the table row and the counts need the tags, the flags and the
// number of plies. When flags come after the pass, every game is held
// (pipeline.Held) for its verdict; in a run with annotators, whose flags
// may make any game drawable once the run was read (a warning on a game
// ok during the pass, the first game of a late code), with its line when
// the page did not keep it.
type Sink struct {
	pipeline.NopSink
	b         *Builder
	out       *output.File
	inputs    []string
	blanks    []string
	held      *pipeline.Held
	annotated bool
	buf       bytes.Buffer
	enc       *json.Encoder
}

// NewSink returns a sink that writes the page to out (committed or
// aborted with the run), drawing at most limit games (see NewBuilder).
func NewSink(out *output.File, limit int) *Sink {
	s := &Sink{b: NewBuilder(limit), out: out}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	return s
}

// Start records the run's inputs for the page. With annotators in the
// run, whose flags may be warnings, the page keeps a row of every game
// (Builder.KeepOK).
func (s *Sink) Start(info pipeline.Info) error {
	s.inputs = info.Inputs
	if info.Annotated {
		s.annotated = true
		s.b.KeepOK()
	}
	var err error
	s.held, err = info.HoldIfLate()
	return err
}

// Game adds a game to the page.
func (s *Sink) Game(g *pipeline.Game) error {
	head := s.head(g)
	kept := s.b.Keeps(head)
	if kept {
		s.b.Add(report.Of(g, true))
	} else {
		s.b.Add(head)
	}
	if s.held == nil {
		return nil
	}
	s.buf.Reset()
	if s.annotated && !kept {
		if err := s.enc.Encode(report.Of(g, true)); err != nil {
			return err
		}
	}
	return s.held.Add(g.Num(), s.buf.Bytes())
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
	if s.held != nil {
		var bad error
		err := s.held.Each(v, func(line []byte, num int, d pipeline.Dup) error {
			if len(d.Flags) == 0 && len(d.Fills) == 0 {
				return nil
			}
			lv := Verdict{State: d.State, Flags: d.Flags}
			if len(d.Fills) > 0 {
				lv.Fills = map[string]string{}
				for _, f := range d.Fills {
					lv.Fills[f.Name] = f.Value
				}
			}
			if len(line) > 0 {
				lv.Details = func() *Game {
					var g Game
					if bad = json.Unmarshal(line, &g); bad != nil {
						return nil
					}
					return &g
				}
			}
			s.b.Late(num, lv)
			return bad
		})
		if err != nil {
			return err
		}
	}
	return s.b.WriteTo(s.out, Run{Inputs: s.inputs})
}

// Commit completes the page.
func (s *Sink) Commit() error {
	s.held.Close()
	return s.out.Commit()
}

// Abort removes the page.
func (s *Sink) Abort() {
	s.held.Close()
	s.out.Abort()
}
