package positions

import (
	"os"
	"path/filepath"

	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/nnue"
)

// nnueWriter writes .plain blocks or PackedSfenValue records into one
// file.
type nnueWriter struct {
	f   *output.File
	bin bool
	buf []byte
	e   nnue.Entry
}

// PlainFiles and BinFiles open the writer of a split: DIR/SPLIT.plain,
// or DIR/SPLIT.bin, written to a temporary name and moved into place at
// Commit. dir is created if needed.
func PlainFiles(dir string) func(training.Split) (Writer, error) { return nnueFiles(dir, false) }

// BinFiles: see PlainFiles.
func BinFiles(dir string) func(training.Split) (Writer, error) { return nnueFiles(dir, true) }

func nnueFiles(dir string, bin bool) func(training.Split) (Writer, error) {
	ext := ".plain"
	if bin {
		ext = ".bin"
	}
	return func(sp training.Split) (Writer, error) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		f, err := output.Open(filepath.Join(dir, sp.String()+ext), nil)
		if err != nil {
			return nil, err
		}
		return &nnueWriter{f: f, bin: bin}, nil
	}
}

// Entry returns the nnue entry of a record. Its fullmove number counts
// from 1 at the game's start position, whatever the start's FEN says, so
// that it agrees with the ply (a packed record keeps both).
func Entry(r *Record) nnue.Entry {
	s := r.Pos().Setup()
	s.FullMove = 1 + (r.Ply+int(r.Line[0].Side()))/2
	return nnue.Entry{Pos: s, Move: r.Move, Score: r.Score, Ply: r.Ply, Result: r.Result}
}

func (w *nnueWriter) Write(r *Record) error {
	var err error
	if w.buf, err = w.Encode(w.buf[:0], r); err != nil {
		return err
	}
	_, err = w.f.Write(w.buf)
	return err
}

// Encode appends the block or record of r.
func (w *nnueWriter) Encode(dst []byte, r *Record) ([]byte, error) {
	w.e = Entry(r)
	if w.bin {
		return nnue.AppendBin(dst, &w.e)
	}
	return nnue.AppendPlain(dst, &w.e), nil
}

// WriteEncoded writes an encoded record with the combined result.
func (w *nnueWriter) WriteEncoded(rec []byte, c Combined) error {
	if w.bin {
		rec[70] = byte(c.Result())
	} else {
		rec = setPlainResult(rec, c.Result())
	}
	_, err := w.f.Write(rec)
	return err
}

func (w *nnueWriter) Commit() error { return w.f.Commit() }

func (w *nnueWriter) Abort() { w.f.Abort() }
