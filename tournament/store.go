package tournament

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/spill"
	"github.com/xqtool/xqtool/pipeline"
)

// The games a Sink collects are not kept in memory: each is a record in
// temporary files, from the pass to the end of the run (see Sink.Finish
// for the steps that build the events from them). What stays in memory
// is the events, and while an event is built the games of a batch of
// whole events.

// appendGame encodes g (with its flags and event id) onto b.
func appendGame(b []byte, g *Game) []byte {
	b = binary.AppendVarint(b, int64(g.Num))
	for _, s := range [...]string{g.ID, g.Cluster, g.Source} {
		b = pipeline.AppendString(b, s)
	}
	copied := 0
	if g.Copy {
		copied = 1
	}
	b = pipeline.AppendUvarint(b, copied)
	b = pipeline.AppendUvarint(b, g.Index)
	for _, s := range [...]string{g.Event, g.Round, g.Date, g.Site, g.Red, g.Black, g.Result,
		g.RedID, g.BlkID, g.RedName, g.BlkName, g.Final, g.eventID} {
		b = pipeline.AppendString(b, s)
	}
	return appendFlags(b, g.flags)
}

// appendFlags encodes the flags of a game, the end of its record.
func appendFlags(b []byte, fl []flags.Flag) []byte {
	b = pipeline.AppendUvarint(b, len(fl))
	for _, f := range fl {
		b = pipeline.AppendString(b, string(f.Code))
		b = pipeline.AppendUvarint(b, f.Ply)
		b = pipeline.AppendString(b, f.Side)
		b = pipeline.AppendString(b, f.Detail)
	}
	return b
}

// decodeGame reads a record of appendGame into g (every field set).
func decodeGame(rec []byte, g *Game) error { return decodeGameOf(rec, g, false) }

// decodeGameShared is decodeGame with g's strings pieces of one copy of
// rec (one allocation, not one a field): for a game read, completed and
// written again, whose strings do not outlive it (a piece kept keeps the
// whole record).
func decodeGameShared(rec []byte, g *Game) error { return decodeGameOf(rec, g, true) }

// fields reads the fields of a record (spill.Decoder, spill.StringDecoder).
type fields interface {
	Uvarint() int
	String() string
	Err() error
}

func decodeGameOf(rec []byte, g *Game, shared bool) error {
	num, n := binary.Varint(rec)
	if n <= 0 {
		return pipeline.ErrSpool
	}
	var d fields = pipeline.NewDecoder(rec[n:])
	if shared {
		d = spill.NewStringDecoder(rec[n:])
	}
	*g = Game{Num: int(num), ID: d.String(), Cluster: d.String(), Source: d.String()}
	g.Copy = d.Uvarint() == 1
	g.Index = d.Uvarint()
	for _, p := range [...]*string{&g.Event, &g.Round, &g.Date, &g.Site, &g.Red, &g.Black, &g.Result,
		&g.RedID, &g.BlkID, &g.RedName, &g.BlkName, &g.Final, &g.eventID} {
		*p = d.String()
	}
	nf := d.Uvarint()
	if nf > len(rec) {
		return pipeline.ErrSpool
	}
	for range nf {
		code := flags.Code(d.String())
		ply := d.Uvarint()
		side := d.String()
		g.flags = append(g.flags, flags.New(code, ply, side, d.String()))
	}
	return d.Err()
}

// fixedWindow is the entries of a fixed-width file read at a time.
const fixedWindow = 4096

// newFixed creates a temporary file of entries of width bytes, written
// by number in any order and read back mostly in order.
func newFixed(dir string, width int) (*spill.Fixed, error) {
	x, err := spill.CreateFixed(dir, "events", width, fixedWindow)
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	return x, nil
}

// data is a temporary file of records appended and read back at their
// offset, through a window when they are read in order.
type data struct {
	f     *os.File
	w     *bufio.Writer
	size  int64
	win   []byte
	start int64 // offset of the window
}

const dataWindow = 1 << 16

