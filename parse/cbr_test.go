package parse

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// readAllCBR reads every game of a CBR/CBL image.
func readAllCBR(t testing.TB, data []byte, name string) ([]*Record, []error) {
	t.Helper()
	r := NewCBRReader(bytes.NewReader(data), int64(len(data)), name)
	var recs []*Record
	var errs []error
	for i := 0; ; i++ {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if rec == nil {
			t.Fatalf("%s: I/O error %v", name, err)
		}
		recs = append(recs, rec)
		errs = append(errs, err)
		if i > 1<<20 {
			t.Fatalf("%s: reader does not end", name)
		}
	}
	return recs, errs
}

// cbrDisagreements lists where xqtool and expected.jsonl differ, with who
// is right, found by looking at the bytes. Keys are "file#index:field".
var cbrDisagreements = map[string]string{
	"walker8088__cchess/games/残局谱/象棋实用残局/残局全书.CBL#1:result": "result byte 2076 is 4 (several results): FORMATS.md §7.2 maps it to *, the Python reader to a draw",
	"walker8088__cchess/games/残局谱/象棋实用残局/残局全书.CBL#198:fen":  "side byte 2112 is 2 (Black) and the first move g1f1 moves a black rook: Black to move; the Python reader takes the side from the move-number field at 2116 and then reports wrong_side at ply 0",
	"walker8088__cchess/games/残局谱/象棋实用残局/残局全书.CBL#533:fen":  "as #198: side byte 2 and a black first move (h3f4)",
	"walker8088__cchess/games/残局谱/象棋实用残局/残局全书.CBL#725:fen":  "as #198: side byte 2 and a black first move (e8d7)",
}

// cbrTitleCut reports the known Python-reader bug on CBR titles: it cuts
// them short, dropping the last character or everything after a space or
// a parenthesis (e.g. 专辑林兴荣.CBL #12: the UTF-16LE bytes at record
// offset 180 spell 小剃头遗局13 then 00 00, expected.jsonl has 小剃头遗局1;
// 1956年全国象棋锦标赛93局.CBL #15: the bytes spell
// 初赛 开封田嘉树(红先负)杭州刘忆慈, expected.jsonl has 初赛). xqtool is right.
func cbrTitleCut(got, want string) bool {
	return len(want) < len(got) && strings.HasPrefix(got, want)
}

