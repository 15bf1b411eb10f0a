package corpus

import (
	"bytes"
	"io"
	"math/rand"
	"testing"
)

// TestWindowReaderAt checks windowReaderAt against the file it wraps on
// random reads: in the window, across its end, past the end of the file,
// and larger than the window.
func TestWindowReaderAt(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	data := make([]byte, 3*windowSize+123)
	rng.Read(data)
	want := bytes.NewReader(data)
	w := &windowReaderAt{r: bytes.NewReader(data)}
	off := int64(0)
	for i := 0; i < 5000; i++ {
		switch rng.Intn(4) {
		case 0: // jump anywhere, sometimes past the end
			off = rng.Int63n(int64(len(data)) + 100)
		default: // mostly forward, as a library is read
			off += rng.Int63n(5000)
		}
		n := rng.Intn(4096)
		if rng.Intn(200) == 0 {
			n = windowSize + rng.Intn(1000)
		}
		got, exp := make([]byte, n), make([]byte, n)
		gn, gerr := w.ReadAt(got, off)
		en, eerr := want.ReadAt(exp, off)
		if gn != en || !bytes.Equal(got[:gn], exp[:en]) || (gerr == nil) != (eerr == nil) {
			t.Fatalf("ReadAt(%d bytes, %d) = %d, %v; want %d, %v", n, off, gn, gerr, en, eerr)
		}
		if gerr != nil && eerr == io.EOF && gerr != io.EOF {
			t.Fatalf("ReadAt(%d bytes, %d): error %v, want io.EOF", n, off, gerr)
		}
		if off > int64(len(data)) {
			off = 0
		}
	}
}
