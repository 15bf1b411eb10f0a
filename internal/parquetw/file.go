package parquetw

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"slices"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
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
// come, and the row group is written out when it ends.
//
// Encoding and compressing the arrays is most of a writer's work (zstd
// alone is a third of positions.parquet's). A colFile does it on a
// goroutine of its own, the encoder, which takes the arrays (put, putList)
// and the ends of row groups (endRowGroup) in the order they are given:
// the file is the same as if they were written at once, and the writer
// meanwhile builds its next batch. Errors of the encoder come back from a
// later put or endRowGroup, or from Close; Close stops the encoder.
type colFile struct {
	fw    *file.Writer
	nulls []bool // nullable leaves by column

	// The writer's side.
	rgRows int64 // rows completed in the open row group
	known  int64 // compressed bytes of the open row group when the encoder last caught up
	queued int64 // a bound on what the arrays queued since then add to known
	slack  int64 // a bound on what dictionary pages may add at once (see reaches)
	jobs   chan colJob
	done   chan struct{} // closed when the encoder has stopped
	failed atomic.Bool   // the encoder has an error (encErr)
	closed bool

	// The encoder's side.
	rgw      file.BufferedRowGroupWriter // open row group, nil if none
	ctx      context.Context             // pqarrow's write context
	def, rep []int16                     // level buffers
	encErr   error                       // first error; read by the writer once the encoder caught up
}

// colJob is a unit of the encoder's work: an array for a column (arr,
// released by the encoder; list and lens set for a list column), the end of the
// row group (end), or only a signal when it is reached (ack).
type colJob struct {
	col  int
	arr  arrow.Array
	lens []int32
	list bool
	end  bool
	ack  chan struct{}
}

// SmallPageSize bounds the uncompressed size of a data page of a colFile.
// arrow-go builds each page in a pooled buffer that grows by doubling, is
// zeroed when released and is dropped by every garbage collection, then
// compresses it with a one-shot zstd call: with pages of 128 KiB rather
// than the default 1 MiB, positions.parquet is written with a third of the
// allocation, faster, and zstd at the fastest level even compresses it
// slightly better (flags.parquet keeps the default: its details compress
// better in large pages; games.parquet is the same with either).
const SmallPageSize = 128 << 10

// newColFile starts a file of the given schema; extra writer properties
// come last.
func newColFile(w io.Writer, schema *arrow.Schema, cfg *Config, rowGroupRows int64, plain, noStats []string, extra ...parquet.WriterProperty) (*colFile, error) {
	props := cfg.Props(plain, noStats, rowGroupRows, extra...)
	arrProps := pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(cfg.Mem), pqarrow.WithStoreSchema())
	pqschema, err := pqarrow.ToParquet(schema, props, arrProps)
	if err != nil {
		return nil, fmt.Errorf("parquetw: %w", err)
	}
	// What pqarrow.WithStoreSchema stores: readers such as pyarrow take
	// the Arrow types from it.
	stored := storedSchema(schema)
	meta := metadata.KeyValueMetadata{}
	ser, err := serializeSchema(stored, cfg.Mem)
	if err != nil {
		return nil, fmt.Errorf("parquetw: %w", err)
	}
	if err := meta.Append("ARROW:schema", base64.StdEncoding.EncodeToString(ser)); err != nil {
		return nil, fmt.Errorf("parquetw: %w", err)
	}
	fw, err := file.NewParquetWriterWithError(w, pqschema.Root(), file.WithWriterProps(props), file.WithWriteMetadata(meta))
	if err != nil {
		return nil, fmt.Errorf("parquetw: %w", err)
	}
	// Whether each leaf column may hold nulls, as pqarrow tells it to its
	// own column writers.
	nulls := make([]bool, pqschema.NumColumns())
	for i := range nulls {
		nulls[i] = pqschema.Column(i).SchemaNode().RepetitionType() == parquet.Repetitions.Optional
	}
	f := &colFile{
		fw: fw, nulls: nulls,
		slack: int64(len(nulls)) * props.DictionaryPageSizeLimit(),
		ctx:   pqarrow.NewArrowWriteContext(context.Background(), &arrProps),
		jobs:  make(chan colJob, encoderQueue),
		done:  make(chan struct{}),
	}
	go f.encode()
	return f, nil
}

