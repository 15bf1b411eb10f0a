package annotate

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/records"
)

// NAGs of the move classes, as chess GUIs mark them: ?! inaccuracy, ?
// mistake, ?? blunder.
var classNAG = map[string]int{ClassInaccuracy: 6, ClassMistake: 2, ClassBlunder: 4}

// EvalComment writes a row's evaluation as the PGN command chess tools
// read (python-chess, lichess; pychess-variants for xiangqi): "[%eval
// 0.35,10]", red's point of view in pawns with the search depth, "[%eval
// #3,10]" red mates in 3 moves, "#-2" black mates in 2; "" for a row
// without a score (not evaluated, or no legal move).
func EvalComment(r *Row) string {
	var b strings.Builder
	switch {
	case r.Status != "ok":
		return ""
	case r.HasMate:
		b.WriteString("[%eval #")
		b.WriteString(strconv.Itoa(r.MateRed))
	case r.HasCP:
		b.WriteString("[%eval ")
		b.WriteString(strconv.FormatFloat(float64(r.ScoreRedCP)/100, 'f', 2, 64))
	default:
		return ""
	}
	if r.Depth > 0 {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(r.Depth))
	}
	b.WriteByte(']')
	return b.String()
}

// ErrRowsMismatch means a game's rows are not its positions: the evals
// table was made from another version of the record (or another game with
// its game_id).
var ErrRowsMismatch = errors.New("evaluations do not match the game")

// PGNNotes returns the notes of g's main line (records.PlyNote) from its
// rows: after each move, the evaluation of the position it leads to
// (EvalComment); for a move of a class, its NAG ($6, $2, $4) and the class
// with the engine's best move in notation n ("blunder, best 炮二平五"); and
// the codes of the flags raised there (suspect_move after the move,
// result_contradicted and draw_contradicted after the last). The note of
// ply 0 is the start position's evaluation. Rows whose positions are not
// g's give ErrRowsMismatch.
func PGNNotes(g *pipeline.Game, rows []Row, n records.Notation) ([]records.PlyNote, error) {
	rp := g.Replay()
	if rp == nil || !rp.HasStart || len(rows) == 0 || len(rows) > len(rp.Plies)+1 {
		return nil, ErrRowsMismatch
	}
	pos := rp.Start
	for i := range rows {
		key := pos.Key()
		if i > 0 {
			key = rp.Plies[i-1].Key
		}
		if rows[i].Ply != i || rows[i].Key != key {
			return nil, fmt.Errorf("%w: ply %d", ErrRowsMismatch, i)
		}
	}
	words := make([][]string, len(rows))
	notes := make([]records.PlyNote, len(rows))
	for i := range rows {
		r := &rows[i]
		if e := EvalComment(r); e != "" {
			words[i] = append(words[i], e)
		}
		if i > 0 {
			prev := &rows[i-1]
			if prev.Class != "" {
				notes[i].NAG = classNAG[prev.Class]
				w := prev.Class
				if prev.Best != 0 && prev.Status == "ok" {
					w += ", best " + records.FormatMove(n, &pos, prev.Best)
				}
				words[i] = append(words[i], w)
			}
			for _, c := range prev.Flags {
				if flags.Code(c) == flags.SuspectMove {
					words[i] = append(words[i], c)
				}
			}
			pos.MakeMove(rp.Plies[i-1].Move)
		}
		for _, c := range r.Flags {
			if flags.Code(c) != flags.SuspectMove {
				words[i] = append(words[i], c)
			}
		}
		notes[i].Comment = strings.Join(words[i], " ")
	}
	return notes, nil
}

