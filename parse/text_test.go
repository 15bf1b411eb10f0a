package parse

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
)

func textEncode(t *testing.T, s, enc string) []byte {
	t.Helper()
	var b []byte
	var err error
	switch enc {
	case EncGB18030:
		b, err = simplifiedchinese.GB18030.NewEncoder().Bytes([]byte(s))
	case EncBig5:
		b, err = traditionalchinese.Big5.NewEncoder().Bytes([]byte(s))
	case EncUTF16LE:
		b, err = unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(s))
	default:
		b = []byte(s)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecodeText(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		enc      string // encoding used to write the bytes
		raw      []byte // instead of text/enc
		want     string
		wantEnc  string
		replaced bool
	}{
		{name: "ascii", text: "1. h2e2", enc: EncUTF8, want: "1. h2e2", wantEnc: EncASCII},
		{name: "utf-8", text: "炮二平五", enc: EncUTF8, want: "炮二平五", wantEnc: EncUTF8},
		{name: "utf-8 bom", raw: []byte("\xef\xbb\xbf炮二平五"), want: "炮二平五", wantEnc: EncUTF8BOM},
		{name: "utf-16le bom", text: "炮二平五", enc: EncUTF16LE, want: "炮二平五", wantEnc: EncUTF16LE},
		{name: "gbk simplified", text: "炮二平五 马８进７ 车九进一", enc: EncGB18030, want: "炮二平五 马８进７ 车九进一", wantEnc: EncGB18030},
		{name: "big5 traditional", text: "炮二平五 馬８進７ 車九進一 將５平６", enc: EncBig5, want: "炮二平五 馬８進７ 車九進一 將５平６", wantEnc: EncBig5},
		{name: "gbk traditional forms", text: "帥五平四 將５平６", enc: EncGB18030, want: "帥五平四 將５平６", wantEnc: EncGB18030},
		{name: "big5 digit wins", raw: []byte{0xA4, 0x40}, want: "一", wantEnc: EncBig5},
		{name: "tie goes to gb18030", raw: []byte{0xB0, 0xA1}, want: "啊", wantEnc: EncGB18030},
		{name: "bad bytes", raw: []byte{0x81, 0x20, 'a'}, wantEnc: EncGB18030, replaced: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.raw
			if b == nil {
				b = textEncode(t, tt.text, tt.enc)
			}
			s, enc, replaced := DecodeText(b)
			if enc != tt.wantEnc || replaced != tt.replaced || (tt.want != "" && s != tt.want) {
				t.Errorf("DecodeText(% x) = %q, %s, %v; want %q, %s, %v", b, s, enc, replaced, tt.want, tt.wantEnc, tt.replaced)
			}
		})
	}
}

func TestTextDecoder(t *testing.T) {
	gbk := textEncode(t, "[Event \"赛\"]\n1. 炮二平五 马８进７\n", EncGB18030)
	big5 := textEncode(t, "1. 炮二平五 馬８進７ 車九進一\n", EncBig5)
	d := NewTextDecoder(gbk)
	if d.Encoding() != EncGB18030 {
		t.Fatalf("file encoding %s", d.Encoding())
	}
	if s, enc, _ := d.Decode(gbk); enc != EncGB18030 || s != "[Event \"赛\"]\n1. 炮二平五 马８进７\n" {
		t.Errorf("Decode = %q, %s", s, enc)
	}
	// A Big5 game in a GBK file decodes without replacement under
	// GB18030 only by luck; this one does not, so it is detected anew.
	if s, enc, r := d.Decode(big5); enc != EncBig5 || r || s != "1. 炮二平五 馬８進７ 車九進一\n" {
		t.Errorf("Decode(big5 piece) = %q, %s, %v", s, enc, r)
	}
	// ASCII head, later UTF-8 piece: that piece is UTF-8, the next ASCII
	// piece is still ASCII (the answer does not depend on the order in
	// which pieces are decoded, so games can be decoded in parallel).
	a := NewTextDecoder([]byte("[Event \"x\"]\n"))
	if _, enc, _ := a.Decode([]byte("炮二平五")); enc != EncUTF8 {
		t.Errorf("ascii then utf-8: %s", enc)
	}
	if _, enc, _ := a.Decode([]byte("[Event \"y\"]")); enc != EncASCII || a.Encoding() != EncASCII {
		t.Errorf("ascii piece after a utf-8 one: %s / %s", enc, a.Encoding())
	}
	// The zero value detects each piece.
	var z TextDecoder
	if _, enc, _ := z.Decode(big5); enc != EncBig5 {
		t.Errorf("zero decoder: %s", enc)
	}
}

func TestTextTrimPartialUTF8(t *testing.T) {
	b := []byte("ab炮")
	for i := len(b); i >= 0; i-- {
		got := string(textTrimPartialUTF8(b[:i]))
		want := string(b[:i])
		if i == 3 || i == 4 {
			want = "ab"
		}
		if got != want {
			t.Errorf("trim(%q) = %q, want %q", b[:i], got, want)
		}
	}
}

