package players

import (
	"slices"
	"testing"
)

// TestParse checks the context-free reading of name forms.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		raw, key, title, bracket, place, rest string
		roman                                 bool
	}{
		{raw: "胡荣华", key: "胡荣华"},
		{raw: "胡榮華", key: "胡荣华"},
		{raw: "  呂  欽\t", key: "吕钦"},
		{raw: "特级大师胡荣华", key: "胡荣华", title: "特级大师"},
		{raw: "特級大師 胡榮華", key: "胡荣华", title: "特级大师"},
		{raw: "胡荣华特大", key: "胡荣华", title: "特大"},
		{raw: "國際特級大師呂欽", key: "吕钦", title: "国际特级大师"},
		{raw: "胡荣华(上海)", key: "胡荣华", bracket: "上海"},
		{raw: "胡荣华（上海）", key: "胡荣华", bracket: "上海"},
		{raw: "何志敏（義大利", key: "何志敏", bracket: "義大利"},
		{raw: "(上海)胡荣华", key: "胡荣华", bracket: "上海"},
		{raw: "别亦难(月将)", key: "别亦难", bracket: "月将"},
		{raw: "上海 胡榮華", key: "上海胡荣华", place: "上海", rest: "胡荣华"},
		{raw: "中國-上海 葛維", key: "中国上海葛维", place: "中國-上海", rest: "葛维"},
		{raw: "江蘇徐天 紅", key: "江苏徐天红"},     // "紅" alone is no name
		{raw: "湖北中鹽宏博 李", key: "湖北中盐宏博李"}, // truncated: no name after the club
		{raw: "武汉大师", key: "武汉大师"},        // the bare 大师 waits for the corpus
		{raw: "Hu Ronghua", key: "hu ronghua", roman: true},
		{raw: "CHIU Yu Kuen", key: "chiu yukuen", roman: true},
		{raw: "HU Rong-hua", key: "hu ronghua", roman: true},
		{raw: "HU RongHua", key: "hu ronghua", roman: true},
		{raw: "Hú Rónghuá", key: "hu ronghua", roman: true},
		{raw: "Ronghua Hu", key: "ronghua hu", roman: true},
		{raw: "Chiu Yu-Kuen", key: "chiu yukuen", roman: true},
		{raw: "ＨＵ Ｒｏｎｇｈｕａ", key: "hu ronghua", roman: true},
		{raw: "GM Xu Yinchuan", key: "xu yinchuan", roman: true, title: "gm"},
		{raw: "Lv Qin", key: "lu qin", roman: true},
		{raw: "Lü Qin", key: "lu qin", roman: true},
		{raw: "HU RongHua+OUYANG Qilin", key: "huronghuaouyangqilin"}, // a pair
		{raw: "MaxQi 4.8F", key: "maxqi48f"},                          // an engine
	} {
		f := Parse(c.raw)
		if f.Key != c.key || f.Title != c.title || f.Bracket != c.bracket || f.Place != c.place || f.Rest != c.rest || f.Roman != c.roman {
			t.Errorf("Parse(%q) = key %q title %q bracket %q place %q rest %q roman %v, want %q %q %q %q %q %v",
				c.raw, f.Key, f.Title, f.Bracket, f.Place, f.Rest, f.Roman, c.key, c.title, c.bracket, c.place, c.rest, c.roman)
		}
	}
}

