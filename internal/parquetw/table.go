package parquetw

import (
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
)

// ErrClosed is returned by a table's writes after Close.
var ErrClosed = errors.New("parquetw: writer is closed")

// Table is a colFile written row by row (games, positions, flags). A
// writer registers its columns, appends a row to each and calls added:
//
//   - batch columns (numbers, plain strings; see vec) are built in
//     batches and written to the open row group batch by batch;
//   - dictionary columns (DictColumn) and the columns inside lists and
//     maps (ListColumn) are collected as dictionary indices over the row
//     group and written when it closes.
//
// A row group is closed at the row bound, or after the batch that brings
// it (with a bound on what the dictionary columns will add) over the byte
// bound.
type Table struct {
	cfg    *Config
	f      *colFile
	rgRows int64 // bound on the rows of a row group
	rows   int   // rows in the batch builders
	total  int64 // rows written
	closed bool
	err    error // first error; the table is unusable after it

	batch []tableBatch
	dicts []colDict
	lists []colList

	// OnEndRowGroup, when set, is called when a row group is closed (its
	// dictionaries are gone).
	OnEndRowGroup func()
}

// tableBatch, colDict and colList give the leaf column of each column.
type (
	tableBatch struct {
		col int
		c   batchColumn
	}
	colDict struct {
		col int
		c   *DictColumn
	}
	colList struct {
		col int
		c   *ListColumn
	}
)

func NewTable(w io.Writer, schema *arrow.Schema, cfg *Config, rgRows int64, plain, noStats []string, extra ...parquet.WriterProperty) (*Table, error) {
	f, err := newColFile(w, schema, cfg, rgRows, plain, noStats, extra...)
	if err != nil {
		return nil, err
	}
	return &Table{cfg: cfg, f: f, rgRows: rgRows}, nil
}

// batchCol registers c as the batch column of top-level column name.
func (t *Table) batchCol(name string, c batchColumn) {
	t.batch = append(t.batch, tableBatch{col: t.f.column(name), c: c})
}

// numCol returns a new batch column of numbers of Arrow type typ for
// column name.
func numCol[T int8 | int16 | int32 | uint64 | arrow.Date32](t *Table, name string, typ arrow.DataType) *NumColumn[T] {
	c := &NumColumn[T]{typ: typ, vals: vec[T]{mem: t.cfg.Mem}}
	c.valid.bits.mem = t.cfg.Mem
	c.vals.reserve(t.cfg.BatchRows)
	t.batchCol(name, c)
	return c
}

// int32Col, uint64Col, int16Col, stringCol, int8Col, boolCol and date32Col
// return a new batch column of column name.
func (t *Table) Int32Col(name string) *Int32Column {
	return numCol[int32](t, name, arrow.PrimitiveTypes.Int32)
}

func (t *Table) Uint64Col(name string) *NumColumn[uint64] {
	return numCol[uint64](t, name, arrow.PrimitiveTypes.Uint64)
}

func (t *Table) Int16Col(name string) *NumColumn[int16] {
	return numCol[int16](t, name, arrow.PrimitiveTypes.Int16)
}

func (t *Table) StringCol(name string) *StringColumn {
	c := &StringColumn{offsets: vec[int32]{mem: t.cfg.Mem}, data: vec[byte]{mem: t.cfg.Mem}}
	c.valid.bits.mem = t.cfg.Mem
	c.offsets.reserve(t.cfg.BatchRows + 1)
	t.batchCol(name, c)
	return c
}

func (t *Table) Int8Col(name string) *Int8Column {
	return numCol[int8](t, name, arrow.PrimitiveTypes.Int8)
}

func (t *Table) BoolCol(name string) *BoolColumn {
	c := &BoolColumn{bits: vec[byte]{mem: t.cfg.Mem}}
	c.bits.reserve((t.cfg.BatchRows + 7) / 8)
	t.batchCol(name, c)
	return c
}

