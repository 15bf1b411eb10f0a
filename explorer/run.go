package explorer

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/xqtool/xqtool/board"
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

// A run file is a sequence of rows sorted by (key, move), each:
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
	f   *os.File
	w   *bufio.Writer
	buf []byte
}

func newRunWriter(dir string) (*runWriter, error) {
	f, err := os.CreateTemp(dir, "xqtool-explorer-*.run")
	if err != nil {
		return nil, fmt.Errorf("explorer: %w", err)
	}
	return &runWriter{f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

func (rw *runWriter) write(e *entry) error {
	b := rw.buf[:0]
	b = binary.LittleEndian.AppendUint64(b, e.key)
	b = binary.LittleEndian.AppendUint16(b, uint16(e.move))
	b = append(b, e.board[:]...)
	for _, n := range e.n {
		b = binary.AppendUvarint(b, uint64(n))
	}
	b = binary.AppendUvarint(b, uint64(e.first))
	b = binary.AppendUvarint(b, uint64(e.last))
	b = binary.AppendUvarint(b, uint64(len(e.votes)))
	for _, v := range e.votes {
		b = binary.AppendUvarint(b, uint64(v.code))
		b = binary.AppendUvarint(b, uint64(v.games))
	}
	b = binary.AppendUvarint(b, uint64(len(e.ex)))
	for _, x := range e.ex {
		g := x.g
		for _, s := range [...]string{g.id, g.source, g.red, g.black, g.event, g.date} {
			b = binary.AppendUvarint(b, uint64(len(s)))
			b = append(b, s...)
		}
		b = binary.AppendUvarint(b, uint64(g.index))
		b = binary.AppendUvarint(b, uint64(g.year))
		b = append(b, byte(g.result), byte(g.tags))
		b = binary.AppendUvarint(b, uint64(x.ply))
	}
	rw.buf = b
	_, err := rw.w.Write(b)
	return err
}

// close flushes and closes the file and returns its path.
func (rw *runWriter) close() (string, error) {
	err := rw.w.Flush()
	if cerr := rw.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(rw.f.Name())
		return "", fmt.Errorf("explorer: writing a run: %w", err)
	}
	return rw.f.Name(), nil
}

func (rw *runWriter) abort() {
	rw.f.Close()
	os.Remove(rw.f.Name())
}

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
	f    *os.File
	r    *bufio.Reader
	path string
	buf  []byte
}

func openRun(path string) (*runReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("explorer: %w", err)
	}
	return &runReader{f: f, r: bufio.NewReaderSize(f, 1<<16), path: path}, nil
}

func (rr *runReader) close() error { return rr.f.Close() }

func (rr *runReader) next() (*entry, error) {
	e, err := decodeEntry(rr.r, &rr.buf)
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rr.path, err)
	}
	return e, nil
}

// maxRunString bounds a string's length in a run file.
const maxRunString = 1 << 16

// decodeEntry reads one row; io.EOF only at a clean end.
func decodeEntry(r *bufio.Reader, buf *[]byte) (*entry, error) {
	var head [8 + 2 + len(packedBoard{})]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		return nil, corrupt(err)
	}
	e := &entry{}
	e.key = binary.LittleEndian.Uint64(head[:8])
	e.move = board.Move(binary.LittleEndian.Uint16(head[8:10]))
	copy(e.board[:], head[10:])
	uv := func(limit uint64) (uint64, error) {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return 0, corrupt(err)
		}
		if v > limit {
			return 0, fmt.Errorf("%w: value %d over %d", ErrCorrupt, v, limit)
		}
		return v, nil
	}
	const maxCount = 1 << 62
	for i := range e.n {
		v, err := uv(maxCount)
		if err != nil {
			return nil, err
		}
		e.n[i] = int64(v)
	}
	first, err := uv(9999)
	if err != nil {
		return nil, err
	}
	last, err := uv(9999)
	if err != nil {
		return nil, err
	}
	e.first, e.last = int(first), int(last)
	nv, err := uv(uint64(len(eccoCodes)))
	if err != nil {
		return nil, err
	}
	for range nv {
		code, err := uv(uint64(len(eccoCodes) - 1))
		if err != nil {
			return nil, err
		}
		games, err := uv(maxCount)
		if err != nil {
			return nil, err
		}
		e.votes = append(e.votes, vote{uint16(code), int64(games)})
	}
	nx, err := uv(MaxExamples)
	if err != nil {
		return nil, err
	}
	for range nx {
		g := &gameMeta{}
		for _, s := range [...]*string{&g.id, &g.source, &g.red, &g.black, &g.event, &g.date} {
			n, err := uv(maxRunString)
			if err != nil {
				return nil, err
			}
			if cap(*buf) < int(n) {
				*buf = make([]byte, n)
			}
			b := (*buf)[:n]
			if _, err := io.ReadFull(r, b); err != nil {
				return nil, corrupt(err)
			}
			*s = string(b)
		}
		index, err := uv(1 << 31)
		if err != nil {
			return nil, err
		}
		year, err := uv(9999)
		if err != nil {
			return nil, err
		}
		var rt [2]byte
		if _, err := io.ReadFull(r, rt[:]); err != nil {
			return nil, corrupt(err)
		}
		ply, err := uv(1 << 20)
		if err != nil {
			return nil, err
		}
		g.index, g.year, g.result, g.tags = int(index), int(year), Result(min(rt[0], byte(BlackWin))), int(rt[1])
		e.ex = append(e.ex, exRef{g, int(ply)})
	}
	return e, nil
}

func corrupt(err error) error {
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("%w: %w", ErrCorrupt, err)
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
