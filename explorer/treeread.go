package explorer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/table"
)

// ErrTree is wrapped by the errors of a file that is not a tree of this
// package, or a row that breaks its rules.
var ErrTree = errors.New("explorer: not a valid tree")

// Row is one row of a tree: a move played in a position and what the
// games that played it add up to.
type Row struct {
	Key         uint64     // position_key
	FEN         string     // placement and side to move
	Move        board.Move // move_iccs
	MoveChinese string
	Games       int64
	RedWins     int64
	Draws       int64
	BlackWins   int64
	Unknown     int64
	// FirstYear and LastYear bound the years of the games (0: none known).
	FirstYear, LastYear int
	// ECCO and ECCOName are the position's ECCO class ("" when none).
	ECCO, ECCOName string
	// Votes are the ECCO codes of the lines by which this row's games
	// reached the position, with their games (what merging adds up).
	Votes []Vote
	// Examples are example games, best first.
	Examples []Example
}

// Vote is the number of games whose line to a position has an ECCO code.
type Vote struct {
	Code  string
	Games int64
}

// Example is an example game of a row.
type Example struct {
	GameID, Source          string
	Index                   int
	Red, Black, Event, Date string
	Year                    int // 0 when unknown
	Result                  Result
	// Tags counts the non-empty tags among Event, Date, Site, Round, Red,
	// Black and a declared result.
	Tags int
	// Ply is the 1-based ply of the row's move in the game.
	Ply int
}

// maxGroupRows bounds the rows of a tree's row group (the writer makes
// them RowGroupRows long): a lookup reads a row group's keys at once.
const maxGroupRows = 1 << 20

// Tree is an open tree file.
type Tree struct {
	t    *table.File
	meta TreeMeta
	// first and last key of each row group (from its statistics; ok
	// false when it has none)
	ranges []keyRange
}

type keyRange struct {
	lo, hi uint64
	ok     bool
}

// treeBatchRows is the number of rows a tree is read at a time.
const treeBatchRows = 1024

