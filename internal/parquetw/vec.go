package parquetw

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The batch columns of a Table and the indices of its dictionary
// columns are Go slices over Arrow buffers rather than Arrow builders.
//
// A builder's Append checks its capacity, grows its validity bitmap and
// counts through several calls a value; with a value a row of every
// column, that was an eighth of export's work. A vec appends to a slice
// that views its buffer's memory: the common case is a store. When its
// batch ends, the buffer is handed over to the Arrow array as it is (the
// array releases it into the allocator, which recycles it) and the vec
// starts on a new one.

// vec is a growable slice of T whose memory belongs to an Arrow buffer
// from mem.
type vec[T any] struct {
	mem memory.Allocator
	buf *memory.Buffer // nil before the first value
	s   []T            // views buf's memory; cap(s) is buf's capacity
}

// grow makes room for at least n more values.
func (v *vec[T]) grow(n int) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	want := max(2*cap(v.s), len(v.s)+n, 64/size)
	var b []byte
	if r, ok := v.mem.(*Recycler); ok {
		// A buffer as it was left: the values are copied and every byte
		// after them is written before it is read.
		b = r.dirty(want * size)
		if v.buf != nil {
			copy(b, v.buf.Buf()[:len(v.s)*size])
			v.buf.Release()
		}
		v.buf = memory.NewBufferWithAllocator(b, r)
	} else {
		if v.buf == nil {
			v.buf = memory.NewResizableBuffer(v.mem)
		}
		v.buf.Reserve(want * size) // keeps the values (mem.Reallocate)
		b = v.buf.Buf()
	}
	v.s = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/size)[:len(v.s)]
}

// reserve makes room for n more values.
func (v *vec[T]) reserve(n int) {
	if cap(v.s)-len(v.s) < n {
		v.grow(n)
	}
}

// add appends x.
func (v *vec[T]) add(x T) {
	if len(v.s) == cap(v.s) {
		v.grow(1)
	}
	v.s = append(v.s, x) // within capacity: no allocation
}

// take returns the values as a buffer (nil if there are none and empty
// is false; else at least a buffer of one value, some of Arrow's readers
// Index the buffer of an empty array) and starts a new one with room for
// as many.
func (v *vec[T]) take(empty bool) *memory.Buffer {
	n := len(v.s)
	if v.buf == nil {
		if !empty {
			return nil
		}
		v.grow(1)
	}
	var zero T
	b := v.buf
	b.ResizeNoShrink(n * int(unsafe.Sizeof(zero)))
	v.buf, v.s = nil, nil
	if n > 0 {
		v.grow(n)
	}
	return b
}

// free releases the buffer.
func (v *vec[T]) free() {
	if v.buf != nil {
		v.buf.Release()
		v.buf, v.s = nil, nil
	}
}

// validity is the validity bitmap of a column: nil while every row is
// valid, which is the common case and costs nothing a row.
type validity struct {
	bits  vec[byte]
	nulls int
}

// valid marks row i (the row just appended) valid.
func (v *validity) valid(i int) {
	if v.nulls > 0 {
		v.set(i)
	}
}

// null marks row i (the row just appended) null.
func (v *validity) null(i int) {
	if v.nulls == 0 {
		// Every row before i was valid.
		for range i >> 3 {
			v.bits.add(0xff)
		}
		v.bits.add(byte(1)<<(i&7) - 1)
	}
	v.nulls++
	for len(v.bits.s) <= i>>3 {
		v.bits.add(0)
	}
}

func (v *validity) set(i int) {
	for len(v.bits.s) <= i>>3 {
		v.bits.add(0)
	}
	v.bits.s[i>>3] |= 1 << (i & 7)
}

// take returns the bitmap (nil without nulls) and the null count, and
// starts afresh.
func (v *validity) take() (*memory.Buffer, int) {
	n := v.nulls
	v.nulls = 0
	if n == 0 {
		v.bits.free()
		return nil, 0
	}
	b := v.bits.buf
	b.ResizeNoShrink(len(v.bits.s))
	v.bits.buf, v.bits.s = nil, nil
	return b, n
}