// Evals finds the rows of games by game_id in evals tables (convert
// --evals). Each table is read in its order, a game at a time: games asked
// for in that order — the order of the run that wrote it, which reading the
// same inputs again repeats — cost one pass; a game asked for out of order
// rereads its table from the start. An index built at open (a hash of each
// game_id and its table: about 40 bytes a game) tells which table holds a
// game, so games without evaluations cost nothing. A game whose rows are in
// several tables (the shards of a run that shared out its positions,
// annotate --by position) gets them all, in ply order.
type Evals struct {
	paths   []string
	seed    maphash.Seed
	index   map[uint64]int32   // the table of a game; several: -1
	several map[uint64][]int32 // the tables of a game in more than one
	readers []*EvalsReader
	last    [][]Row // per table: the game read last
	merged  []Row   // the rows of a game of several tables
	meta    []map[string]string
}

// OpenEvalsSet opens the evals tables at paths (see FindEvals).
func OpenEvalsSet(paths []string) (*Evals, error) {
	e := &Evals{paths: paths, seed: maphash.MakeSeed(), index: map[uint64]int32{}, several: map[uint64][]int32{},
		readers: make([]*EvalsReader, len(paths)), last: make([][]Row, len(paths))}
	for t, p := range paths {
		meta, err := e.indexTable(int32(t), p)
		if err != nil {
			return nil, err
		}
		e.meta = append(e.meta, meta)
	}
	return e, nil
}

// indexTable adds the game_ids of table t to the index.
func (e *Evals) indexTable(t int32, path string) (map[string]string, error) {
	r, err := OpenEvals(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	for {
		rows, err := r.Next()
		if err == io.EOF {
			return r.Meta(), nil
		}
		if err != nil {
			return nil, err
		}
		h := maphash.String(e.seed, rows[0].GameID)
		switch old, ok := e.index[h]; {
		case !ok:
			e.index[h] = t
		case old == -1:
			if ts := e.several[h]; ts[len(ts)-1] != t {
				e.several[h] = append(ts, t)
			}
		case old != t:
			e.index[h] = -1
			e.several[h] = []int32{old, t}
		}
	}
}

// Meta returns the key-value metadata of table t (Meta* keys).
func (e *Evals) Meta(t int) map[string]string { return e.meta[t] }

// Len returns the number of games with rows.
func (e *Evals) Len() int { return len(e.index) }

// Rows returns the rows of the game id (valid until the next call), or
// false when no table holds it.
func (e *Evals) Rows(id string) ([]Row, bool, error) {
	h := maphash.String(e.seed, id)
	t, ok := e.index[h]
	if !ok {
		return nil, false, nil
	}
	if t >= 0 {
		return e.tableRows(t, id)
	}
	e.merged = e.merged[:0]
	found := false
	for _, t := range e.several[h] {
		rows, ok, err := e.tableRows(t, id)
		if err != nil {
			return nil, false, err
		}
		if ok {
			e.merged, found = append(e.merged, rows...), true
		}
	}
	slices.SortStableFunc(e.merged, func(a, b Row) int { return a.Ply - b.Ply })
	return e.merged, found, nil
}

// tableRows returns the rows of the game id in table t.
func (e *Evals) tableRows(t int32, id string) ([]Row, bool, error) {
	if last := e.last[t]; len(last) > 0 && last[0].GameID == id {
		return last, true, nil
	}
	for pass := 0; pass < 2; pass++ {
		if e.readers[t] == nil {
			r, err := OpenEvals(e.paths[t])
			if err != nil {
				return nil, false, err
			}
			e.readers[t] = r
		}
		for {
			rows, err := e.readers[t].Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, false, err
			}
			if rows[0].GameID == id {
				e.last[t] = rows
				return rows, true, nil
			}
		}
		// Behind us (asked for out of order): read the table again.
		e.readers[t].Close()
		e.readers[t] = nil
		e.last[t] = nil
	}
	return nil, false, nil // a hash collision: the game is not there
}

// Close closes the tables.
func (e *Evals) Close() error {
	var errs []error
	for i, r := range e.readers {
		if r != nil {
			errs = append(errs, r.Close())
			e.readers[i] = nil
		}
	}
	return errors.Join(errs...)
}
