package dedupe

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/spill"
)

// spool is the temporary file (a spill.File) that holds, per game that
// can join a cluster, a record of what Finish needs and the index does
// not keep in memory:
//
//	form byte (1: the standard placement, 0: the placement follows),
//	side byte, 90 piece bytes (form 0 only), uvarint plies, 2 bytes
//	per move (little endian), uvarint len(source), source, uvarint
//	index, uvarint len(id), id, 7 × (uvarint len, tag value)
//
// The position and moves come first, so that they are read back with
// one read of a size known from the form (the index's meta bits) and the
// number of plies (spill.File.Head). The standard placement, most games',
// is not written.
type spool struct {
	f   *spill.File
	tmp []byte
	// tags are the Game.Tags written (bit i: tag i); the others are
	// written empty.
	tags uint8
}

// The tags a spool writes: the players' names, which Finish compares,
// and all of them when it fills the kept copies' tags.
const (
	spoolNames   = 1<<tagRed | 1<<tagBlack
	spoolAllTags = 1<<len(TagNames) - 1
)

// errCorrupt means the temporary file did not read back as written.
var errCorrupt = fmt.Errorf("dedupe: %w", spill.ErrCorrupt)

// newSpool creates a spool in dir that writes the tags of the mask tags.
func newSpool(dir string, tags uint8) (*spool, error) {
	f, err := spill.Create(dir, "dedupe")
	if err != nil {
		return nil, fmt.Errorf("dedupe: %w", err)
	}
	return &spool{f: f, tags: tags}, nil
}

// write appends the record of g, whose placement is the standard one
// when std, and returns its offset.
func (s *spool) write(g *Game, std bool) (int64, error) {
	b := s.tmp[:0]
	if std {
		b = append(b, formStandard, byte(g.Start.Side))
	} else {
		b = append(b, formPlacement, byte(g.Start.Side))
		for _, p := range g.Start.Board {
			b = append(b, byte(p))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(g.Moves)))
	k := len(b)
	b = slices.Grow(b, 2*len(g.Moves))[:k+2*len(g.Moves)]
	for i, mv := range g.Moves {
		binary.LittleEndian.PutUint16(b[k+2*i:], uint16(mv))
	}
	b = spill.AppendString(b, g.Source)
	b = spill.AppendUvarint(b, g.Index)
	b = spill.AppendString(b, g.ID)
	for i, v := range g.Tags {
		if s.tags&(1<<i) == 0 {
			v = ""
		}
		b = spill.AppendString(b, v)
	}
	s.tmp = b
	off, err := s.f.Append(b)
	if err != nil {
		return 0, fmt.Errorf("dedupe: %w", err)
	}
	return off, nil
}

func (s *spool) flush() error {
	if err := s.f.Flush(); err != nil {
		return fmt.Errorf("dedupe: %w", err)
	}
	return nil
}

func (s *spool) close() error { return s.f.Close() }

// record is one game read back.
type record struct {
	ref  Ref
	tags [7]string
	head
}

// head is the start position and main line of a record.
type head struct {
	side  byte
	board [board.Squares]byte
	moves []board.Move
}

// sameStart reports whether a and b (b mirrored when mirror) have the
// same placement and side to move.
func sameStart(a, b *head, mirror bool) bool {
	if a.side != b.side {
		return false
	}
	if !mirror {
		return a.board == b.board
	}
	for sq := range a.board {
		if a.board[mirrorSquare[sq]] != b.board[sq] {
			return false
		}
	}
	return true
}

// hasPrefix reports whether short (mirrored when mirrored) is a prefix
// of long (equal included).
func hasPrefix(long, short []board.Move, mirrored bool) bool {
	if len(short) > len(long) {
		return false
	}
	if !mirrored {
		return slices.Equal(long[:len(short)], short)
	}
	for i, mv := range short {
		if long[i] != mirror(mv) {
			return false
		}
	}
	return true
}

// reader decodes records in increasing order of offset, some of them
// far apart: seek skips a gap wider than what is buffered without
// reading it, and the buffer (seqBuf) holds a few records, so that
// neighbours come with one read.
type reader struct{ r *spill.Reader }

func (s *spool) forward() *reader { return s.forwardFrom(0) }

// forwardFrom returns a forward reader from the record at off.
func (s *spool) forwardFrom(off int64) *reader { return &reader{s.f.Reader(off, seqBuf)} }

// seqBuf is the buffer of a forward reader.
const seqBuf = 16 << 10

// seek moves the reader forward to the record at off.
func (r *reader) seek(off int64) error { return corrupt(r.r.SkipTo(off)) }

// next decodes the next record into rec; the source and tags only when
// text is true.
func (r *reader) next(rec *record, text bool) error {
	b, err := r.r.Next()
	if err != nil {
		return corrupt(err)
	}
	return decodeRecord(b, rec, text)
}

