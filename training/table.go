package training

import (
	"slices"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
)

// Columns the training data adds to positions.parquet.
const (
	colPolicy2086 = "policy_2086"
	colPolicy2062 = "policy_2062"
	colSplit      = "split"
	colMirrored   = "mirrored"
)

// PositionsSchema is the schema of positions.parquet written as training
// data (xqtool export --training, Table): the columns of
// dataset.PositionsSchema, then
//
//   - position_key: the 64-bit Zobrist key of the row's position, the one
//     before the move (placement and side to move; board.Position.Key,
//     Ply.Key), unsigned: the same key, of the same type, as the
//     position_key of evals.parquet and tree.parquet;
//   - policy_2086 and policy_2062: the index of the move in the move space
//     of cchess-alphazero and of the px0 trainer, each under its trainer's
//     convention for Black (Space2086, Space2062);
//   - split: "train", "valid" or "test", the same for every row of a game
//     and for every copy of it (GroupKey);
//   - mirrored: whether the row is of the left-right mirror of the game
//     (Options.Mirror): its fen, moves, key and indices are the mirror's;
//     game_id, ply, result_stm and plies_to_end the game's.
//
// Only the games the training filter takes have rows.
var PositionsSchema = arrow.NewSchema(append(dataset.PositionsSchema.Fields(),
	arrow.Field{Name: dataset.PositionKeyColumn, Type: arrow.PrimitiveTypes.Uint64},
	arrow.Field{Name: colPolicy2086, Type: arrow.PrimitiveTypes.Int16},
	arrow.Field{Name: colPolicy2062, Type: arrow.PrimitiveTypes.Int16},
	arrow.Field{Name: colSplit, Type: arrow.BinaryTypes.String},
	arrow.Field{Name: colMirrored, Type: arrow.FixedWidthTypes.Boolean},
), nil)

// The training columns stored plain and without statistics: the key is
// nearly unique (a dictionary made it larger, 11.5 against 10.5 bytes a
// row for the training columns); the policy indices (about 2,000 values)
// are plain too: a dictionary is 1.6% smaller (12.7 against 12.9 MB for
// the positions of the records) but pqarrow hashes every value for it,
// 1.2% of a training export's instructions. No query prunes row groups by
// a hash or an index.
var plainColumns = []string{dataset.PositionKeyColumn, colPolicy2086, colPolicy2062}

// Table makes an export's positions.parquet training data
// (dataset.WithLines): rows only for the games opt.Filter takes (with
// their mirrors when opt.Mirror), each game in the split of its group
// (GroupKey, keyed with the run's duplicate MinPlies), and the columns of
// PositionsSchema. games.parquet and flags.parquet still hold every game:
// they say why a game has no rows (its flags, its duplicate kind). Counts
// counts the games taken and left out.
type Table struct {
	opt      Options
	splitter Splitter
	// groupPlies keys the split groups: the run's duplicate MinPlies.
	groupPlies int
	counts     Counts
	game       Game
	mirror     []board.Move
	plies      []replay.Ply
	// The split and mirror of the line being written: every row of it
	// has them.
	split    Split
	mirrored bool
}

var _ dataset.Lines = (*Table)(nil)

// NewTable returns the training data of opt.
func NewTable(opt Options) *Table {
	return &Table{opt: opt, splitter: opt.Splitter()}
}

// Counts returns what the table took and left out so far.
func (t *Table) Counts() *Counts { return &t.counts }

// Schema returns PositionsSchema.
func (t *Table) Schema() *arrow.Schema { return PositionsSchema }

// Plain returns the training columns written without dictionary.
func (t *Table) Plain() []string { return plainColumns }

// NoStats returns the training columns written without statistics.
func (t *Table) NoStats() []string { return plainColumns }

// Columns registers the training columns on pt and returns what appends
// them for move m in p, the position before it.
func (t *Table) Columns(pt *parquetw.Table) func(p *board.Position, m board.Move) {
	key := pt.Uint64Col(dataset.PositionKeyColumn)
	p2086, p2062 := pt.Int16Col(colPolicy2086), pt.Int16Col(colPolicy2062)
	split := pt.DictCol(colSplit, 3)
	mirrored := pt.BoolCol(colMirrored)
	return func(p *board.Position, m board.Move) {
		pl := PlyOf(p, m)
		key.Append(pl.Key)
		p2086.Append(pl.Policy2086)
		p2062.Append(pl.Policy2062)
		if k := int(t.split); !split.AppendKey(k) {
			split.AddKey(k, []byte(t.split.String()))
		}
		mirrored.Append(t.mirrored)
	}
}

// Start takes the run's duplicate MinPlies and says whether the games
// wait for the verdicts: training data takes games by them, only kept
// copies (unless Filter.WithCopies), only games without an error flag,
// the annotators' flags included. Duplicate detection's own flags are
// never errors (flags table: duplicate, near_duplicate, tags_filled are
// info), so only the kept-copy rule and annotators make them wait.
func (t *Table) Start(info pipeline.Info) bool {
	t.groupPlies = info.Duplicates.MinPlies
	return !t.opt.Filter.WithCopies || info.Annotated
}

// Game writes the rows of a game: none when the filter leaves it out,
// else one per ply of its line, and as many for its mirror with
// Options.Mirror. The game is complete: its flags and duplicate kind are
// final.
func (t *Table) Game(l *dataset.Line, write func(start board.Position, plies []replay.Ply) error) error {
	g := &t.game
	*g = Game{ID: l.ID, Start: l.Start, Moves: l.Moves, Clean: l.Clean, Kept: l.Kept}
	switch {
	case !l.Known:
	case l.Result > 0:
		g.Result = RedWin
	case l.Result < 0:
		g.Result = BlackWin
	default:
		g.Result = Draw
	}
	r := t.opt.Filter.Check(g)
	if r != Taken {
		t.counts.Add(r, 0)
		return nil
	}
	t.split, t.mirrored = t.splitter.Split(GroupKey(&l.Start, l.Moves, t.groupPlies)), false
	t.counts.Add(r, t.split)
	if err := write(l.Start, l.Plies); err != nil {
		return err
	}
	if !t.opt.Mirror {
		return nil
	}
	ms, mm, err := Mirror(l.Start, l.Moves, t.mirror)
	if err != nil {
		return err
	}
	t.mirror = mm
	// The mirror captures the same pieces and gives the same checks.
	t.plies = slices.Grow(t.plies[:0], len(l.Plies))
	for i, p := range l.Plies {
		t.plies = append(t.plies, replay.Ply{Move: mm[i], Capture: p.Capture, Check: p.Check})
	}
	t.mirrored = true
	t.counts.Mirrored++
	return write(ms, t.plies)
}
