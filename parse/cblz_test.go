package parse

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xqtool/xqtool/board"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// cblzSamples returns the compressed libraries of the real records: the
// files expected.jsonl lists with an unsupported_cbl error (the reference
// reader cannot read them).
func cblzSamples(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, e := range binLoadExpected(t, "cbl") {
		if e.Error != nil && e.Error.Kind == "unsupported_cbl" {
			files = append(files, e.File)
		}
	}
	if len(files) == 0 {
		t.Fatal("expected.jsonl lists no compressed library")
	}
	return files
}

// cblzReadFile reads every game of a compressed library and returns them
// with the reader (for its payload and declared count).
func cblzReadFile(t testing.TB, file string) ([]*Record, []error, *CBRReader) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(binTestRecords, file))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte(cbrMagicPacked)) || data[8] != 21 {
		t.Fatalf("%s: not a compressed CCBridge library", file)
	}
	r := NewCBRReader(bytes.NewReader(data), int64(len(data)), file)
	var recs []*Record
	var errs []error
	for {
		rec, err := r.Next()
		if rec == nil {
			break
		}
		recs = append(recs, rec)
		errs = append(errs, err)
	}
	return recs, errs, r
}

// cblzKinds is the piece order of the notation byte (kind nibble).
var cblzKinds = [...]board.Kind{board.Rook, board.Knight, board.Bishop, board.Advisor, board.King, board.Cannon, board.Pawn}

// cblzCheckNotation checks the two notation bytes of a move record against
// the move played from p. The first byte is kind<<4 | file-1, or, for one
// of two pieces of a kind on a file, 7 (front) or 9 (rear) <<4 | kind+9;
// the second is direction<<4 | number-1, the direction forward (0), back
// (1) or sideways (2), the number a distance or a file as in 炮二进四 and
// 马八进七 (files in the mover's numbering).
func cblzCheckNotation(p *board.Position, m board.Move, b5, b6 byte) error {
	pc := p.Piece(m.From())
	kind, tandem := b5>>4, byte(0)
	if kind == 7 || kind == 9 {
		kind, tandem = b5&15-9, b5>>4
	}
	if kind > 6 || pc.Kind() != cblzKinds[kind] {
		return fmt.Errorf("kind byte %02x, piece %v", b5, pc)
	}
	if tandem != 0 {
		// The other piece of the kind on the file: ahead of the mover
		// (from the mover's side) for 9 (rear), behind it for 7 (front).
		ahead, behind := 0, 0
		for r := range board.Ranks {
			sq := board.SquareAt(m.From().File(), r)
			if sq == m.From() || p.Piece(sq) != pc {
				continue
			}
			if (r > m.From().Rank()) == (pc.Color() == board.Red) {
				ahead++
			} else {
				behind++
			}
		}
		if (tandem == 7) != (ahead == 0 && behind == 1) || (tandem == 9) != (ahead == 1 && behind == 0) {
			return fmt.Errorf("kind byte %02x: %d pieces ahead of the mover, %d behind", b5, ahead, behind)
		}
	}
	dr := m.To().Rank() - m.From().Rank()
	if pc.Color() == board.Black {
		dr = -dr
	}
	dir := byte(2)
	switch {
	case dr > 0:
		dir = 0
	case dr < 0:
		dir = 1
	}
	if b6>>4 != dir {
		return fmt.Errorf("direction nibble %x, move %v", b6>>4, m)
	}
	// Files in the mover's numbering, less one: Red counts from its
	// right (i = 0), Black from its right (a = 0).
	file := func(sq board.Square) byte {
		if pc.Color() == board.Red {
			return byte(8 - sq.File())
		}
		return byte(sq.File())
	}
	if tandem == 0 && b5&15 != file(m.From()) {
		return fmt.Errorf("file nibble %x, move %v", b5&15, m)
	}
	num := file(m.To()) // sideways, and the diagonal movers
	if k := pc.Kind(); dir != 2 && k != board.Knight && k != board.Bishop && k != board.Advisor {
		num = byte(max(dr, -dr) - 1)
	}
	if b6&15 != num {
		return fmt.Errorf("number nibble %x, move %v", b6&15, m)
	}
	return nil
}

