package parquetw

import "testing"

func TestRecycler(t *testing.T) {
	var a Recycler
	b := a.Allocate(100)
	if len(b) != 100 || cap(b) != 128 {
		t.Fatalf("Allocate(100): len %d cap %d", len(b), cap(b))
	}
	for i := range b {
		b[i] = 0xff
	}
	a.Free(b)
	c := a.Allocate(70)
	if &c[:1][0] != &b[:1][0] {
		t.Error("freed buffer not reused")
	}
	for i, v := range c {
		if v != 0 {
			t.Fatalf("reused buffer not zeroed at %d", i)
		}
	}
	c[69] = 1
	c = a.Reallocate(120, c)
	if len(c) != 120 || c[69] != 1 || c[100] != 0 {
		t.Errorf("Reallocate in place: len %d, c[69] %d, c[100] %d", len(c), c[69], c[100])
	}
	d := a.Reallocate(1000, c)
	if len(d) != 1000 || d[69] != 1 {
		t.Errorf("Reallocate grown: len %d, d[69] %d", len(d), d[69])
	}
	a.Free(make([]byte, 100)) // not one of its own: ignored
	if a.bytes != 128 {
		t.Errorf("kept %d bytes, want 128", a.bytes)
	}
}

// TestVecDirty: a vec over a Recycler takes recycled buffers without
// clearing them (dirty), keeps its values when it grows, and hands its
// buffers back; Allocate still zeroes what it recycles.
func TestVecDirty(t *testing.T) {
	var a Recycler
	junk := a.Allocate(1 << 12)
	for i := range junk {
		junk[i] = 0xff
	}
	a.Free(junk)
	if b := a.dirty(1000); cap(b) != 1<<10 || len(b) != cap(b) {
		t.Fatalf("dirty(1000): len %d cap %d", len(b), cap(b))
	} else {
		a.Free(b)
	}
	v := vec[int32]{mem: &a}
	var want []int32
	for i := range int32(5000) {
		v.add(i * 3)
		want = append(want, i*3)
	}
	for i, x := range v.s {
		if x != want[i] {
			t.Fatalf("value %d = %d, want %d", i, x, want[i])
		}
	}
	buf := v.take(true)
	if got := buf.Len(); got != 5000*4 {
		t.Errorf("taken buffer of %d bytes, want %d", got, 5000*4)
	}
	buf.Release()
	v.free()
	if z := a.Allocate(1 << 12); z[0] != 0 || z[len(z)-1] != 0 {
		t.Error("Allocate handed out a recycled buffer not zeroed")
	}
}
