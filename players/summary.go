package players

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// WriteSummary writes the summary of a resolution: the names as written
// and normalized, the players, the names merged by each rule and the top
// players by games with their spellings.
func (t *Table) WriteSummary(w io.Writer, top int) {
	raw, norm := t.Spellings()
	row := func(name string, v any) { fmt.Fprintf(w, "%-32s %10v\n", name, v) }
	row("games", t.Games())
	row("names as written", raw)
	row("names after red_norm", norm)
	row("players", len(t.Players()))
	rules := t.Rules()
	for _, r := range []string{RuleKey, RulePlace, RuleBare, RulePinyin, RuleRoman, RuleLiteral, RuleAlias} {
		if n := rules[r]; n > 0 {
			row("names by rule "+r, n)
		}
	}
	ps := slices.Clone(t.Players())
	slices.SortStableFunc(ps, func(a, b Player) int { return b.Games - a.Games })
	fmt.Fprintf(w, "\ntop players by games:\n")
	for i, p := range ps[:min(top, len(ps))] {
		var sp []string
		for _, s := range p.Spellings {
			sp = append(sp, fmt.Sprintf("%s (%d)", strings.TrimSpace(s.Text), s.Count))
		}
		fmt.Fprintf(w, "%2d. %s  %s  %d games, %s: %s\n", i+1, p.ID, p.Name, p.Games, p.years(), strings.Join(sp, ", "))
	}
}

// years is the span of the player's years, as the summary writes it.
func (p Player) years() string {
	switch {
	case p.FirstYear == 0:
		return "years unknown"
	case p.FirstYear == p.LastYear:
		return fmt.Sprint(p.FirstYear)
	}
	return fmt.Sprintf("%d-%d", p.FirstYear, p.LastYear)
}
