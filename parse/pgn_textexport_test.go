package parse_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/parse"
)

// The header lines of the two text exports are read as tags: each file
// is one game, with no syntax problem, and every non-empty value of a
// "key：value" of its header (split here by the colons the lines hold)
// is kept in a tag.
func TestTextExportHeaderTags(t *testing.T) {
	split := regexp.MustCompile(`[^\s()年月日]+`)
	for _, name := range []string{"sample_04x.txt", "sample_12x_ourgame-chess.txt"} {
		t.Run(name, func(t *testing.T) {
			data := platformFile(t, name)
			_, recs := platformRead(t, name, data)
			if len(recs) != 1 {
				t.Fatalf("%d records, want 1", len(recs))
			}
			rec := recs[0]
			for _, p := range rec.Problems {
				t.Errorf("problem: %v", p)
			}
			var all strings.Builder
			for _, tg := range rec.Tags {
				all.WriteString(tg.Value + "\n")
			}
			text, _, _ := parse.DecodeText(data)
			header, _, _ := strings.Cut(text, "FEN ")
			header, _, _ = strings.Cut(header, "棋谱   ")
			values := 0
			for _, l := range strings.Split(header, "\n") {
				// Between two colons: the value, then the next key (one word).
				segs := strings.Split(l, "：")
				for k := 1; k < len(segs); k++ {
					words := strings.Fields(segs[k])
					if k < len(segs)-1 && len(words) > 0 {
						words = words[:len(words)-1]
					}
					v := strings.Join(words, " ")
					if v == "" || v == "(Email:)" || v == "未知" {
						continue
					}
					values++
					// A date is kept as YYYY.MM.DD, a player's account
					// apart from the name: look for the value's words.
					for _, w := range split.FindAllString(v, -1) {
						if !strings.Contains(all.String(), w) {
							t.Errorf("%s: %q is in no tag (%v)", strings.TrimSpace(l), w, rec.Tags)
						}
					}
				}
			}
			if values < 3 {
				t.Errorf("%d header values found in the file", values)
			}
		})
	}
}

// 联众's text export and its CHN record of the same game (read by the
// CHN reader, apart) give the same players, accounts and date (the
// titles differ: the export names the players by their ratings).
func TestTextExportMatchesCHN(t *testing.T) {
	_, txt := platformRead(t, "sample_12x_ourgame-chess.txt", platformFile(t, "sample_12x_ourgame-chess.txt"))
	_, chn := platformRead(t, "sample_11_ourgame-chess.chn", platformFile(t, "sample_11_ourgame-chess.chn"))
	if len(txt) != 1 || len(chn) != 1 {
		t.Fatalf("%d and %d records", len(txt), len(chn))
	}
	for _, tag := range []string{parse.TagDate, parse.TagRed, "RedAccount", parse.TagBlack, "BlackAccount"} {
		a, b := txt[0].Tags.Value(tag), chn[0].Tags.Value(tag)
		if a == "" || a != b {
			t.Errorf("%s: text export %q, CHN %q", tag, a, b)
		}
	}
}

// sample_04x's header: the mapped tags, the ECCO code split from the
// opening's name, and the fields without a tag of ours kept by name.
func TestTextExportMapping(t *testing.T) {
	_, recs := platformRead(t, "sample_04x.txt", platformFile(t, "sample_04x.txt"))
	tags := recs[0].Tags
	for tag, want := range map[string]string{
		"Title":      "五七炮对屏风马",
		"ECCO":       "C66",
		"Opening":    "五七炮对屏风马进７卒",
		"RecordType": "摆谱全局/开局",
		"Result":     "*",
	} {
		if got := tags.Value(tag); got != want {
			t.Errorf("%s = %q, want %q", tag, got, want)
		}
	}
	if len(recs[0].Root.Children) == 0 {
		t.Error("no moves")
	}
}

// Lines of moves labelled by side stay move text, not header lines.
func TestTextExportLabelledMoves(t *testing.T) {
	for _, in := range []string{
		"红方： 1. 炮二平五 马８进７\n",
		"红方：炮二平五 黑方：马８进７\n",
		"[Event \"e\"]\n红方： 1. 炮二平五 马８进７ 1-0\n",
	} {
		_, recs := platformRead(t, "labelled.pgn", []byte(in))
		if len(recs) != 1 {
			t.Errorf("%q: %d records", in, len(recs))
			continue
		}
		if len(recs[0].Root.Children) == 0 || recs[0].Tags.Value("Red") != "" {
			t.Errorf("%q: no moves or a Red tag: %+v", in, recs[0])
		}
	}
}
