//go:build !unix

package dedupe

// allocChunk returns n zeroed values on the heap.
func allocChunk[T plain](n int) []T { return make([]T, n) }

// freeChunk leaves the chunk to the garbage collector.
func freeChunk[T plain](c []T) {}