// cblzIllegal lists the moves of the real libraries that are illegal as
// recorded, keyed "file#game@payload offset", with the evidence that the
// decoding is not at fault.
var cblzIllegal = map[string]string{
	"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/残局/桔中秘残局谱.CBL#40@10392": "上下离心 ply 8 f7e7: ply 7 (i5f5) already mates (validate flags moves_after_end); the record goes on with 6 moves, the first f7e7, whose own notation bytes (45 24) spell 将6平5, the move decoded; with the red king on e0 and the e-file empty it leaves the kings facing",
}

// TestCBLZRealFiles reads every compressed library of the real records:
// as many games as the library declares, none with an error or problem,
// every title, name and comment valid GBK,
// every move of every line legal, and every move's notation bytes naming
// the move the decoded squares give (piece, file or front/rear,
// direction, number).
func TestCBLZRealFiles(t *testing.T) {
	var games, moves, tandems, illegal int
	for _, file := range cblzSamples(t) {
		recs, errs, r := cblzReadFile(t, file)
		if r.z == nil {
			t.Errorf("%s: not read as a compressed library", file)
			continue
		}
		if int64(len(recs)) != r.z.declare || len(recs) == 0 {
			t.Errorf("%s: %d games read, the library declares %d", file, len(recs), r.z.declare)
		}
		for i, rec := range recs {
			if errs[i] != nil || len(rec.Problems) > 0 {
				t.Errorf("%s #%d: %v %v", file, i, errs[i], rec.Problems)
				continue
			}
			if rec.Index != i || rec.Format != FormatCBL || rec.Tags.Value("Title") == "" || rec.Encoding != EncGB18030 || rec.Replaced {
				t.Errorf("%s #%d: index %d, format %s, title %q, encoding %s, replaced %v", file, i, rec.Index, rec.Format, rec.Tags.Value("Title"), rec.Encoding, rec.Replaced)
			}
			start := board.StartPosition()
			if rec.FEN != "" {
				s, err := board.ParseFEN(rec.FEN)
				if err == nil {
					start, err = board.NewPosition(s)
				}
				if err != nil {
					t.Errorf("%s #%d: start %q: %v", file, i, rec.FEN, err)
					continue
				}
			}
			var walk func(p board.Position, n *Node, ply int)
			walk = func(p board.Position, n *Node, ply int) {
				for _, k := range n.Children {
					moves++
					off := k.Pos.Offset
					if b := r.z.p[off+4]; b>>4 == 7 || b>>4 == 9 {
						tandems++
					}
					if err := cblzCheckNotation(&p, k.Move, r.z.p[off+4], r.z.p[off+5]); err != nil {
						t.Errorf("%s #%d ply %d @%d: notation bytes: %v", file, i, ply, off, err)
					}
					q, err := p.Play(k.Move)
					if why, ok := cblzIllegal[fmt.Sprintf("%s#%d@%d", file, i, off)]; ok && err != nil {
						t.Logf("%s #%d: illegal as recorded: %s", file, i, why)
						illegal++
						continue
					}
					if err != nil {
						t.Errorf("%s #%d ply %d @%d: %v: %v", file, i, ply, off, k.Move, err)
						continue
					}
					walk(q, k, ply+1)
				}
			}
			walk(start, &rec.Root, 1)
		}
		games += len(recs)
		t.Logf("%s: %d games (declared %d)", file, len(recs), r.z.declare)
	}
	if illegal != len(cblzIllegal) {
		t.Errorf("%d moves illegal as recorded, %d listed", illegal, len(cblzIllegal))
	}
	t.Logf("%d games, %d move records: all legal but %d (listed), and the notation bytes of every one spell it: piece, file (or, for %d, front or rear), direction and number", games, moves, illegal, tandems)
}

