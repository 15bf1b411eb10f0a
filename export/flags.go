package export

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/analyze"
)

// FlagsWriter writes flags.parquet (FlagsSchema) to an io.Writer.
type FlagsWriter struct {
	t *table

	gameID, code, severity, side, detail *array.StringBuilder
	ply                                  *array.Int32Builder
}

// NewFlagsWriter returns a writer of flags.parquet to w. Close must be
// called to complete the file (it does not close w).
func NewFlagsWriter(w io.Writer, opts ...Option) (*FlagsWriter, error) {
	return newFlagsWriter(w, newConfig(opts))
}

func newFlagsWriter(w io.Writer, cfg *config) (*FlagsWriter, error) {
	t, err := newTable(w, FlagsSchema, cfg)
	if err != nil {
		return nil, err
	}
	f := t.rb.Fields()
	s := func(i int) *array.StringBuilder { return f[i].(*array.StringBuilder) }
	return &FlagsWriter{t: t, gameID: s(0), code: s(1), severity: s(2),
		ply: f[3].(*array.Int32Builder), side: s(4), detail: s(5)}, nil
}

// Write appends one row per flag of the game.
func (fw *FlagsWriter) Write(r *analyze.Report) error {
	return fw.write(newGame(r))
}

// Rows returns the number of rows written so far.
func (fw *FlagsWriter) Rows() int64 { return fw.t.Rows() }

// Close completes the file and releases the builders.
func (fw *FlagsWriter) Close() error { return fw.t.Close() }

func (fw *FlagsWriter) write(g game) error {
	if err := fw.t.check(); err != nil {
		return err
	}
	for _, f := range g.r.Flags {
		fw.gameID.Append(g.id)
		fw.code.Append(f.Code)
		fw.severity.Append(string(f.Severity))
		fw.ply.Append(int32(f.Ply))
		appendNonEmpty(fw.side, f.Side)
		fw.detail.Append(f.Detail)
		if err := fw.t.added(); err != nil {
			return err
		}
	}
	return nil
}