// OpenTree opens a tree file.
func OpenTree(path string) (*Tree, error) {
	f, err := table.Open(path, treeBatchRows)
	if err != nil {
		return nil, treeErr(err)
	}
	t, err := openTree(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// ReadMeta returns the TreeMeta of the tree file at path.
func ReadMeta(path string) (TreeMeta, error) {
	t, err := OpenTree(path)
	if err != nil {
		return TreeMeta{}, err
	}
	defer t.Close()
	return t.meta, nil
}

// NewTree reads a tree from r (the caller closes r).
func NewTree(r parquet.ReaderAtSeeker) (*Tree, error) {
	f, err := table.New(r, "tree", treeBatchRows)
	if err != nil {
		return nil, treeErr(err)
	}
	return openTree(f)
}

// treeErr makes err (of package table) wrap ErrTree.
func treeErr(err error) error {
	if err == nil || errors.Is(err, ErrTree) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrTree, err)
}

// openTree checks that f is a tree, and reads its metadata.
func openTree(f *table.File) (t *Tree, err error) {
	// arrow-go panics on some malformed files: a bad file is an error.
	defer func() { err = treeErr(err) }()
	defer table.Recover(f.Name(), &err)
	t = &Tree{t: f}
	js, ok := f.Meta(metaKey)
	if !ok {
		return nil, fmt.Errorf("%w: no %s metadata", ErrTree, metaKey)
	}
	if err := json.Unmarshal([]byte(js), &t.meta); err != nil {
		return nil, fmt.Errorf("%w: metadata: %w", ErrTree, err)
	}
	if t.meta.Version != treeVersion && t.meta.Version != treeVersionMovePly {
		return nil, fmt.Errorf("%w: version %d (this program reads %d)", ErrTree, t.meta.Version, treeVersion)
	}
	pf := f.Parquet()
	schema := pf.MetaData().Schema
	// pqarrow decodes a stored Arrow schema without bounds (a damaged one
	// can ask for any amount of memory): trees are written without one.
	if _, ok := f.Meta("ARROW:schema"); ok {
		return nil, fmt.Errorf("%w: an Arrow schema is stored (not written by this package)", ErrTree)
	}
	if schema.NumColumns() < 1 || schema.Column(0).Name() != TreeSchema.Field(colKey).Name {
		return nil, fmt.Errorf("%w: the first column is not %s", ErrTree, TreeSchema.Field(colKey).Name)
	}
	sc, err := f.Schema()
	if err != nil {
		return nil, err
	}
	if !sameSchema(sc, TreeSchema) {
		return nil, fmt.Errorf("%w: schema %s", ErrTree, sc)
	}
	for i := range pf.NumRowGroups() {
		if err := checkRowGroup(pf, i); err != nil {
			return nil, err
		}
		t.ranges = append(t.ranges, rowGroupRange(pf, i))
	}
	return t, nil
}

// sameSchema reports whether the file's schema has the columns of want,
// by name and type (the field metadata a Parquet reader adds aside).
func sameSchema(got, want *arrow.Schema) bool {
	if got.NumFields() != want.NumFields() {
		return false
	}
	for i, f := range want.Fields() {
		g := got.Field(i)
		if g.Name != f.Name || !arrow.TypeEqual(g.Type, f.Type) {
			return false
		}
	}
	return true
}

// checkRowGroup checks the sizes and places of row group i's column
// chunks. pqarrow opens the columns of a struct in goroutines of its own,
// where a chunk placed outside the file panics out of reach of a recover
// (and a negative length asks for an impossible buffer): a tree's chunks
// must lie inside the file, unencrypted, before any is read.
func checkRowGroup(pf *file.Reader, i int) error {
	md := pf.MetaData()
	rg := md.RowGroup(i)
	if n := rg.NumRows(); n < 0 || n > maxGroupRows {
		return fmt.Errorf("%w: row group %d has %d rows (at most %d)", ErrTree, i, n, maxGroupRows)
	}
	size := md.GetSourceFileSize()
	if rg.NumColumns() != md.Schema.NumColumns() {
		return fmt.Errorf("%w: row group %d has %d columns", ErrTree, i, rg.NumColumns())
	}
	for c := range rg.NumColumns() {
		col, err := rg.ColumnChunk(c)
		if err != nil {
			return fmt.Errorf("%w: row group %d: %w", ErrTree, i, err)
		}
		start, n := col.DataPageOffset(), col.TotalCompressedSize()
		if col.HasDictionaryPage() {
			d := col.DictionaryPageOffset()
			if d < 0 || d > start {
				return fmt.Errorf("%w: row group %d column %d: dictionary page at %d", ErrTree, i, c, d)
			}
			start = d
		}
		if start < 4 || n <= 0 || start > size || n > size-start || col.CryptoMetadata() != nil || col.NumValues() < 0 {
			return fmt.Errorf("%w: row group %d column %d: %d bytes at %d in a file of %d", ErrTree, i, c, n, start, size)
		}
	}
	return nil
}

// rowGroupRange reads the position_key range of row group i from its
// statistics.
func rowGroupRange(pf *file.Reader, i int) keyRange {
	col, err := pf.MetaData().RowGroup(i).ColumnChunk(0)
	if err != nil {
		return keyRange{}
	}
	st, err := col.Statistics()
	if err != nil || st == nil || !st.HasMinMax() {
		return keyRange{}
	}
	s, ok := st.(interface {
		Min() int64
		Max() int64
	})
	if !ok {
		return keyRange{}
	}
	// A UINT64 column's statistics hold the unsigned values' bits.
	return keyRange{uint64(s.Min()), uint64(s.Max()), true}
}

// Meta returns how the tree was built.
func (t *Tree) Meta() TreeMeta { return t.meta }

// NumRows returns the number of rows.
func (t *Tree) NumRows() int64 { return t.t.NumRows() }

// Close closes the file.
func (t *Tree) Close() error { return t.t.Close() }

// RowReader reads a tree's rows in order.
type RowReader struct {
	rows *table.Rows
	cols treeCols
	err  error
}

// Rows returns a reader of the rows of the given row groups (nil: all).
func (t *Tree) Rows(rowGroups []int) (*RowReader, error) {
	rows, err := t.t.Rows(nil, rowGroups)
	if err != nil {
		return nil, treeErr(err)
	}
	r := &RowReader{rows: rows}
	if t.meta.Version == treeVersionMovePly {
		r.cols.plyBase = 0 // version 1 stored the move's number
	} else {
		r.cols.plyBase = 1
	}
	return r, nil
}

// Next reads the next row into row, and returns io.EOF after the last.
// An error names the file and the row.
func (r *RowReader) Next(row *Row) (err error) {
	if r.err != nil {
		return r.err
	}
	defer func() {
		if err != nil && err != io.EOF {
			err = treeErr(err)
			r.err = err
		}
	}()
	defer table.Recover(r.rows.Name(), &err)
	if err := r.rows.Step(); err != nil {
		return err
	}
	if r.rows.Fresh() {
		if err := r.cols.bind(r.rows.Batch()); err != nil {
			return err
		}
	}
	if err := r.cols.row(r.rows.Index(), row); err != nil {
		return r.errorf(err)
	}
	return nil
}

// errorf positions err at the row read last.
func (r *RowReader) errorf(err error) error { return r.rows.Errorf(r.rows.Index(), "%w", err) }

// skip passes over n rows.
func (r *RowReader) skip(n int) (err error) {
	defer func() { err = treeErr(err) }()
	defer table.Recover(r.rows.Name(), &err)
	return r.rows.Skip(n)
}

// Close releases the reader.
func (r *RowReader) Close() { r.rows.Close() }

// treeCols are the typed columns of a batch of rows.
type treeCols struct {
	key                                    *array.Uint64
	fen, iccs, chinese, ecco, name         *array.String
	games, red, draws, black, unknown      *array.Int64
	first, last                            *array.Int32
	votes, examples                        *array.List
	vCode                                  *array.String
	vGames                                 *array.Int64
	xID, xSource, xRed, xBlack, xEv, xDate *array.String
	xResult                                *array.String
	xIndex, xYear, xPly                    *array.Int32
	xTags                                  *array.Int8
	// plyBase turns the stored examples.ply into Example.Ply: 1 for the
	// position's ply (version 2 on), 0 for version 1's move number.
	plyBase int
}

func (c *treeCols) bind(rec arrow.RecordBatch) error {
	if rec.NumCols() != numCols {
		return fmt.Errorf("%w: %d columns", ErrTree, rec.NumCols())
	}
	ok := true
	typedAs(rec.Column(colKey), &c.key, &ok)
	typedAs(rec.Column(colFEN), &c.fen, &ok)
	typedAs(rec.Column(colICCS), &c.iccs, &ok)
	typedAs(rec.Column(colChinese), &c.chinese, &ok)
	typedAs(rec.Column(colGames), &c.games, &ok)
	typedAs(rec.Column(colRed), &c.red, &ok)
	typedAs(rec.Column(colDraws), &c.draws, &ok)
	typedAs(rec.Column(colBlack), &c.black, &ok)
	typedAs(rec.Column(colUnknown), &c.unknown, &ok)
	typedAs(rec.Column(colFirst), &c.first, &ok)
	typedAs(rec.Column(colLast), &c.last, &ok)
	typedAs(rec.Column(colECCO), &c.ecco, &ok)
	typedAs(rec.Column(colECCOName), &c.name, &ok)
	typedAs(rec.Column(colVotes), &c.votes, &ok)
	typedAs(rec.Column(colExamples), &c.examples, &ok)
	if !ok {
		return fmt.Errorf("%w: column types", ErrTree)
	}
	vs, ok1 := c.votes.ListValues().(*array.Struct)
	xs, ok2 := c.examples.ListValues().(*array.Struct)
	if !ok1 || !ok2 || vs.NumField() != 2 || xs.NumField() != 11 {
		return fmt.Errorf("%w: list column types", ErrTree)
	}
	typedAs(vs.Field(0), &c.vCode, &ok)
	typedAs(vs.Field(1), &c.vGames, &ok)
	typedAs(xs.Field(0), &c.xID, &ok)
	typedAs(xs.Field(1), &c.xSource, &ok)
	typedAs(xs.Field(2), &c.xIndex, &ok)
	typedAs(xs.Field(3), &c.xRed, &ok)
	typedAs(xs.Field(4), &c.xBlack, &ok)
	typedAs(xs.Field(5), &c.xEv, &ok)
	typedAs(xs.Field(6), &c.xDate, &ok)
	typedAs(xs.Field(7), &c.xYear, &ok)
	typedAs(xs.Field(8), &c.xResult, &ok)
	typedAs(xs.Field(9), &c.xTags, &ok)
	typedAs(xs.Field(10), &c.xPly, &ok)
	if !ok {
		return fmt.Errorf("%w: list column types", ErrTree)
	}
	return nil
}

// typedAs sets *dst to col as a T, and clears *ok when it is not one.
func typedAs[T arrow.Array](col arrow.Array, dst *T, ok *bool) {
	var is bool
	*dst, is = col.(T)
	*ok = *ok && is
}

func i32(a *array.Int32, i int) int {
	if a.IsNull(i) {
		return 0
	}
	return int(a.Value(i))
}

// row fills row from row i of the batch.
func (c *treeCols) row(i int, row *Row) error {
	if c.key.IsNull(i) || c.fen.IsNull(i) || c.iccs.IsNull(i) || c.games.IsNull(i) {
		return fmt.Errorf("%w: null key, fen, move or games", ErrTree)
	}
	m, err := board.ParseMove(c.iccs.Value(i))
	if err != nil {
		return fmt.Errorf("%w: move %q", ErrTree, c.iccs.Value(i))
	}
	*row = Row{
		Key: c.key.Value(i), FEN: c.fen.Value(i), Move: m, MoveChinese: table.String(c.chinese, i),
		Games: c.games.Value(i), RedWins: c.red.Value(i), Draws: c.draws.Value(i),
		BlackWins: c.black.Value(i), Unknown: c.unknown.Value(i),
		FirstYear: i32(c.first, i), LastYear: i32(c.last, i),
		ECCO: table.String(c.ecco, i), ECCOName: table.String(c.name, i),
		Votes: row.Votes[:0], Examples: row.Examples[:0],
	}
	lo, hi := c.votes.ValueOffsets(i)
	if lo < 0 || hi > int64(c.vCode.Len()) || lo > hi {
		return fmt.Errorf("%w: votes offsets", ErrTree)
	}
	for j := int(lo); j < int(hi); j++ {
		row.Votes = append(row.Votes, Vote{table.String(c.vCode, j), c.vGames.Value(j)})
	}
	lo, hi = c.examples.ValueOffsets(i)
	if lo < 0 || hi > int64(c.xID.Len()) || lo > hi {
		return fmt.Errorf("%w: examples offsets", ErrTree)
	}
	for j := int(lo); j < int(hi); j++ {
		row.Examples = append(row.Examples, Example{
			GameID: table.String(c.xID, j), Source: table.String(c.xSource, j), Index: i32(c.xIndex, j),
			Red: table.String(c.xRed, j), Black: table.String(c.xBlack, j), Event: table.String(c.xEv, j), Date: table.String(c.xDate, j),
			Year: i32(c.xYear, j), Result: ParseResult(table.String(c.xResult, j)), Tags: int(c.xTags.Value(j)), Ply: i32(c.xPly, j) + c.plyBase,
		})
	}
	return nil
}