func TestCBRRealFiles(t *testing.T) {
	exp := binLoadExpected(t, "cbr", "cbl")
	cache := map[string][]*Record{}
	cacheErr := map[string][]error{}
	var legal, compared, titleCut int
	packed := map[string]bool{}
	for _, e := range exp {
		recs, ok := cache[e.File]
		if !ok {
			data, err := os.ReadFile(filepath.Join(binTestRecords, e.File))
			if err != nil {
				t.Errorf("%s: %v", e.File, err)
				continue
			}
			recs, cacheErr[e.File] = readAllCBR(t, data, e.File)
			cache[e.File] = recs
		}
		if e.Error != nil && e.Error.Kind == "unsupported_cbl" {
			// The compressed library variant, which the reference reader
			// cannot read: TestCBLZRealFiles checks its games.
			packed[e.File] = true
			continue
		}
		if e.Index >= len(recs) {
			t.Errorf("%s: game %d not read (%d games)", e.File, e.Index, len(recs))
			continue
		}
		rec, err := recs[e.Index], cacheErr[e.File][e.Index]
		if err != nil {
			t.Errorf("%s #%d: %v", e.File, e.Index, err)
			continue
		}
		compared++
		got, want := binMainLine(rec), e.MovesICCS
		if e.Error != nil {
			t.Logf("legality error in expected.jsonl (compared up to it): %s #%d: %s at ply %d", e.File, e.Index, e.Error.Kind, e.Error.Ply)
			if len(got) > len(want) {
				got = got[:len(want)]
			}
		} else {
			legal++
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s #%d: main line\n got %v\nwant %v", e.File, e.Index, got, want)
		}
		id := fmt.Sprintf("%s#%d:", e.File, e.Index)
		if reason, ok := cbrDisagreements[id+"fen"]; ok {
			t.Logf("%sfen: known disagreement, xqtool right: %s", id, reason)
		} else if e.InitFEN != nil && binFENPrefix(rec.FEN) != *e.InitFEN {
			t.Errorf("%s #%d: FEN %q, want %q", e.File, e.Index, rec.FEN, *e.InitFEN)
		}
		if reason, ok := cbrDisagreements[id+"result"]; ok {
			t.Logf("%sresult: known disagreement: %s", id, reason)
		} else if e.Result != nil && rec.Result != *e.Result {
			t.Errorf("%s #%d: result %q, want %q", e.File, e.Index, rec.Result, *e.Result)
		}
		for k, tag := range map[string]string{"title": "Title", "event": "Event", "red": "Red", "black": "Black"} {
			w, ok := e.Headers[k].(string)
			if !ok || rec.Tags.Value(tag) == strings.TrimSpace(w) {
				continue
			}
			if tag == "Title" && cbrTitleCut(rec.Tags.Value(tag), strings.TrimSpace(w)) {
				titleCut++
				continue
			}
			{
				t.Errorf("%s #%d: tag %s = %q, want %q", e.File, e.Index, tag, rec.Tags.Value(tag), w)
			}
		}
	}
	for f, recs := range cache {
		if packed[f] {
			continue
		}
		n := 0
		for _, e := range exp {
			if e.File == f {
				n++
			}
		}
		if len(recs) != n {
			t.Errorf("%s: %d games read, expected.jsonl has %d", f, len(recs), n)
		}
	}
	t.Logf("%d CBR/CBL games in expected.jsonl, %d compared (%d without legality error); %d titles cut by one character in expected.jsonl (Python reader bug)", len(exp), compared, legal, titleCut)
}

// cbrTestRecord builds a version-2 CBR record with the given tree bytes.
func cbrTestRecord(tree ...byte) []byte {
	h := make([]byte, cbrLayoutV2.tree)
	copy(h, cbrMagicRecord)
	h[19] = 2
	putUTF16 := func(off int, s string) {
		for i, u := range utf16.Encode([]rune(s)) {
			binary.LittleEndian.PutUint16(h[off+2*i:], u)
		}
	}
	putUTF16(180, "标题")
	putUTF16(692, "赛事")
	h[2076] = 1
	h[2112] = 1
	start := []byte{
		0x21, 0x22, 0x23, 0x24, 0x25, 0x24, 0x23, 0x22, 0x21,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0x26, 0, 0, 0, 0, 0, 0x26, 0,
		0x27, 0, 0x27, 0, 0x27, 0, 0x27, 0, 0x27,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x17, 0, 0x17, 0, 0x17, 0, 0x17, 0, 0x17,
		0, 0x16, 0, 0, 0, 0, 0, 0x16, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0x11, 0x12, 0x13, 0x14, 0x15, 0x14, 0x13, 0x12, 0x11,
	}
	copy(h[2120:], start)
	copy(h[2210:], []byte{0xFF, 0xFF, 0xFF, 0xFF})
	return append(h, tree...)
}

