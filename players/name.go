package players

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/xqtool/xqtool/tagnorm"
)

// Titles are the titles stripped from the front or the end of a name, in
// simplified characters (a name is compared after tagnorm.Text, so the
// traditional forms 特級大師, 國際特級大師 … match too), longest first.
// A title is stripped only when what remains is a name: two to four Han
// characters, or a romanized name. The bare 大师 is ambiguous (武汉大师
// is a nickname, not a master from Wuhan): it is stripped only when the
// rest is also found alone as a name in the corpus (see Resolver).
var Titles = []string{
	"女子国际特级大师", "国际特级大师", "女子特级大师", "女子国际大师",
	"特级国际大师", "象棋特级大师", "特级大师", "国际大师", "国家大师",
	"象棋大师", "棋协大师", "候补大师", "女子大师", "一级棋士", "二级棋士",
	"一级棋手", "特大", "大师",
}

// RomanTitles are the titles stripped from romanized names (whole words,
// any case).
var RomanTitles = []string{"gm", "im", "fm", "wgm", "wim", "igm", "mr", "dr"}

// bareTitle is the title stripped only where the corpus confirms the rest.
const bareTitle = "大师"

// Form is a name as written and what the context-free rules make of it:
// brackets, titles, script, width and romanization. The rules that need
// the corpus (a place written before the name, the bare 大师, romanized
// names read as Chinese ones) are the Resolver's.
type Form struct {
	// Raw is the name as written (trimmed).
	Raw string
	// Core is the name without brackets (and, romanized, without title
	// words), as written otherwise.
	Core string
	// Key is Core after tagnorm.Text (simplified, folded, without
	// spacing), or for a romanized name its first word, one space and
	// the other words run together (Words: "chiu yukuen" for both "CHIU
	// Yu Kuen" and "Chiu Yu-Kuen").
	Key string
	// Words are the words of a romanized name, folded: lower case, tone
	// marks, hyphens and apostrophes removed, ü and v written u.
	Words []string
	// Title is the title stripped, "" when none; Bracket the text of a
	// bracket stripped (a place, a club, a rank).
	Title, Bracket string
	// Roman is true for a romanized name (two to four words of Latin
	// letters).
	Roman bool
	// Place and Rest split a Han name written "PLACE NAME" (two or more
	// characters, white space, two or more characters): the Resolver
	// decides whether Place is a place. Rest is already keyed.
	Place, Rest string
	// Bare is Key without a bare 大师 before or after it, "" when there
	// is none.
	Bare string
}

// Parse reads a name as written. It never fails: a name no rule applies
// to is its own key (tagnorm.Text of it).
func Parse(raw string) Form {
	s := strings.TrimSpace(width.Fold.String(raw))
	f := Form{Raw: s}
	core, br := cutBracket(s)
	f.Bracket = br
	if core == "" { // only a bracket: keep it all
		core, f.Bracket = s, ""
	}
	if words, ok := romanWords(core); ok {
		words, f.Title = stripRomanTitle(words)
		f.Roman = true
		f.Core = strings.Join(words, " ")
		f.Words = foldWords(words)
		if len(f.Words) > 0 {
			f.Key = f.Words[0] + " " + strings.Join(f.Words[1:], "")
		}
		return f
	}
	f.Core = core
	key := tagnorm.Text(core)
	if rest, title := stripTitle(key); title != "" {
		key, f.Title = rest, title
	}
	f.Key = key
	if rest, ok := cutBare(key); ok {
		f.Bare = rest
	}
	if p, r, ok := placeSplit(f.Core); ok && !slices.Contains(Titles, tagnorm.Text(p)) {
		if rk, _ := stripTitle(tagnorm.Text(r)); isHanName(rk) {
			f.Place, f.Rest = p, rk
		}
	}
	return f
}

// brackets turns the full-width and square brackets into ASCII
// parentheses (built once: a Replacer builds its tables on first use).
var brackets = strings.NewReplacer("（", "(", "）", ")", "【", "(", "】", ")", "[", "(", "]", ")")

