package export

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// colFile is a Parquet file written column chunk by column chunk through
// arrow-go's file-level writer, with pqarrow converting each Arrow array.
//
// pqarrow.FileWriter takes whole records whose schema must equal the
// file's: a string column can then only be given as a plain string array,
// whose every value the dictionary encoder hashes again. Writing the
// columns one by one lets a writer hand dictionary columns over as Arrow
// dictionary arrays (written straight as dictionary indices) while the
// file keeps the plain string schema readers know (the Parquet schema and
// the stored Arrow schema are those of pqarrow.FileWriter).
//
// Row groups are buffered: each column chunk takes its arrays as they
// come, and the row group is written out by closeRowGroup.
type colFile struct {
	fw     *file.Writer
	rgw    file.BufferedRowGroupWriter // open row group, nil if none
	ctx    context.Context             // pqarrow's write context
	nulls  []bool                      // nullable fields by column
	rgRows int64                       // rows completed in the open row group
}

// colPageSize bounds the uncompressed size of a data page of a colFile.
// arrow-go builds each page in a pooled buffer that grows by doubling, is
// zeroed when released and is dropped by every garbage collection, then
// compresses it with a one-shot zstd call: with pages of 128 KiB rather
// than the default 1 MiB, positions.parquet is written with a third of the
// allocation, faster, and zstd at the fastest level even compresses it
// slightly better (games and flags, written through pqarrow.FileWriter,
// keep the default: their pages compress better large).
const colPageSize = 128 << 10

func newColFile(w io.Writer, schema *arrow.Schema, cfg *config, rowGroupRows int64) (*colFile, error) {
	props := writerProps(cfg, plainColumns[schema], noStatsColumns[schema], rowGroupRows, parquet.WithDataPageSize(colPageSize))
	arrProps := pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(cfg.mem), pqarrow.WithStoreSchema())
	pqschema, err := pqarrow.ToParquet(schema, props, arrProps)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	// What pqarrow.WithStoreSchema stores: readers such as pyarrow take
	// the Arrow types from it. (The schemas written this way have no
	// lists, whose element names pqarrow would normalize first.)
	meta := metadata.KeyValueMetadata{}
	if err := meta.Append("ARROW:schema", base64.StdEncoding.EncodeToString(flight.SerializeSchema(schema, cfg.mem))); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	fw, err := file.NewParquetWriterWithError(w, pqschema.Root(), file.WithWriterProps(props), file.WithWriteMetadata(meta))
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	nulls := make([]bool, schema.NumFields())
	for i, f := range schema.Fields() {
		nulls[i] = f.Nullable
	}
	return &colFile{fw: fw, ctx: pqarrow.NewArrowWriteContext(context.Background(), &arrProps), nulls: nulls}, nil
}

// write appends arr to column col of the open row group (opening one if
// needed). def gives the definition levels of a nullable column (1 valid,
// 0 null); it is nil for a required one.
func (f *colFile) write(col int, arr arrow.Array, def []int16) error {
	if f.rgw == nil {
		rgw, err := f.fw.AppendBufferedRowGroupChecked()
		if err != nil {
			return err
		}
		f.rgw = rgw
	}
	cw, err := f.rgw.Column(col)
	if err != nil {
		return err
	}
	return pqarrow.WriteArrowToColumn(f.ctx, cw, arr, def, nil, f.nulls[col])
}

// compressedBytes returns the compressed size of the open row group so
// far.
func (f *colFile) compressedBytes() int64 {
	if f.rgw == nil {
		return 0
	}
	return f.rgw.TotalCompressedBytes()
}

// closeRowGroup writes out the open row group, if any.
func (f *colFile) closeRowGroup() error {
	if f.rgw == nil {
		return nil
	}
	err := f.rgw.Close()
	f.rgw, f.rgRows = nil, 0
	return err
}

// Close writes out the open row group and the footer.
func (f *colFile) Close() error {
	err := f.closeRowGroup()
	if cerr := f.fw.Close(); err == nil {
		err = cerr
	}
	return err
}