// serializeSchema returns the Arrow IPC stream of schema alone (its
// schema message and the end-of-stream marker), the bytes that
// pqarrow.FileWriter stores as ARROW:schema through
// flight.SerializeSchema, which writes them with package ipc in the same
// way: importing flight for it would compile gRPC into this package.
func serializeSchema(schema *arrow.Schema, mem memory.Allocator) ([]byte, error) {
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(schema), ipc.WithAllocator(mem))
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// storedSchema returns schema as pqarrow.FileWriter stores it with
// WithStoreSchema: list elements are named "element", like the Parquet
// group of the list, whatever their Arrow name ("item" for arrow.ListOf).
// Only lists of the top-level fields occur in this package's schemas.
func storedSchema(schema *arrow.Schema) *arrow.Schema {
	fields := schema.Fields()
	for i, f := range fields {
		if lt, ok := f.Type.(*arrow.ListType); ok {
			elem := lt.ElemField()
			elem.Name = "element"
			fields[i].Type = arrow.ListOfField(elem)
		}
	}
	meta := schema.Metadata()
	return arrow.NewSchema(fields, &meta)
}

// column returns the index of the leaf column at path (dotted, as in
// "moves_iccs.list.element").
func (f *colFile) column(path string) int {
	i := f.fw.Schema.ColumnIndexByName(path)
	if i < 0 {
		panic("parquetw: no column " + path)
	}
	return i
}

// encoderQueue is how many jobs a writer may queue ahead of its encoder
// (each holds a batch's arrays or a row group's dictionary columns).
const encoderQueue = 4

// put queues arr to be appended to the flat leaf column col of the open
// row group (opening one if needed); the encoder releases it. It returns
// an error of the encoder, if it has one.
func (f *colFile) put(col int, arr arrow.Array) error {
	return f.send(colJob{col: col, arr: arr})
}

// putList queues the values of a row group's list column col: arr holds
// them, and lens the number of each row's values (the encoder builds the
// levels; see writeList). It takes arr and lens.
func (f *colFile) putList(col int, arr arrow.Array, lens []int32) error {
	return f.send(colJob{col: col, arr: arr, lens: lens, list: true})
}

// endRowGroup queues the end of the open row group: it is written out.
func (f *colFile) endRowGroup() error {
	f.rgRows, f.known, f.queued = 0, 0, 0
	return f.send(colJob{end: true})
}

func (f *colFile) send(j colJob) error {
	if f.closed {
		if j.arr != nil {
			j.arr.Release()
		}
		return ErrClosed
	}
	if j.arr != nil {
		// A page's compressed size can exceed its data a little (zstd's
		// frame and block headers, the levels, the page's own end):
		// twice the Arrow buffers and 4 KiB more per array is a generous
		// bound (see reaches).
		f.queued += 2*int64(j.arr.Data().SizeInBytes()) + 4<<10
	}
	f.jobs <- j
	if f.failed.Load() {
		return f.wait()
	}
	return nil
}

// wait returns once the encoder has done every job queued, with its
// error if it has one.
func (f *colFile) wait() error {
	if f.closed {
		return f.encErr
	}
	ack := make(chan struct{})
	f.jobs <- colJob{ack: ack}
	<-ack
	return f.encErr
}

// reaches reports whether the compressed size of the open row group so
// far (the data pages its column chunks have written), plus extra,
// reaches n. It waits for the encoder only when a bound cannot rule that
// out, so that the answer is the same as if every array had been written
// at once (with the default row group bounds the encoder is never waited
// for). The bound adds to the size when the encoder last caught up what
// the arrays queued since may add, and a dictionary page per column: a
// column chunk whose dictionary outgrows its limit writes it out at once.
func (f *colFile) reaches(extra, n int64) (bool, error) {
	if f.known+f.queued+f.slack+extra < n {
		return false, nil
	}
	if err := f.wait(); err != nil {
		return false, err
	}
	// The encoder is idle until the next job.
	f.known, f.queued = 0, 0
	if f.rgw != nil {
		f.known = f.rgw.TotalCompressedBytes()
	}
	return f.known+extra >= n, nil
}

