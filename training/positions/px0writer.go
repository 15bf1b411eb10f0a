package positions

import (
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/training"
	"github.com/xqtool/xqtool/training/px0"
)

// ChunkRecords is the number of records of a px0 chunk file (the last of
// a split may hold fewer).
const ChunkRecords = 4096

// px0Writer writes V6 records into gzip chunk files of ChunkRecords
// records: DIR/SPLIT/chunk-000000.gz, … (chunk-TAG-000000.gz, … with a
// tag). Each file is written to a
// temporary name and moved into place when full or at Commit; Abort
// removes them all.
type px0Writer struct {
	dir   string
	name  string // the files' name before the number
	f     *output.File
	z     *gzip.Writer
	n     int // records in the current chunk
	files []string
	in    px0.Input
	buf   []byte
	moves []board.Move
}

// PX0Files opens the px0 writer of a split (see px0Writer). A tag (""
// for none) goes into the names of the chunk files, so that the chunks of
// several runs — the shards of one, tagged "I-of-N" — can be gathered
// into one directory; the trainer reads every *.gz file of its input.
func PX0Files(dir, tag string) func(training.Split) (Writer, error) {
	name := "chunk-"
	if tag != "" {
		name += tag + "-"
	}
	return func(sp training.Split) (Writer, error) {
		d := filepath.Join(dir, sp.String())
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
		return &px0Writer{dir: d, name: name, moves: make([]board.Move, 0, 256)}, nil
	}
}

// Input returns the px0 input of a record.
func Input(r *Record) px0.Input {
	return px0.Input{
		Line:          r.Line[:r.Ply+1],
		StandardStart: r.Line[0].Key() == startKey,
		Move:          r.Move, Played: r.Played, Best: r.Best,
		Result: r.Result, Score: r.Score, HasScore: r.HasScore,
		PliesLeft: len(r.Game.Moves) - r.Ply,
	}
}

var startKey = func() uint64 { p := board.StartPosition(); return p.Key() }()

func (w *px0Writer) Write(r *Record) error {
	var err error
	if w.buf, err = w.Encode(w.buf[:0], r); err != nil {
		return err
	}
	return w.write(w.buf)
}

// Encode appends the V6 record of r.
func (w *px0Writer) Encode(dst []byte, r *Record) ([]byte, error) {
	w.in = Input(r)
	return px0.AppendRecord(dst, &w.in, w.moves), nil
}

// WriteEncoded writes an encoded record with the combined result: the
// mean of the copies' results and their share of draws.
func (w *px0Writer) WriteEncoded(rec []byte, c Combined) error {
	setPX0Result(rec, c)
	return w.write(rec)
}

// write writes one record into the current chunk.
func (w *px0Writer) write(rec []byte) error {
	if w.f == nil {
		path := filepath.Join(w.dir, fmt.Sprintf("%s%06d.gz", w.name, len(w.files)))
		f, err := output.Open(path, nil)
		if err != nil {
			return err
		}
		z, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
		w.f, w.z, w.n = f, z, 0
		w.files = append(w.files, path)
	}
	if _, err := w.z.Write(rec); err != nil {
		return err
	}
	if w.n++; w.n == ChunkRecords {
		return w.close()
	}
	return nil
}

// close completes the current chunk.
func (w *px0Writer) close() error {
	if w.f == nil {
		return nil
	}
	f := w.f
	w.f = nil
	if err := w.z.Close(); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

func (w *px0Writer) Commit() error { return w.close() }

func (w *px0Writer) Abort() {
	if w.f != nil {
		w.f.Abort()
		w.f = nil
	}
	for _, p := range w.files {
		os.Remove(p)
	}
}
