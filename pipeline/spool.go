package pipeline

import (
	"errors"
	"fmt"
	"io"

	"github.com/xqtool/xqtool/internal/spill"
)

// Spool is a temporary file of byte records (a spill.File) written in
// order and read back in the same order: what Held keeps a sink's
// records of the games in until the verdicts let it finish
// (Sink.Finish). It keeps memory flat whatever the size of the input. The
// zero Spool is not usable: call NewSpool; Close removes the file.
type Spool struct {
	f *spill.File
	r *spill.Reader
}

// ErrSpool means a spool did not read back as written.
var ErrSpool = spill.ErrCorrupt

// spoolRead is the read buffer of a Spool.
const spoolRead = 1 << 16

// NewSpool creates a spool in dir ("" for the system's temporary
// directory).
func NewSpool(dir string) (*Spool, error) {
	f, err := spill.Create(dir, "spool")
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	return &Spool{f: f}, nil
}

// Append writes one record.
func (s *Spool) Append(b []byte) error {
	if s.r != nil {
		return errors.New("pipeline: spool appended after Rewind")
	}
	_, err := s.f.Append(b)
	return err
}

// Len is the number of records appended.
func (s *Spool) Len() int { return s.f.Len() }

// Rewind ends writing; Next then reads the records from the first.
func (s *Spool) Rewind() error {
	if err := s.f.Flush(); err != nil {
		return err
	}
	s.r = s.f.Reader(0, spoolRead)
	return nil
}

// Next returns the next record; its bytes are valid until the next
// call. At the end it returns io.EOF.
func (s *Spool) Next() ([]byte, error) {
	if s.r == nil {
		return nil, errors.New("pipeline: spool read before Rewind")
	}
	return s.r.Next()
}

// Each rewinds the spool and calls fn with every record in order (its
// bytes valid during the call), until fn returns an error.
func (s *Spool) Each(fn func(rec []byte) error) error {
	if err := s.Rewind(); err != nil {
		return err
	}
	for {
		b, err := s.r.Next()
		if err != nil {
			if err == io.EOF {
				return nil
			}
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
	if s == nil {
		return nil
	}
	return s.f.Close()
}

// AppendUvarint appends v to a record being encoded (spill.AppendUvarint).
func AppendUvarint(b []byte, v int) []byte { return spill.AppendUvarint(b, v) }

// AppendString appends s to a record being encoded (spill.AppendString).
func AppendString(b []byte, s string) []byte { return spill.AppendString(b, s) }

// Decoder reads back the fields of a record (spill.Decoder).
type Decoder = spill.Decoder

// NewDecoder returns a decoder of rec.
func NewDecoder(rec []byte) *Decoder { return spill.NewDecoder(rec) }