// TestLegacyScoresMatchDecodedScores checks the byte-level scorer against
// the score of the decoded text, on GBK and Big5 samples.
func TestLegacyScoresMatchDecodedScores(t *testing.T) {
	samples := []string{
		"1. 炮二平五 马８进７ 2. 马二进三 车９平８ {评注：红方先手}",
		"1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 後炮退一",
		"前兵平五 仕四进五 相三进五 帅五平四 将５平４ 卒３进１",
	}
	for _, s := range samples {
		for _, e := range []struct {
			name string
			enc  encoding.Encoding
		}{{"gb18030", simplifiedchinese.GB18030}, {"big5", traditionalchinese.Big5}} {
			raw, err := e.enc.NewEncoder().Bytes([]byte(s))
			if err != nil {
				continue // not representable (simplified text in Big5)
			}
			gs, _ := textDecodeWith(simplifiedchinese.GB18030, raw, textFFFDGB18030)
			bs, _ := textDecodeWith(traditionalchinese.Big5, raw, nil)
			g, b := textLegacyScores(raw)
			if g != textScore(gs) || b != textScore(bs) {
				t.Errorf("%s %q: byte scores %d/%d, decoded scores %d/%d", e.name, s, g, b, textScore(gs), textScore(bs))
			}
			if got, _ := textLegacyChoice(raw, ""); got != map[string]string{"gb18030": EncGB18030, "big5": EncBig5}[e.name] {
				t.Errorf("%s %q: guessed %s", e.name, s, got)
			}
		}
	}
}

// textBuildPairsOneByOne is the pair table decoded one code at a time:
// the reference of textBuildPairs, which decodes a lead byte's codes in
// one call.
func textBuildPairsOneByOne(e encoding.Encoding) *textPairTable {
	t := new(textPairTable)
	dec := e.NewDecoder()
	for lead := 0x81; lead <= 0xFE; lead++ {
		for trail := 0x40; trail <= 0xFE; trail++ {
			t[(lead-0x81)<<8|trail] = textDecodePair(dec, byte(lead), byte(trail))
		}
	}
	return t
}

func TestTextBuildPairs(t *testing.T) {
	for _, e := range []encoding.Encoding{simplifiedchinese.GB18030, traditionalchinese.Big5} {
		got, want := textBuildPairs(e), textBuildPairsOneByOne(e)
		n := 0
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%v: code %#04x: %U, want %U", e, i+0x8100, got[i], want[i])
			}
			if want[i] != 0 {
				n++
			}
		}
		if n < 10000 {
			t.Errorf("%v: %d codes decode to one character, want the thousands of the encoding", e, n)
		}
	}
}

// textLegacyScoresBytewise is textLegacyScores one byte at a time: the
// reference of its ASCII skipping.
func textLegacyScoresBytewise(b []byte) (gb, big5 int) {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 || i+1 >= len(b) {
			i++
			continue
		}
		if d := b[i+1]; d >= 0x30 && d <= 0x39 {
			i += 4
			continue
		}
		if textGBCodes.has(uint16(c)<<8 | uint16(b[i+1])) {
			gb++
		}
		i += 2
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x81 || i+1 >= len(b) {
			i++
			continue
		}
		if textBig5Codes.has(uint16(c)<<8 | uint16(b[i+1])) {
			big5++
		}
		i += 2
	}
	return gb, big5
}

// TestLegacyScoresSkipASCII: skipping runs of ASCII changes no score, on
// the real text records and on every cut of them.
func TestLegacyScoresSkipASCII(t *testing.T) {
	dir := textRecordsDir(t)
	_, files := textLoadExpected(t, dir, "pgn")
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if textIsASCII(data) || utf8.Valid(data) {
			continue
		}
		n++
		for _, cut := range []int{0, 1, 7, 9, len(data) / 3, len(data) - 1} {
			b := data[max(0, min(cut, len(data))):]
			g, b5 := textLegacyScores(b)
			wg, wb5 := textLegacyScoresBytewise(b)
			if g != wg || b5 != wb5 {
				t.Fatalf("%s from %d: scores %d/%d, byte by byte %d/%d", f, cut, g, b5, wg, wb5)
			}
		}
	}
	if n == 0 {
		t.Fatal("no legacy-encoded record")
	}
}

func FuzzLegacyScores(f *testing.F) {
	f.Add([]byte("1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 abc \x80\x81\x82"))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, b5 := textLegacyScores(b)
		wg, wb5 := textLegacyScoresBytewise(b)
		if g != wg || b5 != wb5 {
			t.Fatalf("%q: scores %d/%d, byte by byte %d/%d", b, g, b5, wg, wb5)
		}
	})
}
