package dataset

import (
	"errors"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/internal/table"
)

// PositionsBatch is a batch of rows of positions.parquet, as columns (a
// search reads millions of rows: they are not decoded one by one).
type PositionsBatch struct {
	GameID, FEN, MoveICCS *array.String
	ply, PliesToEnd       *array.Int32
	// Key returns the position_key of row i; nil when the file has no
	// such column (written without training data) or keys were not asked
	// for.
	Key  func(i int) uint64
	rows *table.Rows
	base int // the ply column's value at a game's start (see Ply); -1 before the file's first row
}

// Len returns the number of rows.
func (b *PositionsBatch) Len() int { return b.GameID.Len() }

// Ply returns the ply of row i's position (the position before the row's
// move): 0 for the start position. Datasets written before ply meant that
// numbered the moves from 1: the file's first row is a game's start, so
// its value (0 now, 1 then) is subtracted from every row's.
func (b *PositionsBatch) Ply(i int) int { return int(b.ply.Value(i)) - b.base }

// Errorf returns an error about row i naming its file and row.
func (b *PositionsBatch) Errorf(i int, format string, args ...any) error {
	return b.rows.Errorf(i, format, args...)
}

// ReadPositions reads the positions tables of the datasets under dir (a
// dataset, its year partitions, a directory of shards), batch by batch,
// and returns the number of files read. With keys, a file's position_key
// column is read when it has one (see PositionsBatch.Key).
func ReadPositions(dir string, keys bool, fn func(b *PositionsBatch) error) (files int, err error) {
	paths, err := table.Find(dir, "positions", table.FindOptions{Partitioned: true})
	if err != nil {
		return 0, err
	}
	for _, path := range paths {
		if err := readPositions(path, keys, fn); err != nil {
			return files, err
		}
		files++
	}
	return files, nil
}

func readPositions(path string, keys bool, fn func(b *PositionsBatch) error) (err error) {
	t, err := table.Open(path, 0)
	if err != nil {
		return err
	}
	defer t.Close()
	defer table.Recover(path, &err)
	leaves := []string{colGameID, colPly, colFEN, colMoveICCS, colPliesToEnd}
	keys = keys && t.Has(PositionKeyColumn)
	if keys {
		leaves = append(leaves, PositionKeyColumn)
	}
	rows, err := t.Rows(leaves, nil)
	if err != nil {
		return err
	}
	defer rows.Close()
	b := &PositionsBatch{rows: rows, base: -1}
	for rows.NextBatch() {
		rec := rows.Batch()
		cols := []error{}
		add := func(e error) { cols = append(cols, e) }
		var e error
		b.GameID, e = table.Column[*array.String](rec, colGameID)
		add(e)
		b.FEN, e = table.Column[*array.String](rec, colFEN)
		add(e)
		b.MoveICCS, e = table.Column[*array.String](rec, colMoveICCS)
		add(e)
		b.ply, e = table.Column[*array.Int32](rec, colPly)
		add(e)
		b.PliesToEnd, e = table.Column[*array.Int32](rec, colPliesToEnd)
		add(e)
		b.Key = nil
		if keys {
			b.Key, e = keyColumn(rec.Column(rec.Schema().FieldIndices(PositionKeyColumn)[0]))
			add(e)
		}
		if err := errors.Join(cols...); err != nil {
			return fmt.Errorf("%s: %w: %w", path, ErrSchema, err)
		}
		if b.base < 0 && b.ply.Len() > 0 {
			b.base = int(b.ply.Value(0))
		}
		if err := fn(b); err != nil {
			return err
		}
	}
	return rows.Err()
}

// keyColumn reads a position_key column: its 64 bits, stored signed or
// unsigned.
func keyColumn(col arrow.Array) (func(int) uint64, error) {
	switch k := col.(type) {
	case *array.Uint64:
		return func(i int) uint64 { return k.Value(i) }, nil
	case *array.Int64:
		return func(i int) uint64 { return uint64(k.Value(i)) }, nil
	}
	return nil, fmt.Errorf("%w: column %s is %s", table.ErrColumn, PositionKeyColumn, col.DataType())
}
