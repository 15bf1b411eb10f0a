// Package spill is the temporary record file of the module: what a
// sink, the duplicate finder or the tree builder spills to disk to keep
// its memory flat whatever the size of the input. A file holds records
// of bytes, each framed by its length (a uvarint); the user encodes its
// own fields in a record (AppendUvarint, AppendString, Decoder). A File
// is written through a buffer and read back forward (Reader, which may
// skip ahead) or one record at an offset (At, Head); Close removes it.
// A Fixed holds entries of one width, read back by number through a
// window.
package spill

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrCorrupt means a temporary file did not read back as written.
var ErrCorrupt = errors.New("temporary file corrupt")

// maxRecord bounds a record's length.
const maxRecord = 1 << 30

// writeBuf is the write buffer of a File.
const writeBuf = 1 << 16

// File is a temporary file of records being written, and read back once
// flushed. The zero File is not usable: call Create.
type File struct {
	f    *os.File
	w    *bufio.Writer
	size int64 // bytes appended
	n    int   // records appended
	len  [binary.MaxVarintLen64]byte
	buf  []byte // At and Head's record
}

// Create creates a temporary file in dir ("" for the system's temporary
// directory), named after kind.
func Create(dir, kind string) (*File, error) {
	f, err := os.CreateTemp(dir, "xqtool-"+kind+"-*")
	if err != nil {
		return nil, err
	}
	return &File{f: f, w: bufio.NewWriterSize(f, writeBuf)}, nil
}

// Append writes the record rec and returns its offset.
func (f *File) Append(rec []byte) (int64, error) {
	off := f.size
	k := binary.PutUvarint(f.len[:], uint64(len(rec)))
	if _, err := f.w.Write(f.len[:k]); err != nil {
		return 0, err
	}
	if _, err := f.w.Write(rec); err != nil {
		return 0, err
	}
	f.size += int64(k + len(rec))
	f.n++
	return off, nil
}

// Len is the number of records appended.
func (f *File) Len() int { return f.n }

// Flush writes the buffered records to the file: what is read back is
// what was appended before the last Flush.
func (f *File) Flush() error { return f.w.Flush() }

// Keep flushes and closes the file, leaving it on disk, and returns its
// path: Open reads it back, os.Remove removes it.
func (f *File) Keep() (string, error) {
	err := f.w.Flush()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	name := f.f.Name()
	f.f = nil
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// Close closes and removes the file. A nil or closed File has nothing to
// close.
func (f *File) Close() error {
	if f == nil {
		return nil
	}
	return closeRemove(&f.f)
}

// closeRemove closes and removes the temporary file *f, once: *f is nil
// after it, and a nil *f has nothing to close.
func closeRemove(f **os.File) error {
	if *f == nil {
		return nil
	}
	name := (*f).Name()
	err := (*f).Close()
	*f = nil
	if rerr := os.Remove(name); err == nil {
		err = rerr
	}
	return err
}

// Reader returns a reader of the records flushed, from the one at off
// (0 for the first), through a buffer of size bytes.
func (f *File) Reader(off int64, size int) *Reader {
	r := &Reader{src: f.f, end: f.size, pos: off}
	r.br = bufio.NewReaderSize(io.NewSectionReader(f.f, off, f.size-off), size)
	return r
}

// At returns the record at off, read with one read when it is short; its
// bytes are valid until the next At or Head.
func (f *File) At(off int64) ([]byte, error) {
	const first = 1024 // one read holds most records
	return f.read(off, first, -1)
}

// Head returns the first n bytes of the record at off with one read; its
// bytes are valid until the next At or Head.
func (f *File) Head(off int64, n int) ([]byte, error) {
	return f.read(off, n+binary.MaxVarintLen64, n)
}

// read reads the record at off, first trying size bytes: the whole
// record (head < 0) or its first head bytes.
func (f *File) read(off int64, size, head int) ([]byte, error) {
	if off < 0 || off >= f.size {
		return nil, ErrCorrupt
	}
	size = int(min(int64(size), f.size-off))
	b, err := f.readAt(0, size, off)
	if err != nil {
		return nil, err
	}
	l, k := binary.Uvarint(b)
	if k <= 0 || l > maxRecord || int64(k)+int64(l) > f.size-off {
		return nil, ErrCorrupt
	}
	end := k + int(l)
	if head >= 0 {
		if head > int(l) {
			return nil, ErrCorrupt
		}
		end = k + head
	}
	if end > size {
		if b, err = f.readAt(size, end, off+int64(size)); err != nil {
			return nil, err
		}
	}
	return b[k:end], nil
}

// readAt reads bytes [from, to) of f.buf from the file at off and
// returns f.buf[:to].
func (f *File) readAt(from, to int, off int64) ([]byte, error) {
	if cap(f.buf) < to {
		nb := make([]byte, to)
		copy(nb, f.buf[:from])
		f.buf = nb
	}
	f.buf = f.buf[:to]
	if _, err := f.f.ReadAt(f.buf[from:to], off); err != nil && !(err == io.EOF && off+int64(to-from) <= f.size) {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return f.buf, nil
}

// Reader reads records forward. Its records' bytes are valid until the
// next call.
type Reader struct {
	src  io.ReaderAt
	own  *os.File // the file Open opened
	end  int64
	br   *bufio.Reader
	pos  int64 // offset of the next byte
	buf  []byte
	name string
}

// Open reads back the records of a file kept (File.Keep).
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &Reader{src: f, own: f, end: st.Size(), br: bufio.NewReaderSize(f, writeBuf), name: path}, nil
}

// Next returns the next record; at the end it returns io.EOF.
func (r *Reader) Next() ([]byte, error) {
	l, err := binary.ReadUvarint(r.br)
	if err != nil {
		if err == io.EOF && r.pos == r.end {
			return nil, io.EOF
		}
		return nil, r.corrupt(err)
	}
	k := uvarintLen(l)
	if l > maxRecord || r.pos+int64(k)+int64(l) > r.end {
		return nil, r.corrupt(nil)
	}
	n := int(l)
	r.pos += int64(k + n)
	if n <= r.br.Size() {
		b, err := r.br.Peek(n)
		if err != nil {
			return nil, r.corrupt(err)
		}
		r.br.Discard(n)
		return b, nil
	}
	if cap(r.buf) < n {
		r.buf = make([]byte, n)
	}
	b := r.buf[:n]
	if _, err := io.ReadFull(r.br, b); err != nil {
		return nil, r.corrupt(err)
	}
	return b, nil
}

// SkipTo moves the reader forward to the record at off: a gap wider than
// what is buffered is skipped without reading it.
func (r *Reader) SkipTo(off int64) error {
	switch {
	case off < r.pos || off > r.end:
		return r.corrupt(fmt.Errorf("seek to %d from %d", off, r.pos))
	case off-r.pos > int64(r.br.Buffered()):
		r.br.Reset(io.NewSectionReader(r.src, off, r.end-off))
	default:
		r.br.Discard(int(off - r.pos))
	}
	r.pos = off
	return nil
}

// Close closes the file Open opened (a reader of a File has nothing to
// close).
func (r *Reader) Close() error {
	if r.own == nil {
		return nil
	}
	err := r.own.Close()
	r.own = nil
	return err
}

func (r *Reader) corrupt(err error) error {
	var e error = ErrCorrupt
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		e = fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if r.name != "" {
		return fmt.Errorf("%s: %w", r.name, e)
	}
	return e
}

func uvarintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}
