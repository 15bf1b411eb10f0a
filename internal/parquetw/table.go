package dataset

import (
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
)

// errClosed is returned by Write after Close.
var errClosed = errors.New("dataset: writer is closed")

// writerProps returns the Parquet properties of a dataset: zstd (or the
// codec of WithCompression),
// dictionary encoding except on the plain columns, statistics except on
// the noStats columns, bounded row groups; extra properties last.
func writerProps(cfg *config, plain, noStats []string, rowGroupRows int64, extra ...parquet.WriterProperty) *parquet.WriterProperties {
	codec, level := cfg.compression.codec()
	opts := []parquet.WriterProperty{
		parquet.WithAllocator(cfg.mem),
		parquet.WithCompression(codec),
		parquet.WithCompressionLevel(level),
		parquet.WithDictionaryDefault(true),
		parquet.WithMaxRowGroupLength(rowGroupRows),
		parquet.WithVersion(parquet.V2_6),
		parquet.WithDataPageVersion(parquet.DataPageV1),
	}
	for _, c := range plain {
		opts = append(opts, parquet.WithDictionaryFor(c, false))
	}
	for _, c := range noStats {
		opts = append(opts, parquet.WithStatsFor(c, false))
	}
	opts = append(opts, extra...)
	return parquet.NewWriterProperties(opts...)
}

// colTable is a colFile written row by row (games, positions, flags). A
// writer registers its columns, appends a row to each and calls added:
//
//   - batch columns (numbers, plain strings; see vec) are built in
//     batches and written to the open row group batch by batch;
//   - dictionary columns (dictColumn) and the columns inside lists and
//     maps (listColumn) are collected as dictionary indices over the row
//     group and written when it closes.
//
// A row group is closed at the row bound, or after the batch that brings
// it (with a bound on what the dictionary columns will add) over the byte
// bound.
type colTable struct {
	cfg    *config
	f      *colFile
	rgRows int64 // bound on the rows of a row group
	rows   int   // rows in the batch builders
	total  int64 // rows written
	closed bool
	err    error // first error; the table is unusable after it

	batch []tableBatch
	dicts []colDict
	lists []colList

	// onEndRowGroup, when set, is called when a row group is closed (its
	// dictionaries are gone).
	onEndRowGroup func()
}

// tableBatch, colDict and colList give the leaf column of each column.
type (
	tableBatch struct {
		col int
		c   batchColumn
	}
	colDict struct {
		col int
		c   *dictColumn
	}
	colList struct {
		col int
		c   *listColumn
	}
)

func newColTable(w io.Writer, schema *arrow.Schema, cfg *config, rgRows int64, extra ...parquet.WriterProperty) (*colTable, error) {
	f, err := newColFile(w, schema, cfg, rgRows, extra...)
	if err != nil {
		return nil, err
	}
	return &colTable{cfg: cfg, f: f, rgRows: rgRows}, nil
}

// batchCol registers c as the batch column of top-level column name.
func (t *colTable) batchCol(name string, c batchColumn) {
	t.batch = append(t.batch, tableBatch{col: t.f.column(name), c: c})
}

// numCol returns a new batch column of numbers of Arrow type typ for
// column name.
func numCol[T int8 | int16 | int32 | uint64 | arrow.Date32](t *colTable, name string, typ arrow.DataType) *numColumn[T] {
	c := &numColumn[T]{typ: typ, vals: vec[T]{mem: t.cfg.mem}}
	c.valid.bits.mem = t.cfg.mem
	c.vals.reserve(t.cfg.batchRows)
	t.batchCol(name, c)
	return c
}

// int32Col, uint64Col, int16Col, stringCol, int8Col, boolCol and date32Col
// return a new batch column of column name.
func (t *colTable) int32Col(name string) *int32Column {
	return numCol[int32](t, name, arrow.PrimitiveTypes.Int32)
}

func (t *colTable) uint64Col(name string) *numColumn[uint64] {
	return numCol[uint64](t, name, arrow.PrimitiveTypes.Uint64)
}

func (t *colTable) int16Col(name string) *numColumn[int16] {
	return numCol[int16](t, name, arrow.PrimitiveTypes.Int16)
}

func (t *colTable) stringCol(name string) *stringColumn {
	c := &stringColumn{offsets: vec[int32]{mem: t.cfg.mem}, data: vec[byte]{mem: t.cfg.mem}}
	c.valid.bits.mem = t.cfg.mem
	c.offsets.reserve(t.cfg.batchRows + 1)
	t.batchCol(name, c)
	return c
}

func (t *colTable) int8Col(name string) *int8Column {
	return numCol[int8](t, name, arrow.PrimitiveTypes.Int8)
}

func (t *colTable) boolCol(name string) *boolColumn {
	c := &boolColumn{bits: vec[byte]{mem: t.cfg.mem}}
	c.bits.reserve((t.cfg.batchRows + 7) / 8)
	t.batchCol(name, c)
	return c
}

func (t *colTable) date32Col(name string) *date32Column {
	return numCol[arrow.Date32](t, name, arrow.FixedWidthTypes.Date32)
}

// dictCol returns a new dictionary column for column name, its values
// identified by keys below nkeys (0: by text only).
func (t *colTable) dictCol(name string, nkeys int) *dictColumn {
	c := newDictColumn(t.cfg.mem, nkeys)
	t.dicts = append(t.dicts, colDict{t.f.column(name), c})
	return c
}

// listCol returns a new list column for the leaf column at path.
func (t *colTable) listCol(path string, nkeys int) *listColumn {
	c := newListColumn(t.cfg.mem, nkeys)
	t.lists = append(t.lists, colList{t.f.column(path), c})
	return c
}

// check returns the sticky error, or errClosed after Close.
func (t *colTable) check() error {
	if t.err != nil {
		return t.err
	}
	if t.closed {
		return errClosed
	}
	return nil
}

// Rows returns the number of rows written so far.
func (t *colTable) Rows() int64 { return t.total + int64(t.rows) }

// added counts a row and writes out the batch when it is full, and the
// row group when it reaches the row or byte bound.
func (t *colTable) added() error {
	t.rows++
	if t.rows < t.cfg.batchRows && t.f.rgRows+int64(t.rows) < t.rgRows {
		return nil
	}
	if err := t.flush(); err != nil {
		return err
	}
	end := t.f.rgRows >= t.rgRows
	if !end {
		var err error
		if end, err = t.f.reaches(t.pending(), t.cfg.rowGroupBytes); err != nil {
			t.err = fmt.Errorf("dataset: %w", err)
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
func (t *colTable) pending() int64 {
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
func (t *colTable) flush() error {
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
		t.err = fmt.Errorf("dataset: %w", err)
	}
	return t.err
}

// closeRowGroup writes the dictionary and list columns of the open row
// group and closes it.
func (t *colTable) closeRowGroup() error {
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
	if t.onEndRowGroup != nil {
		t.onEndRowGroup()
	}
	if eerr := t.f.endRowGroup(); err == nil {
		err = eerr
	}
	if err != nil {
		t.err = fmt.Errorf("dataset: %w", err)
	}
	return t.err
}

// Close writes the last rows and the footer and releases the builders. It
// does not close the underlying io.Writer.
func (t *colTable) Close() error {
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
		err = fmt.Errorf("dataset: %w", cerr)
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
