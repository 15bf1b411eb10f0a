package explorer

import (
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/spill"
)

// mergeFanIn is the most runs and trees merged at once (each open source
// holds a read buffer, and a tree a batch of rows).
const mergeFanIn = 32

// A source yields rows in increasing (key, move) order, each row once.
// The entry returned belongs to the caller.
type source interface {
	next() (*entry, error) // io.EOF after the last
	close() error
}

// memSource yields sorted rows held in memory.
type memSource struct{ rows []*entry }

func (s *memSource) next() (*entry, error) {
	if len(s.rows) == 0 {
		return nil, io.EOF
	}
	e := s.rows[0]
	s.rows[0] = nil
	s.rows = s.rows[1:]
	return e, nil
}

func (s *memSource) close() error { s.rows = nil; return nil }

// A run file is a spill file of rows sorted by (key, move), a record
// each:
//
//	key (8 bytes, little endian), move (2), board (46),
//	games by result (4 uvarints), first and last year (2 uvarints),
//	votes: count, then code and games (uvarints) each,
//	examples: count, then id, source, red, black, event, date (each a
//	uvarint length and the bytes), index, year (uvarints), result,
//	tags (a byte each), ply (uvarint).
//
// It is written and read back by the same process: its reader still
// checks every length, so a damaged file is an error, not a panic.

// runWriter writes a run file.
type runWriter struct {
	f   *spill.File
	buf []byte
}

func newRunWriter(dir string) (*runWriter, error) {
	f, err := spill.Create(dir, "explorer")
	if err != nil {
		return nil, fmt.Errorf("explorer: %w", err)
	}
	return &runWriter{f: f}, nil
}

func (rw *runWriter) write(e *entry) error {
	rw.buf = appendEntry(rw.buf[:0], e)
	_, err := rw.f.Append(rw.buf)
	return err
}

// appendEntry encodes the row e.
func appendEntry(b []byte, e *entry) []byte {
	b = binary.LittleEndian.AppendUint64(b, e.key)
	b = binary.LittleEndian.AppendUint16(b, uint16(e.move))
	b = append(b, e.board[:]...)
	for _, n := range e.n {
		b = binary.AppendUvarint(b, uint64(n))
	}
	b = spill.AppendUvarint(b, e.first)
	b = spill.AppendUvarint(b, e.last)
	b = spill.AppendUvarint(b, len(e.votes))
	for _, v := range e.votes {
		b = spill.AppendUvarint(b, int(v.code))
		b = binary.AppendUvarint(b, uint64(v.games))
	}
	b = spill.AppendUvarint(b, len(e.ex))
	for _, x := range e.ex {
		g := x.g
		for _, s := range [...]string{g.id, g.source, g.red, g.black, g.event, g.date} {
			b = spill.AppendString(b, s)
		}
		b = spill.AppendUvarint(b, g.index)
		b = spill.AppendUvarint(b, g.year)
		b = append(b, byte(g.result), byte(g.tags))
		b = spill.AppendUvarint(b, x.ply)
	}
	return b
}

// close flushes and closes the file and returns its path.
func (rw *runWriter) close() (string, error) {
	path, err := rw.f.Keep()
	if err != nil {
		return "", fmt.Errorf("explorer: writing a run: %w", err)
	}
	return path, nil
}

func (rw *runWriter) abort() { rw.f.Close() }

// writeRun writes sorted rows to a new run file and returns its path.
func writeRun(dir string, rows []*entry) (string, error) {
	rw, err := newRunWriter(dir)
	if err != nil {
		return "", err
	}
	for _, e := range rows {
		if err := rw.write(e); err != nil {
			rw.abort()
			return "", fmt.Errorf("explorer: writing a run: %w", err)
		}
	}
	return rw.close()
}

// runReader reads a run file back.
type runReader struct {
	r    *spill.Reader
	path string
}

func openRun(path string) (*runReader, error) {
	r, err := spill.Open(path)
	if err != nil {
		return nil, fmt.Errorf("explorer: %w", err)
	}
	return &runReader{r: r, path: path}, nil
}

func (rr *runReader) close() error { return rr.r.Close() }