// TestResolveForms checks which names are one player in a corpus: each
// case is a small corpus (names of one event when event is set) and the
// groups of names that must be one player each, the groups being
// different players.
func TestResolveForms(t *testing.T) {
	for _, c := range []struct {
		name   string
		games  [][2]string // red, black; one event
		groups [][]string
	}{
		{"titles and scripts", [][2]string{{"胡荣华", "特级大师胡荣华"}, {"胡榮華", "胡荣华特大"}, {"國際特級大師 胡榮華", "吕钦"}},
			[][]string{{"胡荣华", "特级大师胡荣华", "胡榮華", "胡荣华特大", "國際特級大師 胡榮華"}, {"吕钦"}}},
		{"brackets", [][2]string{{"胡荣华(上海)", "吕钦（广东）"}, {"胡荣华", "呂欽"}},
			[][]string{{"胡荣华(上海)", "胡荣华"}, {"吕钦（广东）", "呂欽"}}},
		{"places before names in one event", [][2]string{{"上海 胡榮華", "廣東 呂欽"}, {"胡荣华", "吕钦"}, {"廣東呂  欽", "上海胡荣华"}},
			[][]string{{"上海 胡榮華", "胡荣华", "上海胡荣华"}, {"廣東 呂欽", "吕钦", "廣東呂  欽"}}},
		{"one name after a word is not a place", [][2]string{{"上海 胡榮華", "胡荣华"}},
			[][]string{{"上海 胡榮華"}, {"胡荣华"}}},
		{"romanized names", [][2]string{{"胡荣华", "Hu Ronghua"}, {"HU Rong-hua", "Ronghua Hu"}, {"Hú Rónghuá", "HU RongHua"}, {"许银川", "XU YinChuan"}},
			[][]string{{"胡荣华", "Hu Ronghua", "HU Rong-hua", "Ronghua Hu", "Hú Rónghuá", "HU RongHua"}, {"许银川", "XU YinChuan"}}},
		{"ü as v", [][2]string{{"呂欽", "Lv Qin"}, {"Lü Qin", "胡荣华"}},
			[][]string{{"呂欽", "Lv Qin", "Lü Qin"}, {"胡荣华"}}},
		{"polyphonic surname", [][2]string{{"曾东平", "CENG DongPing"}, {"ZENG Dongping", "胡荣华"}},
			[][]string{{"曾东平", "CENG DongPing", "ZENG Dongping"}, {"胡荣华"}}},
		{"same surname, two people", [][2]string{{"谢岿", "谢靖"}, {"谢靖", "谢岿"}},
			[][]string{{"谢岿"}, {"谢靖"}}},
		{"a romanization of two Han names merges with neither", [][2]string{{"张江", "张强"}, {"ZHANG Jiang", "胡荣华"}},
			[][]string{{"张江"}, {"张强"}, {"ZHANG Jiang"}, {"胡荣华"}}},
		{"homophones stay apart", [][2]string{{"杨官璘", "杨官麟"}, {"YANG GuanLin", "胡荣华"}},
			[][]string{{"杨官璘"}, {"杨官麟"}, {"YANG GuanLin"}, {"胡荣华"}}},
		{"bare 大师 only when confirmed", [][2]string{{"胡荣华大师", "胡荣华"}, {"武汉大师", "吕钦"}},
			[][]string{{"胡荣华大师", "胡荣华"}, {"武汉大师"}, {"吕钦"}}},
		{"a romanized name without its Han name", [][2]string{{"CHIU Yu Kuen", "Chiu Yu-Kuen"}},
			[][]string{{"CHIU Yu Kuen", "Chiu Yu-Kuen"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewResolver(nil)
			for _, g := range c.games {
				r.Add(Game{Red: g[0], Black: g[1], Event: "全国个人赛", Year: 1990, Result: "1-0"})
			}
			ids := idsOf(t, mustResolve(t, r))
			var seen []string
			for _, grp := range c.groups {
				id := ids[grp[0]]
				for _, n := range grp {
					if ids[n] != id {
						t.Errorf("%q is %s, %q is %s: want one player", n, ids[n], grp[0], id)
					}
				}
				if slices.Contains(seen, id) {
					t.Errorf("%q shares its player with another group", grp[0])
				}
				seen = append(seen, id)
			}
		})
	}
}

// idsOf maps every name as written to its player_id.
func idsOf(tb testing.TB, t *Table) map[string]string {
	m := map[string]string{}
	for i, g := range gamesOf(tb, t, nil) {
		for c, n := range [2]string{g.Red, g.Black} {
			if p, ok := t.Of(i, c == 0); ok {
				m[n] = p.ID
			}
		}
	}
	return m
}

func TestReadings(t *testing.T) {
	for _, c := range []struct {
		key  string
		want []string // among the readings
	}{
		{"胡荣华", []string{"hu ronghua"}},
		{"吕钦", []string{"lu qin"}},
		{"曾东平", []string{"zeng dongping", "ceng dongping"}},
		{"欧阳琦琳", []string{"ouyang qilin", "ou yangqilin"}},
		{"张强", []string{"zhang qiang", "zhang jiang"}},
	} {
		got := Readings(c.key)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("Readings(%q) = %q, lacks %q", c.key, got, w)
			}
		}
	}
	if got := Readings("hu"); got != nil {
		t.Errorf("Readings of a non-Han key = %q", got)
	}
}