// defLevels sets def to the definition levels of arr, a top-level
// nullable column: 1 where a value is valid, 0 where it is null.
func defLevels(def []int16, arr arrow.Array) []int16 {
	def = def[:0]
	for i := range arr.Len() {
		if arr.IsValid(i) {
			def = append(def, 1)
		} else {
			def = append(def, 0)
		}
	}
	return def
}

// dictColumn is a dictionary-encoded string column of the open row group.
//
// Given a string array, pqarrow hashes every value to find its dictionary
// index (a memo table lookup and an allocation per value). The writer of
// a dictColumn usually knows the value's identity already (a move code, a
// side, a piece letter: an array lookup) or hashes short text once with a
// Go map, and the column is handed to pqarrow as an Arrow dictionary
// array, which it writes straight as the column chunk's dictionary and
// indices. pqarrow keeps a chunk's dictionary only while every array
// written to it carries the same one, so the indices are collected for
// the whole row group and written when it closes (four bytes a row).
type dictColumn struct {
	typ    *arrow.DictionaryType
	dict   *array.StringBuilder // the values in first-seen order
	idx    *array.Int32Builder  // one index (or null) per row
	byKey  []int32              // index+1 by key, 0 when not seen
	keys   []int32              // keys set in byKey, to clear them
	byText map[string]int32
	last   string // the value of the last appendString, if lastOK
	lastI  int32
	lastOK bool
}

// newDictColumn returns a column whose values are identified by keys
// below nkeys (0: by text only).
func newDictColumn(mem memory.Allocator, nkeys int) *dictColumn {
	return &dictColumn{
		typ:    &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String},
		dict:   array.NewStringBuilder(mem),
		idx:    array.NewInt32Builder(mem),
		byKey:  make([]int32, nkeys),
		byText: map[string]int32{},
	}
}

// appendKey appends the row of the value with key k and reports true if
// the value is known in this row group; else the caller must call
// addKey.
func (c *dictColumn) appendKey(k int) bool {
	if i := c.byKey[k]; i > 0 {
		c.idx.Append(i - 1)
		return true
	}
	return false
}

// addKey appends the row of a value new in this row group: text, known
// by key k from now on.
func (c *dictColumn) addKey(k int, text []byte) {
	i := c.index(text)
	c.byKey[k] = i + 1
	c.keys = append(c.keys, int32(k))
	c.idx.Append(i)
}

// appendText appends the row of value text.
func (c *dictColumn) appendText(text []byte) {
	c.idx.Append(c.index(text))
}

// appendString appends the row of value s. A value repeated row after
// row (the game of a run of plies) is looked up once.
func (c *dictColumn) appendString(s string) {
	if !c.lastOK || s != c.last {
		c.last, c.lastI, c.lastOK = s, c.index([]byte(s)), true
	}
	c.idx.Append(c.lastI)
}

// index returns the dictionary index of text, adding it if new.
func (c *dictColumn) index(text []byte) int32 {
	if i, ok := c.byText[string(text)]; ok { // no allocation: Go looks up []byte keys in place
		return i
	}
	i := int32(c.dict.Len())
	c.dict.BinaryBuilder.Append(text)
	c.byText[string(text)] = i
	return i
}

// appendNull appends a null row.
func (c *dictColumn) appendNull() { c.idx.AppendNull() }

// array returns the rows as a dictionary array and starts afresh (a new
// row group has a new dictionary). The caller releases the array.
func (c *dictColumn) array() arrow.Array {
	idx := c.idx.NewInt32Array()
	defer idx.Release()
	dict := c.dict.NewStringArray()
	defer dict.Release()
	for _, k := range c.keys {
		c.byKey[k] = 0
	}
	c.keys = c.keys[:0]
	clear(c.byText)
	c.lastOK = false
	return array.NewDictionaryArray(c.typ, idx, dict)
}

func (c *dictColumn) release() {
	c.dict.Release()
	c.idx.Release()
}
