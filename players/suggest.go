package players

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/xqtool/xqtool/tagnorm"
)

// Suggestion is a candidate merge of two players, with its evidence. It
// is for review: Resolve never merges it.
type Suggestion struct {
	// Canonical is the player with more games (a Han name on a tie),
	// Alias the other.
	Canonical, Alias Player
	// SharedGames counts the clusters of copies (the same game) where one
	// copy names one player and another copy the other, on the same side.
	SharedGames int
	// SharedEvents counts the events (event and year; else files) both
	// play in.
	SharedEvents int
	// Met is true when the two played each other: two people.
	Met bool
	// Overlap is true when both have dated games and their years
	// overlap.
	Overlap bool
	// Pinyin is a toneless reading both names have ("" none).
	Pinyin string
	// Edit is the edit distance between the two Han keys (0 when not
	// compared).
	Edit int
	// Reason says what brought the pair up: "same games", "pinyin"
	// (a romanized name that reads as several Han names, or two Han
	// names that read alike in one event), "edit" (Han names one
	// character apart in one event), "suffix" (a longer name ending in
	// a known name: a club or place run into it, or a nickname).
	Reason string
}

// Score orders suggestions: same games weigh most, then shared events,
// then a pinyin match, overlapping years, an edit distance of one; a
// pair that met scores 0.
func (s Suggestion) Score() int {
	if s.Met {
		return 0
	}
	n := 10*s.SharedGames + 3*s.SharedEvents
	if s.Pinyin != "" {
		n += 2
	}
	if s.Overlap {
		n++
	}
	if s.Edit == 1 {
		n++
	}
	return n
}