// cutBracket removes a bracket at the end ("胡荣华(上海)", also unclosed:
// "何志敏（義大利") or at the start ("(上海)胡荣华") and returns the rest
// and the bracket's text.
func cutBracket(s string) (rest, inside string) {
	s = brackets.Replace(s)
	if strings.HasPrefix(s, "(") {
		if i := strings.Index(s, ")"); i > 0 {
			return strings.TrimSpace(s[i+1:]), strings.TrimSpace(s[1:i])
		}
	}
	if i := strings.LastIndex(s, "("); i > 0 {
		in := strings.TrimSuffix(s[i+1:], ")")
		if !strings.ContainsAny(in, "()") {
			return strings.TrimSpace(s[:i]), strings.TrimSpace(in)
		}
	}
	return s, ""
}

// stripTitle removes one title from the front or the end of a key
// (tagnorm.Text form) when a Han name remains. The bare 大师 is left to
// cutBare.
func stripTitle(key string) (rest, title string) {
	for _, t := range Titles {
		if t == bareTitle {
			continue
		}
		if r, ok := strings.CutPrefix(key, t); ok && isHanName(r) {
			return r, t
		}
		if r, ok := strings.CutSuffix(key, t); ok && isHanName(r) {
			return r, t
		}
	}
	return key, ""
}

// cutBare removes the bare 大师 from the front or the end of a key when a
// Han name remains.
func cutBare(key string) (string, bool) {
	if r, ok := strings.CutPrefix(key, bareTitle); ok && isHanName(r) {
		return r, true
	}
	if r, ok := strings.CutSuffix(key, bareTitle); ok && isHanName(r) {
		return r, true
	}
	return "", false
}

// isHanName reports whether s is two to four Han characters: the shape
// of a Chinese personal name.
func isHanName(s string) bool {
	n := 0
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
		n++
	}
	return n >= 2 && n <= 4
}

// placeSplit splits "PLACE NAME": two or more Han characters (a place,
// a club; may hold '-' as in 中國-上海), white space, then a name. The
// first word must be two characters or more: "呂  欽" is a name spaced
// out, not a place.
func placeSplit(s string) (place, rest string, ok bool) {
	words := strings.Fields(s)
	if len(words) < 2 {
		return "", "", false
	}
	place = words[0]
	if utf8.RuneCountInString(tagnorm.Text(place)) < 2 || !tagnorm.HasHan(place) {
		return "", "", false
	}
	return place, strings.Join(words[1:], ""), true
}

// romanWords splits a romanized name into words: two to four words of
// Latin letters (tone marks, ü, hyphens and apostrophes allowed), nothing
// else (no digit, no '+': "HU RongHua+OUYANG Qilin" is a pair, not a
// name).
func romanWords(s string) ([]string, bool) {
	words := strings.Fields(s)
	if len(words) < 2 || len(words) > 5 {
		return nil, false
	}
	for _, w := range words {
		letters := 0
		for _, r := range w {
			switch {
			case r == '-' || r == '\'' || r == '.' || r == '’':
			case unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Mn, r):
				letters++
			default:
				return nil, false
			}
		}
		if letters == 0 {
			return nil, false
		}
	}
	return words, true
}

// stripRomanTitle removes title words (RomanTitles) while two words
// remain.
func stripRomanTitle(words []string) ([]string, string) {
	for _, end := range []bool{false, true} {
		i := 0
		if end {
			i = len(words) - 1
		}
		w := strings.ToLower(strings.Trim(words[i], "."))
		for _, t := range RomanTitles {
			if w == t && len(words) > 2 {
				rest := append([]string(nil), words[:i]...)
				return append(rest, words[i+1:]...), t
			}
		}
	}
	return words, ""
}

// foldWords folds the words of a romanized name (foldRoman), dropping
// those left empty.
func foldWords(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if f := foldRoman(w); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// foldRoman lowers a romanized word and removes tone marks, hyphens,
// apostrophes and dots; ü and v become u (pinyin writes lü as lv or lu).
func foldRoman(w string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(w) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// tone mark, or the diaeresis of ü
		case r == '-' || r == '\'' || r == '.' || r == '’':
		default:
			r = unicode.ToLower(r)
			if r == 'v' {
				r = 'u'
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
