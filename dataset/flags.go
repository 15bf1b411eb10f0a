package dataset

import (
	"io"

	"github.com/xqtool/xqtool/internal/parquetw"
)

// FlagsWriter writes flags.parquet (FlagsSchema) to an io.Writer.
//
// It is written column by column like games.parquet (see parquetw.Table): code,
// severity and side as dictionary indices, the others batch by batch.
type FlagsWriter struct {
	t *parquetw.Table

	gameID, detail       *parquetw.StringColumn
	ply                  *parquetw.Int32Column
	code, severity, side *parquetw.DictColumn
}

// NewFlagsWriter returns a writer of flags.parquet to w. Close must be
// called to complete the file (it does not close w).
func NewFlagsWriter(w io.Writer, opts ...Option) (*FlagsWriter, error) {
	return newFlagsWriter(w, newConfig(opts))
}

func newFlagsWriter(w io.Writer, cfg *config) (*FlagsWriter, error) {
	// Default data pages (1 MiB): the details compress better in large
	// pages than in parquetw.SmallPageSize ones.
	t, err := parquetw.NewTable(w, FlagsSchema, &cfg.Config, cfg.RowGroupRows, plainColumns[FlagsSchema], noStatsColumns[FlagsSchema])
	if err != nil {
		return nil, err
	}
	return &FlagsWriter{t: t,
		gameID: t.StringCol("game_id"), ply: t.Int32Col("ply"), detail: t.StringCol("detail"),
		code: t.DictCol("code", 0), severity: t.DictCol("severity", 0), side: t.DictCol("side", 0),
	}, nil
}

// Rows returns the number of rows written so far.
func (fw *FlagsWriter) Rows() int64 { return fw.t.Rows() }

// Close completes the file and releases the builders. It does not close
// the underlying io.Writer.
func (fw *FlagsWriter) Close() error { return fw.t.Close() }

func (fw *FlagsWriter) write(row *gameRow) error {
	if err := fw.t.Check(); err != nil {
		return err
	}
	for _, f := range row.flags {
		fw.gameID.Append(row.id)
		fw.code.AppendString(string(f.Code))
		fw.severity.AppendString(string(f.Severity))
		fw.ply.Append(int32(f.Ply))
		fw.side.AppendNonEmpty(f.Side)
		fw.detail.Append(f.Detail)
		if err := fw.t.Added(); err != nil {
			return err
		}
	}
	return nil
}
