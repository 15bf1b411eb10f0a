package parse

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// TestLegacyChoiceShortText: text without move notation (tags only, a few
// words) is decoded by its likelihood, then by the hint; weak choices are
// reported.
func TestLegacyChoiceShortText(t *testing.T) {
	big5 := func(s string) []byte { return mustEncode(t, traditionalchinese.Big5, s) }
	gbk := func(s string) []byte { return mustEncode(t, simplifiedchinese.GBK, s) }
	tests := []struct {
		name     string
		raw      []byte
		hint     string
		want     string
		wantWeak bool
	}{
		{"big5 title of four characters", big5(`[Event "第00局 結論"]`), "", EncBig5, true},
		{"big5 title, gb hint ignored", big5(`[Event "第00局 結論"]`), EncGB18030, EncBig5, true},
		{"big5 title, big5 hint agrees", big5(`[Event "第00局 結論"]`), EncBig5, EncBig5, false},
		{"big5 tags", big5("[Event \"全國個人賽\"]\n[Red \"楊官嶙\"]\n[Black \"劉殿中\"]\n[Date \"1976年\"]"), "", EncBig5, false},
		{"gbk tags", gbk("[Event \"全国个人赛\"]\n[Red \"杨官璘\"]\n[Black \"刘殿中\"]\n[Date \"1976年\"]"), "", EncGB18030, false},
		{"gbk two characters", gbk(`[Red "胡荣华"]`), "", EncGB18030, true},
		{"big5 move text", big5("1. 炮二平五 馬８進７"), "", EncBig5, false},
		{"gbk move text", gbk("1. 炮二平五 马８进７"), "", EncGB18030, false},
		// 0xB0A1 is 啊 in GB and 偃 in Big5, both common: a tie.
		{"tie without hint", []byte{0xB0, 0xA1}, "", EncGB18030, true},
		{"tie, big5 hint", []byte{0xB0, 0xA1}, EncBig5, EncBig5, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc, weak := textLegacyChoice(tt.raw, tt.hint)
			if enc != tt.want || weak != tt.wantWeak {
				t.Errorf("textLegacyChoice = %s, weak %v; want %s, weak %v", enc, weak, tt.want, tt.wantWeak)
			}
			d := newTextDecoder(tt.raw, tt.hint)
			if _, got, _ := d.Decode(tt.raw); got != tt.want || d.Weak() != tt.wantWeak {
				t.Errorf("TextDecoder.Decode: %s, weak %v; want %s, weak %v", got, d.Weak(), tt.want, tt.wantWeak)
			}
		})
	}
}

func mustEncode(t *testing.T, e encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := e.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLegacyChoiceRealTagSections decodes the tag section alone of every
// real GBK and Big5 PGN file (no move text to score) and checks that the
// encoding expected.jsonl gives is chosen, and that every wrong choice
// would have been flagged as weak.
func TestLegacyChoiceRealTagSections(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	files := map[string]string{}
	for _, e := range shareddata.Expected[struct {
		File, Format, Encoding string
		Index                  int
	}](t, dir) {
		if e.Format == "pgn" && (e.Encoding == "big5" || e.Encoding == "gbk" || e.Encoding == "gb18030") {
			files[e.File] = map[string]string{"big5": EncBig5}[e.Encoding]
			if files[e.File] == "" {
				files[e.File] = EncGB18030
			}
		}
	}
	n, right, weak, wrongStrong, oldRight := 0, 0, 0, 0, 0
	for name, want := range files {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		// The tag section: up to the first line that is not a tag.
		tags := raw
		for off := 0; off < len(raw); {
			end := bytes.IndexByte(raw[off:], '\n')
			if end < 0 {
				break
			}
			if line := bytes.TrimSpace(raw[off : off+end]); len(line) > 0 && line[0] != '[' {
				tags = raw[:off]
				break
			}
			off += end + 1
		}
		if textIsASCII(tags) {
			continue
		}
		n++
		if textOldChoice(tags) == want {
			oldRight++
		}
		enc, w := textLegacyChoice(tags, "")
		switch {
		case enc == want:
			right++
		case w:
			weak++
		default:
			wrongStrong++
			t.Errorf("%s: tags alone read as %s, strongly; the file is %s", name, enc, want)
		}
	}
	if n < 100 {
		t.Fatalf("only %d real legacy tag sections", n)
	}
	t.Logf("%d real tag sections without move text: %d right, %d wrong but flagged weak, %d wrong unflagged (notation score alone, GB18030 on a tie: %d right)",
		n, right, weak, wrongStrong, oldRight)
}

// textOldChoice is the choice made before the likelihood: the notation
// score, GB18030 on a tie unless only Big5 decodes cleanly.
func textOldChoice(b []byte) string {
	g, b5 := textLegacyScores(b)
	switch {
	case g > b5:
		return EncGB18030
	case b5 > g:
		return EncBig5
	}
	if _, rep := textDecodeWith(simplifiedchinese.GB18030, b, textFFFDGB18030); !rep {
		return EncGB18030
	}
	if _, rep := textDecodeWith(traditionalchinese.Big5, b, nil); !rep {
		return EncBig5
	}
	return EncGB18030
}

var big5Enc = traditionalchinese.Big5
