package export

import (
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// errClosed is returned by Write after Close.
var errClosed = errors.New("export: writer is closed")

// table is one Parquet file being written: rows are appended to a reused
// RecordBuilder, handed over in batches to a buffered row group, and the
// row group is closed when it reaches the row or byte bound.
type table struct {
	cfg     *config
	fw      *pqarrow.FileWriter
	rb      *array.RecordBuilder
	rows    int   // rows in rb
	dataLen []int // string data bytes per field of the last batch
	total   int64 // rows written
	closed  bool
	err     error // first error; the table is unusable after it
}

// writerProps returns the Parquet properties of a dataset: zstd,
// dictionary encoding except on the plain columns, statistics except on
// the noStats columns, bounded row groups; extra properties last.
func writerProps(cfg *config, plain, noStats []string, rowGroupRows int64, extra ...parquet.WriterProperty) *parquet.WriterProperties {
	opts := []parquet.WriterProperty{
		parquet.WithAllocator(cfg.mem),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(1),
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

func newTable(w io.Writer, schema *arrow.Schema, cfg *config) (*table, error) {
	props := writerProps(cfg, plainColumns[schema], noStatsColumns[schema], cfg.rowGroupRows)
	arrProps := pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(cfg.mem), pqarrow.WithStoreSchema())
	fw, err := pqarrow.NewFileWriter(schema, w, props, arrProps)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	rb := array.NewRecordBuilder(cfg.mem, schema)
	rb.Reserve(cfg.batchRows)
	return &table{cfg: cfg, fw: fw, rb: rb}, nil
}

// check returns the sticky error, or errClosed after Close.
func (t *table) check() error {
	if t.err != nil {
		return t.err
	}
	if t.closed {
		return errClosed
	}
	return nil
}

// added counts a row appended to rb and flushes a full batch.
func (t *table) added() error {
	t.rows++
	if t.rows >= t.cfg.batchRows {
		return t.flush()
	}
	return nil
}

// flush hands the rows in rb to the open row group and closes the row
// group when it is over the byte bound.
func (t *table) flush() error {
	if t.rows == 0 {
		return nil
	}
	// The builders give their buffers to the record: reserve the next
	// batch's at once (string data as large as this batch's) rather than
	// growing them value by value.
	fields := t.rb.Fields()
	if len(t.dataLen) != len(fields) {
		t.dataLen = make([]int, len(fields))
	}
	for i, b := range fields {
		if bb, ok := b.(*array.StringBuilder); ok {
			t.dataLen[i] = bb.DataLen()
		}
	}
	rec := t.rb.NewRecordBatch()
	defer rec.Release()
	t.total += int64(t.rows)
	t.rows = 0
	if !t.closed {
		t.rb.Reserve(t.cfg.batchRows)
		for i, b := range fields {
			if bb, ok := b.(*array.StringBuilder); ok {
				bb.ReserveData(t.dataLen[i])
			}
		}
	}
	if err := t.fw.WriteBuffered(rec); err != nil {
		t.err = fmt.Errorf("export: %w", err)
		return t.err
	}
	if t.fw.RowGroupTotalCompressedBytes() >= t.cfg.rowGroupBytes {
		if err := t.fw.NewBufferedRowGroupChecked(); err != nil {
			t.err = fmt.Errorf("export: %w", err)
			return t.err
		}
	}
	return nil
}

// Rows returns the number of rows written so far.
func (t *table) Rows() int64 { return t.total + int64(t.rows) }

// Close flushes the last rows, writes the footer and releases the
// builders. It does not close the underlying io.Writer.
func (t *table) Close() error {
	if t.closed {
		return t.err
	}
	t.closed = true
	err := t.err
	if err == nil {
		err = t.flush()
	}
	if cerr := t.fw.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("export: %w", cerr)
	}
	t.rb.Release()
	t.err = err
	return err
}

func appendOpt(b *array.StringBuilder, v string, ok bool) {
	if ok {
		b.Append(v)
	} else {
		b.AppendNull()
	}
}

func appendNonEmpty(b *array.StringBuilder, v string) { appendOpt(b, v, v != "") }