// TestCBLZHostile: a broken library is reported, never a panic or a large
// allocation, and a broken game does not lose the games after it.
func TestCBLZHostile(t *testing.T) {
	game := cblzTestGame(0x77, 0x47, "")
	lib := cblzTestPayload(2, game, game)
	tests := []struct {
		name    string
		data    []byte
		games   int
		errs    []error
		problem error
	}{
		{"two games", cblzTestFile(3, lib, 0), 2, []error{nil, nil}, nil},
		{"variant 2", cblzTestFile(2, lib, 0), 1, []error{ErrUnsupported}, nil},
		{"size above cap", cblzTestFile(3, lib, cblzMaxPayload+1), 1, []error{ErrTooLarge}, nil},
		{"size above ratio", cblzTestFile(3, lib, 1<<24), 1, []error{ErrTooLarge}, nil},
		{"short stream", cblzTestFile(3, lib, len(lib)+5), 2, []error{nil, nil}, ErrTruncated},
		{"long stream", cblzTestFile(3, lib, len(lib)-1), 2, []error{nil, ErrTooLarge}, ErrCorrupt},
		{"bad checksum", func() []byte { f := cblzTestFile(3, lib, 0); f[len(f)-1] ^= 1; return f }(), 2, []error{nil, nil}, ErrCorrupt},
		{"no game, stream short", cblzTestFile(3, cblzTestPayload(0), 200), 1, []error{ErrTruncated}, nil},
		{"not zlib", append(cblzTestFile(3, lib, 0)[:cblzHeader], "junk"...), 1, []error{ErrCorrupt}, nil},
		{"header cut", cblzTestFile(3, lib[:10], 0), 1, []error{ErrTruncated}, nil},
		{"game size huge", cblzTestFile(3, cblzTestPayload(2, bytes.Repeat([]byte{0xff}, 8), game), 0), 1, []error{ErrTooLarge}, nil},
		{"fewer games than declared", cblzTestFile(3, cblzTestPayload(3, game, game), 0), 3, []error{nil, nil, ErrTruncated}, nil},
		{"move count huge", cblzTestFile(3, cblzTestPayload(2, cblzTestGame(0x77, 0x47, "", 0xffffff), game), 0), 2, []error{ErrTooLarge, nil}, nil},
		{"string length huge", cblzTestFile(3, cblzTestPayload(2, cblzTestGame(0x77, 0x47, "", -1), game), 0), 2, []error{ErrTooLarge, nil}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, errs := readAllCBR(t, tt.data, "t.cbl")
			if len(recs) != tt.games {
				t.Fatalf("%d games, want %d (%v)", len(recs), tt.games, errs)
			}
			for i, want := range tt.errs {
				if (want == nil) != (errs[i] == nil) || (want != nil && !errors.Is(errs[i], want)) {
					t.Errorf("game %d: err %v, want %v", i, errs[i], want)
				}
			}
			if tt.problem != nil && (len(recs[0].Problems) == 0 || !errors.Is(recs[0].Problems[0], tt.problem)) {
				t.Errorf("problems %v, want %v", recs[0].Problems, tt.problem)
			}
		})
	}
}

// cblzFuzzSeeds adds a small made library and the real compressed
// libraries (both variants) to the CBR fuzz corpus.
func cblzFuzzSeeds(f *testing.F) {
	game := cblzTestGame(0x77, 0x47, "||")
	f.Add(cblzTestFile(3, cblzTestPayload(2, game, game), 0))
	f.Add(cblzTestFile(1, cblzTestPayload(1, game), 0))
	f.Add(cblzTestFile(3, cblzTestPayloadComment(2, cblzGBK(f, cblzComment), game, game), 0))
	if _, err := os.Stat(binTestRecords); err != nil {
		return
	}
	for _, file := range cblzSamples(f) {
		if data, err := os.ReadFile(filepath.Join(binTestRecords, file)); err == nil {
			f.Add(data)
		}
	}
}

// cblzStandard is the standard start as a piece array.
var cblzStandard = []byte{
	0x1a, 0x2a, 0x3a, 0x4a, 0x5a, 0x6a, 0x7a, 0x8a, 0x9a, 0x28, 0x88, 0x17, 0x37, 0x57, 0x77, 0x97,
	0x11, 0x21, 0x31, 0x41, 0x51, 0x61, 0x71, 0x81, 0x91, 0x23, 0x83, 0x14, 0x34, 0x54, 0x74, 0x94,
}

// cblzTestGame builds one size-prefixed game from the standard start with
// one move (from, to) and a remark. opt[0], when given, replaces the move
// count (-1: the title's length is replaced by 0xffffffff instead).
func cblzTestGame(from, to byte, remark string, opt ...int) []byte {
	var g []byte
	u32 := func(v uint32) { g = binary.LittleEndian.AppendUint32(g, v) }
	str := func(s string) { u32(uint32(len(s))); g = append(g, s...) }
	g = append(g, cblzStandard...)
	u32(1)
	str("")
	u32(1)
	if len(opt) > 0 && opt[0] < 0 {
		u32(0xffffffff)
	} else {
		str("T")
	}
	for range 6 {
		str("")
	}
	u32(1)
	for range 4 {
		str("")
	}
	str(remark)
	g = append(g, 1)
	g = append(g, "2001-2-18 12:30:19 2001-2-18 12:30:19 "...)
	n := uint32(1)
	if len(opt) > 0 && opt[0] > 0 {
		n = uint32(opt[0])
	}
	u32(n)
	g = append(g, 1, 0, from, to, 0x51, 0x24)
	g = append(g, "\r\n"...)
	return append(binary.LittleEndian.AppendUint32(nil, uint32(len(g)+4)), g...)
}

