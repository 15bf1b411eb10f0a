package parse

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// textRecordsDir returns the shared real-data directory, or skips the test
// when it is absent.
func textRecordsDir(tb testing.TB) string {
	tb.Helper()
	dir := shareddata.Path("records")
	if _, err := os.Stat(filepath.Join(dir, "expected.jsonl")); err != nil {
		tb.Skipf("real test data not found at %s (relative to the package dir): %v", dir, err)
	}
	return dir
}

// textExpected is one line of expected.jsonl.
type textExpected struct {
	File     string          `json:"file"`
	Index    int             `json:"index"`
	Format   string          `json:"format"`
	Encoding string          `json:"encoding"`
	Headers  map[string]any  `json:"headers"`
	InitFEN  string          `json:"init_fen"`
	Moves    []string        `json:"moves_iccs"`
	Result   string          `json:"result"`
	Error    json.RawMessage `json:"error"`
}

// textLoadExpected returns the expected games per file for the given
// formats, in file order.
func textLoadExpected(tb testing.TB, dir string, formats ...string) (map[string][]textExpected, []string) {
	tb.Helper()
	byFile := make(map[string][]textExpected)
	var files []string
	for _, e := range shareddata.Expected[textExpected](tb, dir) {
		ok := false
		for _, want := range formats {
			ok = ok || e.Format == want
		}
		if !ok {
			continue
		}
		if _, seen := byFile[e.File]; !seen {
			files = append(files, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e)
	}
	for _, games := range byFile {
		sort.Slice(games, func(i, j int) bool { return games[i].Index < games[j].Index })
	}
	return byFile, files
}

// textEncClass maps encoding names to the classes compared in tests.
func textEncClass(enc string) string {
	switch strings.ToLower(enc) {
	case EncGB18030, "gbk", "gb2312":
		return "gb"
	case EncUTF8, EncUTF8BOM, "utf-8-sig":
		return "utf-8"
	}
	return strings.ToLower(enc)
}

// pgnKnownDisagreements lists where this reader and expected.jsonl differ
// on purpose: key "file#index", value the reason (found by reading the
// file).
var pgnKnownDisagreements = map[string]string{
	// Bytes A3 A0 in a tag value: golang.org/x/text decodes GB18030 as
	// GB18030-2022, where A3 A0 is U+3000 (ideographic space); the reference
	// reader uses the 2005 table, which maps it to the private-use U+E5E5.
	"hbsxcjp__cchess_c/chessManual/示例文件.pgn_iccs/5、\ue5e5第二轮 吕钦\u3000红先胜 徐天红 2001.1.pgn_iccs#0": "GB18030-2022 maps A3 A0 to U+3000, the reference (2005 table) to U+E5E5",
	"hbsxcjp__cchess_c/chessManual/示例文件.pgn_zh/5、\ue5e5第二轮 吕钦\u3000红先胜 徐天红 2001.1.pgn_zh#0":     "GB18030-2022 maps A3 A0 to U+3000, the reference (2005 table) to U+E5E5",
	// The TitleA value ends in a byte pair of the GBK user-defined area
	// (a stray byte after the converter's length prefix): x/text has no
	// mapping and writes U+FFFD (Record.Replaced is set); the reference maps
	// it to the private-use U+E027. Neither is a real character.
	"hbsxcjp__cchess_c/chessManual/示例文件.pgn_iccs/车兵和车卒士（第2局）029.pgn_iccs#0": "user-defined GBK code: U+FFFD here, private-use U+E027 in the reference",
	"hbsxcjp__cchess_c/chessManual/示例文件.pgn_zh/车兵和车卒士（第2局）029.pgn_zh#0":     "user-defined GBK code: U+FFFD here, private-use U+E027 in the reference",
}

func readAllRecords(t *testing.T, r Reader) []*Record {
	t.Helper()
	var recs []*Record
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			var perr *Error
			if rec == nil || !errors.As(err, &perr) {
				t.Fatalf("Next: %v", err)
			}
		}
		recs = append(recs, rec)
	}
}