// makeArray returns the array of type t over the buffers (taken: the
// array holds them).
func makeArray(t arrow.DataType, n, nulls int, bufs ...*memory.Buffer) arrow.Array {
	d := array.NewData(t, n, bufs, nil, nulls, 0)
	for _, b := range bufs {
		if b != nil {
			b.Release() // NewData retained it
		}
	}
	defer d.Release()
	return array.MakeFromData(d)
}

// batchColumn is a column built batch by batch (see Table).
type batchColumn interface {
	// array returns the batch as an array and starts the next batch, with
	// room for as many rows.
	array() arrow.Array
	free()
}

// NumColumn is a column of fixed-width numbers (int8, int32, date32, …).
type NumColumn[T int8 | int16 | int32 | uint64 | arrow.Date32] struct {
	typ   arrow.DataType
	vals  vec[T]
	valid validity
}

// Append appends a row of value x.
func (c *NumColumn[T]) Append(x T) {
	c.vals.add(x)
	c.valid.valid(len(c.vals.s) - 1)
}

// AppendNull appends a null row.
func (c *NumColumn[T]) AppendNull() {
	c.vals.add(0)
	c.valid.null(len(c.vals.s) - 1)
}

func (c *NumColumn[T]) array() arrow.Array {
	n := len(c.vals.s)
	bits, nulls := c.valid.take()
	return makeArray(c.typ, n, nulls, bits, c.vals.take(true))
}

func (c *NumColumn[T]) free() { c.vals.free(); c.valid.bits.free() }

// The number columns of the tables.
type (
	Int8Column   = NumColumn[int8]
	Int32Column  = NumColumn[int32]
	Date32Column = NumColumn[arrow.Date32]
)

// BoolColumn is a column of booleans (never null).
type BoolColumn struct {
	bits vec[byte]
	n    int
}

// Append appends a row of value x.
func (c *BoolColumn) Append(x bool) {
	if c.n&7 == 0 {
		c.bits.add(0)
	}
	if x {
		c.bits.s[c.n>>3] |= 1 << (c.n & 7)
	}
	c.n++
}

func (c *BoolColumn) array() arrow.Array {
	n := c.n
	c.n = 0
	return makeArray(arrow.FixedWidthTypes.Boolean, n, 0, nil, c.bits.take(true))
}

func (c *BoolColumn) free() { c.bits.free() }

// StringColumn is a column of strings.
type StringColumn struct {
	offsets vec[int32] // one more than the rows: the first is 0
	data    vec[byte]
	valid   validity
}

// Append appends a row of value s.
func (c *StringColumn) Append(s string) {
	c.data.reserve(len(s))
	c.data.s = append(c.data.s, s...)
	c.end()
}

// AppendNull appends a null row.
func (c *StringColumn) AppendNull() {
	c.end()
	c.valid.null(len(c.offsets.s) - 2)
}

// Bytes returns the column's bytes with room for n more: a writer that
// formats a value in place appends it to them and hands the result to
// EndBytes (no copy, no allocation within the room).
func (c *StringColumn) Bytes(n int) []byte {
	c.data.reserve(n)
	return c.data.s
}

// EndBytes ends a row whose value b holds after what Bytes returned.
func (c *StringColumn) EndBytes(b []byte) {
	c.data.s = b
	c.end()
}

// end ends the row of the bytes appended since the last end.
func (c *StringColumn) end() {
	if len(c.offsets.s) == 0 {
		c.offsets.add(0)
	}
	c.offsets.add(int32(len(c.data.s)))
	c.valid.valid(len(c.offsets.s) - 2)
}

func (c *StringColumn) array() arrow.Array {
	if len(c.offsets.s) == 0 {
		c.offsets.add(0)
	}
	n := len(c.offsets.s) - 1
	bits, nulls := c.valid.take()
	offsets := c.offsets.take(true)
	return makeArray(arrow.BinaryTypes.String, n, nulls, bits, offsets, c.data.take(true))
}

func (c *StringColumn) free() { c.offsets.free(); c.data.free(); c.valid.bits.free() }
