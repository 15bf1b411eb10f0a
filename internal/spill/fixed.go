package spill

import (
	"errors"
	"io"
	"os"
)

// Fixed is a temporary file of fixed-width entries, numbered from 0:
// appended (Append, through a buffer) or written by number in any order
// (Put), and read back by number (Get). Both go through a window of
// entries held in memory: a Get or a Put outside it writes the window
// back when a Put changed it and reads the window at the entry, so that
// reads and writes that go mostly in order (ascending numbers, even with
// gaps) cost two system calls a window, not one an entry. Entries never
// written read as zeros. A Fixed is not safe for concurrent use. The
// zero Fixed is not usable: call CreateFixed.
type Fixed struct {
	f      *os.File
	width  int
	window int    // entries read at a time
	n      int    // entries: one past the highest written
	w      []byte // appended entries not yet written
	wStart int    // number of w's first entry
	win    []byte // entries start, start+1, … as read, then put
	start  int
	dirty  bool // a Put changed win since it was read
}

// CreateFixed creates a temporary file of entries of width bytes in dir
// ("" for the system's temporary directory), named after kind, read back
// window entries at a time.
func CreateFixed(dir, kind string, width, window int) (*Fixed, error) {
	f, err := os.CreateTemp(dir, "xqtool-"+kind+"-*")
	if err != nil {
		return nil, err
	}
	return &Fixed{f: f, width: width, window: max(window, 1)}, nil
}

// Len is the number of entries: one past the highest written.
func (x *Fixed) Len() int { return x.n }

// Append writes e (its first width bytes) as entry Len().
func (x *Fixed) Append(e []byte) error {
	if x.inWindow(x.n) { // the window is written back too: keep it the same
		copy(x.win[(x.n-x.start)*x.width:], e[:x.width])
	}
	if len(x.w) == 0 {
		x.wStart = x.n
	}
	x.w = append(x.w, e[:x.width]...)
	x.n++
	if len(x.w) >= writeBuf {
		return x.flushAppended()
	}
	return nil
}

// Flush writes the appended and the put entries to the file.
func (x *Fixed) Flush() error {
	if err := x.flushAppended(); err != nil {
		return err
	}
	return x.flushWindow()
}

func (x *Fixed) flushAppended() error {
	if len(x.w) == 0 {
		return nil
	}
	_, err := x.f.WriteAt(x.w, int64(x.wStart)*int64(x.width))
	x.w = x.w[:0]
	return err
}

// flushWindow writes the window back when a Put changed it: its entries
// below Len.
func (x *Fixed) flushWindow() error {
	if !x.dirty {
		return nil
	}
	x.dirty = false
	end := min(len(x.win), (x.n-x.start)*x.width)
	_, err := x.f.WriteAt(x.win[:end], int64(x.start)*int64(x.width))
	return err
}

// inWindow reports whether entry i is in the window.
func (x *Fixed) inWindow(i int) bool {
	return i >= x.start && i < x.start+len(x.win)/x.width
}

// load writes back the window and the appended entries, then reads the
// window of entries from i (zeros past the end of the file).
func (x *Fixed) load(i int) error {
	if err := x.Flush(); err != nil {
		return err
	}
	if x.win == nil {
		x.win = make([]byte, x.window*x.width)
	}
	x.start = i
	x.win = x.win[:x.window*x.width]
	k, err := x.f.ReadAt(x.win, int64(i)*int64(x.width))
	if err != nil && !errors.Is(err, io.EOF) {
		x.win = x.win[:0]
		return err
	}
	clear(x.win[k:])
	return nil
}

// Put writes e (its first width bytes) as entry i.
func (x *Fixed) Put(i int, e []byte) error {
	if i < 0 {
		return ErrCorrupt
	}
	if !x.inWindow(i) {
		if err := x.load(i); err != nil {
			return err
		}
	}
	copy(x.win[(i-x.start)*x.width:], e[:x.width])
	x.dirty = true
	x.n = max(x.n, i+1)
	return nil
}

// Get returns entry i, valid until the next call (nil past the end).
func (x *Fixed) Get(i int) ([]byte, error) {
	if i < 0 || i >= x.n {
		return nil, nil
	}
	if !x.inWindow(i) {
		if err := x.load(i); err != nil {
			return nil, err
		}
	}
	return x.win[(i-x.start)*x.width:][:x.width], nil
}

// Close closes and removes the file. A nil or closed Fixed has nothing
// to close.
func (x *Fixed) Close() error {
	if x == nil {
		return nil
	}
	return closeRemove(&x.f)
}
