package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/notation"
)

// TestPGNMoveSlots checks that an unknown word standing where a move
// should be becomes a move of the main line (replay stops there with
// unreadable_move) instead of shifting the sides of the moves after it,
// and that an unknown word that does not is dropped as junk.
func TestPGNMoveSlots(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want pgnWant
	}{
		{
			name: "black's slot before the next number",
			in:   "1. 炮二平五 马８飞７ 2. 马二进三 马２进３\n",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马８飞７", "马二进三", "马２进３"}, nums: []int{1, 0, 2, 0}},
		},
		{
			name: "red's slot after the number",
			in:   "1. 炮二平五 马８进７ 2. 马二飞三 车９平８ 3. 车一平二\n",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马８进７", "马二飞三", "车９平８", "车一平二"}, nums: []int{1, 0, 2, 0, 3}},
		},
		{
			name: "red's slot, number in the word",
			in:   "1.h2e2 h9g7 2.zz9 i9h9 3.h0g2\n",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h2e2", "h9g7", "zz9", "i9h9", "h0g2"}, nums: []int{1, 0, 2, 0, 3}},
		},
		{
			name: "extra word in a full pair",
			in:   "1. 炮二平五 好棋 马８进７ 2. 马二进三\n",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马８进７", "马二进三"}, nums: []int{1, 0, 2},
				problems: []string{"1:9 syntax error"}},
		},
		{
			name: "extra word after the number of a full pair",
			in:   "1. 炮二平五 马８进７ 2. 好棋 马二进三 车９平８\n",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马８进７", "马二进三", "车９平８"}, nums: []int{1, 0, 2, 0},
				problems: []string{"1:17 syntax error"}},
		},
		{
			name: "word after black's number",
			in:   "1... h9g7 好 2. h0g2\n",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h9g7", "h0g2"}, nums: []int{1, 2},
				problems: []string{"1:11 syntax error"}},
		},
		{
			name: "word ending the line",
			in:   "1. 炮二平五 马８进７ 2. 马二进三 黑方认负\n",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马８进７", "马二进三"}, nums: []int{1, 0, 2},
				problems: []string{"1:22 syntax error"}},
		},
		{
			name: "no numbers: nothing to go by",
			in:   "炮二平五 马８飞７ 马二进三\n",
			want: pgnWant{games: 1, notation: NotationChinese, main: []string{"炮二平五", "马二进三"},
				problems: []string{"1:6 syntax error"}},
		},
		{
			name: "slot in a variation",
			in:   "1. h2e2 h9g7 (1... zz 2. h0g2) 2. h0g2\n",
			want: pgnWant{games: 1, notation: NotationICCS, main: []string{"h2e2", "h9g7", "h0g2"}, alts: map[int][]string{2: {"zz"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs := readAllRecords(t, NewPGNReader(strings.NewReader(tt.in), "t.pgn"))
			if len(recs) != tt.want.games {
				t.Fatalf("%d games, want %d", len(recs), tt.want.games)
			}
			pgnCheck(t, recs[0], tt.want)
		})
	}
}

// notationWords returns one word per spelling notation accepts: every
// character of Chinese notation in each of its roles (in a word
// ParseChinese reads), every WXF piece letter and form, coordinates and
// SAN. Each word parses in the notation named with it.
func notationWords(t *testing.T) map[string]notation.Notation {
	t.Helper()
	words := make(map[string]notation.Notation)
	for r := rune(0); r < 0x10000; r++ {
		// Templates for the character's role ('X'); the first that
		// ParseChinese reads is taken.
		var templates []string
		switch notation.RuneOf(r) {
		case notation.RunePiece:
			templates = []string{"X二平五", "X二进三", "X三进五", "X四进五", "X五进一"}
		case notation.RuneDirection:
			templates = []string{"车二X三"}
		case notation.RuneQualifier:
			templates = []string{"X车平三"}
		case notation.RuneNumeral:
			templates = []string{"车X进一"}
		default:
			continue
		}
		w := ""
		for _, tpl := range templates {
			if c := strings.Replace(tpl, "X", string(r), 1); w == "" {
				if _, err := notation.ParseChinese(c); err == nil {
					w = c
				}
			}
		}
		if w == "" {
			t.Fatalf("%q: no template reads", r)
		}
		words[w] = notation.NotationChinese
	}
	for _, c := range "KAEBMHNRCPSGkaebmhnrcpsg" {
		for _, rest := range []string{"2.5", "2+3", "3+5", "4+5", "5+1"} {
			if _, err := notation.ParseWXF(string(c) + rest); err == nil {
				words[string(c)+rest] = notation.NotationWXF
				break
			}
		}
	}
	for _, w := range []string{"C2=5", "+C-2", "-R.3", "++.4", "3+.4", "33.4", "62.5", "Ca.5", "Ｃ２＝５", "H2+3!?"} {
		words[w] = notation.NotationWXF
	}
	for _, w := range []string{"h2e2", "H2-E2", "h0g2+", "ｈ２ｅ２"} {
		words[w] = notation.NotationICCS
	}
	words["i10h10"] = notation.NotationUCI
	for _, w := range []string{"Cbe2", "Hg7", "Rb0", "Ege7", "Mg7", "Sc4"} {
		words[w] = notation.NotationSAN
	}
	for w, n := range words {
		if n == notation.NotationChinese {
			continue
		}
		var err error
		switch n {
		case notation.NotationWXF:
			_, err = notation.ParseWXF(strings.NewReplacer("Ｃ", "C", "２", "2", "＝", "=", "５", "5").Replace(w))
		case notation.NotationICCS:
			_, err = notation.ParseICCS(strings.NewReplacer("ｈ", "h", "２", "2", "ｅ", "e").Replace(w))
		case notation.NotationUCI:
			_, err = notation.ParseUCI(w)
		case notation.NotationSAN:
			_, err = notation.ParseSAN(w)
		}
		if err != nil {
			t.Fatalf("%q (%s): %v", w, n, err)
		}
	}
	return words
}

// TestPGNReadsEveryNotationWord checks that every word notation accepts is
// read as a move by the PGN reader, in move text and in the WXF keyword
// dialect, as the first move of a numbered pair and as the second.
func TestPGNReadsEveryNotationWord(t *testing.T) {
	for w, n := range notationWords(t) {
		// The other moves are of the same notation: a game's notation is
		// that of most of its moves.
		other := map[notation.Notation]string{notation.NotationChinese: "炮二平五", notation.NotationWXF: "C2.5",
			notation.NotationICCS: "h2e2", notation.NotationUCI: "h2e2", notation.NotationSAN: "Hg7"}[n]
		for _, in := range []string{
			fmt.Sprintf("1. %s %s 2. %s\n", w, other, other),
			fmt.Sprintf("1. %s %s 2. %s\n", other, w, other),
			fmt.Sprintf("FORMAT WXF\nSTART{\n1. %s %s 2. %s\n}END\n", w, other, other),
		} {
			recs := readAllRecords(t, NewPGNReader(strings.NewReader(in), "t.pgn"))
			if len(recs) != 1 {
				t.Fatalf("%q: %d games", in, len(recs))
			}
			var texts []string
			for _, nd := range recs[0].MainLine() {
				texts = append(texts, nd.Text+nd.Suffix)
			}
			if !strings.Contains(" "+strings.Join(texts, " ")+" ", " "+w+" ") {
				t.Errorf("%q (%s): main line %q, problems %v", in, n, texts, recs[0].Problems)
			}
		}
	}
}
