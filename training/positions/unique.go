package positions

import (
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/training"
)

// Combined is what --unique-positions keeps of the copies of a position:
// the sum of their results (from the position's side to move), their
// number and how many were draws.
type Combined struct {
	Sum, N, Draws int
}

// Result is the combined result as an integer: the sign of the sum (more
// wins than losses: 1; fewer: −1; as many: 0).
func (c Combined) Result() int8 {
	switch {
	case c.Sum > 0:
		return 1
	case c.Sum < 0:
		return -1
	}
	return 0
}

// Encoder is a Writer that also encodes a record apart and writes an
// encoded record later with a combined result: what --unique-positions
// needs of a format.
type Encoder interface {
	Writer
	Encode(dst []byte, r *Record) ([]byte, error)
	WriteEncoded(rec []byte, c Combined) error
}

// ErrNotEncoder is returned by NewSink for Unique with a writer that is
// not an Encoder.
var ErrNotEncoder = errors.New("positions: --unique-positions needs a writer that encodes records")

// spillBytes bounds the entries --unique-positions holds in memory before
// it writes a sorted run to disk (a variable for the tests).
var spillBytes = 32 << 20

// entry is one candidate position of --unique-positions.
type entry struct {
	key    uint64
	seq    uint64
	split  training.Split
	result int8
	rec    []byte
}

// uniquer sorts the positions by key on disk (runs of spillBytes, then
// a merge) and writes the last copy of each key (in input order) with the
// copies' combined result.
type uniquer struct {
	dir   string
	mem   []entry
	size  int
	runs  []*pipeline.Spool
	seq   uint64
	buf   []byte
	enc   [3]Encoder
	count *Counts
}

func (u *uniquer) add(r *Record, split training.Split, key uint64) error {
	e := entry{key: key, seq: u.seq, split: split, result: r.Result}
	u.seq++
	var err error
	if e.rec, err = u.enc[split].Encode(nil, r); err != nil {
		return err
	}
	u.mem = append(u.mem, e)
	if u.size += len(e.rec) + 48; u.size >= spillBytes {
		return u.spill()
	}
	return nil
}

func cmpEntry(a, b entry) int {
	if a.key != b.key {
		if a.key < b.key {
			return -1
		}
		return 1
	}
	return int(a.seq - b.seq)
}

// spill writes the entries in memory as a sorted run.
func (u *uniquer) spill() error {
	if len(u.mem) == 0 {
		return nil
	}
	slices.SortFunc(u.mem, cmpEntry)
	s, err := pipeline.NewSpool(u.dir)
	if err != nil {
		return err
	}
	u.runs = append(u.runs, s)
	for _, e := range u.mem {
		b := binary.LittleEndian.AppendUint64(u.buf[:0], e.key)
		b = binary.LittleEndian.AppendUint64(b, e.seq)
		b = append(b, byte(e.split), byte(e.result))
		u.buf = append(b, e.rec...)
		if err := s.Append(u.buf); err != nil {
			return err
		}
	}
	u.mem, u.size = u.mem[:0], 0
	return s.Rewind()
}

// runHeap merges the runs.
type runHeap struct {
	runs []*pipeline.Spool
	head []entry
	idx  []int // runs with a head, as a heap
}

func (h *runHeap) Len() int           { return len(h.idx) }
func (h *runHeap) Less(i, j int) bool { return cmpEntry(h.head[h.idx[i]], h.head[h.idx[j]]) < 0 }
func (h *runHeap) Swap(i, j int)      { h.idx[i], h.idx[j] = h.idx[j], h.idx[i] }
func (h *runHeap) Push(x any)         { h.idx = append(h.idx, x.(int)) }
func (h *runHeap) Pop() any {
	x := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return x
}

// next reads the next entry of run i into its head; false at its end.
func (h *runHeap) next(i int) (bool, error) {
	b, err := h.runs[i].Next()
	if err == io.EOF {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if len(b) < 18 {
		return false, pipeline.ErrSpool
	}
	h.head[i] = entry{key: binary.LittleEndian.Uint64(b), seq: binary.LittleEndian.Uint64(b[8:]),
		split: training.Split(b[16]), result: int8(b[17]), rec: append(h.head[i].rec[:0], b[18:]...)}
	return true, nil
}

// finish merges the runs and writes one record per key.
func (u *uniquer) finish() error {
	if err := u.spill(); err != nil {
		return err
	}
	h := &runHeap{runs: u.runs, head: make([]entry, len(u.runs))}
	for i := range u.runs {
		ok, err := h.next(i)
		if err != nil {
			return err
		}
		if ok {
			h.idx = append(h.idx, i)
		}
	}
	heap.Init(h)
	var last entry
	var c Combined
	have := false
	flush := func() error {
		if !have {
			return nil
		}
		u.count.Written[last.split]++
		u.count.Left[Repeated] += c.N - 1
		return u.enc[last.split].WriteEncoded(last.rec, c)
	}
	for h.Len() > 0 {
		i := h.idx[0]
		e := h.head[i]
		if !have || e.key != last.key {
			if err := flush(); err != nil {
				return err
			}
			c, have = Combined{}, true
		}
		c.Sum += int(e.result)
		c.N++
		if e.result == 0 {
			c.Draws++
		}
		last = entry{key: e.key, seq: e.seq, split: e.split, result: e.result, rec: append(last.rec[:0], e.rec...)}
		ok, err := h.next(i)
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
	}
	return flush()
}

func (u *uniquer) close() {
	for _, s := range u.runs {
		s.Close()
	}
	u.runs = nil
}

// setPlainResult rewrites the result line of a .plain block.
func setPlainResult(block []byte, res int8) []byte {
	i := bytes.LastIndex(block, []byte("\nresult "))
	if i < 0 {
		return block
	}
	j := i + len("\nresult ")
	k := bytes.IndexByte(block[j:], '\n')
	if k < 0 {
		return block
	}
	out := append([]byte(nil), block[:j]...)
	out = strconv.AppendInt(out, int64(res), 10)
	return append(out, block[j+k:]...)
}

// setPX0Result writes the mean result and the share of draws.
func setPX0Result(rec []byte, c Combined) {
	binary.LittleEndian.PutUint32(rec[10208:], math.Float32bits(float32(c.Sum)/float32(c.N)))
	binary.LittleEndian.PutUint32(rec[10212:], math.Float32bits(float32(c.Draws)/float32(c.N)))
}
