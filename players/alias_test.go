package players

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestReadAliases(t *testing.T) {
	const file = "\uFEFF# reviewed\n" +
		"胡荣华\tHu Ronghua\tHU Rong-hua\t胡榮華(上海)\n" +
		"\n" +
		"  # indented comment\n" +
		"许银川\tXu Yinchuan\t# reason=pinyin score=2\n" +
		"杨官璘\r\n" +
		"吕钦\t\tLv Qin"
	a, err := ReadAliases(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []AliasLine{
		{Line: 2, Canonical: "胡荣华", Aliases: []string{"Hu Ronghua", "HU Rong-hua", "胡榮華(上海)"}},
		{Line: 5, Canonical: "许银川", Aliases: []string{"Xu Yinchuan"}},
		{Line: 6, Canonical: "杨官璘", Aliases: []string{}},
		{Line: 7, Canonical: "吕钦", Aliases: []string{"Lv Qin"}},
	}
	got := a.Lines()
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].Line != want[i].Line || got[i].Canonical != want[i].Canonical || !slices.Equal(got[i].Aliases, want[i].Aliases) {
			t.Errorf("line %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestAliasesJoined checks that lines sharing a name are one player,
// named by the first line.
func TestAliasesJoined(t *testing.T) {
	a, err := ReadAliases(strings.NewReader("杨官璘\t杨官麟\n许银川\n YANG GuanLin\t楊官璘\n楊官麟\t杨官林\n"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"杨官麟": "杨官璘", "YANG GuanLin": "杨官璘", "杨官林": "杨官璘", "Yang Guan-lin": "杨官璘", "許銀川": "许银川"} {
		if got, ok := a.Canonical(name); !ok || got != want {
			t.Errorf("Canonical(%q) = %q %v, want %q", name, got, ok, want)
		}
	}
	if got, ok := a.Canonical("胡荣华"); ok {
		t.Errorf("Canonical of an unlisted name = %q", got)
	}
}

func TestReadAliasesErrors(t *testing.T) {
	for _, c := range []struct {
		name, file  string
		err         error
		line, field int
	}{
		{"punctuation only", "胡荣华\n许银川\t·\n", ErrEmptyKey, 2, 2},
		{"invalid UTF-8", "胡荣华\t\xff\xfe\n", ErrText, 1, 2},
		{"control character", "ok name\tHu\x01Ronghua\n", ErrText, 1, 2},
		{"no letters", "胡荣华\n---\t胡荣华\n", ErrEmptyKey, 2, 1},
		{"line too long", "胡荣华\t" + strings.Repeat("a", MaxLineBytes) + "\n", ErrLineTooLong, 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadAliases(strings.NewReader(c.file))
			var pe *ParseError
			if !errors.Is(err, c.err) || !errors.As(err, &pe) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			if pe.Line != c.line || pe.Field != c.field {
				t.Errorf("error at line %d field %d, want %d %d (%v)", pe.Line, pe.Field, c.line, c.field, err)
			}
		})
	}
}

// realNames are names of the records (test data), in several forms.
var realNames = [][]string{
	{"胡荣华", "胡榮華", "上海 胡榮華", "HU RongHua", "特级大师胡荣华"},
	{"许银川", "許銀川", "廣東 許銀川", "XU YinChuan"},
	{"吕钦", "呂  欽", "廣東 呂欽", "Lv Qin"},
	{"柳大华", "柳大華", "湖北 柳大華", "LIU DaHua"},
	{"赵国荣", "趙國榮", "黑龍江 趙國榮", "ZHAO GuoRong"},
	{"杨官璘", "楊官璘"}, {"杨官麟"}, {"YANG GuanLin"},
	{"张强"}, {"张江"}, {"ZHANG Jiang"},
	{"谢岿", "謝巋"}, {"谢靖", "謝靖"},
	{"陶汉明", "陶漢明", "吉林 陶漢明", "TAO HanMing"},
}

// randomCorpus returns n games of names of realNames, in events of a
// few games.
func randomCorpus(rng *rand.Rand, n int) []Game {
	pick := func() string {
		forms := realNames[rng.IntN(len(realNames))]
		return forms[rng.IntN(len(forms))]
	}
	games := make([]Game, n)
	for i := range games {
		games[i] = Game{Red: pick(), Black: pick(), Event: fmt.Sprintf("event%d", i/6), Year: 1980 + i/40,
			Result: []string{"1-0", "0-1", "1/2-1/2", "*"}[rng.IntN(4)], Source: "f.pgn"}
	}
	return games
}

// randomAliases returns an alias file grouping random names of
// realNames (a group may mix people: the file decides).
func randomAliases(rng *rand.Rand) string {
	var b strings.Builder
	used := map[string]bool{}
	for range 1 + rng.IntN(5) {
		var line []string
		for range 1 + rng.IntN(4) {
			forms := realNames[rng.IntN(len(realNames))]
			f := forms[rng.IntN(len(forms))]
			if k := aliasKey(f); !used[k] {
				used[k] = true
				line = append(line, f)
			}
		}
		if len(line) > 0 {
			b.WriteString(strings.Join(line, "\t") + "\n")
		}
	}
	return b.String()
}

// TestAliasesExact checks on random corpora and alias files that the
// file is applied exactly: every name whose key a line lists is that
// line's player (its canonical name, the id of its key), names of two
// lines are two players, and a name the file does not list is the
// player the rules give it without the file unless the rules read it
// as a listed name.
func TestAliasesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	for iter := range 200 {
		games := randomCorpus(rng, 60)
		text := randomAliases(rng)
		a, err := ReadAliases(strings.NewReader(text))
		if err != nil {
			t.Fatalf("iteration %d: %v\n%s", iter, err, text)
		}
		with, without := resolve(t, games, a), resolve(t, games, nil)
		// Lines sharing a name are one player, named by the first line:
		// relabel every key of a joined line with the earliest line.
		lineOf := map[string]AliasLine{}
		for _, l := range a.Lines() {
			names := append([]string{l.Canonical}, l.Aliases...)
			first := l
			for _, n := range names {
				if m, ok := lineOf[aliasKey(n)]; ok && m.Line < first.Line {
					first = m
				}
			}
			var old []int
			for _, n := range names {
				if m, ok := lineOf[aliasKey(n)]; ok {
					old = append(old, m.Line)
				}
			}
			for k, m := range lineOf {
				if slices.Contains(old, m.Line) {
					lineOf[k] = first
				}
			}
			for _, n := range names {
				lineOf[aliasKey(n)] = first
			}
		}
		for i, g := range games {
			for c, name := range [2]string{g.Red, g.Black} {
				p, _ := with.Of(i, c == 0)
				q, _ := without.Of(i, c == 0)
				sp := with.spellings[sideOf(t, with, i, c)]
				l, listed := lineOf[sp.key]
				if !listed {
					l, listed = lineOf[sp.form.Key]
				}
				switch {
				case listed:
					if p.Name != l.Canonical || p.ID != PlayerID(aliasKey(l.Canonical)) {
						t.Fatalf("iteration %d: %q is %s %q, want line %d's %q\n%s", iter, name, p.ID, p.Name, l.Line, l.Canonical, text)
					}
				case !p.Alias && p.ID != q.ID:
					t.Fatalf("iteration %d: %q unlisted is %s, %s without the file\n%s", iter, name, p.ID, q.ID, text)
				}
			}
		}
		ids := map[string]bool{}
		for _, p := range with.Players() {
			if ids[p.ID] {
				t.Fatalf("iteration %d: two players share id %s", iter, p.ID)
			}
			ids[p.ID] = true
		}
	}
}

func resolve(tb testing.TB, games []Game, a *Aliases) *Table {
	r := NewResolver(a)
	for _, g := range games {
		r.Add(g)
	}
	return mustResolve(tb, r)
}

// TestIDsStable checks that ids do not depend on the run or the shard:
// two runs give the same ids, and a corpus cut into shards gives each
// name the id of the whole run, romanized names merged by pinyin aside
// (documented: they depend on the Han names of the corpus).
func TestIDsStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	for iter := range 100 {
		games := randomCorpus(rng, 80)
		a, err := ReadAliases(strings.NewReader(randomAliases(rng)))
		if err != nil {
			t.Fatal(err)
		}
		whole := resolve(t, games, a)
		if again := resolve(t, games, a); !slices.EqualFunc(whole.Players(), again.Players(), func(x, y Player) bool { return x.ID == y.ID && x.Name == y.Name }) {
			t.Fatalf("iteration %d: two runs differ", iter)
		}
		cut := 1 + rng.IntN(len(games)-1)
		// Shards of whole events: the place rule looks inside an event.
		cut -= cut % 6
		for _, shard := range [][2]int{{0, cut}, {cut, len(games)}} {
			part := resolve(t, games[shard[0]:shard[1]], a)
			for i := range shard[1] - shard[0] {
				for _, red := range []bool{true, false} {
					p, _ := part.Of(i, red)
					q, _ := whole.Of(shard[0]+i, red)
					name := games[shard[0]+i].Black
					if red {
						name = games[shard[0]+i].Red
					}
					c := 1
					if red {
						c = 0
					}
					if sp := part.spellings[sideOf(t, part, i, c)]; sp.form.Roman && sp.how != RuleAlias {
						continue
					}
					if p.ID != q.ID {
						t.Fatalf("iteration %d: %q is %s in a shard, %s in the whole run", iter, name, p.ID, q.ID)
					}
				}
			}
		}
	}
}

func FuzzReadAliases(f *testing.F) {
	f.Add("胡荣华\tHu Ronghua\tHU Rong-hua\n许银川\tXu Yinchuan\t# pinyin\n")
	f.Add("# c\n\n吕钦\r\n\uFEFF呂欽\n")
	f.Add("胡荣华(上海)\t特级大师胡荣华\n胡榮華\n")
	f.Add("\t\t#\n---\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ReadAliases(strings.NewReader(text))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		// Written back, the lines read the same.
		var b strings.Builder
		for _, l := range a.Lines() {
			b.WriteString(strings.Join(append([]string{l.Canonical}, l.Aliases...), "\t") + "\n")
		}
		again, err := ReadAliases(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("written back: %v\n%q", err, b.String())
		}
		if len(again.Lines()) != len(a.Lines()) {
			t.Fatalf("written back: %d lines, want %d", len(again.Lines()), len(a.Lines()))
		}
		for i, l := range a.Lines() {
			m := again.Lines()[i]
			if m.Canonical != l.Canonical || !slices.Equal(m.Aliases, l.Aliases) {
				t.Fatalf("line %d written back: %+v, want %+v", i, m, l)
			}
		}
	})
}
