//go:build unix

package dedupe

import (
	"syscall"
	"unsafe"
)

// allocChunk maps n zeroed values outside the Go heap (anonymous
// memory), falling back to the heap when the mapping fails. T holds no
// pointer, so the garbage collector need not see the chunk.
func allocChunk[T plain](n int) []T {
	var zero T
	size := n * int(unsafe.Sizeof(zero))
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]T, n)
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

// freeChunk unmaps a chunk of allocChunk (a heap chunk is left to the
// garbage collector: Munmap refuses memory it did not map).
func freeChunk[T plain](c []T) {
	var zero T
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(c))), len(c)*int(unsafe.Sizeof(zero)))
	_ = syscall.Munmap(b)
}
