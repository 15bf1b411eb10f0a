package tagnorm

import (
	"sort"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"胡榮華", "胡荣华"},
		{"胡荣华", "胡荣华"},
		{" 胡 荣 华 ", "胡荣华"},
		{"胡　荣华", "胡荣华"}, // ideographic space
		{"呂欽", "吕钦"},
		{"許銀川", "许银川"},
		{"楊官嶙", "杨官嶙"},
		{"全國個人賽 004", "全国个人赛004"},
		{"第十八屆“五羊杯”象棋冠軍賽", "第十八届五羊杯象棋冠军赛"},
		{"《象棋橋》杯", "象棋桥杯"},
		{"胡荣华(上海)", "胡荣华上海"},
		{"胡荣华（上海）", "胡荣华上海"},
		{"阿·布", "阿布"},
		{"ＨＵ　Ｒｏｎｇｈｕａ", "huronghua"},
		{"Hu Ronghua", "huronghua"},
		{"Kaka-2", "kaka2"},
		{"第１８届", "第18届"},
		{"", ""},
		{" ·-· ", ""},
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := Text(tt.in); got != tt.want { // from the cache
			t.Errorf("Text(%q) again = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestScriptSplit(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"胡榮華", "胡荣华", true},
		{"胡荣华", "胡荣华", false}, // the same as written
		{"胡荣华", "吕钦", false},
		{"", " ", false},
		{"Hu Ronghua", "HU RONGHUA", true},
	}
	for _, tt := range tests {
		if got := ScriptSplit(tt.a, tt.b); got != tt.want {
			t.Errorf("ScriptSplit(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestCacheBounded(t *testing.T) {
	for i := range cacheMax + 10 {
		Text("棋" + string(rune(0x4e00+i%20000)) + string(rune(0x4e00+i/20000)))
	}
	if n := len(cache.m); n > cacheMax {
		t.Errorf("cache holds %d entries, bound %d", n, cacheMax)
	}
}

// headersLine is the tags of a line of expected.jsonl.
type headersLine struct {
	Headers map[string]any `json:"headers"`
}

// TestRealNames reads the player names of the real records (as the
// reference reader decoded them: expected.jsonl) and checks that players
// typed in traditional characters (the Big5 collection) and in simplified
// ones elsewhere meet under Text.
func TestRealNames(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	spellings := map[string]map[string]bool{} // normalized -> spellings
	for _, line := range shareddata.Expected[headersLine](t, dir) {
		for _, k := range []string{"Red", "Black", "red_player", "black_player"} {
			v, _ := line.Headers[k].(string)
			n := Text(v)
			if n == "" {
				continue
			}
			if spellings[n] == nil {
				spellings[n] = map[string]bool{}
			}
			spellings[n][v] = true
		}
	}
	var split []string
	for n, s := range spellings {
		var scripts []string
		for v := range s {
			scripts = append(scripts, v)
		}
		sort.Strings(scripts)
		for _, a := range scripts[1:] {
			if ScriptSplit(scripts[0], a) {
				split = append(split, n)
				break
			}
		}
	}
	sort.Strings(split)
	t.Logf("%d distinct normalized names; %d written in more than one way: %v", len(spellings), len(split), split)
	// 胡荣华 is typed 胡榮華 in the Big5 collection and 胡荣华 elsewhere.
	if i := sort.SearchStrings(split, "胡荣华"); i == len(split) || split[i] != "胡荣华" {
		t.Error("胡榮華 and 胡荣华 of the real records do not meet under Text")
	}
}

// convertT2S is OpenCC's t2s conversion without the fast path of
// toSimplified.
func convertT2S(t *testing.T, s string) string {
	t.Helper()
	toSimplified("") // loads t2s
	out, err := t2s.Convert(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestToSimplifiedFastPath checks that toSimplified, which leaves alone a
// string in which no t2s key occurs, gives what OpenCC gives: on every CJK
// character on its own, and on every header value of the real records.
func TestToSimplifiedFastPath(t *testing.T) {
	total, skipped := 0, 0
	for _, rg := range [][2]rune{{0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xF900, 0xFAFF}, {0x3000, 0x303F}, {0xFF00, 0xFFEF}} {
		for r := rg[0]; r <= rg[1]; r++ {
			s := string(r)
			total++
			if got, want := toSimplified(s), convertT2S(t, s); got != want {
				t.Fatalf("toSimplified(%q) = %q, OpenCC gives %q", s, got, want)
			}
			if !t2sTouches(s) {
				skipped++
			}
		}
	}
	if skipped == 0 {
		t.Error("no character skips OpenCC: the fast path is never taken")
	}
	dir := shareddata.Dir(t, "records")
	n, hanSkipped := 0, 0
	for _, line := range shareddata.Expected[headersLine](t, dir) {
		for _, v := range line.Headers {
			s, ok := v.(string)
			if !ok {
				continue
			}
			n++
			if got, want := toSimplified(s), convertT2S(t, s); got != want {
				t.Errorf("toSimplified(%q) = %q, OpenCC gives %q", s, got, want)
			}
			// Twice over: longer than OpenCC's window of 10 characters.
			if got, want := toSimplified(s+s), convertT2S(t, s+s); got != want {
				t.Errorf("toSimplified(%q) = %q, OpenCC gives %q", s+s, got, want)
			}
			if HasHan(s) && !t2sTouches(s) {
				hanSkipped++
			}
		}
	}
	if hanSkipped == 0 {
		t.Error("no header value in Han characters skips OpenCC")
	}
	t.Logf("%d characters and %d header values; %d characters and %d header values in Han characters skip OpenCC", total, n, skipped, hanSkipped)
}

// FuzzToSimplified checks toSimplified (its fast path and its own
// conversion) against OpenCC's Convert on any text.
func FuzzToSimplified(f *testing.F) {
	for _, s := range []string{"胡榮華", "胡荣华", "許銀川對呂欽", "全國象棋個人賽第一輪", "abc 中國", "\xff臺灣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := toSimplified(s), convertT2S(t, s); got != want {
			t.Fatalf("toSimplified(%q) = %q, OpenCC gives %q", s, got, want)
		}
	})
}
