package explorer

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/opening"
)

// TreeFile is the file name of a tree in its directory.
const TreeFile = "tree.parquet"

// treeVersion is the version of the tree's layout (TreeMeta.Version).
// Version 2 stores examples.ply as the ply of the row's position (0 the
// start), as every other table; version 1 stored the move's number
// (one more), and is still read.
const treeVersion = 2

// treeVersionMovePly is the layout whose examples.ply is the move's
// number.
const treeVersionMovePly = 1

// metaKey is the Parquet key-value metadata key of a tree's TreeMeta.
const metaKey = "xqtool.explorer"

// RowGroupRows is the number of rows of a tree's row groups: a lookup
// reads the row groups whose position_key range holds the key (usually
// one).
const RowGroupRows = 16384

// TreeMeta is what a tree file says of how it was built, in its
// key-value metadata (key "xqtool.explorer", JSON).
type TreeMeta struct {
	Version      int   `json:"version"`
	MaxPly       int   `json:"max_ply"`
	MergeMirrors bool  `json:"merge_mirrors"`
	AllCopies    bool  `json:"all_copies"`
	MinGames     int   `json:"min_games"`
	Examples     int   `json:"examples"`
	Games        int64 `json:"games"`  // games counted
	Copies       int64 `json:"copies"` // copies left out
}

// The example game struct, a list of which is a row's examples.
var exampleType = arrow.StructOf(
	arrow.Field{Name: "game_id", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "source", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "index", Type: arrow.PrimitiveTypes.Int32},
	arrow.Field{Name: "red", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "black", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "event", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "date", Type: arrow.BinaryTypes.String, Nullable: true},
	arrow.Field{Name: "year", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	arrow.Field{Name: "result", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "tags", Type: arrow.PrimitiveTypes.Int8},
	arrow.Field{Name: "ply", Type: arrow.PrimitiveTypes.Int32},
)

var voteType = arrow.StructOf(
	arrow.Field{Name: "code", Type: arrow.BinaryTypes.String},
	arrow.Field{Name: "games", Type: arrow.PrimitiveTypes.Int64},
)

// TreeSchema is the schema of tree.parquet: one row per (position, move),
// sorted by position_key, then move (as a number: from<<7 | to).
var TreeSchema = arrow.NewSchema([]arrow.Field{
	{Name: "position_key", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "fen", Type: arrow.BinaryTypes.String},
	{Name: "move_iccs", Type: arrow.BinaryTypes.String},
	{Name: "move_chinese", Type: arrow.BinaryTypes.String},
	{Name: "games", Type: arrow.PrimitiveTypes.Int64},
	{Name: "red_wins", Type: arrow.PrimitiveTypes.Int64},
	{Name: "draws", Type: arrow.PrimitiveTypes.Int64},
	{Name: "black_wins", Type: arrow.PrimitiveTypes.Int64},
	{Name: "unknown", Type: arrow.PrimitiveTypes.Int64},
	{Name: "first_year", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "last_year", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "ecco", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "ecco_name", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "ecco_votes", Type: arrow.ListOfField(arrow.Field{Name: "element", Type: voteType})},
	{Name: "examples", Type: arrow.ListOfField(arrow.Field{Name: "element", Type: exampleType})},
}, nil)

// Column indexes of TreeSchema.
const (
	colKey = iota
	colFEN
	colICCS
	colChinese
	colGames
	colRed
	colDraws
	colBlack
	colUnknown
	colFirst
	colLast
	colECCO
	colECCOName
	colVotes
	colExamples
	numCols
)

// treeWriter writes tree.parquet from merged rows.
type treeWriter struct {
	fw   *pqarrow.FileWriter
	mem  memory.Allocator
	rb   *array.RecordBuilder
	rows int
	// the position of the last row (its Chinese moves need it)
	lastKey uint64
	lastPos board.Position
	lastFEN string
	buf     []byte
}

func newTreeWriter(w io.Writer, meta TreeMeta) (*treeWriter, error) {
	mem := memory.NewGoAllocator()
	props := parquet.NewWriterProperties(
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(1),
		parquet.WithDictionaryDefault(true),
		// Nearly one value per position: a dictionary would cost time
		// and save nothing.
		parquet.WithDictionaryFor("position_key", false),
		parquet.WithDictionaryFor("fen", false),
		parquet.WithDictionaryFor("examples.list.element.game_id", false),
		parquet.WithMaxRowGroupLength(RowGroupRows),
		parquet.WithStats(true),
		parquet.WithAllocator(mem),
	)
	// The Parquet writer closes a sink that is an io.Closer: the caller's
	// writer stays the caller's. The Arrow schema is not stored: the
	// Parquet types say all (see NewTree).
	fw, err := pqarrow.NewFileWriter(TreeSchema, struct{ io.Writer }{w}, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(mem)))
	if err != nil {
		return nil, fmt.Errorf("explorer: %w", err)
	}
	js, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	if err := fw.AppendKeyValueMetadata(metaKey, string(js)); err != nil {
		return nil, fmt.Errorf("explorer: %w", err)
	}
	return &treeWriter{fw: fw, mem: mem, rb: array.NewRecordBuilder(mem, TreeSchema)}, nil
}

