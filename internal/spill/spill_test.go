package spill

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// records returns n records of lengths growing past the buffers (a
// record of 70,000 bytes is longer than a reader's buffer).
func records(n int) [][]byte {
	var recs [][]byte
	for i := range n {
		size := (i * 37) % 300
		if i%50 == 7 {
			size = 70_000 + i
		}
		recs = append(recs, bytes.Repeat([]byte{byte(i)}, size))
	}
	return recs
}

func write(t *testing.T, recs [][]byte) (*File, []int64) {
	t.Helper()
	f, err := Create(t.TempDir(), "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	var offs []int64
	for _, r := range recs {
		off, err := f.Append(r)
		if err != nil {
			t.Fatal(err)
		}
		offs = append(offs, off)
	}
	if f.Len() != len(recs) {
		t.Fatalf("Len %d, appended %d", f.Len(), len(recs))
	}
	if err := f.Flush(); err != nil {
		t.Fatal(err)
	}
	return f, offs
}

func TestForward(t *testing.T) {
	recs := records(200)
	f, _ := write(t, recs)
	for _, size := range []int{16, 1 << 10, 1 << 16} {
		r := f.Reader(0, size)
		for i, want := range recs {
			got, err := r.Next()
			if err != nil {
				t.Fatalf("buffer %d, record %d: %v", size, i, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("buffer %d, record %d: %d bytes, want %d", size, i, len(got), len(want))
			}
		}
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("buffer %d: after the last record: %v, want io.EOF", size, err)
		}
	}
}

func TestSkipToAtHead(t *testing.T) {
	recs := records(200)
	f, offs := write(t, recs)
	for _, step := range []int{1, 3, 40} {
		r := f.Reader(0, 1<<10)
		for i := 0; i < len(recs); i += step {
			if err := r.SkipTo(offs[i]); err != nil {
				t.Fatal(err)
			}
			got, err := r.Next()
			if err != nil || !bytes.Equal(got, recs[i]) {
				t.Fatalf("step %d, record %d: %d bytes, %v", step, i, len(got), err)
			}
		}
		if err := r.SkipTo(0); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("seek backward: %v, want ErrCorrupt", err)
		}
	}
	for i := len(recs) - 1; i >= 0; i-- {
		got, err := f.At(offs[i])
		if err != nil || !bytes.Equal(got, recs[i]) {
			t.Fatalf("At record %d: %d bytes, %v", i, len(got), err)
		}
		n := len(recs[i]) / 2
		got, err = f.Head(offs[i], n)
		if err != nil || !bytes.Equal(got, recs[i][:n]) {
			t.Fatalf("Head record %d: %d bytes, %v", i, len(got), err)
		}
		if _, err := f.Head(offs[i], len(recs[i])+1); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("Head past record %d: %v, want ErrCorrupt", i, err)
		}
	}
	for _, off := range []int64{-1, offs[len(offs)-1] + int64(len(recs[len(recs)-1])) + 3} {
		if _, err := f.At(off); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("At(%d): %v, want ErrCorrupt", off, err)
		}
	}
}

