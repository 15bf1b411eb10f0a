package main

import (
	"encoding/json"
	"io"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/parse"
)

// gameJSON is the shape of one line of `convert --to jsonl` and of the
// validate --report file.
type gameJSON struct {
	Source   string            `json:"source"`
	Index    int               `json:"index"`
	Format   parse.Format      `json:"format"`
	Encoding string            `json:"encoding"`
	Tags     map[string]string `json:"tags"`
	FEN      string            `json:"fen"`
	Moves    *[]string         `json:"moves,omitempty"` // nil: not requested
	Result   string            `json:"result"`
	Status   analyze.Status    `json:"status"`
	Rules    string            `json:"rules,omitempty"`
	Flags    []analyze.Flag    `json:"flags"`
	// Classes classifies the moves of the repetition cycles judged.
	Classes []classJSON `json:"classes,omitempty"`
	// For the HTML page (see pageFields): the main line as written, the
	// moves a failed move may have meant, the judged cycles' spans.
	Line   []string           `json:"line,omitempty"`
	Tried  []string           `json:"tried,omitempty"`
	Cycles []htmlreport.Cycle `json:"cycles,omitempty"`
}

// classJSON is one classified move of a judged cycle.
type classJSON struct {
	Ply    int      `json:"ply"`
	Move   string   `json:"move"`
	Side   string   `json:"side"`
	Class  string   `json:"class"`
	Chased []string `json:"chased,omitempty"`
}

// toJSON builds the JSON line of a report. withMoves adds the main line
// (its valid prefix) in lowercase ICCS.
func toJSON(r *analyze.Report, withMoves bool, rules string) gameJSON {
	rec := r.Record
	g := gameJSON{
		Source:   rec.Source,
		Index:    rec.Index,
		Format:   rec.Format,
		Encoding: rec.Encoding,
		Tags:     map[string]string{},
		FEN:      rec.FEN,
		Result:   r.Declared(),
		Status:   r.Status,
		Rules:    rules,
		Flags:    r.Flags,
	}
	for _, t := range rec.Tags {
		if _, dup := g.Tags[t.Name]; !dup {
			g.Tags[t.Name] = t.Value
		}
	}
	if r.Game != nil && r.Game.HasStart {
		g.FEN = r.Game.Start.FEN()
	}
	if withMoves {
		moves := []string{}
		if r.Game != nil {
			for _, p := range r.Game.Plies {
				moves = append(moves, p.Move.String())
			}
		}
		g.Moves = &moves
	}
	for _, c := range r.Classes {
		cj := classJSON{Ply: c.Ply, Move: c.Move.String(), Side: c.Side.String(), Class: c.Class.String()}
		for _, sq := range c.Chased {
			cj.Chased = append(cj.Chased, sq.String())
		}
		g.Classes = append(g.Classes, cj)
	}
	if g.Flags == nil {
		g.Flags = []analyze.Flag{}
	}
	pageFields(&g, r, withMoves)
	return g
}

// jsonlWriter writes one JSON object per line.
type jsonlWriter struct {
	enc *json.Encoder
}

func newJSONLWriter(w io.Writer) *jsonlWriter {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &jsonlWriter{enc: enc}
}

// write writes one line: a gameJSON, or a fileJSON.
func (j *jsonlWriter) write(v any) error { return j.enc.Encode(v) }
