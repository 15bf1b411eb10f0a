package book

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// FuzzParseDAT: any bytes give a book or an ErrDAT, never a panic; a
// book read writes back as the same bytes and answers lookups.
func FuzzParseDAT(f *testing.F) {
	if b, err := os.ReadFile(shareddata.Path("formats", "eleeye-BOOK.DAT")); err == nil {
		f.Add(b[:4096])
	}
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 0x33, 0x34, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := ParseDAT(b)
		if err != nil {
			if !errors.Is(err, ErrDAT) {
				t.Fatalf("error %v does not wrap ErrDAT", err)
			}
			return
		}
		recs := make([]Record, d.Len())
		for i := range recs {
			recs[i] = d.Record(i)
		}
		var buf bytes.Buffer
		if err := WriteRecords(&buf, recs); err != nil || !bytes.Equal(buf.Bytes(), b) {
			t.Fatalf("write back: %v, equal %v", err, bytes.Equal(buf.Bytes(), b))
		}
		if _, err := WalkFrom(d, board.StartPosition(), 100); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzOpenSQLBook: any file gives a book or an ErrOBK, never a panic.
func FuzzOpenSQLBook(f *testing.F) {
	dir := f.TempDir()
	good := filepath.Join(dir, "seed.obk")
	if err := WriteOBK(good, smallEntries(f)); err != nil {
		f.Fatal(err)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add(raw[:100])
	f.Add([]byte("SQLite format 3\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(t.TempDir(), "f.obk")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := readWholeSQLBook(p); err != nil && !errors.Is(err, ErrOBK) {
			t.Fatalf("%v does not wrap ErrOBK", err)
		}
	})
}
