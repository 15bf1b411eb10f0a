package parquetw

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Defaults of a Config.
const (
	// DefaultRowGroupRows bounds the rows of a row group.
	DefaultRowGroupRows = 64 * 1024
	// DefaultRowGroupBytes bounds the compressed bytes of a row group.
	DefaultRowGroupBytes = 64 << 20
	// DefaultBatchRows is the number of rows built before they are handed
	// to the Parquet writer (which keeps them in the open row group).
	DefaultBatchRows = 8192
)

// Config is how a table's file is written: the allocator, the bounds of
// its row groups and batches, and the codec.
type Config struct {
	// Mem is the Arrow allocator of the builders and the Parquet writer.
	Mem memory.Allocator
	// RowGroupRows bounds the rows of a row group (the Table's bound may
	// be lower); RowGroupBytes their compressed bytes: a Table closes the
	// row group after the batch that crosses it.
	RowGroupRows, RowGroupBytes int64
	// BatchRows is the number of rows a Table builds before it hands them
	// to the encoder.
	BatchRows int
	// Compression is the codec of the pages ("": zstd).
	Compression Compression
}

// NewConfig returns the default Config: a Recycler, the default bounds,
// zstd.
func NewConfig() Config {
	return Config{
		Mem:           new(Recycler),
		RowGroupRows:  DefaultRowGroupRows,
		RowGroupBytes: DefaultRowGroupBytes,
		BatchRows:     DefaultBatchRows,
	}
}

// Props returns the Parquet properties of a file: the codec, dictionary
// encoding except on the plain columns, statistics except on the noStats
// columns, row groups of at most rowGroupRows; extra properties last.
func (cfg *Config) Props(plain, noStats []string, rowGroupRows int64, extra ...parquet.WriterProperty) *parquet.WriterProperties {
	codec, level := cfg.Compression.codec()
	opts := []parquet.WriterProperty{
		parquet.WithAllocator(cfg.Mem),
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

// NewFileWriter starts a file of schema on w written through
// pqarrow.FileWriter, for the tables built as Arrow records: cfg's codec,
// allocator and row-group bound, the plain and noStats columns as Props
// says, and the Arrow schema stored for readers (as every table has).
func NewFileWriter(w io.Writer, schema *arrow.Schema, cfg *Config, plain, noStats []string) (*pqarrow.FileWriter, error) {
	props := cfg.Props(plain, noStats, cfg.RowGroupRows)
	fw, err := pqarrow.NewFileWriter(schema, w, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(cfg.Mem), pqarrow.WithStoreSchema()))
	if err != nil {
		return nil, fmt.Errorf("parquetw: %w", err)
	}
	return fw, nil
}