// TestTwoCharacterPinyin checks that a romanized name reading as a Han
// name of two characters (a one-character given name) is merged only
// when their games meet, and suggested otherwise.
func TestTwoCharacterPinyin(t *testing.T) {
	apart := NewResolver(nil)
	apart.Add(Game{Red: "胡明", Black: "单霞丽", Event: "龙化杯", Year: 1989, Result: "1-0"})
	apart.Add(Game{Red: "HU RongHua", Black: "HU Ming", Event: "paoyuengcup1991", Result: "1-0"})
	tb := mustResolve(t, apart)
	ids := idsOf(t, tb)
	if ids["胡明"] == ids["HU Ming"] {
		t.Error("HU Ming merged with 胡明 without a shared event or year")
	}
	found := false
	sug, err := tb.Suggest()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sug {
		if s.Canonical.Name == "胡明" && s.Alias.Name == "HU Ming" && s.Pinyin == "hu ming" {
			found = true
		}
	}
	if !found {
		t.Error("HU Ming / 胡明 not suggested")
	}
	met := NewResolver(nil)
	met.Add(Game{Red: "胡明", Black: "单霞丽", Event: "龙化杯", Year: 1989, Result: "1-0"})
	met.Add(Game{Red: "HU Ming", Black: "黄玉莹", Event: "Longhua Cup", Year: 1989, Result: "1-0"})
	if ids := idsOf(t, mustResolve(t, met)); ids["胡明"] != ids["HU Ming"] {
		t.Error("HU Ming not merged with 胡明 though their years overlap")
	}
}

// FuzzParse reads hostile names: no panic, the key is what the alias
// file matches by, and a name's key read again is the same key (Parse is
// idempotent on keys of Han names).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"特级大师胡荣华", "胡荣华(上海)", "上海 胡榮華", "HU Rong-hua", "何志敏（義大利", "(", ")(", "大师", "Hú Rónghuá", "\x00\xff", "HU RongHua+OUYANG Qilin"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Parse(s)
		if aliasKey(s) != p.Key {
			t.Fatalf("aliasKey(%q) = %q, Parse key %q", s, aliasKey(s), p.Key)
		}
		if p.Roman && len(p.Words) < 2 && p.Key != "" {
			t.Fatalf("romanized %q with words %q", s, p.Words)
		}
		if isHanName(p.Key) {
			if q := Parse(p.Key); q.Key != p.Key {
				t.Fatalf("key %q of %q reads as %q", p.Key, s, q.Key)
			}
			Readings(p.Key)
		}
		r := NewResolver(nil)
		r.Add(Game{Red: s, Black: p.Key, Event: s})
		tb, err := r.Resolve()
		if err != nil {
			t.Fatal(err)
		}
		defer tb.Close()
		if _, ok := tb.Of(0, true); ok != (p.Key != "") {
			t.Fatalf("%q (key %q): player %v", s, p.Key, ok)
		}
		if _, err := tb.Suggest(); err != nil {
			t.Fatal(err)
		}
	})
}
