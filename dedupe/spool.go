package dedupe

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/xqtool/xqtool/board"
)

// spool is the temporary file that holds, per game that can join a
// cluster, what Finish needs and the index does not keep in memory:
//
//	side byte, 90 piece bytes, uvarint plies, 2 bytes per move (little
//	endian), uvarint len(source), source, uvarint index,
//	uvarint len(id), id, 7 × (uvarint len, tag value)
//
// The position and moves come first, so that they are read back with
// one read of a size known from the number of plies.
type spool struct {
	f    *os.File
	w    *bufio.Writer
	pos  int64
	tmp  []byte
	rbuf []byte // moves read back
	sbuf []byte // a string read back, before its copy
	// sec and br are at's reader, kept from one record to the next.
	sec io.SectionReader
	br  *bufio.Reader
}

// errCorrupt means the temporary file did not read back as written.
var errCorrupt = errors.New("dedupe: temporary file corrupt")

func newSpool(dir string) (*spool, error) {
	f, err := os.CreateTemp(dir, "xqtool-dedupe-*")
	if err != nil {
		return nil, fmt.Errorf("dedupe: %w", err)
	}
	return &spool{f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

func (s *spool) write(g *Game) (int64, error) {
	b := s.tmp[:0]
	b = append(b, byte(g.Start.Side))
	for _, p := range g.Start.Board {
		b = append(b, byte(p))
	}
	b = binary.AppendUvarint(b, uint64(len(g.Moves)))
	for _, mv := range g.Moves {
		b = binary.LittleEndian.AppendUint16(b, uint16(mv))
	}
	b = binary.AppendUvarint(b, uint64(len(g.Source)))
	b = append(b, g.Source...)
	b = binary.AppendUvarint(b, uint64(g.Index))
	b = binary.AppendUvarint(b, uint64(len(g.ID)))
	b = append(b, g.ID...)
	for _, v := range g.Tags {
		b = binary.AppendUvarint(b, uint64(len(v)))
		b = append(b, v...)
	}
	s.tmp = b
	off := s.pos
	if _, err := s.w.Write(b); err != nil {
		return 0, fmt.Errorf("dedupe: %w", err)
	}
	s.pos += int64(len(b))
	return off, nil
}

func (s *spool) flush() error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("dedupe: %w", err)
	}
	return nil
}

func (s *spool) close() error {
	err := s.f.Close()
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}

// record is one game read back.
type record struct {
	ref   Ref
	tags  [7]string
	side  byte
	board [board.Squares]byte
	moves []board.Move
}

// sameStart reports whether a and b (b mirrored when mirror) have the
// same placement and side to move.
func sameStart(a, b *record, mirror bool) bool {
	if a.side != b.side {
		return false
	}
	if !mirror {
		return a.board == b.board
	}
	for sq := range a.board {
		if a.board[board.Square(sq).Mirror()] != b.board[sq] {
			return false
		}
	}
	return true
}

// hasPrefix reports whether short (mirrored when mirror) is a prefix of
// long (equal included).
func hasPrefix(long, short []board.Move, mirror bool) bool {
	if len(short) > len(long) {
		return false
	}
	for i, mv := range short {
		if mirror {
			mv = mv.Mirror()
		}
		if long[i] != mv {
			return false
		}
	}
	return true
}

// reader decodes records, forward or at an offset.
type reader struct {
	s    *spool
	br   *bufio.Reader
	pos  int64 // offset of the next byte
	jump bool  // seek past the buffer by starting a new read (forward)
}

// ReadByte and Read count the bytes read.
func (r *reader) ReadByte() (byte, error) {
	c, err := r.br.ReadByte()
	if err == nil {
		r.pos++
	}
	return c, err
}

func (r *reader) Read(p []byte) (int, error) {
	n, err := r.br.Read(p)
	r.pos += int64(n)
	return n, err
}

func (r *reader) discard(n int) error {
	d, err := r.br.Discard(n)
	r.pos += int64(d)
	return err
}

// forward returns a reader for records read in increasing order of
// offset, some of them far apart: seek skips a gap wider than what is
// buffered without reading it, and the buffer (seqBuf) holds a few
// records, so that neighbours come with one read.
func (s *spool) forward() *reader {
	return &reader{s: s, br: bufio.NewReaderSize(io.NewSectionReader(s.f, 0, s.pos), seqBuf), jump: true}
}

// seqBuf is the buffer of a forward reader.
const seqBuf = 16 << 10

