package table

import (
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Rows reads the rows of a file, a batch at a time: row by row (Next,
// Batch and Index) or batch by batch (NextBatch and Batch), not both.
type Rows struct {
	name string
	rr   pqarrow.RecordReader // nil when the file has no row group
	rec  arrow.RecordBatch
	i    int   // the current row in rec
	base int64 // the file's number (0-based) of rec's first row
	// batches counts the batches read, seen those the caller was told
	// of; fresh is whether the last Next moved to a new batch.
	batches, seen int
	fresh         bool
	err           error
}

// load reads the next batch.
func (r *Rows) load() (ok bool) {
	if r.err != nil || r.rr == nil {
		return false
	}
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("%s: %w: %v", r.name, ErrDamaged, p)
			r.rec, ok = nil, false
		}
	}()
	if r.rec != nil {
		r.base += r.rec.NumRows()
		r.rec = nil
	}
	if !r.rr.Next() {
		if err := r.rr.Err(); err != nil && !errors.Is(err, io.EOF) {
			r.err = fmt.Errorf("%s: %w", r.name, err)
		}
		return false
	}
	r.rec = r.rr.RecordBatch()
	r.batches++
	return true
}

// Next moves to the next row, and reports whether there is one (false at
// the end or on an error: see Err). Fresh tells whether the row is in
// another batch than the row before (whose columns the caller takes
// again).
func (r *Rows) Next() bool {
	r.i++
	for r.rec == nil || r.i >= int(r.rec.NumRows()) {
		if !r.load() {
			return false
		}
		r.i = 0
	}
	r.fresh, r.seen = r.seen != r.batches, r.batches
	return true
}

// Step is Next for a reader of one row at a time: nil on a row, io.EOF
// after the last, or the error that ended the reading.
func (r *Rows) Step() error {
	if r.Next() {
		return nil
	}
	if r.err != nil {
		return r.err
	}
	return io.EOF
}

// Fresh reports whether the last Next moved to another batch (also after
// Skip).
func (r *Rows) Fresh() bool { return r.fresh }

// Index returns the index of the current row in Batch.
func (r *Rows) Index() int { return r.i }

// NextBatch moves to the next batch (its rows are read as a whole: the
// following Next starts after it), and reports whether there is one.
func (r *Rows) NextBatch() bool {
	if !r.load() {
		return false
	}
	r.i = int(r.rec.NumRows()) - 1
	return true
}

// Batch returns the batch of the current row (or the current batch). It
// stays valid after the reader moved on.
func (r *Rows) Batch() arrow.RecordBatch { return r.rec }

// Skip passes over the next n rows; fewer rows left is an error.
func (r *Rows) Skip(n int) error {
	for n > 0 {
		if r.rec == nil || r.i+1 >= int(r.rec.NumRows()) {
			if !r.load() {
				if r.err != nil {
					return r.err
				}
				return fmt.Errorf("%s: %w: %d rows fewer than expected", r.name, io.ErrUnexpectedEOF, n)
			}
			r.i = -1
		}
		k := min(n, int(r.rec.NumRows())-1-r.i)
		r.i += k
		n -= k
	}
	return nil
}

// Err returns the error that ended the reading, nil at the end.
func (r *Rows) Err() error { return r.err }

// Row returns the number of row i of the current batch in the file
// (counted from 1), for errors.
func (r *Rows) Row(i int) int64 { return r.base + int64(i) + 1 }

// Errorf returns an error about row i of the current batch: a *RowError
// naming the file and the row.
func (r *Rows) Errorf(i int, format string, args ...any) error {
	return &RowError{File: r.name, Row: r.Row(i), Err: fmt.Errorf(format, args...)}
}

// Close releases the reader.
func (r *Rows) Close() {
	if r.rr != nil {
		r.rr.Release()
		r.rr = nil
	}
	r.rec = nil
}

// RowError is an error about one row of a file.
type RowError struct {
	File string
	Row  int64 // the row's number in the file, from 1
	Err  error
}

func (e *RowError) Error() string { return fmt.Sprintf("%s: row %d: %v", e.File, e.Row, e.Err) }

func (e *RowError) Unwrap() error { return e.Err }

// Column returns the top-level column name of a batch as a T (an
// *array.String, *array.Int32, *array.List ...); a missing column or one
// of another type is an error wrapping ErrColumn.
func Column[T arrow.Array](rec arrow.RecordBatch, name string) (T, error) {
	var zero T
	idx := rec.Schema().FieldIndices(name)
	if len(idx) == 0 {
		return zero, fmt.Errorf("%w: no column %s", ErrColumn, name)
	}
	c, ok := rec.Column(idx[0]).(T)
	if !ok {
		return zero, fmt.Errorf("%w: column %s is %s", ErrColumn, name, rec.Column(idx[0]).DataType())
	}
	return c, nil
}

// ListOf returns the list column name of a batch and its values as a T.
func ListOf[T arrow.Array](rec arrow.RecordBatch, name string) (*array.List, T, error) {
	var zero T
	l, err := Column[*array.List](rec, name)
	if err != nil {
		return nil, zero, err
	}
	v, ok := l.ListValues().(T)
	if !ok {
		return nil, zero, fmt.Errorf("%w: column %s is a list of %s", ErrColumn, name, l.ListValues().DataType())
	}
	return l, v, nil
}

// String returns value i of a, "" when null.
func String(a *array.String, i int) string {
	if a.IsNull(i) {
		return ""
	}
	return a.Value(i)
}

// Name returns the name of the file read.
func (r *Rows) Name() string { return r.name }
