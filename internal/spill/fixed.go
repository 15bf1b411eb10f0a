package spill

import (
	"errors"
	"io"
	"os"
)

// Fixed is a temporary file of fixed-width entries, numbered from 0:
// appended (Append, through a buffer) or written by number in any order
// (Put), and read back by number (Get) through a window of entries read
// at a time, so that reads that go mostly in order cost one read a
// window. Entries never written read as zeros. A Fixed is not safe for
// concurrent use. The zero Fixed is not usable: call CreateFixed.
type Fixed struct {
	f      *os.File
	width  int
	window int    // entries read at a time
	n      int    // entries: one past the highest written
	w      []byte // appended entries not yet written
	wStart int    // number of w's first entry
	win    []byte // entries start, start+1, … as read
	start  int
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
	if len(x.w) == 0 {
		x.wStart = x.n
	}
	x.w = append(x.w, e[:x.width]...)
	x.n++
	if len(x.w) >= writeBuf {
		return x.Flush()
	}
	return nil
}

// Flush writes the appended entries (Get and Put write them first too).
func (x *Fixed) Flush() error {
	if len(x.w) == 0 {
		return nil
	}
	_, err := x.f.WriteAt(x.w, int64(x.wStart)*int64(x.width))
	x.w = x.w[:0]
	return err
}

// Put writes e (its first width bytes) as entry i.
func (x *Fixed) Put(i int, e []byte) error {
	if err := x.Flush(); err != nil {
		return err
	}
	if _, err := x.f.WriteAt(e[:x.width], int64(i)*int64(x.width)); err != nil {
		return err
	}
	if i >= x.start && i < x.start+len(x.win)/x.width {
		copy(x.win[(i-x.start)*x.width:], e[:x.width])
	}
	x.n = max(x.n, i+1)
	return nil
}

// Get returns entry i, valid until the next call (nil past the end).
func (x *Fixed) Get(i int) ([]byte, error) {
	if i < 0 || i >= x.n {
		return nil, nil
	}
	if i < x.start || i >= x.start+len(x.win)/x.width {
		if err := x.Flush(); err != nil {
			return nil, err
		}
		if x.win == nil {
			x.win = make([]byte, x.window*x.width)
		}
		x.start = i
		x.win = x.win[:min(x.window, x.n-i)*x.width]
		if _, err := x.f.ReadAt(x.win, int64(i)*int64(x.width)); err != nil && !errors.Is(err, io.EOF) {
			x.win = x.win[:0]
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
