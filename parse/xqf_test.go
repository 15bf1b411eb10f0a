package parse

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// binTestRecords is the shared real-data directory, relative to the
// package directory.
var binTestRecords = shareddata.Path("records")

// binExpected is one line of expected.jsonl.
type binExpected struct {
	File      string         `json:"file"`
	Index     int            `json:"index"`
	Format    string         `json:"format"`
	Headers   map[string]any `json:"headers"`
	InitFEN   *string        `json:"init_fen"`
	MovesICCS []string       `json:"moves_iccs"`
	Result    *string        `json:"result"`
	Error     *struct {
		Ply    int    `json:"ply"`
		Kind   string `json:"kind"`
		Detail string `json:"detail"`
	} `json:"error"`
}

// binLoadExpected returns the expected games of the given formats, or
// skips the test when the shared test data is absent.
func binLoadExpected(t testing.TB, formats ...string) []binExpected {
	t.Helper()
	var out []binExpected
	for _, e := range shareddata.Expected[binExpected](t, shareddata.Dir(t, "records")) {
		if slices.Contains(formats, e.Format) {
			out = append(out, e)
		}
	}
	return out
}

// binRealFiles returns the real files with one of the extensions
// (case-insensitive), or skips when the shared data is absent.
func binRealFiles(t testing.TB, exts ...string) []string {
	t.Helper()
	if _, err := os.Stat(binTestRecords); err != nil {
		t.Skipf("shared test data not available (%v); skipping real-data test", err)
	}
	var files []string
	err := filepath.WalkDir(binTestRecords, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		for _, e := range exts {
			if strings.EqualFold(filepath.Ext(p), e) {
				files = append(files, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// binMainLine returns the main line as lowercase ICCS strings.
func binMainLine(rec *Record) []string {
	var s []string
	for _, n := range rec.MainLine() {
		s = append(s, n.Move.String())
	}
	return s
}

// binFENPrefix returns the placement and side fields of a FEN.
func binFENPrefix(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 2 {
		f = f[:2]
	}
	return strings.Join(f, " ")
}

// binTreeString renders a move tree with comments, for comparisons.
func binTreeString(rec *Record) string {
	var b strings.Builder
	fmt.Fprintf(&b, "{%s}", rec.Root.Comment)
	type item struct {
		n     *Node
		depth int
	}
	var stack []item
	for i := len(rec.Root.Children) - 1; i >= 0; i-- {
		stack = append(stack, item{rec.Root.Children[i], 1})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		fmt.Fprintf(&b, "\n%d %s {%s}", it.depth, it.n.Move, it.n.Comment)
		for i := len(it.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{it.n.Children[i], it.depth + 1})
		}
	}
	return b.String()
}

func readXQFBytes(data []byte, name string) (*Record, error) {
	return NewXQFReader(bytes.NewReader(data), int64(len(data)), name).Next()
}

// readXQFFile reads the XQF file at path (failing tb when it cannot be
// read) and parses it: readXQFBytes of its bytes.
func readXQFFile(tb testing.TB, path string) (*Record, error) {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return readXQFBytes(data, path)
}

// xqfKnownDisagreements lists the files where xqtool and expected.jsonl
// differ, with the reason found by looking at the bytes.
var xqfKnownDisagreements = map[string]string{}

func TestXQFRealFiles(t *testing.T) {
	exp := binLoadExpected(t, "xqf")
	versions := map[int]int{}
	var errorCases []string
	for _, e := range exp {
		data, err := os.ReadFile(filepath.Join(binTestRecords, e.File))
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		versions[int(data[2])]++
		rec, err := readXQFBytes(data, e.File)
		if reason, ok := xqfKnownDisagreements[e.File]; ok {
			t.Logf("%s: known disagreement: %s", e.File, reason)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		got := binMainLine(rec)
		want := e.MovesICCS
		if e.Error != nil {
			errorCases = append(errorCases, fmt.Sprintf("%s: %s at ply %d", e.File, e.Error.Kind, e.Error.Ply))
			if len(got) > len(want) {
				got = got[:len(want)]
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: main line\n got %v\nwant %v", e.File, got, want)
		}
		if e.InitFEN != nil && binFENPrefix(rec.FEN) != *e.InitFEN {
			t.Errorf("%s: FEN %q, want %q", e.File, rec.FEN, *e.InitFEN)
		}
		if e.Result != nil && rec.Result != *e.Result {
			t.Errorf("%s: result %q, want %q", e.File, rec.Result, *e.Result)
		}
		for key, tag := range map[string]string{"title": "Title", "red_player": "Red", "black_player": "Black", "event": "Event"} {
			w, ok := e.Headers[key].(string)
			if !ok {
				continue
			}
			if g := rec.Tags.Value(tag); g != strings.TrimSpace(w) {
				t.Errorf("%s: tag %s = %q, want %q", e.File, tag, g, w)
			}
		}
	}
	t.Logf("%d XQF games; versions %v", len(exp), versions)
	for _, v := range []int{10, 12, 13, 16, 18} {
		if versions[v] == 0 {
			t.Errorf("no real file of XQF version %d", v)
		}
	}
	for _, c := range errorCases {
		t.Logf("legality error in expected.jsonl (compared up to it): %s", c)
	}
}

func TestXQFRoundTripRealFiles(t *testing.T) {
	files := binRealFiles(t, ".xqf")
	n := 0
	for _, f := range files {
		rec, err := readXQFFile(t, f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		var buf bytes.Buffer
		if err := WriteXQF(&buf, rec); err != nil {
			t.Errorf("%s: WriteXQF: %v", f, err)
			continue
		}
		back, err := readXQFBytes(buf.Bytes(), "back")
		if err != nil {
			t.Errorf("%s: reading back: %v", f, err)
			continue
		}
		binCompareRecords(t, f, rec, back)
		n++
	}
	t.Logf("%d real XQF files written and read back", n)
}

// binCompareRecords reports differences between a record and the same
// record written as XQF and read back.
func binCompareRecords(t testing.TB, name string, a, b *Record) {
	t.Helper()
	if a.FEN != b.FEN {
		t.Errorf("%s: FEN %q, read back %q", name, a.FEN, b.FEN)
	}
	if a.Result != b.Result {
		t.Errorf("%s: result %q, read back %q", name, a.Result, b.Result)
	}
	if fmt.Sprint(a.Tags) != fmt.Sprint(b.Tags) {
		t.Errorf("%s: tags\n%v\nread back\n%v", name, a.Tags, b.Tags)
	}
	if sa, sb := binTreeString(a), binTreeString(b); sa != sb {
		t.Errorf("%s: tree differs\n%.2000s\nread back\n%.2000s", name, sa, sb)
	}
}

// TestXQFVector checks the encrypted-file test vector of FORMATS.md §1.5
// (the version-18 example file of the XQF tools), bytes inline.
func TestXQFVector(t *testing.T) {
	h := make([]byte, xqfHeaderSize)
	copy(h, []byte{0x58, 0x51, 0x12, 0xfe, 0x00, 0x00, 0x00, 0x00, 0x66, 0xf9, 0x7d, 0x24, 0x2d, 0x75, 0x66, 0xf8})
	k := xqfDeriveKeys(h)
	if k.kxy != 63 || k.kxyf != 203 || k.kxyt != 191 || k.krmk != 12404 {
		t.Fatalf("keys = %d %d %d %d, want 63 203 191 12404", k.kxy, k.kxyf, k.kxyt, k.krmk)
	}
	wantK := []byte{
		0x4a, 0x28, 0x43, 0x28, 0x20, 0x41, 0x6f, 0x70, 0x68, 0x70, 0x69, 0x64, 0x68, 0x74, 0x20, 0x4c,
		0x62, 0x2c, 0x20, 0x44, 0x6e, 0x6c, 0x67, 0x20, 0x42, 0x68, 0x69, 0x74, 0x64, 0x69, 0x2e, 0x5c,
	}
	if !bytes.Equal(k.stream[:], wantK) {
		t.Fatalf("stream key\n got % x\nwant % x", k.stream[:], wantK)
	}
	// Encrypt the standard slots the way XQStudio does and compare with
	// the raw bytes of the vector.
	for i := 0; i < 32; i++ {
		h[0x10+i] = xqfStandardSlots[(int(k.kxy)+i+1)&31] + k.kxy
	}
	wantRaw := []byte{0x8f, 0x85, 0x7b, 0x71, 0x67, 0x5d, 0x53, 0x49, 0x3f, 0x87, 0x4b, 0x92, 0x7e, 0x6a, 0x56, 0x42, 0x48, 0x52, 0x5c}
	if !bytes.Equal(h[0x10:0x10+len(wantRaw)], wantRaw) {
		t.Fatalf("raw slots\n got % x\nwant % x", h[0x10:0x10+len(wantRaw)], wantRaw)
	}
	var b binBoard
	if _, ok := xqfPieces(&b, h, &k); !ok || binPlacement(&b) != binStartPlacement {
		t.Fatalf("decoded placement %s", binPlacement(&b))
	}

	// Tree: the vector's root record, a 440-byte comment, then h2e2 as
	// the last record (random low tag bits and reserved byte).
	stream := []byte{0xa2, 0x79, 0x00, 0x05, 0x4c, 0x73, 0x6f, 0x70}
	enc := func(plain []byte) {
		for _, c := range plain {
			stream = append(stream, c+k.stream[len(stream)&31])
		}
	}
	comment := strings.Repeat("A", 438) + "\r\n"
	enc([]byte(comment))
	h2, e2 := board.SquareAt(7, 2), board.SquareAt(4, 2)
	enc([]byte{xqfByte(h2) + 0x18 + k.kxyf, xqfByte(e2) + 0x20 + k.kxyt, 0x13, 0x9c})
	for i := 0; i < 8; i++ {
		if got := stream[i] - k.stream[i]; got != []byte{0x58, 0x51, 0xbd, 0xdd, 0x2c, 0x32, 0x00, 0x00}[i] {
			t.Fatalf("decrypted stream byte %d = %#x", i, got)
		}
	}
	rec, err := readXQFBytes(append(h, stream...), "XQFEXAMA.XQF")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Root.Comment != strings.Repeat("A", 438) {
		t.Errorf("root comment of %d bytes", len(rec.Root.Comment))
	}
	if got := strings.Join(binMainLine(rec), " "); got != "h2e2" {
		t.Errorf("main line %q", got)
	}
	if rec.FEN != binStartPlacement+" w" {
		t.Errorf("FEN %q", rec.FEN)
	}
	if n := rec.MainLine()[0]; n.Pos.Offset != 0x400+8+440 {
		t.Errorf("node offset %d", n.Pos.Offset)
	}
}

// xqfTestFile returns a plain v10 file with the standard start and the
// given tree bytes.
func xqfTestFile(tree ...byte) []byte {
	h := make([]byte, xqfHeaderSize)
	h[0], h[1], h[2] = 'X', 'Q', 10
	copy(h[0x10:], xqfStandardSlots[:])
	return append(h, tree...)
}

func TestXQFHostile(t *testing.T) {
	root := []byte{0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0}
	h2e2 := []byte{72 + 0x18, 42 + 0x20, 0xF0, 0, 0, 0, 0, 0}
	h9g7 := []byte{79 + 0x18, 67 + 0x20, 0x00, 0, 0, 0, 0, 0}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	mod := func(data []byte, off int, v ...byte) []byte {
		copy(data[off:], v)
		return data
	}
	tests := []struct {
		name     string
		data     []byte
		err      error // sentinel of the returned error, nil for none
		off      int64 // its offset
		problem  error // sentinel of the first problem, nil for none
		poff     int64
		mainLine string
	}{
		{name: "zero-length", data: nil, err: ErrNoGame},
		{name: "bad signature", data: []byte("XY\x0a"), err: ErrCorrupt},
		{name: "one byte", data: []byte("X"), err: ErrCorrupt},
		{name: "version 19", data: mod(xqfTestFile(root...), 2, 19), err: ErrUnsupported, off: 2},
		{name: "version 255", data: mod(xqfTestFile(), 2, 255), err: ErrUnsupported, off: 2},
		{name: "header fields cut", data: xqfTestFile()[:300], err: ErrTruncated, off: 300},
		{name: "header reserved bytes cut", data: xqfTestFile()[:700], problem: ErrTruncated, poff: 700},
		{name: "header only", data: xqfTestFile(), problem: ErrTruncated, poff: 0x400},
		{name: "truncated root", data: xqfTestFile(root[:3]...), problem: ErrTruncated, poff: 0x400},
		{name: "truncated node", data: xqfTestFile(cat(root, h2e2, h9g7[:3])...), problem: ErrTruncated, poff: 0x410, mainLine: "h2e2"},
		{name: "truncated comment length", data: xqfTestFile(cat(root, h2e2, h9g7[:5])...), problem: ErrTruncated, poff: 0x414, mainLine: "h2e2 h9g7"},
		{name: "truncated comment", data: xqfTestFile(cat(root, mod(append([]byte{}, h2e2...), 4, 10), []byte("abc"))...), problem: ErrTruncated, poff: 0x40c, mainLine: "h2e2"},
		{name: "comment length past the end, implausible", data: xqfTestFile(cat(root, mod(append([]byte{}, h2e2...), 4, 0, 0, 2), []byte("abc"))...), err: ErrTooLarge, off: 0x40c, mainLine: "h2e2"},
		{name: "comment length 0xFFFFFFFF", data: xqfTestFile(cat(mod(append([]byte{}, root...), 4, 0xFF, 0xFF, 0xFF, 0xFF), h2e2)...), err: ErrTooLarge, off: 0x404},
		{name: "square 200", data: xqfTestFile(cat(root, mod(append([]byte{}, h2e2...), 0, 200+0x18), h9g7)...), problem: ErrCorrupt, poff: 0x408},
		{name: "square 200 in variation", data: xqfTestFile(cat(root, mod(append([]byte{}, h2e2...), 2, 0xFF), h9g7, mod(append([]byte{}, h2e2...), 0, 200+0x18, 0x20, 0))...), problem: ErrCorrupt, poff: 0x418, mainLine: "h2e2 h9g7"},
		{name: "junk after tree", data: xqfTestFile(cat(root, h2e2, h9g7, []byte("junk junk"))...), mainLine: "h2e2 h9g7"},
		{name: "no king, full game", data: mod(xqfTestFile(cat(root, h2e2, h9g7)...), 0x10+4, 0xFF), problem: ErrCorrupt, poff: 0x10, mainLine: "h2e2 h9g7"},
		// A position without a king is read as it is (its FEN has no
		// red king): the replay judges the start, the moves are kept.
		{name: "no king, endgame", data: mod(mod(xqfTestFile(cat(root, h2e2, h9g7)...), 0x10+4, 0xFF), 0x40, 3), mainLine: "h2e2 h9g7"},
		{name: "no king and overlapping pieces, endgame", data: mod(mod(mod(xqfTestFile(), 0x10+4, 0xFF), 0x10+1, 0), 0x40, 3), err: ErrCorrupt, off: 0x10},
		{name: "overlapping pieces", data: mod(mod(xqfTestFile(), 0x10, 40), 0x40, 2), err: ErrCorrupt, off: 0x10},
		{name: "encrypted, length below key", data: func() []byte {
			d := xqfTestFile(0x58+0x00, 0x51, 0x20, 0, 5, 0, 0, 0)
			d[2] = 18
			for i := 0; i < 32; i++ {
				d[0x10+i] = xqfStandardSlots[(i+1)&31]
			}
			return d
		}(), err: ErrCorrupt, off: 0x404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := readXQFBytes(tt.data, "t.xqf")
			if rec == nil {
				t.Fatalf("nil record, err %v", err)
			}
			if tt.err == nil && err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if tt.err != nil {
				var pe *Error
				if !errors.As(err, &pe) || !errors.Is(err, tt.err) {
					t.Fatalf("error %v, want %v", err, tt.err)
				}
				if pe.Pos.Offset != tt.off {
					t.Errorf("error at %d, want %d: %v", pe.Pos.Offset, tt.off, err)
				}
			}
			if tt.problem != nil {
				if len(rec.Problems) == 0 || !errors.Is(rec.Problems[0], tt.problem) {
					t.Fatalf("problems %v, want %v", rec.Problems, tt.problem)
				}
				if rec.Problems[0].Pos.Offset != tt.poff {
					t.Errorf("problem at %d, want %d", rec.Problems[0].Pos.Offset, tt.poff)
				}
			} else if len(rec.Problems) > 0 {
				t.Errorf("unexpected problems %v", rec.Problems)
			}
			if got := strings.Join(binMainLine(rec), " "); got != tt.mainLine {
				t.Errorf("main line %q, want %q", got, tt.mainLine)
			}
			if _, err := NewXQFReader(bytes.NewReader(tt.data), int64(len(tt.data)), "t").Next(); err == io.EOF {
				t.Errorf("first Next returned io.EOF")
			}
		})
	}
}

func TestXQFNextEOF(t *testing.T) {
	data := xqfTestFile(0x18, 0x20, 0, 0xFF, 0, 0, 0, 0)
	r := NewXQFReader(bytes.NewReader(data), int64(len(data)), "t")
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if rec, err := r.Next(); rec != nil || err != io.EOF {
		t.Fatalf("second Next = %v, %v; want nil, io.EOF", rec, err)
	}
}

// TestXQFBrokenFiles reads the deliberately broken files of the real test
// set: each must give a game (possibly empty) or a positioned error.
func TestXQFBrokenFiles(t *testing.T) {
	dir := filepath.Join(binTestRecords, "walker8088__cchess", "tests", "data")
	files, _ := filepath.Glob(filepath.Join(dir, "*.xqf"))
	if len(files) == 0 {
		t.Skip("shared test data not available; skipping real-data test")
	}
	want := map[string]int{ // main-line length
		"EmptyTest.xqf": 0, "NoMove.xqf": 0,
		"BadMoveTest1.xqf": 43, "BadMoveTest2.xqf": 35, "BadMoveTest3.xqf": 10, "BadMoveTest4.xqf": 9,
	}
	for _, f := range files {
		rec, err := readXQFFile(t, f)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Errorf("%s: error without position: %v", f, err)
			}
			continue
		}
		if n, ok := want[filepath.Base(f)]; ok && len(rec.MainLine()) != n {
			t.Errorf("%s: %d main-line moves, want %d", f, len(rec.MainLine()), n)
		}
	}
}
