package training

import (
	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/replay"
	"github.com/xqtool/xqtool/training"
)

// trainingCols are the columns WithTraining adds to positions.parquet
// (TrainingPositionsSchema), appended row by row with the others.
type trainingCols struct {
	key          *numColumn[uint64]
	p2086, p2062 *numColumn[int16]
	split        *dictColumn
	mirrored     *boolColumn

	// game is what every row of the game being written shares.
	game trainingGame
}

// trainingGame is what the rows of one game (or of its mirror) share.
type trainingGame struct {
	split    training.Split
	mirrored bool
}

// newTrainingCols registers the training columns of t.
func newTrainingCols(t *colTable) *trainingCols {
	return &trainingCols{
		key:      t.uint64Col(colPositionKey),
		p2086:    t.int16Col(colPolicy2086),
		p2062:    t.int16Col(colPolicy2062),
		split:    t.dictCol(colSplit, 3),
		mirrored: t.boolCol(colMirrored),
	}
}

// append appends the training columns of move m in p, the position
// before it.
func (tc *trainingCols) append(p *board.Position, m board.Move) {
	pl := training.PlyOf(p, m)
	tc.key.Append(pl.Key)
	tc.p2086.Append(pl.Policy2086)
	tc.p2062.Append(pl.Policy2062)
	if k := int(tc.game.split); !tc.split.appendKey(k) {
		tc.split.addKey(k, []byte(tc.game.split.String()))
	}
	tc.mirrored.Append(tc.game.mirrored)
}

// trainer is the training state of a Writer (WithTraining).
type trainer struct {
	opt      training.Options
	splitter training.Splitter
	// groupPlies keys the split groups: the run's duplicate MinPlies.
	groupPlies int
	counts     training.Counts
	game       training.Game
	mirror     []board.Move
	plies      []replay.Ply
}

// Training returns what WithTraining took and left out so far (nil
// without it).
func (d *Writer) Training() *training.Counts {
	if d.tr == nil {
		return nil
	}
	return &d.tr.counts
}

// writeTraining adds a game's rows to positions.parquet as training data:
// none when the filter leaves the game out, else one per ply of the line
// (start, plies), and as many for its mirror with WithTraining's Mirror.
// The row is complete: its flags and duplicate kind are final.
func (d *Writer) writeTraining(row *gameRow, start board.Position, plies []replay.Ply) error {
	tr := d.tr
	g := &tr.game
	*g = training.Game{
		ID: row.id, Start: start, Moves: row.moves,
		Clean: row.status != string(analyze.StatusError),
		Kept:  row.dupKind == "",
	}
	res, known := row.redResult()
	switch {
	case !known:
	case res > 0:
		g.Result = training.RedWin
	case res < 0:
		g.Result = training.BlackWin
	default:
		g.Result = training.Draw
	}
	year := row.year()
	r := tr.opt.Filter.Check(g)
	if r != training.Taken {
		tr.counts.Add(r, 0)
		// Every game comes to writePositions (see there).
		return d.writePositions(year, row.id, start, nil, res, known, trainingGame{})
	}
	tg := trainingGame{split: tr.splitter.Split(training.GroupKey(&start, row.moves, tr.groupPlies))}
	tr.counts.Add(r, tg.split)
	if err := d.writePositions(year, row.id, start, plies, res, known, tg); err != nil {
		return err
	}
	if !tr.opt.Mirror {
		return nil
	}
	ms, mm, err := training.Mirror(start, row.moves, tr.mirror)
	if err != nil {
		return err
	}
	tr.mirror = mm
	// The mirror captures the same pieces and gives the same checks.
	tr.plies = tr.plies[:0]
	for i, p := range plies {
		tr.plies = append(tr.plies, replay.Ply{Move: mm[i], Capture: p.Capture, Check: p.Check})
	}
	tg.mirrored = true
	tr.counts.Mirrored++
	return d.writePositions(year, row.id, ms, tr.plies, res, known, tg)
}