// encode is the encoder: it does the jobs in order until Close. After an
// error it only releases the arrays.
func (f *colFile) encode() {
	defer close(f.done)
	for j := range f.jobs {
		if f.encErr == nil {
			var err error
			switch {
			case j.end:
				err = f.closeRowGroup()
			case j.list:
				err = f.writeList(j.col, j.arr, j.lens)
			case j.arr != nil:
				err = f.writeFlat(j.col, j.arr)
			}
			if err != nil {
				f.encErr = err
				f.failed.Store(true)
			}
		}
		if j.arr != nil {
			j.arr.Release()
		}
		if j.ack != nil {
			close(j.ack)
		}
	}
}

// writeFlat writes arr to the flat column col, with its definition levels
// when the column is nullable. (Encoder.)
func (f *colFile) writeFlat(col int, arr arrow.Array) error {
	var levels []int16
	if f.nulls[col] {
		f.def = defLevels(f.def, arr)
		levels = f.def
	}
	return f.writeLevels(col, arr, levels, nil)
}

// writeLevels appends arr to leaf column col of the open row group
// (opening one if needed), with the definition levels of a nullable
// column (nil for a required one) and the repetition levels of a column
// inside a list or map: arr then holds the values of the levels that reach
// the leaf. (Encoder.)
func (f *colFile) writeLevels(col int, arr arrow.Array, def, rep []int16) error {
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
	if d, ok := arr.(*array.Dictionary); ok {
		if st, ok := cw.PageStatistics().(*metadata.ByteArrayStatistics); ok && hasEmpty(d.Dictionary()) {
			// pqarrow takes the min and max of a dictionary array from its
			// dictionary but skips empty strings there (not in a plain
			// array): without this the minimum of a column holding "" would
			// be the least non-empty value, and a reader pruning row
			// groups by it would miss the rows of "". (Set before the
			// values go to the page, like pqarrow's own update.)
			st.SetMinMax(parquet.ByteArray(""), parquet.ByteArray(""))
		}
	}
	if d, ok := arr.(*array.Dictionary); ok && rep == nil {
		if done, err := writeDict(cw, d, def); done {
			return err
		}
	}
	return pqarrow.WriteArrowToColumn(f.ctx, cw, arr, def, rep, f.nulls[col])
}

// dictEncoder is the part of arrow-go's dictionary encoder that writeDict
// uses (its type is internal to arrow-go).
type dictEncoder interface {
	Encoding() parquet.Encoding
	NormalizeDict(arrow.Array) (arrow.Array, error)
	PutDictionary(arrow.Array) error
	NumEntries() int
	PreservedDictionary() arrow.Array
}

// writeDict writes a dictionary array that is the first of its column
// chunk to a flat column, as pqarrow does, but for the statistics: pqarrow
// finds the dictionary values the indices reference by hashing every
// Index (the unique indices, a tenth of the writers' work), whereas the
// dictionaries of this package hold only values some row references
// (DictColumn adds a value when a row takes it): the statistics are the
// dictionary's. done is false when the chunk is not in that state
// (dictionary encoding off or given up, a dictionary already written):
// the caller then leaves the array to pqarrow.
func writeDict(cw file.ColumnChunkWriter, d *array.Dictionary, def []int16) (done bool, err error) {
	enc, ok := cw.CurrentEncoder().(dictEncoder)
	if !ok || enc.PreservedDictionary() != nil || enc.NumEntries() != 0 {
		return false, nil
	}
	if e := enc.Encoding(); e != parquet.Encodings.PlainDict && e != parquet.Encodings.RLEDict {
		return false, nil
	}
	if lvl := cw.LevelInfo(); lvl.RepLevel != 0 || lvl.DefLevel > 1 {
		return false, nil
	}
	dict, err := enc.NormalizeDict(d.Dictionary())
	if err != nil {
		return true, err
	}
	defer dict.Release()
	if err := enc.PutDictionary(dict); err != nil {
		return true, err
	}
	if enc.NumEntries() != dict.Len() {
		return true, fmt.Errorf("parquetw: a dictionary of column %s repeats a value", cw.Descr().Path())
	}
	if st := cw.PageStatistics(); st != nil {
		idx := d.Indices()
		valid := idx.Len() - idx.NullN()
		st.IncNulls(max(int64(len(def)-valid), 0))
		st.IncNumValues(int64(valid))
		if err := st.UpdateFromArrow(dict, false); err != nil {
			return true, err
		}
	}
	return true, cw.WriteDictIndices(d.Indices(), def, nil)
}