func TestPGNRealData(t *testing.T) {
	dir := textRecordsDir(t)
	byFile, files := textLoadExpected(t, dir, "pgn")
	var games, matched, mismatched int
	for _, file := range files {
		want := byFile[file]
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		recs := readAllRecords(t, NewPGNReader(f, file))
		f.Close()
		if len(recs) != len(want) {
			if why, ok := pgnKnownDisagreements[file]; ok {
				t.Logf("%s: %d games, expected.jsonl has %d (known: %s)", file, len(recs), len(want), why)
				continue
			}
			t.Errorf("%s: %d games, want %d", file, len(recs), len(want))
			continue
		}
		for i, rec := range recs {
			w := want[i]
			games++
			key := file + "#" + itoa(w.Index)
			var diffs []string
			if got, exp := textEncClass(rec.Encoding), textEncClass(w.Encoding); got != exp && !(got == "ascii" && exp == "utf-8") {
				// A pure-ASCII game in a UTF-8 file is reported as ASCII
				// while the file has shown nothing else.
				diffs = append(diffs, "encoding "+rec.Encoding+" want "+w.Encoding)
			}
			if d := textTagsDiff(rec.Tags, w.Headers); d != "" {
				diffs = append(diffs, d)
			}
			if string(w.Error) == "null" {
				if n := len(rec.MainLine()); n != len(w.Moves) {
					diffs = append(diffs, "main line "+itoa(n)+" moves, want "+itoa(len(w.Moves)))
				}
			}
			if len(diffs) == 0 {
				matched++
				continue
			}
			mismatched++
			if why, ok := pgnKnownDisagreements[key]; ok {
				t.Logf("%s: %s (known: %s)", key, strings.Join(diffs, "; "), why)
				continue
			}
			t.Errorf("%s: %s; problems %v", key, strings.Join(diffs, "; "), rec.Problems)
		}
	}
	t.Logf("PGN real data: %d files, %d games, %d matched, %d differ", len(files), games, matched, mismatched)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// textTagsDiff compares tags with expected headers ("" when equal).
func textTagsDiff(tags Tags, wantAny map[string]any) string {
	want := make(map[string]string, len(wantAny))
	for k, v := range wantAny {
		want[k] = fmt.Sprint(v)
	}
	got := make(map[string]string, len(tags))
	for _, t := range tags {
		if _, dup := got[t.Name]; !dup {
			got[t.Name] = t.Value
		}
	}
	var d []string
	for k, v := range want {
		if g, ok := got[k]; !ok {
			d = append(d, "missing tag "+k)
		} else if textLineBreaks.Replace(g) != textLineBreaks.Replace(v) {
			d = append(d, fmt.Sprintf("tag %s=%q want %q", k, g, v))
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			d = append(d, "extra tag "+k)
		}
	}
	sort.Strings(d)
	return strings.Join(d, ", ")
}

// textLineBreaks maps what Python's str.splitlines takes for line breaks
// to "\n": the reference reader split tag lines that way, so control bytes
// leaked into tag values by converters (\f, \r\n) come out as "\n" there,
// while this reader keeps the bytes as written.
var textLineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\f", "\n", "\v", "\n", "\x1c", "\n", "\x1d", "\n", "\x1e", "\n", "\u0085", "\n")

// pgnWant describes what a table test expects of the first game.
type pgnWant struct {
	games    int
	tags     []Tag
	fen      string
	result   string
	notation Notation
	main     []string // Text of the main line
	nums     []int    // Number of the main line moves (nil: not checked)
	suffix   map[int]string
	comment  map[int]string // ply → comment (0 = game comment)
	alts     map[int][]string
	problems []string // "line:col sentinel"
}

func TestPGNReader(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want pgnWant
	}{
		{
			name: "xqbase",
			in:   "[Game \"Chinese Chess\"]\r\n[Result \"0-1\"]\r\n  1. 炮二平五 马８进７\r\n  2. 马二进三 车９平８\r\n 0-1\r\n====\r\n欢迎访问\r\n",
			want: pgnWant{games: 1, tags: []Tag{{"Game", "Chinese Chess"}, {"Result", "0-1"}}, result: "0-1",
				notation: NotationChinese, main: []string{"炮二平五", "马８进７", "马二进三", "车９平８"}, nums: []int{1, 0, 2, 0}},
		},
		{
			name: "case-insensitive fen tag and single quotes",
			in:   "[Fen '4k4/9/9/9/9/9/9/9/9/4K4 w']\n1. h0h1\n",
			want: pgnWant{games: 1, tags: []Tag{{"Fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"}}, fen: "4k4/9/9/9/9/9/9/9/9/4K4 w", notation: NotationICCS, main: []string{"h0h1"}},
		},
		{
			name: "value ends at last quote before bracket",
			in:   "[Event \"the \"big\" one\"]\n[Site \"a\"] [Round \"2\"]\n",
			want: pgnWant{games: 1, tags: []Tag{{"Event", "the \"big\" one"}, {"Site", "a"}, {"Round", "2"}}},
		},
		{
			name: "numbers without space and wxf dots",
			in:   "1.C2.5 H8+7 2.H2+3 R9.8 *",
			want: pgnWant{games: 1, result: "*", notation: NotationWXF, main: []string{"C2.5", "H8+7", "H2+3", "R9.8"}, nums: []int{1, 0, 2, 0}},
		},
		{
			name: "chinese number without space",
			in:   "1.炮二平五 马８进７ 2.马二进三",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马８进７", "马二进三"}, nums: []int{1, 0, 2}},
		},
		{
			name: "black first placeholders",
			in:   "[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 b\"]\n1. ………… 将５平４ 2. 帅五平六\n",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"将５平４", "帅五平六"}, nums: []int{1, 2}, fen: "4k4/9/9/9/9/9/9/9/9/4K4 b",
				tags: []Tag{{"FEN", "4k4/9/9/9/9/9/9/9/9/4K4 b"}}},
		},
		{
			name: "chess style 1...",
			in:   "1... h9g7 2. h0g2 2... i9h9 3. .... c3c4 4. ． a0a1",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h9g7", "h0g2", "i9h9", "c3c4", "a0a1"}, nums: []int{1, 2, 2, 3, 4}},
		},
		{
			name: "comments",
			in:   "{game}\n1. h2e2 {a\nb} h9g7 ; line comment\n2. h0g2",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h2e2", "h9g7", "h0g2"},
				comment: map[int]string{0: "game", 1: "a\nb", 2: "line comment"}},
		},
		{
			name: "nested variations",
			in:   "1. h2e2 h9g7 (1... b9c7 2. b0c2 (2. h0g2)) (1... c6c5) 2. h0g2 *",
			want: pgnWant{games: 1, result: "*", notation: NotationICCS, main: []string{"h2e2", "h9g7", "h0g2"},
				alts: map[int][]string{2: {"b9c7", "c6c5"}}},
		},
		{
			name: "suffixes and nags",
			in:   "1. C2.5!? H8+7? 2. R1+1++ 炮二平五! h2e2+ $14",
			want: pgnWant{games: 1, notation: NotationWXF, main: []string{"C2.5", "H8+7", "R1+1"},
				suffix:   map[int]string{1: "!?", 2: "?", 3: "++$14"},
				problems: []string{"1:27 syntax error", "1:33 syntax error"}},
		},
		{
			name: "results",
			in:   "1. h2e2 ½-½\n\n[Event \"b\"]\n1. h2e2 1/2-1/2\n[Event \"c\"]\n[Result \"红胜\"]\n1. h2e2\n[Event \"d\"]\n[Result \"1-0\"]\n1. h2e2 0-1\n",
			want: pgnWant{games: 4, notation: NotationICCS, result: "1/2-1/2", main: []string{"h2e2"}},
		},
		{
			name: "chinese noise",
			in:   "１、炮二平五　马８进７\n红方：马二进三 黑方：车９平８ 第3回合",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马８进７", "马二进三", "车９平８"}, nums: []int{1, 0, 0, 0}},
		},
		{
			name: "junk tokens are reported with line and rune column",
			in:   "[Event \"e\"]\n1. 炮二平五 乱码 马８进７\n2. xyz",
			want: pgnWant{games: 1, tags: []Tag{{"Event", "e"}}, notation: NotationChinese, main: []string{"炮二平五", "马８进７"},
				problems: []string{"2:9 syntax error", "3:4 syntax error"}},
		},
		{
			name: "unterminated comment",
			in:   "1. h2e2 {never closed\n2. h0g2",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h2e2"}, comment: map[int]string{1: "never closed\n2. h0g2"},
				problems: []string{"1:9 record truncated"}},
		},
		{
			name: "unterminated variation",
			in:   "1. h2e2 h9g7 (1... b9c7 2. h0g2",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h2e2", "h9g7"}, alts: map[int][]string{2: {"b9c7"}},
				problems: []string{"1:14 record truncated"}},
		},
		{
			name: "cut inside tag section",
			in:   "[Event \"a\"]\n[Site \"b",
			want: pgnWant{games: 1, tags: []Tag{{"Event", "a"}, {"Site", "b"}}, problems: []string{"2:1 syntax error", "2:1 record truncated"}},
		},
		{
			name: "tags only",
			in:   "[Event \"a\"]\n[Event \"b\"]\n\n",
			want: pgnWant{games: 1, tags: []Tag{{"Event", "a"}, {"Event", "b"}}},
		},
		{
			name: "bad tag line does not split the game",
			in:   "[Event \"a\"]\nSite \"b\"]\n[Round \"1\"]\n1. h2e2\n",
			want: pgnWant{games: 1, tags: []Tag{{"Event", "a"}, {"Site", "b"}, {"Round", "1"}}, notation: NotationICCS, main: []string{"h2e2"},
				problems: []string{"2:1 syntax error"}},
		},
		{
			name: "advert after result is no game",
			in:   "[Event \"a\"]\n1. h2e2 1-0\n===\n欢迎访问 http://x\n\n[Event \"b\"]\n1. h0g2\n",
			want: pgnWant{games: 2, tags: []Tag{{"Event", "a"}}, result: "1-0", notation: NotationICCS, main: []string{"h2e2"}},
		},
		{
			name: "uci ranks",
			in:   "1. h3e3 h8e8 2. h1g3 a10a9",
			want: pgnWant{games: 1, notation: NotationUCI, main: []string{"h3e3", "h8e8", "h1g3", "a10a9"}},
		},
		{
			name: "iccs upper with hyphen",
			in:   "[Format \"ICCS\"]\n1. H2-E2 H7-E7",
			want: pgnWant{games: 1, tags: []Tag{{"Format", "ICCS"}}, notation: NotationICCS, main: []string{"H2-E2", "H7-E7"}},
		},
		{
			name: "xboard san",
			in:   "[Variant \"xiangqi\"]\n1. Che2 {+0.1/7} Hg7 2. Cxe6 c4 3. Ci4+ ixi5 *",
			want: pgnWant{games: 1, tags: []Tag{{"Variant", "xiangqi"}}, result: "*", notation: NotationSAN,
				main: []string{"Che2", "Hg7", "Cxe6", "c4", "Ci4", "ixi5"}, suffix: map[int]string{5: "+"}},
		},
		{
			name: "full-width wxf tandem",
			in:   "1. Ｃ２＝５ ＋Ｐ＋１",
			want: pgnWant{games: 1, notation: NotationWXF, main: []string{"Ｃ２＝５", "＋Ｐ＋１"}},
		},
		{
			name: "wxf keyword dialect",
			in: "FORMAT  WXF\nRED     jugador rojo ; 1200 ;;\nBLACK   jugador negro ; 1240 ;;\nRESULT  0-1\nDATE    2020-02-02\nEVENT   PlayOK Game ; 10m+0s\nSTART{\n 1. P3+1 c8.7   2. E7+5 c2.5\n 3. H++7\n}END\n" +
				"FORMAT  WXF\nRED a\nSTART{\n1. C2.5\n}END\n",
			want: pgnWant{games: 2, tags: []Tag{{"Format", "WXF"}, {"Red", "jugador rojo"}, {"Black", "jugador negro"}, {"Result", "0-1"},
				{"Date", "2020-02-02"}, {"Event", "PlayOK Game"}, {"TimeControl", "10m+0s"}},
				result: "0-1", notation: NotationWXF, main: []string{"P3+1", "c8.7", "E7+5", "c2.5", "H++7"}},
		},
		{
			name: "move number out of order",
			in:   "1. h2e2 h9g7 5. h0g2",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h2e2", "h9g7", "h0g2"}, problems: []string{"1:17 move number out of order"}},
		},
		{
			name: "unmatched close and variation before first move",
			in:   ") (1. h2e2) 1. h0g2",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h0g2"}, problems: []string{"1:1 syntax error", "1:3 syntax error"}},
		},
		{
			name: "empty input",
			in:   "\n\n  \n",
			want: pgnWant{games: 0},
		},
		{
			name: "utf-8 bom",
			in:   "\ufeff[Event \"a\"]\n1. 炮二平五\n",
			want: pgnWant{games: 1, tags: []Tag{{"Event", "a"}}, notation: NotationChinese, main: []string{"炮二平五"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs := readAllRecords(t, NewPGNReader(strings.NewReader(tt.in), "t.pgn"))
			if len(recs) != tt.want.games {
				t.Fatalf("%d games, want %d", len(recs), tt.want.games)
			}
			for i, r := range recs {
				if r.Index != i || r.Source != "t.pgn" || r.Format != FormatPGN {
					t.Errorf("game %d: Index %d Source %q Format %q", i, r.Index, r.Source, r.Format)
				}
			}
			if tt.want.games == 0 {
				return
			}
			pgnCheck(t, recs[0], tt.want)
		})
	}
}