func TestCBRHostile(t *testing.T) {
	root := []byte{0, 0, 0, 0}
	h2e2 := []byte{0, 0, 70, 67}
	h9g7 := []byte{1, 0, 7, 24}
	base := int64(cbrLayoutV2.tree)
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	lib := func(records ...[]byte) []byte {
		d := make([]byte, 1024)
		copy(d, cbrMagicLibrary)
		for _, r := range records {
			slot := make([]byte, (len(r)+4095)/4096*4096)
			copy(slot, r)
			d = append(d, slot...)
		}
		return d
	}
	tests := []struct {
		name     string
		data     []byte
		games    int
		errs     []error // per game, nil for none
		mainLine string  // of game 0
	}{
		{name: "zero-length", data: nil, games: 1, errs: []error{ErrNoGame}},
		{name: "not CCBridge", data: []byte("hello world, not a record"), games: 1, errs: []error{ErrCorrupt}},
		{name: "good", data: cbrTestRecord(cat(root, h2e2, h9g7)...), games: 1, errs: []error{nil}, mainLine: "h2e2 h9g7"},
		{name: "truncated header", data: cbrTestRecord()[:1000], games: 1, errs: []error{ErrTruncated}},
		{name: "version 3", data: func() []byte { d := cbrTestRecord(root...); d[19] = 3; return d }(), games: 1, errs: []error{ErrUnsupported}},
		{name: "truncated node", data: cbrTestRecord(cat(root, h2e2, h9g7[:2])...), games: 1, errs: []error{nil}, mainLine: "h2e2"},
		{name: "comment length 0xFFFFFFFF", data: cbrTestRecord(cat([]byte{4, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF}, h2e2)...), games: 1, errs: []error{ErrTooLarge}},
		{name: "square 200", data: cbrTestRecord(cat(root, []byte{0, 0, 200, 67}, h9g7)...), games: 1, errs: []error{nil}},
		{name: "bad flags", data: cbrTestRecord(cat(root, h2e2, []byte{0x80, 0, 7, 24})...), games: 1, errs: []error{ErrCorrupt}, mainLine: "h2e2"},
		{name: "CBL with a bad record", data: lib(
			cbrTestRecord(cat(root, h2e2, h9g7)...),
			cbrTestRecord(cat([]byte{4, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F}, h2e2)...),
			cbrTestRecord(cat(root, h2e2, h9g7)...),
		), games: 3, errs: []error{nil, ErrTooLarge, nil}, mainLine: "h2e2 h9g7"},
		{name: "CBL cut in a record", data: lib(cbrTestRecord(cat(root, h2e2, h9g7)...))[:1024+1500], games: 1, errs: []error{ErrTruncated}},
		{name: "compressed CBL, stream cut", data: []byte("CCBridge\x15\x00\x00\x00\x03\x00\x00\x00\x10\x00\x00\x00\x78\xda"), games: 1, errs: []error{ErrTruncated}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, errs := readAllCBR(t, tt.data, "t.cbl")
			if len(recs) != tt.games {
				t.Fatalf("%d games, want %d (errors %v)", len(recs), tt.games, errs)
			}
			for i, err := range errs {
				if tt.errs[i] == nil {
					if err != nil {
						t.Errorf("game %d: unexpected error %v", i, err)
					}
					continue
				}
				var pe *Error
				if !errors.As(err, &pe) || !errors.Is(err, tt.errs[i]) {
					t.Errorf("game %d: error %v, want %v", i, err, tt.errs[i])
				}
			}
			if got := strings.Join(binMainLine(recs[0]), " "); got != tt.mainLine {
				t.Errorf("main line %q, want %q", got, tt.mainLine)
			}
		})
	}
	_ = base
}

func TestCBRTags(t *testing.T) {
	rec, err := NewCBRReader(bytes.NewReader(cbrTestRecord(0, 0, 0, 0, 0, 0, 70, 67)), int64(cbrLayoutV2.tree+8), "t.cbr").Next()
	if err != nil {
		t.Fatal(err)
	}
	want := `[{Event 赛事} {Result 1-0} {Title 标题}]`
	if got := fmt.Sprint(rec.Tags); got != want {
		t.Errorf("tags %s, want %s", got, want)
	}
	if rec.Format != FormatCBR || rec.Encoding != EncUTF16LE || rec.FEN != binStartPlacement+" w" {
		t.Errorf("format %q encoding %q FEN %q", rec.Format, rec.Encoding, rec.FEN)
	}
	if n := rec.MainLine()[0]; n.Pos.Offset != int64(cbrLayoutV2.tree+4) {
		t.Errorf("move offset %d", n.Pos.Offset)
	}
}
