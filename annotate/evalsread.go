package annotate

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/table"
)

// ErrNotEvals means a file is not an evals table (its columns differ).
var ErrNotEvals = errors.New("not an evals table")

// EvalsReader reads an evals.parquet a game at a time, a batch of rows in
// memory at once (memory does not grow with the table).
type EvalsReader struct {
	t    *table.File
	rows *table.Rows
	cols []arrow.Array
	meta map[string]string
	game []Row // the game returned last (reused)
	next Row   // the first row of the next game, when has
	has  bool
	err  error
}

// OpenEvals opens the evals table at path.
func OpenEvals(path string) (*EvalsReader, error) {
	t, err := table.Open(path, batchRows)
	if err != nil {
		return nil, err
	}
	return newEvalsReader(t)
}

// NewEvalsReader reads an evals table from r (named name in errors).
func NewEvalsReader(r parquet.ReaderAtSeeker, name string) (*EvalsReader, error) {
	t, err := table.New(r, name, batchRows)
	if err != nil {
		return nil, err
	}
	return newEvalsReader(t)
}

// newEvalsReader checks that t is an evals table and reads its rows.
func newEvalsReader(t *table.File) (*EvalsReader, error) {
	schema, err := t.Schema()
	if err == nil {
		if err = checkSchema(schema); err != nil {
			err = fmt.Errorf("%s: %w", t.Name(), err)
		}
	}
	var rows *table.Rows
	if err == nil {
		rows, err = t.Rows(nil, nil)
	}
	if err != nil {
		t.Close()
		return nil, err
	}
	return &EvalsReader{t: t, rows: rows, meta: t.MetaMap()}, nil
}

// Meta returns the table's key-value metadata (Meta* keys).
func (r *EvalsReader) Meta() map[string]string { return r.meta }

// Close closes the table.
func (r *EvalsReader) Close() error {
	r.rows.Close()
	return r.t.Close()
}

// Next returns the rows of the next game (its rows are consecutive,
// from ply 0), valid until the next call; io.EOF after the last.
func (r *EvalsReader) Next() ([]Row, error) {
	if !r.has {
		if err := r.read(&r.next); err != nil {
			return nil, err
		}
	}
	r.game = append(r.game[:0], r.next)
	r.has = false
	for {
		var row Row
		err := r.read(&row)
		if err == io.EOF {
			return r.game, nil
		}
		if err != nil {
			return nil, err
		}
		if row.GameID != r.game[0].GameID || row.Ply == 0 {
			r.next, r.has = row, true
			return r.game, nil
		}
		r.game = append(r.game, row)
	}
}

// read reads the next row into row.
func (r *EvalsReader) read(row *Row) (err error) {
	if r.err != nil {
		return r.err
	}
	defer func() {
		if err != nil {
			r.err = err
		}
	}()
	defer table.Recover(r.t.Name(), &err)
	if err := r.rows.Step(); err != nil {
		return err
	}
	if r.rows.Fresh() {
		r.cols = r.rows.Batch().Columns()
	}
	readRow(r.cols, r.rows.Index(), row)
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
	return table.Find(path, strings.TrimSuffix(EvalsName, ".parquet"), table.FindOptions{})
}
