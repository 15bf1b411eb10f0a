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
// back once, in the same order: how a sink holds what it wrote of each
// game during the pass until the verdicts of duplicate detection let it
// finish (Sink.Finish). It keeps memory flat whatever the size of the
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

// Close removes the spool's file.
func (s *Spool) Close() error {
	err := s.f.Close()
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}
