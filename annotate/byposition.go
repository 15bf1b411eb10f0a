package annotate

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/table"
)

// PositionEvals holds the evaluations of evals tables by position_key
// alone, whatever game, run or dataset the rows came from: training data
// joins them to its positions (export --evals), so the evaluations of
// another run of the same positions, or the shards of a run that shared
// out its positions, serve as they are.
//
// A position with rows in several tables keeps the best of them: an
// evaluation over none (status error), then the deeper search, then the
// first table given. Only what a score and a best move need is kept: about
// 30 bytes a distinct position in memory.
type PositionEvals struct {
	m map[uint64]posEval
}

// posEval is one position's evaluation, compact.
type posEval struct {
	value int32 // score_red_cp or mate_red
	depth int16
	best  board.Move
	kind  uint8 // evalNone, evalCP, evalMate, evalMated, with sideBlack
}

const (
	evalNone  = iota // status error: no evaluation
	evalCP           // score_red_cp
	evalMate         // mate_red
	evalMated        // status mate: no legal move
	evalKind  = 3
	sideBlack = 4
)

// positionLeaves are the columns PositionEvals reads, in the order of the
// file.
var positionLeaves = []string{"position_key", "side", "status", "depth", "score_red_cp", "mate_red", "best_iccs"}

// OpenPositionEvals reads the evals tables at paths (see FindEvals).
func OpenPositionEvals(paths []string) (*PositionEvals, error) {
	e := &PositionEvals{m: map[uint64]posEval{}}
	for _, p := range paths {
		if err := e.read(p); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// Len returns the number of positions held.
func (e *PositionEvals) Len() int { return len(e.m) }

// better reports whether a replaces b as a position's evaluation.
func (a posEval) better(b posEval) bool {
	ea, eb := a.kind&evalKind != evalNone, b.kind&evalKind != evalNone
	if ea != eb {
		return ea
	}
	return a.depth > b.depth
}

// read adds the rows of the table at path.
func (e *PositionEvals) read(path string) error {
	t, err := table.Open(path, batchRows)
	if err != nil {
		return err
	}
	defer t.Close()
	return e.add(t)
}

// add adds the rows of the table t.
func (e *PositionEvals) add(t *table.File) (err error) {
	schema, err := t.Schema()
	if err != nil {
		return err
	}
	if err := checkSchema(schema); err != nil {
		return fmt.Errorf("%s: %w", t.Name(), err)
	}
	rows, err := t.Rows(positionLeaves, nil)
	if err != nil {
		return err
	}
	defer rows.Close()
	defer table.Recover(t.Name(), &err)
	var c []arrow.Array
	for {
		err := rows.Step()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if rows.Fresh() {
			c = rows.Batch().Columns()
		}
		i := rows.Index()
		if c[0].IsNull(i) {
			continue
		}
		key := c[0].(*array.Uint64).Value(i)
		v := posEval{kind: evalNone}
		if c[1].(*array.String).Value(i) == "black" {
			v.kind = sideBlack
		}
		status := c[2].(*array.String).Value(i)
		switch {
		case status == "mate":
			v.kind |= evalMated
		case status != "ok":
		case !c[4].IsNull(i):
			v.kind |= evalCP
			v.value = c[4].(*array.Int32).Value(i)
		case !c[5].IsNull(i):
			v.kind |= evalMate
			v.value = c[5].(*array.Int32).Value(i)
		}
		if !c[3].IsNull(i) {
			v.depth = int16(min(c[3].(*array.Int32).Value(i), 1<<15-1))
		}
		if !c[6].IsNull(i) {
			v.best, _ = board.ParseMove(c[6].(*array.String).Value(i))
		}
		if old, ok := e.m[key]; !ok || v.better(old) {
			e.m[key] = v
		}
	}
}

// Eval returns the evaluation of the position with key as a row of it
// (Key, Side, Status, Depth, the score and Best; no game), or false when
// no table holds it.
func (e *PositionEvals) Eval(key uint64) (Row, bool) {
	v, ok := e.m[key]
	if !ok {
		return Row{}, false
	}
	r := Row{Key: key, Depth: int(v.depth), Best: v.best, Status: "error"}
	if v.kind&sideBlack != 0 {
		r.Side = board.Black
	}
	switch v.kind & evalKind {
	case evalCP:
		r.Status, r.ScoreRedCP, r.HasCP = "ok", int(v.value), true
	case evalMate:
		r.Status, r.MateRed, r.HasMate = "ok", int(v.value), true
	case evalMated:
		r.Status, r.HasMate = "mate", true
	}
	return r, true
}