func newData(dir string) (*data, error) {
	f, err := os.CreateTemp(dir, "xqtool-events-*")
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	return &data{f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

// add appends a record and returns its offset.
func (x *data) add(b []byte) (int64, error) {
	off := x.size
	_, err := x.w.Write(b)
	x.size += int64(len(b))
	return off, err
}

// at returns the n bytes at off, valid until the next call.
func (x *data) at(off int64, n int) ([]byte, error) {
	if off < 0 || n < 0 || off+int64(n) > x.size {
		return nil, pipeline.ErrSpool
	}
	if x.w.Buffered() > 0 {
		if err := x.w.Flush(); err != nil {
			return nil, err
		}
	}
	if off >= x.start && off+int64(n) <= x.start+int64(len(x.win)) {
		return x.win[off-x.start:][:n], nil
	}
	size := max(n, dataWindow)
	if cap(x.win) < size {
		x.win = make([]byte, size)
	}
	x.win = x.win[:min(int64(size), x.size-off)]
	x.start = off
	if _, err := x.f.ReadAt(x.win, off); err != nil && !errors.Is(err, io.EOF) {
		x.win = x.win[:0]
		return nil, err
	}
	return x.win[:n], nil
}

func (x *data) close() error {
	if x == nil {
		return nil
	}
	return closeTemp(x.f)
}

func closeTemp(f *os.File) error {
	if f == nil {
		return nil
	}
	err := f.Close()
	if rerr := os.Remove(f.Name()); err == nil {
		err = rerr
	}
	return err
}

// store is the finished games: each game's record (appendGame) in a data
// file, and by game number a fixed-width entry: the record's offset and
// length, whether the game is flagged and its event's index (+1, 0 none).
type store struct {
	mu    sync.Mutex // the verdicts may be asked from several goroutines
	games *data
	index *spill.Fixed
	buf   [entryWidth]byte
	err   error // the first error reading back
}

const (
	entryWidth = 16
	flaggedBit = 1 << 31
)

type entry struct {
	off     int64
	n       int
	flagged bool
	event   int // -1 none
}

func newStore(dir string) (*store, error) {
	d, err := newData(dir)
	if err != nil {
		return nil, err
	}
	x, err := newFixed(dir, entryWidth)
	if err != nil {
		d.close()
		return nil, err
	}
	return &store{games: d, index: x}, nil
}

// add writes the record of finished game num, whether it is flagged and
// its event's index (-1 none).
func (st *store) add(num int, rec []byte, flagged bool, event int) error {
	off, err := st.games.add(rec)
	if err != nil || num < 0 {
		return err
	}
	if len(rec) >= flaggedBit {
		return fmt.Errorf("tournament: a game's record of %d bytes", len(rec))
	}
	n := uint32(len(rec))
	if flagged {
		n |= flaggedBit
	}
	b := st.buf[:]
	binary.LittleEndian.PutUint64(b, uint64(off))
	binary.LittleEndian.PutUint32(b[8:], n)
	binary.LittleEndian.PutUint32(b[12:], uint32(event+1))
	return st.index.Put(num, b)
}

// entry reads game num's entry; ok is false for a game not stored. The
// caller holds mu.
func (st *store) entry(num int) (e entry, ok bool) {
	if st.index == nil {
		return entry{}, false
	}
	b, err := st.index.Get(num)
	if err != nil {
		st.fail(err)
		return entry{}, false
	}
	if b == nil {
		return entry{}, false
	}
	n := binary.LittleEndian.Uint32(b[8:])
	if n == 0 {
		return entry{}, false
	}
	return entry{off: int64(binary.LittleEndian.Uint64(b)), n: int(n &^ flaggedBit), flagged: n&flaggedBit != 0,
		event: int(binary.LittleEndian.Uint32(b[12:])) - 1}, true
}

// game reads the game of an entry. The caller holds mu.
func (st *store) game(e entry) *Game {
	rec, err := st.games.at(e.off, e.n)
	if err != nil {
		st.fail(err)
		return nil
	}
	g := &Game{}
	if err := decodeGame(rec, g); err != nil {
		st.fail(err)
		return nil
	}
	return g
}

func (st *store) fail(err error) {
	if st.err == nil {
		st.err = fmt.Errorf("tournament: reading back the games: %w", err)
	}
}

func (st *store) close() error {
	if st == nil {
		return nil
	}
	err := st.games.close()
	if xerr := st.index.Close(); err == nil {
		err = xerr
	}
	return err
}