// Suggest returns candidate merges, best first: pairs of players that
// copies of one game name differently, romanized names whose pinyin
// matches several Han names (each is listed), and Han names of one event
// that read alike or differ by one character. Pairs that played each
// other are left out.
func (t *Table) Suggest() ([]Suggestion, error) {
	type pair [2]int
	rc := readingCache{}
	found := map[pair]string{}
	add := func(a, b int, why string) {
		if a == b {
			return
		}
		if a > b {
			a, b = b, a
		}
		if _, ok := found[pair{a, b}]; !ok {
			found[pair{a, b}] = why
		}
	}
	// Evidence per pair, from the games.
	met := map[pair]bool{}
	events := make([]map[group]bool, len(t.players))
	clusters := map[string][][2]int{}
	err := t.st.each(func(_ int, g *record) error {
		ps := [2]int{-1, -1}
		for c, s := range t.sidesOf(g) {
			if s >= 0 {
				ps[c] = t.spellings[s].player
				if events[ps[c]] == nil {
					events[ps[c]] = map[group]bool{}
				}
				events[ps[c]][g.group()] = true
			}
		}
		if ps[0] >= 0 && ps[1] >= 0 {
			met[pair{min(ps[0], ps[1]), max(ps[0], ps[1])}] = true
		}
		if len(g.cluster) > 0 {
			clusters[string(g.cluster)] = append(clusters[string(g.cluster)], ps)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sameGames := map[pair]int{}
	for _, cl := range clusters {
		if len(cl) < 2 {
			continue
		}
		seen := map[pair]bool{}
		for c := range 2 {
			for i := range cl {
				for j := i + 1; j < len(cl); j++ {
					a, b := cl[i][c], cl[j][c]
					if a < 0 || b < 0 || a == b {
						continue
					}
					p := pair{min(a, b), max(a, b)}
					if !seen[p] {
						seen[p] = true
						sameGames[p]++
						add(a, b, "same games")
					}
				}
			}
		}
	}
	for s, keys := range t.romanHan {
		r := t.spellings[s].player
		for _, k := range keys {
			add(t.merged[t.hanIdent[k]], r, "pinyin")
		}
	}
	// Han names of one group that read alike or are one character apart.
	byGroup := map[group][]int{}
	for p, evs := range events {
		if !isHanName(t.players[p].Key) {
			continue
		}
		for e := range evs {
			byGroup[e] = append(byGroup[e], p)
		}
	}
	for _, ps := range byGroup {
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				a, b := t.players[ps[i]].Key, t.players[ps[j]].Key
				if rc.common(a, b) != "" {
					add(ps[i], ps[j], "pinyin")
				} else if editDistance(a, b) == 1 {
					add(ps[i], ps[j], "edit")
				}
			}
		}
	}
	// A longer Han name ending in a known name of three characters or
	// more: a club or place run into it (北方队李来群), or a nickname.
	full := map[string]int{}
	for p, pl := range t.players {
		if isHanName(pl.Key) && len([]rune(pl.Key)) >= 3 {
			full[pl.Key] = p
		}
	}
	for p, pl := range t.players {
		rs := []rune(pl.Key)
		if len(rs) < 5 || !tagnorm.HasHan(pl.Key) {
			continue
		}
		for n := 3; n <= 4 && n < len(rs); n++ {
			if q, ok := full[string(rs[len(rs)-n:])]; ok {
				add(q, p, "suffix")
			}
		}
	}
	var out []Suggestion
	for p, why := range found {
		a, b := t.players[p[0]], t.players[p[1]]
		// The canonical name: more games, else a Han name, else the
		// smaller name.
		if b.Games > a.Games || b.Games == a.Games && cmp.Or(-cmp.Compare(b2i(isHanName(b.Key)), b2i(isHanName(a.Key))), cmp.Compare(b.Name, a.Name)) < 0 {
			a, b = b, a
		}
		s := Suggestion{Canonical: a, Alias: b, Reason: why, SharedGames: sameGames[p], Met: met[p]}
		for e := range events[p[0]] {
			if events[p[1]][e] {
				s.SharedEvents++
			}
		}
		s.Pinyin = rc.common(a.Key, b.Key)
		if s.Pinyin == "" {
			for _, c := range RomanCandidates(strings.Fields(b.Key)) {
				if slices.Contains(rc.of(a.Key), c) {
					s.Pinyin = c
				}
			}
			for _, c := range RomanCandidates(strings.Fields(a.Key)) {
				if slices.Contains(rc.of(b.Key), c) {
					s.Pinyin = c
				}
			}
		}
		if isHanName(a.Key) && isHanName(b.Key) {
			s.Edit = editDistance(a.Key, b.Key)
		}
		s.Overlap = a.FirstYear > 0 && b.FirstYear > 0 && a.FirstYear <= b.LastYear && b.FirstYear <= a.LastYear
		if s.Met {
			continue
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(x, y Suggestion) int {
		return cmp.Or(cmp.Compare(y.Score(), x.Score()), cmp.Compare(x.Canonical.Name, y.Canonical.Name),
			cmp.Compare(x.Alias.Name, y.Alias.Name), cmp.Compare(x.Alias.ID, y.Alias.ID))
	})
	return out, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// readingCache keeps the readings of the keys Suggest compares.
type readingCache map[string][]string

func (c readingCache) of(key string) []string {
	r, ok := c[key]
	if !ok {
		r = Readings(key)
		c[key] = r
	}
	return r
}

// common returns a reading two Han names share, "" when none.
func (c readingCache) common(a, b string) string {
	rb := c.of(b)
	for _, r := range c.of(a) {
		if slices.Contains(rb, r) {
			return r
		}
	}
	return ""
}

// editDistance is the Levenshtein distance between two strings, in runes.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			c := prev[j-1]
			if x[i-1] != y[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}

// WriteSuggestions writes suggestions as an alias file to review (see
// Aliases): a header of comments, then one line per suggestion, the
// canonical name, the alias and, after a field starting with #, the
// evidence. Delete the lines that are not one person; the rest is an
// alias file as it stands.
func WriteSuggestions(w io.Writer, ss []Suggestion) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "# xqtool players --suggest: candidate merges, best first. Keep the lines that are one person,")
	fmt.Fprintln(bw, "# delete the others, and pass the file to --aliases. Columns: canonical, alias, # evidence")
	fmt.Fprintln(bw, "# (reason, score, games of each, years of each, whether they overlap, same games, shared events,")
	fmt.Fprintln(bw, "# pinyin, edit distance).")
	for _, s := range ss {
		ev := []string{
			"reason=" + s.Reason,
			fmt.Sprintf("score=%d", s.Score()),
			fmt.Sprintf("games=%d/%d", s.Canonical.Games, s.Alias.Games),
			"years=" + years(s.Canonical) + "/" + years(s.Alias),
			fmt.Sprintf("overlap=%v", s.Overlap),
			fmt.Sprintf("same_games=%d", s.SharedGames),
			fmt.Sprintf("shared_events=%d", s.SharedEvents),
		}
		if s.Pinyin != "" {
			ev = append(ev, "pinyin="+s.Pinyin)
		}
		if s.Edit > 0 {
			ev = append(ev, fmt.Sprintf("edit=%d", s.Edit))
		}
		fmt.Fprintf(bw, "%s\t%s\t# %s\n", tsvField(s.Canonical.Name), tsvField(s.Alias.Name), strings.Join(ev, " "))
	}
	return bw.Flush()
}

func years(p Player) string {
	if p.FirstYear == 0 {
		return "?"
	}
	if p.FirstYear == p.LastYear {
		return fmt.Sprint(p.FirstYear)
	}
	return fmt.Sprintf("%d-%d", p.FirstYear, p.LastYear)
}

// tsvField makes a name safe for one TSV field (tabs and line breaks
// become spaces).
func tsvField(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}
