package spill

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"
)

// TestFixed writes entries by Append and Put in a random order, through
// windows smaller than the file, then appends more between puts and
// reads, and reads them back in order and at
// random against a slice of the same entries; never-written entries read
// as zeros; Close removes the file.
func TestFixed(t *testing.T) {
	const width, n = 6, 5000
	for _, window := range []int{1, 7, 4096} {
		dir := t.TempDir()
		x, err := CreateFixed(dir, "test", width, window)
		if err != nil {
			t.Fatal(err)
		}
		want := make([][]byte, n)
		entry := func(i, v int) []byte { return bytes.Repeat([]byte{byte(i), byte(v)}, width/2) }
		for i := range n / 2 { // the first half appended
			want[i] = entry(i, 1)
			if err := x.Append(want[i]); err != nil {
				t.Fatal(err)
			}
		}
		r := rand.New(rand.NewPCG(1, uint64(window)))
		for range n { // then entries put anywhere, some twice, some never
			i := r.IntN(n)
			want[i] = entry(i, 2+r.IntN(200))
			if err := x.Put(i, want[i]); err != nil {
				t.Fatal(err)
			}
			if r.IntN(5) == 0 { // reads between the writes see them
				j := r.IntN(n)
				check(t, x, j, want)
			}
		}
		for range n / 4 { // then appended again, between puts and reads
			i := x.Len()
			if i == len(want) {
				want = append(want, nil)
			}
			want[i] = entry(i, 1)
			if err := x.Append(want[i]); err != nil {
				t.Fatal(err)
			}
			switch r.IntN(4) {
			case 0:
				j := r.IntN(len(want))
				want[j] = entry(j, 2+r.IntN(200))
				if err := x.Put(j, want[j]); err != nil {
					t.Fatal(err)
				}
			case 1:
				check(t, x, r.IntN(x.Len()), want)
			}
		}
		if x.Len() != lastWritten(want)+1 {
			t.Fatalf("window %d: Len %d, want %d", window, x.Len(), lastWritten(want)+1)
		}
		for i := range x.Len() {
			check(t, x, i, want)
		}
		if e, err := x.Get(x.Len()); e != nil || err != nil {
			t.Errorf("past the end: %v, %v", e, err)
		}
		if err := x.Close(); err != nil {
			t.Fatal(err)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("window %d: %d files left after Close", window, len(left))
		}
	}
}

func check(t *testing.T, x *Fixed, i int, want [][]byte) {
	t.Helper()
	w := want[i]
	if w == nil && i < x.Len() {
		w = make([]byte, x.width)
	}
	got, err := x.Get(i)
	if err != nil || !bytes.Equal(got, w) {
		t.Fatalf("entry %d: %v, %v; want %v", i, got, err, w)
	}
}

func lastWritten(want [][]byte) int {
	for i := len(want) - 1; i >= 0; i-- {
		if want[i] != nil {
			return i
		}
	}
	return -1
}