// write appends one row; code is the ECCO code of its position.
func (tw *treeWriter) write(e *entry, code uint16) error {
	if tw.rows == 0 || e.key != tw.lastKey {
		s := e.board.setup()
		p, err := board.NewPositionRelaxed(s, ^board.PositionErrorKinds(0))
		if err != nil {
			return fmt.Errorf("explorer: row %s: %w", rowName(e.rowKey), err)
		}
		tw.lastKey, tw.lastPos = e.key, p
		tw.lastFEN = fenOf(&p)
	}
	if !tw.lastPos.IsLegal(e.move) {
		return fmt.Errorf("explorer: row %s: the move is not legal in %s", rowName(e.rowKey), tw.lastFEN)
	}
	f := tw.rb.Fields()
	f[colKey].(*array.Uint64Builder).Append(e.key)
	f[colFEN].(*array.StringBuilder).Append(tw.lastFEN)
	f[colICCS].(*array.StringBuilder).Append(e.move.String())
	tw.buf = notation.AppendChinese(tw.buf[:0], &tw.lastPos, e.move, notation.ChineseStyle{})
	f[colChinese].(*array.StringBuilder).BinaryBuilder.Append(tw.buf)
	f[colGames].(*array.Int64Builder).Append(e.games())
	f[colRed].(*array.Int64Builder).Append(e.n[RedWin])
	f[colDraws].(*array.Int64Builder).Append(e.n[Draw])
	f[colBlack].(*array.Int64Builder).Append(e.n[BlackWin])
	f[colUnknown].(*array.Int64Builder).Append(e.n[Unknown])
	appendYear(f[colFirst].(*array.Int32Builder), e.first)
	appendYear(f[colLast].(*array.Int32Builder), e.last)
	if code == 0 {
		f[colECCO].AppendNull()
		f[colECCOName].AppendNull()
	} else {
		c, _ := opening.Lookup(eccoCodes[code])
		f[colECCO].(*array.StringBuilder).Append(c.Code)
		f[colECCOName].(*array.StringBuilder).Append(c.Name())
	}
	vl := f[colVotes].(*array.ListBuilder)
	vl.Append(true)
	vs := vl.ValueBuilder().(*array.StructBuilder)
	for _, v := range e.votes {
		vs.Append(true)
		vs.FieldBuilder(0).(*array.StringBuilder).Append(eccoCodes[v.code])
		vs.FieldBuilder(1).(*array.Int64Builder).Append(v.games)
	}
	xl := f[colExamples].(*array.ListBuilder)
	xl.Append(true)
	xs := xl.ValueBuilder().(*array.StructBuilder)
	for _, x := range e.ex {
		g := x.g
		xs.Append(true)
		xs.FieldBuilder(0).(*array.StringBuilder).Append(g.id)
		xs.FieldBuilder(1).(*array.StringBuilder).Append(g.source)
		xs.FieldBuilder(2).(*array.Int32Builder).Append(int32(g.index))
		for i, s := range [...]string{g.red, g.black, g.event, g.date} {
			sb := xs.FieldBuilder(3 + i).(*array.StringBuilder)
			if s == "" {
				sb.AppendNull()
			} else {
				sb.Append(s)
			}
		}
		appendYear(xs.FieldBuilder(7).(*array.Int32Builder), g.year)
		xs.FieldBuilder(8).(*array.StringBuilder).Append(g.result.String())
		xs.FieldBuilder(9).(*array.Int8Builder).Append(int8(g.tags))
		xs.FieldBuilder(10).(*array.Int32Builder).Append(int32(x.ply - 1)) // the position's ply (x.ply is the move's number)
	}
	tw.rows++
	if tw.rows%RowGroupRows == 0 {
		return tw.flush()
	}
	return nil
}

func appendYear(b *array.Int32Builder, y int) {
	if y == 0 {
		b.AppendNull()
		return
	}
	b.Append(int32(y))
}

// fenOf returns the placement and side of p ("… w"), the fen column.
func fenOf(p *board.Position) string {
	side := " w"
	if p.Side() == board.Black {
		side = " b"
	}
	return p.Placement() + side
}

// flush writes the rows built as a row group.
func (tw *treeWriter) flush() error {
	rec := tw.rb.NewRecordBatch()
	defer rec.Release()
	if rec.NumRows() == 0 {
		return nil
	}
	if err := tw.fw.Write(rec); err != nil {
		return fmt.Errorf("explorer: writing the tree: %w", err)
	}
	return nil
}

func (tw *treeWriter) close() error {
	err := tw.flush()
	tw.rb.Release()
	if cerr := tw.fw.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("explorer: writing the tree: %w", cerr)
	}
	return err
}

func (tw *treeWriter) abort() {
	tw.rb.Release()
	tw.fw.Close()
}