func pgnCheck(t *testing.T, rec *Record, w pgnWant) {
	t.Helper()
	if fmt.Sprint(rec.Tags) != fmt.Sprint(Tags(w.tags)) {
		t.Errorf("tags %q, want %q", rec.Tags, w.tags)
	}
	if rec.FEN != w.fen {
		t.Errorf("FEN %q, want %q", rec.FEN, w.fen)
	}
	if rec.Result != w.result {
		t.Errorf("Result %q, want %q", rec.Result, w.result)
	}
	if rec.Notation != w.notation {
		t.Errorf("Notation %q, want %q", rec.Notation, w.notation)
	}
	line := rec.MainLine()
	var texts []string
	var nums []int
	for _, n := range line {
		texts = append(texts, n.Text)
		nums = append(nums, n.Number)
	}
	if fmt.Sprint(texts) != fmt.Sprint(w.main) {
		t.Errorf("main line %q, want %q", texts, w.main)
	}
	if w.nums != nil && fmt.Sprint(nums) != fmt.Sprint(w.nums) {
		t.Errorf("numbers %v, want %v", nums, w.nums)
	}
	for ply, s := range w.suffix {
		if ply-1 < len(line) && line[ply-1].Suffix != s {
			t.Errorf("ply %d suffix %q, want %q", ply, line[ply-1].Suffix, s)
		}
	}
	for ply, c := range w.comment {
		n := &rec.Root
		if ply > 0 && ply-1 < len(line) {
			n = line[ply-1]
		}
		if n.Comment != c {
			t.Errorf("ply %d comment %q, want %q", ply, n.Comment, c)
		}
	}
	for ply, alts := range w.alts {
		parent := &rec.Root
		if ply > 1 {
			parent = line[ply-2]
		}
		var got []string
		for _, c := range parent.Children[1:] {
			got = append(got, c.Text)
		}
		if fmt.Sprint(got) != fmt.Sprint(alts) {
			t.Errorf("alternatives to ply %d: %q, want %q", ply, got, alts)
		}
	}
	var probs []string
	for _, p := range rec.Problems {
		probs = append(probs, p.Pos.String()+" "+errors.Unwrap(p).Error())
	}
	var simplified []string
	for _, p := range probs {
		// Keep "line:col sentinel" only.
		for _, s := range []error{ErrSyntax, ErrTruncated, ErrMoveNumber} {
			if strings.Contains(p, s.Error()) {
				p = p[:strings.IndexByte(p, ' ')] + " " + s.Error()
			}
		}
		simplified = append(simplified, p)
	}
	if fmt.Sprint(simplified) != fmt.Sprint(w.problems) {
		t.Errorf("problems %q, want %q\n%v", simplified, w.problems, rec.Problems)
	}
	for _, p := range rec.Problems {
		if !errors.Is(p, ErrSyntax) && !errors.Is(p, ErrTruncated) && !errors.Is(p, ErrMoveNumber) {
			t.Errorf("problem %v wraps no sentinel", p)
		}
	}
}

// TestPGNOffsets checks byte offsets across lines and encodings.
func TestPGNOffsets(t *testing.T) {
	in := "[Event \"a\"]\n1. h2e2\n[Event \"b\"]\n1. 炮二平五 马８进７\n"
	recs := readAllRecords(t, NewPGNReader(strings.NewReader(in), "t"))
	if len(recs) != 2 {
		t.Fatalf("%d games", len(recs))
	}
	if p := recs[1].Pos; p.Line != 3 || p.Offset != int64(strings.Index(in, "[Event \"b\"]")) {
		t.Errorf("game 2 at %v offset %d", p, p.Offset)
	}
	m := recs[1].MainLine()
	if got, want := m[1].Pos.Offset, int64(strings.Index(in, "马８")); got != want || m[1].Pos.Column != 9 {
		t.Errorf("马８进７ at %v offset %d, want offset %d column 9", m[1].Pos, got, want)
	}
}
