// Package table opens the Parquet tables of xqtool (games, positions,
// evals, tree ...) for reading, one way for every table: the file is
// opened with the Parquet library's panics turned into errors (a damaged
// or hostile file is an error wrapping ErrDamaged, never a crash),
// columns are looked up by name and checked for their type, rows are read
// a batch at a time, and errors about a row name the file and the row's
// number in the file. Find lists a table's files under a directory.
//
// The packages that own a table (dataset, explorer, annotate) keep its
// schema and column names and decode its rows; this package knows no
// table.
package table

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Errors of this package.
var (
	// ErrDamaged is wrapped by the error of a file the Parquet library
	// could not decode without failing inside (a damaged or hostile
	// file): its panic is turned into this error.
	ErrDamaged = errors.New("damaged Parquet file")
	// ErrColumn is wrapped by the error of a column that is missing or
	// of another type than the reader expects.
	ErrColumn = errors.New("missing or mistyped column")
	// ErrNotFound is wrapped by the error of Find when a directory holds
	// no file of the table.
	ErrNotFound = errors.New("no table")
)

// DefaultBatchRows is the number of rows of a batch when Open is given 0.
const DefaultBatchRows = 4096

// File is an open Parquet file.
type File struct {
	name   string
	closer io.Closer // the file, when opened by path
	pf     *file.Reader
	fr     *pqarrow.FileReader
}

// Open opens the Parquet file at path, to be read batchRows rows at a
// time (0: DefaultBatchRows).
func Open(path string, batchRows int) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	t, err := New(f, path, batchRows)
	if err != nil {
		f.Close()
		return nil, err
	}
	t.closer = f
	return t, nil
}

// New reads a Parquet file from r (named name in errors; the caller
// closes r), batchRows rows at a time (0: DefaultBatchRows).
func New(r parquet.ReaderAtSeeker, name string, batchRows int) (t *File, err error) {
	defer Recover(name, &err)
	if batchRows <= 0 {
		batchRows = DefaultBatchRows
	}
	// Batches are allocated by Go's garbage-collected allocator: the
	// strings of a batch stay valid while they are referenced, after the
	// reader moved on.
	mem := memory.NewGoAllocator()
	props := parquet.NewReaderProperties(mem)
	props.BufferedStreamEnabled = true
	pf, err := file.NewParquetReader(r, file.WithReadProps(props))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: int64(batchRows)}, mem)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &File{name: name, pf: pf, fr: fr}, nil
}

// Recover turns a panic of the Parquet library while reading the file
// named name into an error wrapping ErrDamaged, stored in *err. It must be
// the deferred function itself (recover works only there):
//
//	defer table.Recover(name, &err)
func Recover(name string, err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%s: %w: %v", name, ErrDamaged, p)
	}
}

// Name returns the name of the file (its path when opened by Open).
func (t *File) Name() string { return t.name }

// Parquet returns the underlying Parquet reader (its metadata: row
// groups, statistics).
func (t *File) Parquet() *file.Reader { return t.pf }

// NumRows returns the number of rows.
func (t *File) NumRows() int64 { return t.pf.NumRows() }

// Meta returns the value of the file's key-value metadata key, and
// whether it is set.
func (t *File) Meta(key string) (string, bool) {
	v := t.pf.MetaData().KeyValueMetadata().FindValue(key)
	if v == nil {
		return "", false
	}
	return *v, true
}

// MetaMap returns the file's key-value metadata.
func (t *File) MetaMap() map[string]string {
	kv := t.pf.MetaData().KeyValueMetadata()
	out := make(map[string]string, len(kv.Keys()))
	for i, k := range kv.Keys() {
		out[k] = kv.Values()[i]
	}
	return out
}

// Schema returns the file's schema as Arrow reads it.
func (t *File) Schema() (s *arrow.Schema, err error) {
	defer Recover(t.name, &err)
	s, err = t.fr.Schema()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.name, err)
	}
	return s, nil
}

// Has reports whether the file has the leaf column (a dotted path:
// "moves_iccs.list.element" for the values of a list).
func (t *File) Has(leaf string) bool { return t.pf.MetaData().Schema.ColumnIndexByName(leaf) >= 0 }

// Close closes the file (when opened by Open).
func (t *File) Close() error {
	if t.closer != nil {
		err := t.closer.Close()
		t.closer = nil
		return err
	}
	return nil
}

// Rows returns a reader of the leaf columns (dotted paths; nil: every
// column) of the row groups (nil: all of them; rows are numbered in the
// file when the groups are consecutive). A batch's fields are the
// top-level columns of the leaves, in the order of the file. A leaf the
// file lacks is an error wrapping ErrColumn.
func (t *File) Rows(leaves []string, rowGroups []int) (r *Rows, err error) {
	defer Recover(t.name, &err)
	var idx []int
	for _, l := range leaves {
		i := t.pf.MetaData().Schema.ColumnIndexByName(l)
		if i < 0 {
			return nil, fmt.Errorf("%s: %w: no column %s", t.name, ErrColumn, l)
		}
		idx = append(idx, i)
	}
	r = &Rows{name: t.name, i: -1}
	if len(rowGroups) > 0 {
		for g := range rowGroups[0] {
			r.base += t.pf.MetaData().RowGroup(g).NumRows()
		}
	}
	if t.pf.NumRowGroups() == 0 {
		return r, nil // nothing to read (the record reader needs a group)
	}
	r.rr, err = t.fr.GetRecordReader(context.Background(), idx, rowGroups)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.name, err)
	}
	return r, nil
}
