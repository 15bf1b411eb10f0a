package parse

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// textRecordsDir returns the shared real-data directory, or skips the test
// when it is absent.
func textRecordsDir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join("..", "..", "shared", "testdata", "records")
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
	f, err := os.Open(filepath.Join(dir, "expected.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	byFile := make(map[string][]textExpected)
	var files []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var e textExpected
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			tb.Fatal(err)
		}
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
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
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
