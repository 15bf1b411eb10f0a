// Package report is the report line: what xqtool says of one game (or of
// one input file) as one JSON object on a line. validate --report and
// convert --to jsonl write report lines, report --html and the HTML page
// read them; this package holds the one model, its writer (a pipeline
// sink) and its reader.
//
// A game line:
//
//	{"source":"sample/broken/illegal-move.pgn","index":0,"format":"pgn","encoding":"utf-8",
//	 "tags":{"Event":"…"},"fen":"rnbakabnr/9/… w - - 0 1","result":"1-0",
//	 "status":"flagged","rules":"cxa",
//	 "flags":[{"code":"illegal_move","ply":3,"side":"red","severity":"error","detail":"…"}]}
//
// with, as asked, "moves" (the valid main line in lowercase ICCS), and
// what the HTML page needs to draw a flagged game: "classes" (the moves of
// the judged repetition cycles, classified), "cycles" (their spans),
// "tried" (the moves a failed move may have meant) and "line" (the main
// line as written, when it says more than "moves"). A file line describes
// an input file that gave no game; its "kind" is "file".
package report

import (
	"errors"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
)

// Game is the line of one game.
type Game struct {
	Source   string            `json:"source"`
	Index    int               `json:"index"`
	Format   string            `json:"format"`
	Encoding string            `json:"encoding"`
	Tags     map[string]string `json:"tags"`
	// FEN is the start position (as replayed: a relaxed position for an
	// invalid start; as recorded when none could be built).
	FEN string `json:"fen"`
	// Moves is the valid main-line prefix in lowercase ICCS; nil when the
	// line was written without moves (an empty game's is empty, not nil).
	Moves  []string       `json:"moves,omitzero"`
	Result string         `json:"result"`
	Status analyze.Status `json:"status"`
	Rules  string         `json:"rules,omitempty"`
	Flags  []flags.Flag   `json:"flags"`
	// Classes classifies the moves of the repetition cycles judged.
	Classes []Class `json:"classes,omitempty"`
	// Line is the whole main line as written in the record, when that
	// differs from Moves (written with the moves only).
	Line []string `json:"line,omitempty"`
	// Tried lists, in ICCS, the moves the first main-line move that could
	// not be played may have meant (the illegal move of the shape it
	// describes, or the candidates of an ambiguous one).
	Tried  []string `json:"tried,omitempty"`
	Cycles []Cycle  `json:"cycles,omitempty"`
}

// Class is one classified move of a judged repetition cycle.
type Class struct {
	Ply    int      `json:"ply"`
	Move   string   `json:"move"`
	Side   string   `json:"side"`
	Class  string   `json:"class"`
	Chased []string `json:"chased,omitempty"`
}

// Cycle is the span of a judged repetition cycle: the ply of its verdict
// (the ply of its flag) and the first and last ply of the cycle.
type Cycle struct {
	Ply   int `json:"ply"`
	First int `json:"first"`
	Last  int `json:"last"`
}

// File is the line of an input file that gave no game; its Kind ("file")
// tells it from game lines, which have none.
type File struct {
	Kind    string `json:"kind"` // always "file"
	Source  string `json:"source"`
	Bytes   *int64 `json:"bytes"` // null when unknown
	Format  string `json:"format"`
	Status  string `json:"status"`
	Problem string `json:"problem"`
}

// FileOf returns the line of f.
func FileOf(f pipeline.File) File {
	l := File{Kind: "file", Source: f.Source, Format: f.Format, Status: string(f.Status), Problem: f.Problem}
	if f.Bytes >= 0 {
		b := f.Bytes
		l.Bytes = &b
	}
	return l
}

// Of returns the line of a game of a run; withMoves adds the main line.
// Its strings may share the memory of the record's text: clone them to
// keep the line long.
func Of(g *pipeline.Game, withMoves bool) *Game {
	r := g.Report()
	rec := g.Record()
	l := &Game{
		Source:   rec.Source,
		Index:    rec.Index,
		Format:   string(rec.Format),
		Encoding: rec.Encoding,
		Tags:     TagMap(g.Tags()),
		FEN:      rec.FEN,
		Result:   r.Declared(),
		Status:   r.Status,
		Rules:    string(r.Rules),
		Flags:    append([]flags.Flag{}, r.Flags...),
	}
	gm := r.Game
	if gm != nil && gm.HasStart {
		l.FEN = gm.Start.FEN()
	}
	if withMoves {
		moves := []string{}
		if gm != nil {
			moves = make([]string, len(gm.Plies))
			for i, p := range gm.Plies {
				moves[i] = p.Move.String()
			}
		}
		l.Moves = moves
		if line, differs := WrittenLine(gm); differs {
			l.Line = line
		}
	}
	for _, c := range r.Classes {
		cj := Class{Ply: c.Ply, Move: c.Move.String(), Side: c.Side.String(), Class: c.Class.String()}
		for _, sq := range c.Chased {
			cj.Chased = append(cj.Chased, sq.String())
		}
		l.Classes = append(l.Classes, cj)
	}
	l.Cycles = Cycles(r.Verdicts)
	for _, m := range TriedMoves(gm) {
		l.Tried = append(l.Tried, m.String())
	}
	return l
}

// TagMap returns the tags as a map, the first value of each name.
func TagMap(tags parse.Tags) map[string]string {
	m := make(map[string]string, len(tags))
	for _, t := range tags {
		if _, dup := m[t.Name]; !dup {
			m[t.Name] = t.Value
		}
	}
	return m
}

// Cycles returns the spans of the verdicts, in order.
func Cycles(vs []*analyze.Verdict) []Cycle {
	var out []Cycle
	for _, v := range vs {
		out = append(out, Cycle{Ply: v.Ply, First: v.Cycle[0], Last: v.Cycle[1]})
	}
	return out
}

// TriedMoves returns the moves that the first main-line move of g that
// could not be played may have meant: the move of a coordinate record,
// the moves of the shape a text describes that were found illegal, or the
// legal candidates of an ambiguous text. It is empty when the whole line
// was played or when no piece fits the text.
func TriedMoves(g *replay.Game) []board.Move {
	if g == nil || g.Fail == nil {
		return nil
	}
	f := g.Fail
	var out []board.Move
	add := func(m board.Move) {
		if m == board.NoMove || !m.From().Valid() || !m.To().Valid() {
			return
		}
		for _, x := range out {
			if x == m {
				return
			}
		}
		out = append(out, m)
	}
	if f.Node != nil {
		add(f.Node.Move)
	}
	var ne *notation.Error
	if errors.As(f.Err, &ne) {
		for _, m := range ne.Candidates {
			add(m)
		}
	}
	var me *board.MoveError
	if errors.As(f.Err, &me) {
		add(me.Move)
	}
	return out
}

// WrittenLine returns the main line of g as written in the record (the
// move text, or ICCS for coordinate records), and whether it says more
// than the ICCS of the valid prefix (a report line carries it only then).
func WrittenLine(g *replay.Game) ([]string, bool) {
	if g == nil {
		return nil, false
	}
	out := make([]string, len(g.Line))
	differs := len(g.Line) != len(g.Plies)
	for i, n := range g.Line {
		s := n.Text
		if s == "" {
			s = n.Move.String()
		}
		out[i] = s
		if !differs && s != g.Plies[i].Move.String() {
			differs = true
		}
	}
	return out, differs
}