// at reads the record at off into rec. Its buffer is reused: a record
// (start, moves, source, tags) most often fits in one read of atBuf bytes.
func (s *spool) at(off int64, rec *record, text bool) error {
	s.sec = *io.NewSectionReader(s.f, off, s.pos-off)
	if s.br == nil {
		s.br = bufio.NewReaderSize(&s.sec, atBuf)
	} else {
		s.br.Reset(&s.sec)
	}
	r := reader{s: s, br: s.br, pos: off}
	return r.next(rec, text)
}

// atBuf is the read size of at.
const atBuf = 1024

// next decodes the next record into rec; the source and tags only when
// text is true (else the reader stops after the moves: seek skips the
// rest).
func (r *reader) next(rec *record, text bool) error {
	str := func() (string, error) {
		n, err := binary.ReadUvarint(r)
		if err != nil {
			return "", err
		}
		if n > 1<<24 {
			return "", errCorrupt
		}
		if !text {
			return "", r.discard(int(n))
		}
		if n == 0 {
			return "", nil
		}
		// Read into the reader's buffer, then one copy: the string.
		if cap(r.s.sbuf) < int(n) {
			r.s.sbuf = make([]byte, n)
		}
		b := r.s.sbuf[:n]
		_, err = io.ReadFull(r, b)
		return string(b), err
	}
	var err error
	if rec.side, err = r.ReadByte(); err != nil {
		return corrupt(err)
	}
	if _, err := io.ReadFull(r, rec.board[:]); err != nil {
		return corrupt(err)
	}
	n, err := binary.ReadUvarint(r)
	if err != nil || n > 1<<20 {
		return corrupt(err)
	}
	rec.moves = rec.moves[:0]
	var two [2]byte
	for range n {
		if _, err := io.ReadFull(r, two[:]); err != nil {
			return corrupt(err)
		}
		rec.moves = append(rec.moves, board.Move(binary.LittleEndian.Uint16(two[:])))
	}
	if !text {
		return nil
	}
	if rec.ref.Source, err = str(); err != nil {
		return corrupt(err)
	}
	idx, err := binary.ReadUvarint(r)
	if err != nil {
		return corrupt(err)
	}
	rec.ref.Index = int(idx)
	if rec.ref.ID, err = str(); err != nil {
		return corrupt(err)
	}
	for i := range rec.tags {
		if rec.tags[i], err = str(); err != nil {
			return corrupt(err)
		}
	}
	return nil
}

// moves reads the start position and the n moves of the record at off
// into rec with one read.
func (s *spool) moves(off int64, n uint32, rec *record) error {
	size := movesSize(n)
	if cap(s.rbuf) < size {
		s.rbuf = make([]byte, size)
	}
	b := s.rbuf[:size]
	if _, err := s.f.ReadAt(b, off); err != nil {
		return corrupt(err)
	}
	return decodeMoves(b, n, rec)
}

// movesSize is the size of the start position and n moves of a record.
func movesSize(n uint32) int {
	var tmp [binary.MaxVarintLen64]byte
	return 1 + board.Squares + binary.PutUvarint(tmp[:], uint64(n)) + 2*int(n)
}

// moves reads the start position and the n moves of the record at off
// into rec (buf holds them as read).
func (r *reader) moves(off int64, n uint32, rec *record, buf *[]byte) error {
	if err := r.seek(off); err != nil {
		return err
	}
	size := movesSize(n)
	if cap(*buf) < size {
		*buf = make([]byte, size)
	}
	b := (*buf)[:size]
	if _, err := io.ReadFull(r, b); err != nil {
		return corrupt(err)
	}
	return decodeMoves(b, n, rec)
}

// decodeMoves decodes the start position and n moves of b into rec.
func decodeMoves(b []byte, n uint32, rec *record) error {
	rec.side = b[0]
	copy(rec.board[:], b[1:1+board.Squares])
	b = b[1+board.Squares:]
	m, k := binary.Uvarint(b)
	if k <= 0 || m != uint64(n) {
		return errCorrupt
	}
	b = b[k:]
	rec.moves = rec.moves[:0]
	for i := range int(n) {
		rec.moves = append(rec.moves, board.Move(binary.LittleEndian.Uint16(b[2*i:])))
	}
	return nil
}

func corrupt(err error) error {
	if err == nil || err == io.EOF || err == io.ErrUnexpectedEOF {
		return errCorrupt
	}
	return fmt.Errorf("dedupe: %w", err)
}