// hasEmpty reports whether a string dictionary holds the empty string.
func hasEmpty(dict arrow.Array) bool {
	s, ok := dict.(*array.String)
	if !ok {
		return false
	}
	for i := range s.Len() {
		if s.IsValid(i) && s.ValueLen(i) == 0 {
			return true
		}
	}
	return false
}

// closeRowGroup writes out the open row group, if any. (Encoder.)
func (f *colFile) closeRowGroup() error {
	if f.rgw == nil {
		return nil
	}
	err := f.rgw.Close()
	f.rgw = nil
	return err
}

// Close ends the open row group, stops the encoder and writes the footer.
func (f *colFile) Close() error {
	if f.closed {
		return f.encErr
	}
	f.jobs <- colJob{end: true}
	close(f.jobs)
	<-f.done
	f.closed = true
	err := f.encErr
	if cerr := f.fw.Close(); err == nil {
		err = cerr
	}
	return err
}

// defLevels sets def to the definition levels of arr, a top-level
// nullable column: 1 where a value is valid, 0 where it is null.
func defLevels(def []int16, arr arrow.Array) []int16 {
	n := arr.Len()
	def = slices.Grow(def[:0], n)[:n]
	if arr.NullN() == 0 {
		for i := range def {
			def[i] = 1
		}
		return def
	}
	bits, off := arr.NullBitmapBytes(), arr.Data().Offset()
	for i := range def {
		j := off + i
		def[i] = int16(bits[j>>3] >> (j & 7) & 1)
	}
	return def
}

// DictColumn is a dictionary-encoded string column of the open row group.
//
// Given a string array, pqarrow hashes every value to find its dictionary
// Index (a memo table lookup and an allocation per value). The writer of
// a DictColumn usually knows the value's identity already (a move code, a
// side, a piece letter: an array lookup) or hashes short text once with a
// Go map, and the column is handed to pqarrow as an Arrow dictionary
// array, which it writes straight as the column chunk's dictionary and
// indices. pqarrow keeps a chunk's dictionary only while every array
// written to it carries the same one, so the indices are collected for
// the whole row group and written when it closes (four bytes a row).
type DictColumn struct {
	typ    *arrow.DictionaryType
	dict   *array.StringBuilder // the values in first-seen order
	idx    vec[int32]           // one index per row (0 when null)
	valid  validity
	byKey  []int32 // index+1 by key, 0 when not seen
	keys   []int32 // keys set in byKey, to clear them
	byText map[string]int32
	last   string // the value of the last appendString, if lastOK
	lastI  int32
	lastOK bool
}

// newDictColumn returns a column whose values are identified by keys
// below nkeys (0: by text only).
func newDictColumn(mem memory.Allocator, nkeys int) *DictColumn {
	return &DictColumn{
		typ:    &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String},
		dict:   array.NewStringBuilder(mem),
		idx:    vec[int32]{mem: mem},
		valid:  validity{bits: vec[byte]{mem: mem}},
		byKey:  make([]int32, nkeys),
		byText: map[string]int32{},
	}
}

// AppendKey appends the row of the value with key k and reports true if
// the value is known in this row group; else the caller must call
// addKey.
func (c *DictColumn) AppendKey(k int) bool {
	if i := c.byKey[k]; i > 0 {
		c.AppendIndex(i - 1)
		return true
	}
	return false
}

// AddKey appends the row of a value new in this row group: text, known
// by key k from now on.
func (c *DictColumn) AddKey(k int, text []byte) {
	i := c.Index(text)
	c.byKey[k] = i + 1
	c.keys = append(c.keys, int32(k))
	c.AppendIndex(i)
}

// AppendIndex appends the row of the value at dictionary index i (as
// returned by index).
func (c *DictColumn) AppendIndex(i int32) {
	c.idx.add(i)
	c.valid.valid(len(c.idx.s) - 1)
}

