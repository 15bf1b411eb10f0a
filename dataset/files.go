package dataset

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/xqtool/xqtool/internal/parquetw"
	"github.com/xqtool/xqtool/pipeline"
)

// FilesName is the name of the dataset of input files (files.parquet).
const FilesName = "files"

// FilesSchema is the schema of files.parquet: one row per input file or
// archive member, saying what became of it. status is "read" (its games
// are in games.parquet, games of them), "unreadable" (unknown format, I/O
// error, no game in it: problem says which) or "skipped" (deliberately not
// read: an output of the run, an insecure archive member). bytes is null
// when the size is not known; format and encoding are null when no format
// was recognised or no game decoded. Summed over the rows, games equals
// the rows of games.parquet (without --only-ok).
var FilesSchema = arrow.NewSchema([]arrow.Field{
	field("source", str, false),
	field("bytes", arrow.PrimitiveTypes.Int64, true),
	field("format", str, true),
	field("encoding", str, true),
	field("games", arrow.PrimitiveTypes.Int64, false),
	field("status", str, false),
	field("problem", str, true),
}, nil)

// filesBatch is the number of rows of files.parquet built before they are
// written.
const filesBatch = 4096

// FilesWriter writes files.parquet.
type FilesWriter struct {
	fw   *pqarrow.FileWriter
	b    *array.RecordBuilder
	n    int
	rows int64
}

// NewFilesWriter starts files.parquet on w.
func NewFilesWriter(w io.Writer, opts ...Option) (*FilesWriter, error) {
	cfg := newConfig(opts)
	fw, err := parquetw.NewFileWriter(w, FilesSchema, &cfg.Config, plainColumns[FilesSchema], nil)
	if err != nil {
		return nil, err
	}
	return &FilesWriter{fw: fw, b: array.NewRecordBuilder(cfg.Mem, FilesSchema)}, nil
}

// Write adds one row.
func (f *FilesWriter) Write(r pipeline.File) error {
	optStr := func(i int, s string) {
		b := f.b.Field(i).(*array.StringBuilder)
		if s == "" {
			b.AppendNull()
		} else {
			b.Append(s)
		}
	}
	f.b.Field(0).(*array.StringBuilder).Append(r.Source)
	if r.Bytes < 0 {
		f.b.Field(1).AppendNull()
	} else {
		f.b.Field(1).(*array.Int64Builder).Append(r.Bytes)
	}
	optStr(2, r.Format)
	optStr(3, r.Encoding)
	f.b.Field(4).(*array.Int64Builder).Append(int64(r.Games))
	f.b.Field(5).(*array.StringBuilder).Append(string(r.Status))
	optStr(6, r.Problem)
	f.n++
	f.rows++
	if f.n >= filesBatch {
		return f.flush()
	}
	return nil
}

// Rows returns the rows written so far.
func (f *FilesWriter) Rows() int64 { return f.rows }

func (f *FilesWriter) flush() error {
	if f.n == 0 {
		return nil
	}
	rec := f.b.NewRecordBatch()
	defer rec.Release()
	f.n = 0
	return f.fw.WriteBuffered(rec)
}

// Close writes the last rows and the footer (it does not close the
// underlying writer).
func (f *FilesWriter) Close() error {
	err := f.flush()
	f.b.Release()
	return errors.Join(err, f.fw.Close())
}

// WriteFile adds one row to files.parquet (written beside the other
// datasets, never partitioned). A dataset without any WriteFile has no
// files.parquet (Close removes that of an earlier run).
func (d *Writer) WriteFile(r pipeline.File) error {
	if d.done {
		return parquetw.ErrClosed
	}
	if d.files == nil {
		if err := d.openFiles(); err != nil {
			return err
		}
	}
	return d.files.w.Write(r)
}

// filesFile is the open files.parquet of a Writer.
type filesFile struct {
	f   *os.File
	buf *bufio.Writer
	w   *FilesWriter
}

func (d *Writer) openFiles() error {
	f, err := os.Create(filepath.Join(d.tmp, FilesName+".parquet"))
	if err != nil {
		return err
	}
	buf := bufio.NewWriterSize(f, 64<<10)
	w, err := NewFilesWriter(buf, WithAllocator(d.cfg.Mem))
	if err != nil {
		f.Close()
		return err
	}
	d.files = &filesFile{f: f, buf: buf, w: w}
	return nil
}

// closeFiles completes files.parquet, if WriteFile started it.
func (d *Writer) closeFiles() error {
	if d.files == nil {
		return nil
	}
	ff := d.files
	return errors.Join(ff.w.Close(), ff.buf.Flush(), ff.f.Close())
}