func (t *Table) Date32Col(name string) *Date32Column {
	return numCol[arrow.Date32](t, name, arrow.FixedWidthTypes.Date32)
}

// DictCol returns a new dictionary column for column name, its values
// identified by keys below nkeys (0: by text only).
func (t *Table) DictCol(name string, nkeys int) *DictColumn {
	c := newDictColumn(t.cfg.Mem, nkeys)
	t.dicts = append(t.dicts, colDict{t.f.column(name), c})
	return c
}

// ListCol returns a new list column for the leaf column at path.
func (t *Table) ListCol(path string, nkeys int) *ListColumn {
	c := newListColumn(t.cfg.Mem, nkeys)
	t.lists = append(t.lists, colList{t.f.column(path), c})
	return c
}

// Check returns the sticky error, or ErrClosed after Close.
func (t *Table) Check() error {
	if t.err != nil {
		return t.err
	}
	if t.closed {
		return ErrClosed
	}
	return nil
}

// Rows returns the number of rows written so far.
func (t *Table) Rows() int64 { return t.total + int64(t.rows) }

// Added counts a row and writes out the batch when it is full, and the
// row group when it reaches the row or byte bound.
func (t *Table) Added() error {
	t.rows++
	if t.rows < t.cfg.BatchRows && t.f.rgRows+int64(t.rows) < t.rgRows {
		return nil
	}
	if err := t.flush(); err != nil {
		return err
	}
	end := t.f.rgRows >= t.rgRows
	if !end {
		var err error
		if end, err = t.f.reaches(t.pending(), t.cfg.RowGroupBytes); err != nil {
			t.err = fmt.Errorf("parquetw: %w", err)
			return t.err
		}
	}
	if end {
		return t.closeRowGroup()
	}
	return nil
}

// pending returns a bound on the bytes the dictionary and list columns
// will add to the open row group (their indices and dictionaries as they
// are held; compression only makes them smaller).
func (t *Table) pending() int64 {
	var n int64
	for _, c := range t.dicts {
		n += c.c.size()
	}
	for _, c := range t.lists {
		n += c.c.size()
	}
	return n
}

// flush writes the batch columns to the open row group; each starts its
// next batch with room for as many rows.
func (t *Table) flush() error {
	if t.rows == 0 {
		return nil
	}
	var err error
	for _, c := range t.batch {
		if perr := t.f.put(c.col, c.c.array()); err == nil {
			err = perr
		}
	}
	t.f.rgRows += int64(t.rows)
	t.total += int64(t.rows)
	t.rows = 0
	if err != nil {
		t.err = fmt.Errorf("parquetw: %w", err)
	}
	return t.err
}

// closeRowGroup writes the dictionary and list columns of the open row
// group and closes it.
func (t *Table) closeRowGroup() error {
	if t.f.rgRows == 0 {
		return nil
	}
	var err error
	for _, c := range t.dicts {
		if perr := t.f.put(c.col, c.c.array()); err == nil {
			err = perr
		}
	}
	for _, c := range t.lists {
		if perr := c.c.put(t.f, c.col); err == nil {
			err = perr
		}
	}
	if t.OnEndRowGroup != nil {
		t.OnEndRowGroup()
	}
	if eerr := t.f.endRowGroup(); err == nil {
		err = eerr
	}
	if err != nil {
		t.err = fmt.Errorf("parquetw: %w", err)
	}
	return t.err
}

// Close writes the last rows and the footer and releases the builders. It
// does not close the underlying io.Writer.
func (t *Table) Close() error {
	if t.closed {
		return t.err
	}
	t.closed = true
	err := t.err
	if err == nil {
		err = t.flush()
	}
	if err == nil {
		err = t.closeRowGroup()
	}
	if cerr := t.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("parquetw: %w", cerr)
	}
	for _, c := range t.batch {
		c.c.free()
	}
	for _, c := range t.dicts {
		c.c.release()
	}
	for _, c := range t.lists {
		c.c.release()
	}
	t.err = err
	return err
}
