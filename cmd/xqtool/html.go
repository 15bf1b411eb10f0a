package main

import (
	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/htmlreport"
)

// pageFields adds to a report line what the HTML page needs beyond the
// flags: the spans of the judged cycles and the moves a failed move may
// have meant (always: they are short), and with the moves the main line as
// written when it says more than the ICCS moves.
func pageFields(g *gameJSON, r *analyze.Report, withMoves bool) {
	g.Cycles = htmlreport.Cycles(r.Verdicts)
	for _, m := range htmlreport.TriedMoves(r.Game) {
		g.Tried = append(g.Tried, m.String())
	}
	if withMoves {
		if line, differs := htmlreport.WrittenLine(r.Game); differs {
			g.Line = line
		}
	}
}

// pageGame is the report line as the page reads it (the same values a
// saved report gives htmlreport.ReadGames).
func pageGame(g gameJSON) *htmlreport.Game {
	pg := &htmlreport.Game{
		Source: g.Source,
		Index:  g.Index,
		Format: string(g.Format),
		Tags:   g.Tags,
		FEN:    g.FEN,
		Line:   g.Line,
		Tried:  g.Tried,
		Result: g.Result,
		Status: g.Status,
		Rules:  g.Rules,
		Flags:  g.Flags,
		Cycles: g.Cycles,
	}
	if g.Moves != nil {
		pg.Moves = *g.Moves
	}
	for _, c := range g.Classes {
		pg.Classes = append(pg.Classes, htmlreport.Class(c))
	}
	return pg
}

// htmlFlags are --html and --html-limit, shared by validate, export,
// convert and report.
type htmlFlags struct {
	path  string
	limit int
}

func (h *htmlFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&h.path, "html", "", "write a self-contained HTML report to FILE")
	cmd.Flags().IntVar(&h.limit, "html-limit", htmlreport.DefaultLimit, "draw board diagrams for at most N flagged games in the HTML report")
}

// exclude keeps the page being written out of the run's inputs.
func (h *htmlFlags) exclude(pf *pipelineFlags) {
	if h.path != "" && h.path != "-" {
		pf.outputs = append(pf.outputs, h.path)
	}
}

// htmlOutput builds the page during a run and writes it atomically at the
// end. A nil *htmlOutput (no --html) does nothing.
type htmlOutput struct {
	b     *htmlreport.Builder
	f     *atomicFile
	rules string
}

// open creates the output file (so a bad path fails before the run).
func (h *htmlFlags) open(rules string) (*htmlOutput, error) {
	if h.path == "" {
		return nil, nil
	}
	if h.limit < 0 {
		return nil, usageErr("--html-limit must be 0 or more, got %d", h.limit)
	}
	f, err := createAtomic(h.path)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return &htmlOutput{b: htmlreport.NewBuilder(h.limit), f: f, rules: rules}, nil
}

// add adds a report of the run. Only the games the page may draw are
// converted whole; for the others the table row and the counts need the
// tags, the flags and the number of plies.
func (o *htmlOutput) add(r *analyze.Report) {
	if o == nil {
		return
	}
	head := pageHead(r, o.rules)
	if o.b.Keeps(head) {
		o.b.Add(pageGame(toJSON(r, true, o.rules)))
		return
	}
	if r.Game != nil {
		head.Moves = blankMoves(len(r.Game.Plies))
	}
	o.b.Add(head)
}

// pageHead is the page's game without moves, line, tried moves and
// classes (they matter only for a diagram).
func pageHead(r *analyze.Report, rules string) *htmlreport.Game {
	rec := r.Record
	g := &htmlreport.Game{
		Source: rec.Source,
		Index:  rec.Index,
		Format: string(rec.Format),
		Tags:   map[string]string{},
		Result: r.Declared(),
		Status: r.Status,
		Rules:  rules,
		Flags:  r.Flags,
	}
	for _, name := range []string{"Red", "Black", "Event", "Date"} {
		for _, t := range rec.Tags { // the first tag of the name, as toJSON keeps
			if t.Name == name {
				g.Tags[name] = t.Value
				break
			}
		}
	}
	return g
}

// blanks backs blankMoves.
var blanks []string

// blankMoves returns n empty strings without allocating per game: the
// Builder counts a game's plies as len(Moves) and reads them only for the
// games it keeps.
func blankMoves(n int) []string {
	if n > len(blanks) {
		blanks = make([]string, 2*n)
	}
	return blanks[:n:n]
}

// finish writes the page and renames it into place when err is nil;
// otherwise it removes it and returns err.
func (o *htmlOutput) finish(err error, inputs []string) error {
	if o == nil {
		return err
	}
	if err == nil {
		err = o.b.WriteTo(o.f, htmlreport.Run{Inputs: inputs})
	}
	if err != nil {
		o.f.Abort()
		return err
	}
	return o.f.Commit()
}
