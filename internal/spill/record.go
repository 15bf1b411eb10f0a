package spill

import "encoding/binary"

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

// Uint64 reads a number of any size.
func (d *Decoder) Uint64() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = ErrCorrupt
		return 0
	}
	d.b = d.b[n:]
	return v
}

// Uvarint reads a number of at most 2⁴⁰.
func (d *Decoder) Uvarint() int {
	v := d.Uint64()
	if v > 1<<40 {
		d.err = ErrCorrupt
		return 0
	}
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
		d.err = ErrCorrupt
		return nil
	}
	b := d.b[:n]
	d.b = d.b[n:]
	return b
}

// Failed reports whether a field was malformed.
func (d *Decoder) Failed() bool { return d.err != nil }

// Rest is the number of bytes not read yet.
func (d *Decoder) Rest() int { return len(d.b) }

// Err returns ErrCorrupt when a field was malformed or, once the record
// is read, when bytes are left over.
func (d *Decoder) Err() error {
	if d.err == nil && len(d.b) > 0 {
		return ErrCorrupt
	}
	return d.err
}

// StringDecoder reads back the fields of a record as Decoder does, from
// the record copied once into a string: every string it returns is a
// piece of that one (one allocation a record, not one a field; each
// piece keeps the whole record in memory).
type StringDecoder struct {
	s   string
	err error
}

// NewStringDecoder returns a decoder of rec, copied.
func NewStringDecoder(rec []byte) *StringDecoder { return &StringDecoder{s: string(rec)} }

// Uint64 reads a number of any size.
func (d *StringDecoder) Uint64() uint64 {
	if d.err != nil {
		return 0
	}
	var v uint64
	for i := 0; i < len(d.s) && i < binary.MaxVarintLen64; i++ {
		c := d.s[i]
		if i == binary.MaxVarintLen64-1 && c > 1 {
			break
		}
		v |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			d.s = d.s[i+1:]
			return v
		}
	}
	d.err = ErrCorrupt
	return 0
}

// Uvarint reads a number of at most 2⁴⁰.
func (d *StringDecoder) Uvarint() int {
	v := d.Uint64()
	if v > 1<<40 {
		d.err = ErrCorrupt
		return 0
	}
	return int(v)
}

// String reads a string.
func (d *StringDecoder) String() string {
	n := d.Uvarint()
	if d.err != nil {
		return ""
	}
	if n > len(d.s) {
		d.err = ErrCorrupt
		return ""
	}
	v := d.s[:n]
	d.s = d.s[n:]
	return v
}

// Err returns ErrCorrupt when a field was malformed or, once the record
// is read, when bytes are left over.
func (d *StringDecoder) Err() error {
	if d.err == nil && len(d.s) > 0 {
		return ErrCorrupt
	}
	return d.err
}
