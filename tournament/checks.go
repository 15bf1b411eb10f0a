package tournament

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/tagnorm"
)

// Checks are the flag codes of this package's checks, in the one order
// every output lists them: warnings first, then notes, each in the order
// of package flags' table.
var Checks = []flags.Code{
	flags.PairingConflict, flags.ResultConflict, flags.DateOutsideEvent, flags.RepeatedPairing, flags.NameVariants,
}

// resultConflicts flags every copy of a cluster whose copies declare
// different results.
func resultConflicts(games []*Game) {
	byCluster := map[string][]*Game{}
	var order []string
	for _, g := range games {
		if _, ok := byCluster[g.Cluster]; !ok {
			order = append(order, g.Cluster)
		}
		byCluster[g.Cluster] = append(byCluster[g.Cluster], g)
	}
	for _, c := range order {
		gs := byCluster[c]
		detail, ok := conflictDetail(gs, func(g *Game) string { return g.Result }, (*Game).Ref)
		if !ok {
			continue
		}
		for _, g := range gs {
			g.flags = append(g.flags, flags.New(flags.ResultConflict, 0, "", detail))
		}
	}
}

// conflictDetail returns the detail of the result conflict of one
// cluster's copies (in input order; result and ref give a copy's result
// and reference), ok false when they declare no two different results.
func conflictDetail[T any](copies []T, result, ref func(T) string) (detail string, ok bool) {
	if len(copies) < 2 {
		return "", false
	}
	var results []string
	for _, c := range copies {
		if r := result(c); !slices.Contains(results, r) {
			if _, known := redHalf(r); known {
				results = append(results, r)
			}
		}
	}
	if len(results) < 2 {
		return "", false
	}
	var parts []string
	for _, c := range copies {
		if r := result(c); slices.Contains(results, r) {
			parts = append(parts, r+" "+ref(c))
		}
	}
	return "copies declare " + strings.Join(parts, ", "), true
}

// nameVariants flags the games that write a player in another spelling
// than his most frequent one in the event.
func nameVariants(e *Event, gs []*Game) {
	for _, p := range e.Players {
		if len(p.Spellings) < 2 {
			continue
		}
		main := p.Spellings[0].Text
		var parts []string
		for _, s := range p.Spellings {
			parts = append(parts, fmt.Sprintf("%s ×%d", shown(s.Text), s.Games))
		}
		all := strings.Join(parts, ", ")
		for _, g := range gs {
			for _, side := range []struct {
				id, written, name string
			}{{g.RedID, g.Red, "red"}, {g.BlkID, g.Black, "black"}} {
				if side.id == p.ID && trimSpace(side.written) != main {
					g.flags = append(g.flags, flags.New(flags.NameVariants, 0, side.name,
						fmt.Sprintf("%s is written %s in this event", p.Name, all)))
				}
			}
		}
	}
}

// shown returns a spelling as it can be read: quoted (Go syntax) when it
// holds a control or other invisible character, as some converted records
// do ("\b北京张强").
func shown(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) && r != ' ' {
			return strconv.Quote(s)
		}
	}
	return s
}

// opponent is one counted game of a player.
type opponent struct {
	g   *Game
	opp string // opponent id
	red bool   // the player had Red
}

// byPlayer returns each named player's counted games with their opponent,
// for games with both players named and different.
func byPlayer(counted []*Game) (map[string][]opponent, []string) {
	m := map[string][]opponent{}
	var ids []string
	add := func(id string, o opponent) {
		if _, ok := m[id]; !ok {
			ids = append(ids, id)
		}
		m[id] = append(m[id], o)
	}
	for _, g := range counted {
		if g.RedID == "" || g.BlkID == "" || g.RedID == g.BlkID {
			continue
		}
		add(g.RedID, opponent{g, g.BlkID, true})
		add(g.BlkID, opponent{g, g.RedID, false})
	}
	return m, ids
}