func (rr *runReader) next() (*entry, error) {
	b, err := rr.r.Next()
	if err == io.EOF {
		return nil, io.EOF
	}
	if err == nil {
		var e *entry
		if e, err = decodeEntry(b); err == nil {
			return e, nil
		}
	} else {
		err = fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return nil, fmt.Errorf("%s: %w", rr.path, err)
}

// maxRunString bounds a string's length in a run file.
const maxRunString = 1 << 16

// decodeEntry decodes the row rec.
func decodeEntry(rec []byte) (*entry, error) {
	const headSize = 8 + 2 + len(packedBoard{})
	if len(rec) < headSize {
		return nil, fmt.Errorf("%w: a row of %d bytes", ErrCorrupt, len(rec))
	}
	e := &entry{}
	e.key = binary.LittleEndian.Uint64(rec[:8])
	e.move = board.Move(binary.LittleEndian.Uint16(rec[8:10]))
	copy(e.board[:], rec[10:headSize])
	d := spill.NewDecoder(rec[headSize:])
	var err error
	uv := func(limit uint64) uint64 {
		v := d.Uint64()
		if d.Failed() {
			if err == nil {
				err = fmt.Errorf("%w: %w", ErrCorrupt, d.Err())
			}
			return 0
		}
		if v > limit && err == nil {
			err = fmt.Errorf("%w: value %d over %d", ErrCorrupt, v, limit)
		}
		return v
	}
	const maxCount = 1 << 62
	for i := range e.n {
		e.n[i] = int64(uv(maxCount))
	}
	e.first, e.last = int(uv(9999)), int(uv(9999))
	nv := uv(uint64(len(eccoCodes)))
	if err != nil {
		return nil, err
	}
	for range nv {
		code, games := uv(uint64(len(eccoCodes)-1)), uv(maxCount)
		if err != nil {
			return nil, err
		}
		e.votes = append(e.votes, vote{uint16(code), int64(games)})
	}
	nx := uv(MaxExamples)
	if err != nil {
		return nil, err
	}
	for range nx {
		g := &gameMeta{}
		for _, s := range [...]*string{&g.id, &g.source, &g.red, &g.black, &g.event, &g.date} {
			*s = string(d.Bytes(int(uv(maxRunString))))
		}
		index, year := uv(1<<31), uv(9999)
		rt := d.Bytes(2)
		ply := uv(1 << 20)
		if err == nil && d.Failed() {
			err = fmt.Errorf("%w: %w", ErrCorrupt, d.Err())
		}
		if err != nil {
			return nil, err
		}
		g.index, g.year, g.result, g.tags = int(index), int(year), Result(min(rt[0], byte(BlackWin))), int(rt[1])
		e.ex = append(e.ex, exRef{g, int(ply)})
	}
	if derr := d.Err(); derr != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, derr)
	}
	return e, nil
}

// sourceHeap orders the sources by their current rows.
type sourceHeap []*cursor

type cursor struct {
	src source
	cur *entry
}

func (h sourceHeap) Len() int           { return len(h) }
func (h sourceHeap) Less(i, j int) bool { return compareRowKeys(h[i].cur.rowKey, h[j].cur.rowKey) < 0 }
func (h sourceHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *sourceHeap) Push(x any)        { *h = append(*h, x.(*cursor)) }
func (h *sourceHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// errOrder is returned when a source's rows are not in increasing order.
var errOrder = errors.New("rows out of order")

// mergeSources merges sorted sources, adding up the rows of the same
// (key, move), and calls emit for each merged row in order.
func mergeSources(srcs []source, examples int, emit func(*entry) error) error {
	var h sourceHeap
	for _, s := range srcs {
		e, err := s.next()
		if err == io.EOF {
			continue
		}
		if err != nil {
			return err
		}
		h = append(h, &cursor{s, e})
	}
	heap.Init(&h)
	var acc *entry
	for len(h) > 0 {
		c := h[0]
		e := c.cur
		next, err := c.src.next()
		switch {
		case err == io.EOF:
			heap.Pop(&h)
		case err != nil:
			return err
		default:
			if compareRowKeys(next.rowKey, e.rowKey) <= 0 {
				return fmt.Errorf("explorer: %w: %s after %s", errOrder, rowName(next.rowKey), rowName(e.rowKey))
			}
			c.cur = next
			heap.Fix(&h, 0)
		}
		if acc != nil && acc.rowKey == e.rowKey {
			acc.merge(e, examples)
			continue
		}
		if acc != nil {
			if err := emit(acc); err != nil {
				return err
			}
		}
		acc = e
	}
	if acc != nil {
		return emit(acc)
	}
	return nil
}

func rowName(k rowKey) string { return fmt.Sprintf("%016x %s", k.key, k.move) }