// cblzTestPayload builds a library payload declaring count games, with
// no library comment.
func cblzTestPayload(count uint32, games ...[]byte) []byte {
	return cblzTestPayloadComment(count, nil, games...)
}

// cblzTestPayloadComment builds a library payload declaring count games
// with a library comment (bytes as stored).
func cblzTestPayloadComment(count uint32, comment []byte, games ...[]byte) []byte {
	var p []byte
	for _, s := range []string{"Lib", "", "", "me", ""} {
		p = binary.LittleEndian.AppendUint32(p, uint32(len(s)))
		p = append(p, s...)
	}
	p = append(p, "2001-2-18 12:30:19 2001-2-18 12:30:19 "...)
	p = binary.LittleEndian.AppendUint32(p, count)
	p = binary.LittleEndian.AppendUint32(p, uint32(len(comment)))
	p = append(p, comment...)
	for _, g := range games {
		p = append(p, g...)
	}
	return p
}

// cblzTestFile compresses a payload into a library file of the variant;
// declared, when not 0, replaces the payload size of the header.
func cblzTestFile(variant uint32, payload []byte, declared int) []byte {
	var b bytes.Buffer
	b.WriteString(cbrMagicPacked)
	binary.Write(&b, binary.LittleEndian, [3]uint32{21, variant, uint32(len(payload))})
	if declared != 0 {
		binary.LittleEndian.PutUint32(b.Bytes()[16:], uint32(declared))
	}
	w := zlib.NewWriter(&b)
	w.Write(payload)
	w.Close()
	return b.Bytes()
}