// pairingConflicts flags the games of a player who meets two different
// opponents in one round.
func pairingConflicts(e *Event, counted []*Game) {
	games, ids := byPlayer(counted)
	for _, id := range ids {
		byRound := map[string][]opponent{}
		var rounds []string
		for _, o := range games[id] {
			r := o.g.normRound
			if r == "" {
				continue
			}
			if _, ok := byRound[r]; !ok {
				rounds = append(rounds, r)
			}
			byRound[r] = append(byRound[r], o)
		}
		for _, r := range rounds {
			os := byRound[r]
			var opps []string
			for _, o := range os {
				if !slices.Contains(opps, o.opp) {
					opps = append(opps, o.opp)
				}
			}
			if len(opps) < 2 {
				continue
			}
			name := e.Players[e.playerIndex(id)].Name
			for _, o := range os {
				var others []string
				for _, x := range os {
					if x.opp != o.opp {
						others = append(others, fmt.Sprintf("%s against %s", x.g.Ref(), e.Players[e.playerIndex(x.opp)].Name))
					}
				}
				side := "black"
				if o.red {
					side = "red"
				}
				o.g.flags = append(o.g.flags, flags.New(flags.PairingConflict, 0, side,
					fmt.Sprintf("round %s: %s also plays %s", trimSpace(o.g.Round), name, strings.Join(others, "; "))))
			}
		}
	}
}

// meetingKey is what makes two games of a pair one meeting: the round,
// else the day; "" when the game has neither (it is not checked).
func meetingKey(g *Game) string {
	if g.normRound != "" {
		return "r:" + g.normRound
	}
	if g.parsedDate.Precision == tagnorm.Day {
		t, _ := g.parsedDate.Time()
		return "d:" + t.Format("2006-01-02")
	}
	return ""
}

// repeatedPairings flags the meetings of a pair with the same colours
// after the first.
func repeatedPairings(e *Event, counted []*Game) {
	type meeting struct {
		key   string
		games []*Game
	}
	pairs := map[[2]string][]*meeting{}
	var order [][2]string
	for _, g := range counted {
		key := meetingKey(g)
		if g.RedID == "" || g.BlkID == "" || g.RedID == g.BlkID || key == "" {
			continue
		}
		k := [2]string{g.RedID, g.BlkID}
		ms, ok := pairs[k]
		if !ok {
			order = append(order, k)
		}
		i := slices.IndexFunc(ms, func(m *meeting) bool { return m.key == key })
		if i < 0 {
			ms = append(ms, &meeting{key: key})
			i = len(ms) - 1
		}
		ms[i].games = append(ms[i].games, g)
		pairs[k] = ms
	}
	for _, k := range order {
		ms := pairs[k]
		if len(ms) < 2 {
			continue
		}
		slices.SortStableFunc(ms, func(a, b *meeting) int {
			ga, gb := a.games[0], b.games[0]
			if ga.normRound != "" && gb.normRound != "" {
				return compareRounds(ga.normRound, gb.normRound)
			}
			return compareDates(ga.parsedDate, gb.parsedDate)
		})
		var first []string
		for _, g := range ms[0].games {
			first = append(first, meetingText(g))
		}
		for _, m := range ms[1:] {
			for _, g := range m.games {
				g.flags = append(g.flags, flags.New(flags.RepeatedPairing, 0, "",
					fmt.Sprintf("%s (red) and %s (black) meet with the same colours %d times; first in %s",
						e.Players[e.playerIndex(k[0])].Name, e.Players[e.playerIndex(k[1])].Name, len(ms), strings.Join(first, "; "))))
			}
		}
	}
}

func meetingText(g *Game) string {
	var at []string
	if r := trimSpace(g.Round); g.normRound != "" {
		at = append(at, "round "+r)
	}
	if d := trimSpace(g.Date); d != "" {
		at = append(at, d)
	}
	if len(at) == 0 {
		return g.Ref()
	}
	return g.Ref() + " (" + strings.Join(at, ", ") + ")"
}
