package players_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/xqtool/xqtool/players"
)

// A corpus with the same master written five ways: titles, a place,
// traditional characters and a romanization are one player; a romanized
// name that reads as two Han names of the corpus is merged with neither
// and suggested instead.
func ExampleResolver() {
	r := players.NewResolver(nil)
	event := "全国个人赛"
	for _, g := range [][2]string{
		{"特级大师胡荣华", "廣東 呂欽"},
		{"上海 胡榮華", "张强"},
		{"Hu Ronghua", "张江"},
		{"胡荣华(上海)", "ZHANG Jiang"},
	} {
		r.Add(players.Game{Red: g[0], Black: g[1], Event: event, Year: 1990, Result: "1-0"})
	}
	t, err := r.Resolve()
	if err != nil {
		panic(err)
	}
	defer t.Close()
	for _, p := range t.Players() {
		var sp []string
		for _, s := range p.Spellings {
			sp = append(sp, s.Text)
		}
		fmt.Printf("%s %s: %s\n", p.ID, p.Name, strings.Join(sp, ", "))
	}
	sug, err := t.Suggest()
	if err != nil {
		panic(err)
	}
	players.WriteSuggestions(os.Stdout, sug)
	// Output:
	// 8d0b8590144cd10b 胡荣华: Hu Ronghua, 上海 胡榮華, 特级大师胡荣华, 胡荣华(上海)
	// a25c0a39045bea13 吕钦: 廣東 呂欽
	// 75940f27d0318fbc 张强: 张强
	// c59ba0f101f35418 张江: 张江
	// 3782bb37c960b242 ZHANG Jiang: ZHANG Jiang
	// # xqtool players --suggest: candidate merges, best first. Keep the lines that are one person,
	// # delete the others, and pass the file to --aliases. Columns: canonical, alias, # evidence
	// # (reason, score, games of each, years of each, whether they overlap, same games, shared events,
	// # pinyin, edit distance).
	// 张强	张江	# reason=pinyin score=7 games=1/1 years=1990/1990 overlap=true same_games=0 shared_events=1 pinyin=zhang jiang edit=1
	// 张强	ZHANG Jiang	# reason=pinyin score=6 games=1/1 years=1990/1990 overlap=true same_games=0 shared_events=1 pinyin=zhang jiang
	// 张江	ZHANG Jiang	# reason=pinyin score=6 games=1/1 years=1990/1990 overlap=true same_games=0 shared_events=1 pinyin=zhang jiang
}

// An alias file: canonical name, then aliases, tab-separated.
func ExampleReadAliases() {
	a, err := players.ReadAliases(strings.NewReader("# reviewed\n杨官璘\t杨官麟\tYANG GuanLin\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"楊官麟", "Yang Guan-lin", "胡荣华"} {
		c, ok := a.Canonical(name)
		fmt.Printf("%s: %q %v\n", name, c, ok)
	}
	_, err = players.ReadAliases(strings.NewReader("胡荣华\n许银川\t·\n"))
	fmt.Println(err)
	// Output:
	// 楊官麟: "杨官璘" true
	// Yang Guan-lin: "杨官璘" true
	// 胡荣华: "" false
	// alias file: line 2, field 2: name with no letters ("·")
}
