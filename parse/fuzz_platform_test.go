package parse

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// platformFuzzSeeds adds the shared sample files with the given extensions
// (case-insensitive) and the inline seeds to f.
func platformFuzzSeeds(f *testing.F, inline []string, exts ...string) {
	for _, s := range inline {
		f.Add([]byte(s))
	}
	dir := shareddata.Path("formats")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		for _, ext := range exts {
			if bytes.EqualFold([]byte(filepath.Ext(e.Name())), []byte(ext)) {
				if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
					f.Add(data)
				}
			}
		}
	}
}

// fuzzPlatform reads data as format fm to the end and checks the reader's
// contract: no panic, a record with every game error, positioned errors,
// an end, bounded allocation.
func fuzzPlatform(t *testing.T, fm Format, data []byte) {
	binCheckAlloc(t, data, func() {
		rd, err := NewReader(fm, bytes.NewReader(data), int64(len(data)), "fuzz")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			if i > len(data)+2 {
				t.Fatal("reader does not end")
			}
			rec, err := rd.Next()
			if err == io.EOF {
				return
			}
			var pe *Error
			if err != nil && !errors.As(err, &pe) {
				t.Fatalf("unpositioned error %v", err)
			}
			if rec == nil {
				t.Fatalf("nil record with %v", err)
			}
			for _, p := range rec.Problems {
				if p.Err == nil {
					t.Fatal("problem without its error")
				}
			}
			_ = rec.MainLine()
		}
	})
}

func FuzzMXQ(f *testing.F) {
	platformFuzzSeeds(f, []string{"\x02ab\x00\x00\x00\x00\x00\x00\x00\x00\x00\x05Moves\x057C-4C\x04Ends", ""}, ".mxq")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPlatform(t, FormatMXQ, data) })
}

func FuzzCHE(f *testing.F) {
	platformFuzzSeeds(f, []string{"1 1 21 32 1 0 1 2 2 0 1 0", "1 99999999 1", "x"}, ".che")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPlatform(t, FormatCHE, data) })
}

func FuzzCCM(f *testing.F) {
	platformFuzzSeeds(f, []string{"\x01\x00\x12\x00\x00\x00\x00\x00\x01\x00\x00\x00\x0f\x01\x06\x07\x07\x03\x07\x00\x00", "\x00\x00\x00\x07\x04\x07\x07"}, ".ccm")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPlatform(t, FormatCCM, data) })
}

func FuzzCHN(f *testing.F) {
	platformFuzzSeeds(f, []string{"GL\xd0\x07\xd4\x07\x01\x00Tue Dec 27 20:57:56 2016\n"}, ".chn", ".xqi")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPlatform(t, FormatCHN, data) })
}

func FuzzPFC(f *testing.F) {
	platformFuzzSeeds(f, []string{`<n m="4k4/9/9/9/9/9/9/9/9/4K4 w"><n m="e0e1" c="x"/><n m="e0d0"/></n>`, `<n><n m="zz"`}, ".pfc")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPlatform(t, FormatPFC, data) })
}

func FuzzXGF(f *testing.F) {
	platformFuzzSeeds(f, []string{"\x06\x0b\x01\x01a\x02\x00\x03\x00\x04\x00\x05\x00\x06\x00\x07\x00\x08\x00\x09\x00\x00\x00\x00"}, ".xgf")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzPlatform(t, FormatXGF, data) })
}

func FuzzFENList(f *testing.F) {
	platformFuzzSeeds(f, []string{"[FEN_INDEX \"1\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n\n", "4k4/9/9/9/9/9/9/9/9/4K4 w\n[FEN]"}, ".fen", ".xfen")
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzPlatform(t, FormatFEN, data)
		fuzzPlatform(t, FormatXFEN, data)
	})
}
