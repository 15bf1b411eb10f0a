package parquetw

import (
	"math/bits"
	"sync"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Recycler is the default Arrow allocator of the writers: it keeps freed
// buffers and hands them out again. The builders and the Parquet writer
// allocate and free the same buffers batch after batch and page after
// page; recycling them spares the garbage collector most of export's
// allocation. Buffers are kept by power-of-two size class, at most
// maxKeep bytes in all, and are zeroed when handed out, as Go's are
// (but to the vecs of this package, which need no zeroing: see dirty).
type Recycler struct {
	mu    sync.Mutex
	free  [maxClass + 1][][]byte
	bytes int // in free
}

const (
	minClass = 6  // 64 bytes
	maxClass = 26 // 64 MiB
	maxKeep  = 16 << 20
)

var _ memory.Allocator = (*Recycler)(nil)

// class returns the size class of n bytes: the smallest c with 1<<c ≥ n.
func class(n int) int {
	if n <= 1<<minClass {
		return minClass
	}
	return bits.Len(uint(n - 1))
}

func (a *Recycler) Allocate(size int) []byte {
	b, recycled := a.take(size)
	b = b[:size]
	if recycled {
		clear(b)
	}
	return b
}

// dirty returns a buffer of at least size bytes as it was left (a new one
// is zero), its length its capacity: for a vec, which writes every byte
// it reads, clearing a recycled buffer is work for nothing.
func (a *Recycler) dirty(size int) []byte {
	b, _ := a.take(size)
	return b
}

// take returns a kept buffer of size's class (recycled), else a new one,
// its length its capacity.
func (a *Recycler) take(size int) (b []byte, recycled bool) {
	c := class(size)
	if c > maxClass {
		return make([]byte, size), false
	}
	a.mu.Lock()
	if l := a.free[c]; len(l) > 0 {
		b := l[len(l)-1]
		l[len(l)-1] = nil
		a.free[c] = l[:len(l)-1]
		a.bytes -= cap(b)
		a.mu.Unlock()
		return b[:cap(b)], true
	}
	a.mu.Unlock()
	// A power-of-two size is aligned to min(size, page) by Go's allocator.
	return make([]byte, 1<<c), false
}

func (a *Recycler) Reallocate(size int, b []byte) []byte {
	if size <= cap(b) {
		if size > len(b) {
			clear(b[len(b):size])
		}
		return b[:size]
	}
	nb := a.Allocate(size)
	copy(nb, b)
	a.Free(b)
	return nb
}

func (a *Recycler) Free(b []byte) {
	c := cap(b)
	if c < 1<<minClass || c&(c-1) != 0 || c > 1<<maxClass {
		return // not one of ours
	}
	k := bits.TrailingZeros(uint(c))
	a.mu.Lock()
	if a.bytes+c <= maxKeep {
		a.free[k] = append(a.free[k], b[:0])
		a.bytes += c
	}
	a.mu.Unlock()
}