// AppendString appends the row of value s. A value repeated row after
// row (the game of a run of plies) is looked up once.
func (c *DictColumn) AppendString(s string) {
	if !c.lastOK || s != c.last {
		c.last, c.lastI, c.lastOK = s, c.Index([]byte(s)), true
	}
	c.AppendIndex(c.lastI)
}

// Index returns the dictionary index of text, adding it if new.
func (c *DictColumn) Index(text []byte) int32 {
	if i, ok := c.byText[string(text)]; ok { // no allocation: Go looks up []byte keys in place
		return i
	}
	i := int32(c.dict.Len())
	c.dict.BinaryBuilder.Append(text)
	c.byText[string(text)] = i
	return i
}

// AppendNull appends a null row.
func (c *DictColumn) AppendNull() {
	c.idx.add(0)
	c.valid.null(len(c.idx.s) - 1)
}

// AppendOpt appends the row of value s if ok, else a null row.
func (c *DictColumn) AppendOpt(s string, ok bool) {
	if ok {
		c.AppendString(s)
	} else {
		c.AppendNull()
	}
}

// AppendNonEmpty appends the row of value s, a null row if s is empty.
func (c *DictColumn) AppendNonEmpty(s string) { c.AppendOpt(s, s != "") }

// size returns the bytes held for the rows so far: indices and
// dictionary.
func (c *DictColumn) size() int64 {
	return int64(len(c.idx.s))*4 + int64(c.dict.DataLen())
}

// array returns the rows as a dictionary array and starts afresh (a new
// row group has a new dictionary). The caller releases the array.
func (c *DictColumn) array() arrow.Array {
	n := len(c.idx.s)
	bits, nulls := c.valid.take()
	idx := makeArray(arrow.PrimitiveTypes.Int32, n, nulls, bits, c.idx.take(true))
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

func (c *DictColumn) release() {
	c.dict.Release()
	c.idx.free()
	c.valid.bits.free()
}

// listChunk bounds the levels of a list column handed to pqarrow at once:
// the levels of a row group are built and written chunk by chunk.
const listChunk = 64 << 10

// ListColumn is a dictionary-encoded string column inside a list (or the
// keys or the values of a map) whose lists and elements are never null:
// the values are collected as dictionary indices over the row group like
// a DictColumn's, with the length of each row's list, from which the
// repetition and definition levels are computed when the row group is
// written.
type ListColumn struct {
	*DictColumn
	lens []int32 // values of each row
	prev int     // values before the row being appended
}

func newListColumn(mem memory.Allocator, nkeys int) *ListColumn {
	return &ListColumn{DictColumn: newDictColumn(mem, nkeys)}
}

// EndRow completes the list of a row (the values appended since the last
// endRow).
func (c *ListColumn) EndRow() {
	n := len(c.idx.s)
	c.lens = append(c.lens, int32(n-c.prev))
	c.prev = n
}

// put queues the values of the row group for leaf column col of f and
// starts afresh.
func (c *ListColumn) put(f *colFile, col int) error {
	lens := slices.Clone(c.lens)
	c.lens, c.prev = c.lens[:0], 0
	return f.putList(col, c.array(), lens)
}

// writeList writes the values arr of a list column col, lens values a
// row. (Encoder.)
//
// A row of n values has the levels of n leaves (definition level the
// column's maximum: the list and the element are present; repetition level
// 0 for the first, 1 for the next), an empty list one level (definition
// and repetition 0).
func (f *colFile) writeList(col int, arr arrow.Array, lens []int32) error {
	maxDef := f.fw.Schema.Column(col).MaxDefinitionLevel()
	def, rep := f.def[:0], f.rep[:0]
	defer func() { f.def, f.rep = def, rep }()
	var start, n int64 // values of the chunk: start and count
	flush := func() error {
		vals := array.NewSlice(arr, start, start+n)
		defer vals.Release()
		err := f.writeLevels(col, vals, def, rep)
		start, n = start+n, 0
		def, rep = def[:0], rep[:0]
		return err
	}
	for i, l := range lens {
		if l == 0 {
			def, rep = append(def, 0), append(rep, 0)
		} else {
			def, rep = append(def, maxDef), append(rep, 0)
			for range l - 1 {
				def, rep = append(def, maxDef), append(rep, 1)
			}
			n += int64(l)
		}
		if len(def) >= listChunk || i == len(lens)-1 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return nil
}
