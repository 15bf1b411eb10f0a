//go:build !unix

package dedupe

// allocChunk returns n zeroed values on the heap.
func allocChunk[T uint16 | uint32 | uint64 | int64](n int) []T { return make([]T, n) }

// freeChunk leaves the chunk to the garbage collector.
func freeChunk[T uint16 | uint32 | uint64 | int64](c []T) {}
