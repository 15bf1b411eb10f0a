package pipeline

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// Spool is a temporary file of byte records written in order and read
// back once, in the same order: what Held keeps a sink's records of the
// games in until the verdicts let it finish (Sink.Finish). It keeps memory flat whatever the size of the
// input. The zero Spool is not usable: call NewSpool; Close removes the
// file.
type Spool struct {
	f   *os.File
	w   *bufio.Writer
	r   *bufio.Reader
	n   int
	buf []byte
	len [binary.MaxVarintLen64]byte
}

// ErrSpool means a spool did not read back as written.
var ErrSpool = errors.New("pipeline: temporary file corrupt")

// NewSpool creates a spool in dir ("" for the system's temporary
// directory).
func NewSpool(dir string) (*Spool, error) {
	f, err := os.CreateTemp(dir, "xqtool-spool-*")
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	return &Spool{f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

// Append writes one record.
func (s *Spool) Append(b []byte) error {
	if s.w == nil {
		return errors.New("pipeline: spool appended after Rewind")
	}
	n := binary.PutUvarint(s.len[:], uint64(len(b)))
	if _, err := s.w.Write(s.len[:n]); err != nil {
		return err
	}
	_, err := s.w.Write(b)
	s.n++
	return err
}

// Len is the number of records appended.
func (s *Spool) Len() int { return s.n }

// Rewind ends writing; Next then reads the records from the first.
func (s *Spool) Rewind() error {
	if s.w != nil {
		if err := s.w.Flush(); err != nil {
			return err
		}
		s.w = nil
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	s.r = bufio.NewReaderSize(s.f, 1<<16)
	return nil
}

// Next returns the next record; its bytes are valid until the next
// call. At the end it returns io.EOF.
func (s *Spool) Next() ([]byte, error) {
	if s.r == nil {
		return nil, errors.New("pipeline: spool read before Rewind")
	}
	n, err := binary.ReadUvarint(s.r)
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil || n > 1<<30 {
		return nil, ErrSpool
	}
	if uint64(cap(s.buf)) < n {
		s.buf = make([]byte, n)
	}
	s.buf = s.buf[:n]
	if _, err := io.ReadFull(s.r, s.buf); err != nil {
		return nil, ErrSpool
	}
	return s.buf, nil
}

// Each rewinds the spool and calls fn with every record in order (its
// bytes valid during the call), until fn returns an error.
func (s *Spool) Each(fn func(rec []byte) error) error {
	if err := s.Rewind(); err != nil {
		return err
	}
	for {
		b, err := s.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(b); err != nil {
			return err
		}
	}
}

// Close removes the spool's file. A nil or closed Spool has nothing to
// close.
func (s *Spool) Close() error {
	if s == nil || s.f == nil {
		return nil
	}
	defer func() { s.f = nil }()
	err := s.f.Close()
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}

// AppendUvarint appends v to a record being encoded.
func AppendUvarint(b []byte, v int) []byte { return binary.AppendUvarint(b, uint64(v)) }

// AppendString appends s (its length, then its bytes) to a record being
// encoded.
func AppendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// Decoder reads back the fields of a record encoded with AppendUvarint,
// AppendString and plain bytes, in order. The first malformed field sets
// Err; every read after it returns a zero value.
type Decoder struct {
	b   []byte
	err error
}

// NewDecoder returns a decoder of rec.
func NewDecoder(rec []byte) *Decoder { return &Decoder{b: rec} }

// Uvarint reads a number.
func (d *Decoder) Uvarint() int {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 || v > 1<<40 {
		d.err = ErrSpool
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

// String reads a string.
func (d *Decoder) String() string { return string(d.Bytes(d.Uvarint())) }

// Bytes reads n bytes (valid as long as the record).
func (d *Decoder) Bytes(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.b) {
		d.err = ErrSpool
		return nil
	}
	b := d.b[:n]
	d.b = d.b[n:]
	return b
}

// Failed reports whether a field was malformed.
func (d *Decoder) Failed() bool { return d.err != nil }

// Err returns ErrSpool when a field was malformed or, once the record is
// read, when bytes are left over.
func (d *Decoder) Err() error {
	if d.err == nil && len(d.b) > 0 {
		return ErrSpool
	}
	return d.err
}