// names decodes the Red and Black names of the next record; their bytes
// are valid until the next read.
func (r *reader) names() ([2][]byte, error) {
	b, err := r.r.Next()
	if err != nil {
		return [2][]byte{}, corrupt(err)
	}
	return decodeNames(b)
}

// decodeNames decodes the Red and Black names of the record b, as
// decodeRecord would decode them, without the other fields.
func decodeNames(b []byte) (names [2][]byte, err error) {
	k, _, err := placementEnd(b)
	if err != nil {
		return names, err
	}
	d := spill.NewDecoder(b[k:])
	n := d.Uvarint()
	if d.Failed() || n > 1<<20 {
		return names, errCorrupt
	}
	d.Bytes(2 * n)
	d.Bytes(d.Uvarint()) // source
	d.Uvarint()          // index
	d.Bytes(d.Uvarint()) // id
	for i := range TagNames {
		v := d.Bytes(d.Uvarint())
		if i == tagRed || i == tagBlack {
			names[i-tagRed] = v
		}
	}
	if d.Err() != nil {
		return [2][]byte{}, errCorrupt
	}
	return names, nil
}

// at reads the record at off into rec.
func (s *spool) at(off int64, rec *record, text bool) error {
	b, err := s.f.At(off)
	if err != nil {
		return corrupt(err)
	}
	return decodeRecord(b, rec, text)
}

// The forms of a record's start position.
const (
	formPlacement = 0 // the 90 points follow the side to move
	formStandard  = 1 // the standard placement, not written
)

// placementEnd returns where the start position of the record b ends
// (its number of plies begins), and whether its placement is the
// standard one.
func placementEnd(b []byte) (int, bool, error) {
	switch {
	case len(b) >= 2 && b[0] == formStandard:
		return 2, true, nil
	case len(b) >= 2+board.Squares && b[0] == formPlacement:
		return 2 + board.Squares, false, nil
	}
	return 0, false, errCorrupt
}

// decodeRecord decodes the record b into rec; the source and tags only
// when text is true.
func decodeRecord(b []byte, rec *record, text bool) error {
	k, std, err := placementEnd(b)
	if err != nil {
		return err
	}
	d := spill.NewDecoder(b[k:])
	n := d.Uvarint()
	if d.Failed() || n > 1<<20 || d.Rest() < 2*n {
		return errCorrupt
	}
	if err := decodeMoves(b[:headSize(uint32(n), std)], uint32(n), &rec.head); err != nil {
		return err
	}
	if !text {
		return nil
	}
	d.Bytes(2 * n)
	rec.ref.Source = d.String()
	rec.ref.Index = d.Uvarint()
	rec.ref.ID = d.String()
	for i := range rec.tags {
		rec.tags[i] = d.String()
	}
	if d.Err() != nil {
		return errCorrupt
	}
	return nil
}

// moves reads the start position and the n moves of the record at off,
// whose placement is the standard one when std, into h with one read.
func (s *spool) moves(off int64, n uint32, std bool, h *head) error {
	b, err := s.f.Head(off, headSize(n, std))
	if err != nil {
		return corrupt(err)
	}
	return decodeMoves(b, n, h)
}

// headSize is the size of the start position and n moves of a record,
// whose placement is the standard one when std.
func headSize(n uint32, std bool) int {
	var tmp [binary.MaxVarintLen64]byte
	size := 2 + binary.PutUvarint(tmp[:], uint64(n)) + 2*int(n)
	if !std {
		size += board.Squares
	}
	return size
}

// moves reads the start position and the n moves of the record at off,
// whose placement is the standard one when std, into h.
func (r *reader) moves(off int64, n uint32, std bool, h *head) error {
	if err := r.seek(off); err != nil {
		return err
	}
	b, err := r.r.Next()
	if err != nil {
		return corrupt(err)
	}
	if size := headSize(n, std); len(b) >= size {
		b = b[:size]
	}
	return decodeMoves(b, n, h)
}

// decodeMoves decodes the start position and n moves of b into h.
func decodeMoves(b []byte, n uint32, h *head) error {
	k, std, err := placementEnd(b)
	if err != nil || len(b) != headSize(n, std) {
		return errCorrupt
	}
	h.side = b[1]
	if std {
		h.board = startBoard
	} else {
		copy(h.board[:], b[2:2+board.Squares])
	}
	b = b[k:]
	m, k := binary.Uvarint(b)
	if k <= 0 || m != uint64(n) || len(b)-k != 2*int(n) { // an overlong number
		return errCorrupt
	}
	b = b[k:]
	if cap(h.moves) < int(n) {
		h.moves = make([]board.Move, n)
	}
	h.moves = h.moves[:n]
	for i := range h.moves {
		h.moves[i] = board.Move(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return nil
}

// corrupt returns errCorrupt for a record that does not read back, err
// wrapped for a failure of the file.
func corrupt(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, spill.ErrCorrupt), err == io.EOF, err == io.ErrUnexpectedEOF:
		return errCorrupt
	}
	return fmt.Errorf("dedupe: %w", err)
}
