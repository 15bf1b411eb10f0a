package annotate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/board"
)

// ErrNotEvals means a file is not an evals table (its columns differ).
var ErrNotEvals = errors.New("not an evals table")

// EvalsReader reads an evals.parquet a game at a time, a batch of rows in
// memory at once (memory does not grow with the table).
type EvalsReader struct {
	name string
	f    *os.File // when opened by path
	pf   *file.Reader
	rr   pqarrow.RecordReader
	rec  arrow.RecordBatch
	cols []arrow.Array
	row  int // the next row of rec to read
	meta map[string]string
	rows []Row // the game returned last (reused)
	next Row   // the first row of the next game, when hasNext
	has  bool
	err  error
}

// OpenEvals opens the evals table at path.
func OpenEvals(path string) (*EvalsReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	r, err := newEvalsReader(f, path, nil)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.f = f
	return r, nil
}

// NewEvalsReader reads an evals table from r (named name in errors).
func NewEvalsReader(r parquet.ReaderAtSeeker, name string) (*EvalsReader, error) {
	return newEvalsReader(r, name, nil)
}

// newEvalsReader reads the columns cols of the table (nil: all).
func newEvalsReader(r parquet.ReaderAtSeeker, name string, cols []int) (*EvalsReader, error) {
	props := parquet.NewReaderProperties(memory.DefaultAllocator)
	props.BufferedStreamEnabled = true
	pf, err := file.NewParquetReader(r, file.WithReadProps(props))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	er := &EvalsReader{name: name, pf: pf, meta: map[string]string{}}
	kv := pf.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		er.meta[k] = kv.Values()[i]
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: batchRows}, memory.DefaultAllocator)
	if err != nil {
		pf.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	schema, err := fr.Schema()
	if err != nil {
		pf.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := checkSchema(schema); err != nil {
		pf.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if pf.NumRowGroups() > 0 {
		er.rr, err = fr.GetRecordReader(context.Background(), cols, nil)
		if err != nil {
			pf.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return er, nil
}

// Meta returns the table's key-value metadata (Meta* keys).
func (r *EvalsReader) Meta() map[string]string { return r.meta }

// Close closes the table.
func (r *EvalsReader) Close() error {
	if r.rr != nil {
		r.rr.Release()
		r.rr = nil
	}
	err := r.pf.Close()
	if r.f != nil {
		if cerr := r.f.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// Next returns the rows of the next game (its rows are consecutive,
// from ply 0), valid until the next call; io.EOF after the last.
func (r *EvalsReader) Next() ([]Row, error) {
	if !r.has {
		if err := r.read(&r.next); err != nil {
			return nil, err
		}
	}
	r.rows = append(r.rows[:0], r.next)
	r.has = false
	for {
		var row Row
		err := r.read(&row)
		if err == io.EOF {
			return r.rows, nil
		}
		if err != nil {
			return nil, err
		}
		if row.GameID != r.rows[0].GameID || row.Ply == 0 {
			r.next, r.has = row, true
			return r.rows, nil
		}
		r.rows = append(r.rows, row)
	}
}

// read reads the next row into row.
func (r *EvalsReader) read(row *Row) error {
	if r.err != nil {
		return r.err
	}
	for r.rec == nil || r.row >= int(r.rec.NumRows()) {
		if r.rr == nil || !r.rr.Next() {
			r.err = io.EOF
			if r.rr != nil && r.rr.Err() != nil && !errors.Is(r.rr.Err(), io.EOF) {
				r.err = fmt.Errorf("%s: %w", r.name, r.rr.Err())
			}
			return r.err
		}
		r.rec, r.row = r.rr.RecordBatch(), 0
		r.cols = r.rec.Columns()
	}
	readRow(r.cols, r.row, row)
	r.row++
	return nil
}

// ReadEvals reads a whole evals table: its rows and its key-value metadata
// (for tests and small tables; EvalsReader reads a game at a time).
func ReadEvals(r parquet.ReaderAtSeeker) ([]Row, map[string]string, error) {
	er, err := NewEvalsReader(r, "evals")
	if err != nil {
		return nil, nil, err
	}
	defer er.Close()
	var rows []Row
	for {
		g, err := er.Next()
		if err == io.EOF {
			return rows, er.Meta(), nil
		}
		if err != nil {
			return nil, nil, err
		}
		rows = append(rows, g...)
	}
}

// checkSchema compares the column names and types with EvalsSchema (list
// element names aside: Parquet calls them "element", arrow "item").
func checkSchema(s *arrow.Schema) error {
	if s.NumFields() != EvalsSchema.NumFields() {
		return fmt.Errorf("%w: %d columns", ErrNotEvals, s.NumFields())
	}
	for i, f := range s.Fields() {
		want := EvalsSchema.Field(i)
		ok := f.Name == want.Name && f.Type.ID() == want.Type.ID()
		if ok && want.Type.ID() == arrow.LIST {
			ok = f.Type.(*arrow.ListType).Elem().ID() == want.Type.(*arrow.ListType).Elem().ID()
		}
		if !ok {
			return fmt.Errorf("%w: column %d is %s %s, want %s %s", ErrNotEvals, i, f.Name, f.Type, want.Name, want.Type)
		}
	}
	return nil
}

// readRow reads row i of the columns c (of EvalsSchema) into r.
func readRow(c []arrow.Array, i int, r *Row) {
	str := func(j int) string {
		if c[j].IsNull(i) {
			return ""
		}
		return c[j].(*array.String).Value(i)
	}
	i32 := func(j int) (int, bool) {
		if c[j].IsNull(i) {
			return 0, false
		}
		return int(c[j].(*array.Int32).Value(i)), true
	}
	list := func(j int) []string {
		l := c[j].(*array.List)
		if l.IsNull(i) {
			return nil
		}
		start, end := l.ValueOffsets(i)
		vals := l.ListValues().(*array.String)
		out := make([]string, 0, end-start)
		for k := start; k < end; k++ {
			out = append(out, vals.Value(int(k)))
		}
		return out
	}
	move := func(s string) board.Move {
		m, _ := board.ParseMove(s)
		return m
	}
	// Strings are cloned: a Row outlives the batch it was read from.
	*r = Row{GameID: strings.Clone(str(0)), Status: strings.Clone(str(4)), Err: strings.Clone(str(5))}
	if !c[2].IsNull(i) {
		r.Key = c[2].(*array.Uint64).Value(i)
	}
	r.Ply, _ = i32(1)
	if str(3) == "black" {
		r.Side = board.Black
	}
	r.Depth, _ = i32(6)
	r.ScoreRedCP, r.HasCP = i32(7)
	r.MateRed, r.HasMate = i32(8)
	r.Best = move(str(9))
	for _, s := range list(10) {
		r.PV = append(r.PV, move(s))
	}
	if !c[11].IsNull(i) {
		r.Nodes = c[11].(*array.Int64).Value(i)
	}
	r.Move = move(str(12))
	r.Loss, r.HasLoss = i32(13)
	r.Class = strings.Clone(str(14))
	for _, s := range list(15) {
		r.Flags = append(r.Flags, strings.Clone(s))
	}
}

// FindEvals returns the evals tables at path: path itself when it is a
// file, else every evals.parquet under the directory (the table of a run
// and those of its shards, DIR/shard=I-of-N/evals.parquet), sorted;
// directories whose names start with "." (a run's temporary files) are
// skipped.
func FindEvals(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	var out []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != path && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == EvalsName {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no %s", path, EvalsName)
	}
	slices.Sort(out)
	return out, nil
}
