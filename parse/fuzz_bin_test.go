package parse

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// binFuzzSeeds adds up to max real files with the given extensions to f.
func binFuzzSeeds(f *testing.F, max int, exts ...string) {
	if _, err := os.Stat(binTestRecords); err != nil {
		return // no shared data: inline seeds only
	}
	var files []string
	filepath.WalkDir(binTestRecords, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		for _, e := range exts {
			if strings.EqualFold(filepath.Ext(p), e) {
				files = append(files, p)
			}
		}
		return nil
	})
	// Prefer the reader test files (broken ones included), then a spread
	// of the rest.
	added := 0
	for pass := 0; pass < 2; pass++ {
		for i, p := range files {
			test := strings.Contains(p, "tests"+string(filepath.Separator)+"data")
			if (pass == 0) != test || (pass == 1 && i%17 != 0) || added >= max {
				continue
			}
			data, err := os.ReadFile(p)
			if err != nil || len(data) > 64<<10 {
				continue
			}
			f.Add(data)
			added++
		}
	}
}

// binCheckAlloc fails when reading data allocated far more than its size.
func binCheckAlloc(t *testing.T, data []byte, read func()) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	read()
	runtime.ReadMemStats(&after)
	// The limit is loose: TotalAlloc also counts what the fuzzing engine
	// allocates meanwhile. It catches allocations sized by a declared
	// length instead of by the input.
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(1000*len(data)+16<<20); got > limit {
		t.Fatalf("reading %d bytes allocated %d bytes", len(data), got)
	}
}

// binRoundTrip writes rec as XQF, reads it back and compares.
func binRoundTrip(t *testing.T, rec *Record, tags bool) {
	var buf bytes.Buffer
	if err := WriteXQF(&buf, rec); err != nil {
		return // not representable in XQF (e.g. too many pieces of a kind)
	}
	back, err := readXQFBytes(buf.Bytes(), "back")
	if err != nil {
		if rec.Format == FormatXQF {
			t.Fatalf("reading back: %v", err)
		}
		return // e.g. a CBR board without kings
	}
	if !tags || !xqfTagsFit(rec.Tags) {
		back.Tags, back.Result = rec.Tags, rec.Result
	}
	if rec.Format != FormatXQF {
		// Other formats keep the FEN as written and may declare a side
		// that the first move contradicts: compare placements only.
		fen := rec.FEN
		if fen == "" {
			fen = binStartPlacement
		}
		if a, b := strings.Fields(fen)[0], strings.Fields(back.FEN)[0]; a != b {
			t.Fatalf("round trip: placement %q, read back %q", a, b)
		}
		back.FEN = rec.FEN
	}
	binCompareRecords(t, "round trip", rec, back)
}

func FuzzXQFReader(f *testing.F) {
	root := []byte{0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0}
	f.Add(xqfTestFile())
	f.Add(xqfTestFile(root...))
	f.Add(xqfTestFile(append(root, 72+0x18, 42+0x20, 0x0F, 0, 1, 0, 0, 0, 'x', 79+0x18, 67+0x20, 0, 0, 0, 0, 0, 0)...))
	f.Add([]byte("XQ\x12"))
	f.Add(xqfTestFile()[:700])                                                        // cut in the header's reserved bytes
	f.Add(xqfTestFile(append(root, 72+0x18, 42+0x20, 0, 0, 9, 0, 0, 0, 'a', 'b')...)) // cut inside a comment
	binFuzzSeeds(f, 40, ".xqf")
	f.Fuzz(func(t *testing.T, data []byte) {
		var rec *Record
		var err error
		binCheckAlloc(t, data, func() { rec, err = readXQFBytes(data, "f.xqf") })
		if rec == nil {
			t.Fatalf("nil record: %v", err)
		}
		if err == nil {
			binRoundTrip(t, rec, !rec.Replaced)
		}
	})
}

func FuzzCBRReader(f *testing.F) {
	f.Add(cbrTestRecord(0, 0, 0, 0, 0, 0, 70, 67, 1, 0, 7, 24))
	f.Add(cbrTestRecord(6, 0, 0, 0, 4, 0, 0, 0, 'a', 0, 'b', 0))
	f.Add([]byte("CCBridge\x15\x00\x00\x00\x03\x00\x00\x00\x10\x00\x00\x00\x78\xda"))
	lib := make([]byte, 1024)
	copy(lib, cbrMagicLibrary)
	f.Add(append(lib, cbrTestRecord(0, 0, 0, 0, 0, 0, 70, 67, 3, 0, 64, 67, 1, 0, 7, 24)...))
	binFuzzSeeds(f, 10, ".cbr")
	cblzFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		// A compressed library holds at most one game per cblzMinGame
		// bytes of a payload at most cblzMaxRatio times the file.
		most := len(data)/16 + 1
		if bytes.HasPrefix(data, []byte(cbrMagicPacked)) {
			most = len(data)*cblzMaxRatio/cblzMinGame + 2
		}
		binCheckAlloc(t, data, func() {
			r := NewCBRReader(bytes.NewReader(data), int64(len(data)), "f.cbl")
			for n := 0; ; n++ {
				rec, err := r.Next()
				if err != nil && rec == nil {
					return
				}
				if n > most {
					t.Fatalf("%d games from %d bytes", n, len(data))
				}
				if err == nil && len(rec.Problems) == 0 {
					binRoundTrip(t, rec, false)
				}
			}
		})
	})
}

func FuzzCBFReader(f *testing.F) {
	f.Add([]byte(cbfSample))
	f.Add([]byte(`<ChineseChessRecord><MoveList><Move value="00-00"/><Move value="77-47" end="1"/></MoveList></ChineseChessRecord>`))
	binFuzzSeeds(f, 4, ".cbf")
	f.Fuzz(func(t *testing.T, data []byte) {
		var rec *Record
		var err error
		binCheckAlloc(t, data, func() { rec, err = NewCBFReader(bytes.NewReader(data), "f.cbf").Next() })
		if rec == nil {
			t.Fatalf("nil record: %v", err)
		}
		if err == nil && len(rec.Problems) == 0 {
			binRoundTrip(t, rec, false)
		}
	})
}

// xqfTagsFit reports whether every tag WriteXQF stores fits its header
// field when encoded. Text read from a full field may not: GBK byte 0x80
// decodes to U+20AC, which GB18030 encodes in two bytes.
func xqfTagsFit(tags Tags) bool {
	for _, f := range xqfWriteStrings {
		if v := tags.Value(f.tag); len(binEncodeGB(v, 1<<20)) > f.size-1 {
			return false
		}
	}
	return true
}
