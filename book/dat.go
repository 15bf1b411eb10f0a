package book

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"github.com/xqtool/xqtool/board"
)

// DATRecordSize is the size of a BOOK.DAT record: a uint32 Zobrist lock,
// a uint16 move and a uint16 value, little-endian.
const DATRecordSize = 8

// Record is one record of an ElephantEye BOOK.DAT.
type Record struct {
	Lock  uint32 // lock1 of ElephantEye's Zobrist key of the position
	Move  uint16 // from-square (16×16 board) in the low byte, to-square in the high
	Value uint16
}

// DAT is an ElephantEye opening book (BOOK.DAT) in memory: its records,
// sorted by lock.
type DAT struct {
	recs []Record
}

// ReadDAT reads a whole BOOK.DAT. A file whose size is not a multiple of
// 8, whose records are not sorted by lock, or with a move off the board
// gives a *FormatError wrapping ErrDAT.
func ReadDAT(r io.Reader) (*DAT, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return ParseDAT(b)
}

// ParseDAT parses the bytes of a BOOK.DAT, as ReadDAT.
func ParseDAT(b []byte) (*DAT, error) {
	if n := len(b) % DATRecordSize; n != 0 {
		return nil, &FormatError{Err: ErrDAT, Record: len(b) / DATRecordSize, Offset: int64(len(b) - n),
			Msg: fmt.Sprintf("%d bytes, not a whole number of %d-byte records (truncated?)", len(b), DATRecordSize)}
	}
	d := &DAT{recs: make([]Record, len(b)/DATRecordSize)}
	for i := range d.recs {
		o := i * DATRecordSize
		r := Record{
			Lock:  binary.LittleEndian.Uint32(b[o:]),
			Move:  binary.LittleEndian.Uint16(b[o+4:]),
			Value: binary.LittleEndian.Uint16(b[o+6:]),
		}
		if i > 0 && r.Lock < d.recs[i-1].Lock {
			return nil, &FormatError{Err: ErrDAT, Record: i, Offset: int64(o),
				Msg: fmt.Sprintf("lock %08x below the previous record's %08x: records not sorted", r.Lock, d.recs[i-1].Lock)}
		}
		if _, ok := eleeyeBoardMove(r.Move); !ok {
			return nil, &FormatError{Err: ErrDAT, Record: i, Offset: int64(o + 4),
				Msg: fmt.Sprintf("move %04x is not a move on the board", r.Move)}
		}
		d.recs[i] = r
	}
	return d, nil
}

// Len returns the number of records.
func (d *DAT) Len() int { return len(d.recs) }

// Record returns record i.
func (d *DAT) Record(i int) Record { return d.recs[i] }

// find returns the records of a lock: [lo, hi).
func (d *DAT) find(lock uint32) (lo, hi int) {
	lo, _ = slices.BinarySearchFunc(d.recs, lock, func(r Record, l uint32) int { return cmp.Compare(r.Lock, l) })
	hi = lo
	for hi < len(d.recs) && d.recs[hi].Lock == lock {
		hi++
	}
	return lo, hi
}

// Lookup returns the book moves of p as ElephantEye finds them: the
// records of p's lock or, when there are none, those of its mirror's,
// with the moves mirrored back; highest value first (record order on a
// tie). A record whose move is not legal in p is returned with Legal
// false (ElephantEye skips it).
func (d *DAT) Lookup(p board.Position) ([]Move, error) {
	lo, hi := d.find(EleeyeLock(&p))
	mirrored := false
	if lo == hi {
		mp, err := p.Mirror()
		if err != nil {
			return nil, err
		}
		lo, hi = d.find(EleeyeLock(&mp))
		mirrored = true
	}
	var out []Move
	for i := lo; i < hi; i++ {
		r := d.recs[i]
		m, _ := eleeyeBoardMove(r.Move) // checked by ParseDAT
		if mirrored {
			m = m.Mirror()
		}
		out = append(out, Move{Move: m, Value: int(r.Value), Record: i, Mirrored: mirrored, Legal: p.IsLegal(m)})
	}
	slices.SortStableFunc(out, func(a, b Move) int { return cmp.Compare(b.Value, a.Value) })
	return out, nil
}

// DATValue is the value this package writes for a move into a BOOK.DAT:
// ElephantEye's weight (Entry.Weight: 3 a won game, 1 a draw, −1 a lost
// one, at least 0) divided by 4 as its book builder stores it, at most
// 65535. Unlike ElephantEye's builder it keeps the moves of value 0 (the
// book has every move of the tree; ElephantEye never picks them).
func DATValue(e Entry) uint16 {
	return uint16(min(e.Weight()/4, 65535))
}

// WriteDAT writes entries as a BOOK.DAT: a record per entry, with the
// lock of its position, its move and DATValue, sorted by lock, then
// move.
func WriteDAT(w io.Writer, entries []Entry) error {
	recs := make([]Record, 0, len(entries))
	for _, e := range entries {
		if !e.Move.Valid() {
			return fmt.Errorf("book: write BOOK.DAT: %s: invalid move %v", e.Position.FEN(), e.Move)
		}
		recs = append(recs, Record{Lock: EleeyeLock(&e.Position), Move: eleeyeMove(e.Move), Value: DATValue(e)})
	}
	slices.SortFunc(recs, func(a, b Record) int {
		return cmp.Or(cmp.Compare(a.Lock, b.Lock), cmp.Compare(a.Move, b.Move))
	})
	return WriteRecords(w, recs)
}

// WriteRecords writes records as a BOOK.DAT, in their order (ElephantEye
// needs them sorted by lock).
func WriteRecords(w io.Writer, recs []Record) error {
	var buf bytes.Buffer
	buf.Grow(len(recs) * DATRecordSize)
	for _, r := range recs {
		buf.Write(binary.LittleEndian.AppendUint32(nil, r.Lock))
		buf.Write(binary.LittleEndian.AppendUint16(nil, r.Move))
		buf.Write(binary.LittleEndian.AppendUint16(nil, r.Value))
	}
	_, err := w.Write(buf.Bytes())
	return err
}
