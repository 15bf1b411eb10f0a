package dataset

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow/array"
)

// FlagsWriter writes flags.parquet (FlagsSchema) to an io.Writer.
//
// It is written column by column like games.parquet (see colTable): code,
// severity and side as dictionary indices, the others batch by batch.
type FlagsWriter struct {
	t *colTable

	gameID, detail       *array.StringBuilder
	ply                  *array.Int32Builder
	code, severity, side *dictColumn
}

// NewFlagsWriter returns a writer of flags.parquet to w. Close must be
// called to complete the file (it does not close w).
func NewFlagsWriter(w io.Writer, opts ...Option) (*FlagsWriter, error) {
	return newFlagsWriter(w, newConfig(opts))
}

func newFlagsWriter(w io.Writer, cfg *config) (*FlagsWriter, error) {
	// Default data pages (1 MiB): the details compress better in large
	// pages than in colPageSize ones.
	t, err := newColTable(w, FlagsSchema, cfg, cfg.rowGroupRows)
	if err != nil {
		return nil, err
	}
	return &FlagsWriter{t: t,
		gameID: t.stringCol("game_id"), ply: t.int32Col("ply"), detail: t.stringCol("detail"),
		code: t.dictCol("code", 0), severity: t.dictCol("severity", 0), side: t.dictCol("side", 0),
	}, nil
}

// Rows returns the number of rows written so far.
func (fw *FlagsWriter) Rows() int64 { return fw.t.Rows() }

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (fw *FlagsWriter) Close() error { return fw.t.Close() }

func (fw *FlagsWriter) write(row *gameRow) error {
	if err := fw.t.check(); err != nil {
		return err
	}
	for _, f := range row.flags {
		fw.gameID.Append(row.id)
		fw.code.appendString(string(f.Code))
		fw.severity.appendString(string(f.Severity))
		fw.ply.Append(int32(f.Ply))
		fw.side.appendNonEmpty(f.Side)
		fw.detail.Append(f.Detail)
		if err := fw.t.added(); err != nil {
			return err
		}
	}
	return nil
}