// BenchmarkCBLCompressed reads the real compressed libraries, preloaded
// in memory: decompression and decoding of every game. MB/s is of the
// files as stored (compressed).
func BenchmarkCBLCompressed(b *testing.B) {
	var data [][]byte
	var total int64
	for _, file := range cblzSamples(b) {
		d, err := os.ReadFile(filepath.Join(binTestRecords, file))
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
		total += int64(len(d))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	games := 0
	for b.Loop() {
		for _, d := range data {
			r := NewCBRReader(bytes.NewReader(d), int64(len(d)), "b")
			for {
				rec, _ := r.Next()
				if rec == nil {
					break
				}
				rec.Release()
				games++
			}
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// cblzComment is a library comment of several lines, as a library's
// introduction would read.
const cblzComment = "本库收录布局疑形攻击对局，供爱好者研究。\r\n整理：象棋桥"

// cblzGBK encodes s in GBK, as a library stores its text.
func cblzGBK(t testing.TB, s string) []byte {
	t.Helper()
	b, err := simplifiedchinese.GBK.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// cblzInsertComment returns a copy of a library payload whose empty
// library comment (the string after the game count) is replaced by
// comment.
func cblzInsertComment(t testing.TB, p, comment []byte) []byte {
	t.Helper()
	r := cblzCursor{p: p}
	for range 5 {
		r.str()
	}
	r.skip(2*cblzTimestamp + 4) // times, game count
	at := r.off
	if n := r.u32(); r.err != nil || n != 0 {
		t.Fatalf("library comment length %d (%v), want an empty comment", n, r.err)
	}
	out := append([]byte(nil), p[:at]...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(comment)))
	out = append(out, comment...)
	return append(out, p[at+4:]...)
}

// TestCBLZLibraryComment: a library with a comment after the game count
// (a u32 length and GBK text; every real sample has an empty one) keeps
// it as the tag CBLLibraryComment of each game and reads the same games
// as without it. The libraries are the real ones with a comment inserted.
func TestCBLZLibraryComment(t *testing.T) {
	comment := cblzGBK(t, cblzComment)
	for _, file := range cblzSamples(t) {
		want, _, orig := cblzReadFile(t, file)
		data, err := os.ReadFile(filepath.Join(binTestRecords, file))
		if err != nil {
			t.Fatal(err)
		}
		variant := binary.LittleEndian.Uint32(data[12:])
		lib := cblzTestFile(variant, cblzInsertComment(t, orig.z.p, comment), 0)
		got, errs := readAllCBR(t, lib, file)
		if len(got) != len(want) {
			t.Errorf("%s: %d games with a comment, %d without (%v)", file, len(got), len(want), errs[0])
			continue
		}
		for i, rec := range got {
			if errs[i] != nil || len(rec.Problems) > 0 {
				t.Errorf("%s #%d: %v %v", file, i, errs[i], rec.Problems)
				continue
			}
			if v := rec.Tags.Value(CBLLibraryComment); v != cblzComment {
				t.Errorf("%s #%d: library comment %q, want %q", file, i, v, cblzComment)
			}
			var tags Tags
			for _, tag := range rec.Tags {
				if tag.Name != CBLLibraryComment {
					tags = append(tags, tag)
				}
			}
			if fmt.Sprint(tags) != fmt.Sprint(want[i].Tags) || rec.FEN != want[i].FEN || rec.Root.Comment != want[i].Root.Comment {
				t.Errorf("%s #%d: tags %v, want %v", file, i, tags, want[i].Tags)
			}
			if a, b := cblzLine(rec), cblzLine(want[i]); a != b {
				t.Errorf("%s #%d: main line %s, want %s", file, i, a, b)
			}
		}
	}
}

// cblzLine is a record's main line with its comments, for comparing.
func cblzLine(rec *Record) string {
	var b bytes.Buffer
	for _, n := range rec.MainLine() {
		fmt.Fprintf(&b, "%v{%s} ", n.Move, n.Comment)
	}
	return b.String()
}

// TestCBLZLibraryCommentHostile: a comment length past the payload is a
// positioned error, not a game; a comment above cblzMaxComment is kept
// cut, with a problem on the first game; a comment that eats the games
// leaves the declared count unmet.
func TestCBLZLibraryCommentHostile(t *testing.T) {
	game := cblzTestGame(0x77, 0x47, "")
	long := bytes.Repeat([]byte("ab"), cblzMaxComment)
	huge := cblzTestPayload(2, game, game)
	binary.LittleEndian.PutUint32(huge[len(huge)-2*len(game)-4:], 0xfffffff0)
	tests := []struct {
		name    string
		payload []byte
		games   int
		err     error
		problem error
		comment int // length of the comment kept
	}{
		{"plain", cblzTestPayloadComment(2, []byte("intro"), game, game), 2, nil, nil, 5},
		{"length huge", huge, 1, ErrTooLarge, nil, 0},
		{"too long", cblzTestPayloadComment(2, long, game, game), 2, nil, ErrTooLarge, cblzMaxComment},
		{"too long, cut at a character", cblzTestPayloadComment(2, cblzGBK(t, strings.Repeat("象棋", cblzMaxComment)), game, game), 2, nil, ErrTooLarge, cblzMaxComment / 3 * 3},
		{"too long, a character split", cblzTestPayloadComment(2, cblzGBK(t, strings.Repeat("a", cblzMaxComment-1)+"象棋"), game, game), 2, nil, ErrTooLarge, cblzMaxComment - 1},
		{"eats the games", cblzTestPayloadComment(2, bytes.Repeat([]byte("x"), len(game)), game), 2, ErrTruncated, nil, len(game)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, errs := readAllCBR(t, cblzTestFile(3, tt.payload, 0), "t.cbl")
			if len(recs) != tt.games {
				t.Fatalf("%d games, want %d (%v)", len(recs), tt.games, errs)
			}
			last := errs[len(errs)-1]
			if (tt.err == nil) != (last == nil) || (tt.err != nil && !errors.Is(last, tt.err)) {
				t.Errorf("last error %v, want %v", last, tt.err)
			}
			if tt.err == nil && errs[0] != nil {
				t.Errorf("first game: %v", errs[0])
			}
			p := recs[0].Problems
			if (tt.problem == nil) != (len(p) == 0) || (tt.problem != nil && !errors.Is(p[0], tt.problem)) {
				t.Errorf("problems %v, want %v", p, tt.problem)
			}
			kept := recs[0].Tags.Value(CBLLibraryComment)
			if len(kept) != tt.comment && tt.err != ErrTooLarge {
				t.Errorf("comment of %d bytes kept, want %d", len(kept), tt.comment)
			}
			if !utf8.ValidString(kept) || strings.ContainsRune(kept, utf8.RuneError) || recs[0].Replaced {
				t.Errorf("comment kept %q is not clean text (replaced %v)", kept, recs[0].Replaced)
			}
		})
	}
}
