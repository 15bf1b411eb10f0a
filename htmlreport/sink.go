package htmlreport

import (
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

// Sink builds the page of a run and writes it when the run is over. Only
// the games the page may draw are turned into report lines whole; for the
// others the table row and the counts need the tags, the flags and the
// number of plies.
type Sink struct {
	pipeline.NopSink
	b      *Builder
	out    *output.File
	inputs []string
	blanks []string
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
	if info.Annotated {
		s.b.KeepOK()
	}
	return nil
}

// Game adds a game to the page.
func (s *Sink) Game(g *pipeline.Game) error {
	head := s.head(g)
	if s.b.Keeps(head) {
		s.b.Add(report.Of(g, true))
		return nil
	}
	s.b.Add(head)
	return nil
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

// Finish adds the verdicts of duplicate detection and writes the page.
func (s *Sink) Finish(v *pipeline.Verdicts) error {
	for num := range v.Len() {
		d, err := v.Of(num)
		if err != nil {
			return err
		}
		if len(d.Flags) == 0 && len(d.Fills) == 0 {
			continue
		}
		var fills map[string]string
		if len(d.Fills) > 0 {
			fills = map[string]string{}
			for _, f := range d.Fills {
				fills[f.Name] = f.Value
			}
		}
		s.b.Late(num, d.Flags, fills)
	}
	return s.b.WriteTo(s.out, Run{Inputs: s.inputs})
}

// Commit completes the page.
func (s *Sink) Commit() error { return s.out.Commit() }

// Abort removes the page.
func (s *Sink) Abort() { s.out.Abort() }