func TestKeepOpenClose(t *testing.T) {
	recs := records(60)
	dir := t.TempDir()
	f, err := Create(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if _, err := f.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	path, err := f.Keep()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range recs {
		if got, err := r.Next(); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("record %d: %d bytes, %v", i, len(got), err)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last record: %v, want io.EOF", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	os.Remove(path)

	g, err := Create(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	g.Append([]byte("x"))
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	var nilFile *File
	if err := nilFile.Close(); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) > 0 {
		t.Fatalf("files left: %v", left)
	}
}

func TestDecoder(t *testing.T) {
	b := AppendString(AppendUvarint(nil, 1<<40), "名字")
	b = append(AppendUvarint(b, 7), 1, 2)
	d := NewDecoder(b)
	if v, s, n, raw := d.Uvarint(), d.String(), d.Uvarint(), d.Bytes(2); v != 1<<40 || s != "名字" || n != 7 || !bytes.Equal(raw, []byte{1, 2}) || d.Err() != nil {
		t.Fatalf("read %d %q %d %v, %v", v, s, n, raw, d.Err())
	}
	for _, c := range []struct {
		name string
		rec  []byte
		read func(*Decoder)
	}{
		{"over 2^40", AppendUvarint(nil, 1<<40+1), func(d *Decoder) { d.Uvarint() }},
		{"short string", AppendString(nil, "abc")[:3], func(d *Decoder) { _ = d.String() }},
		{"cut uvarint", []byte{0x80}, func(d *Decoder) { d.Uint64() }},
		{"left over", []byte{1, 2}, func(d *Decoder) { d.Uvarint() }},
	} {
		d := NewDecoder(c.rec)
		c.read(d)
		if !errors.Is(d.Err(), ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", c.name, d.Err())
		}
	}
}

// FuzzReader reads arbitrary bytes as a spill file, forward and at
// offsets: damage is ErrCorrupt, never a panic.
func FuzzReader(f *testing.F) {
	var seed []byte
	for _, r := range records(9) {
		seed = append(AppendUvarint(seed, len(r)), r...)
	}
	f.Add(seed, int64(0))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f}, int64(0))
	f.Fuzz(func(t *testing.T, data []byte, off int64) {
		dir := t.TempDir()
		name := filepath.Join(dir, "run")
		if err := os.WriteFile(name, data, 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		for range 1000 {
			if _, err := r.Next(); err != nil {
				if err != io.EOF && !errors.Is(err, ErrCorrupt) {
					t.Fatalf("error %v is not ErrCorrupt", err)
				}
				break
			}
		}
		sf, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer sf.Close()
		file := &File{f: sf, size: int64(len(data))}
		for _, n := range []int{-1, 0, 5} {
			var err error
			if n < 0 {
				_, err = file.At(off)
			} else {
				_, err = file.Head(off, n)
			}
			if err != nil && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("at %d: error %v is not ErrCorrupt", off, err)
			}
		}
	})
}

func ExampleFile() {
	f, err := Create("", "example")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	var offs []int64
	for i, name := range []string{"red", "black"} {
		off, _ := f.Append(AppendString(AppendUvarint(nil, i), name))
		offs = append(offs, off)
	}
	f.Flush()
	r := f.Reader(0, 1<<10)
	for {
		rec, err := r.Next()
		if err != nil {
			break
		}
		d := NewDecoder(rec)
		fmt.Println(d.Uvarint(), d.String())
	}
	rec, _ := f.At(offs[1])
	fmt.Println(NewDecoder(rec).Uvarint())
	// Output:
	// 0 red
	// 1 black
	// 1
}

// FuzzStringDecoder reads arbitrary bytes with a Decoder and a
// StringDecoder, the same fields in the same order (ops: 's' a string,
// 'u' a uvarint, else a number of any size): they read the same values
// and fail alike.
func FuzzStringDecoder(f *testing.F) {
	rec := AppendString(AppendUvarint(AppendString(nil, "名字"), 1<<40), "")
	f.Add(rec, []byte("sus"))
	f.Add(AppendUvarint(nil, 1<<40+1), []byte("u"))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, []byte("n"))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, []byte("n"))
	f.Add([]byte{0x80}, []byte("s"))
	f.Fuzz(func(t *testing.T, rec, ops []byte) {
		d, sd := NewDecoder(rec), NewStringDecoder(rec)
		for i, op := range ops {
			switch op {
			case 's':
				if a, b := d.String(), sd.String(); a != b {
					t.Fatalf("op %d: string %q, StringDecoder %q", i, a, b)
				}
			case 'u':
				if a, b := d.Uvarint(), sd.Uvarint(); a != b {
					t.Fatalf("op %d: uvarint %d, StringDecoder %d", i, a, b)
				}
			default:
				if a, b := d.Uint64(), sd.Uint64(); a != b {
					t.Fatalf("op %d: number %d, StringDecoder %d", i, a, b)
				}
			}
		}
		if a, b := d.Err(), sd.Err(); a != b {
			t.Fatalf("errors %v, StringDecoder %v", a, b)
		}
	})
}
