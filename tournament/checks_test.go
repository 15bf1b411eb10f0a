package tournament

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/tagnorm"
)

// hg is a hand-made game: its tags and which opening of the bank it
// plays (games of one opening are exact copies of each other).
type hg struct {
	event, round, date, red, black, result string
	opening                                int
}

// openings gives every hand-made game distinct moves: 10 first moves ×
// 6 replies.
func opening(i int) string {
	red := []string{"炮二平五", "炮八平五", "马二进三", "马八进七", "相三进五", "相七进五", "兵七进一", "兵三进一", "炮二平四", "炮八平六"}
	black := []string{"马８进７", "马２进３", "炮８平５", "卒７进１", "卒３进１", "象３进５"}
	return "1. " + red[i%len(red)] + " " + black[i/len(red)%len(black)]
}

func pgnOf(gs []hg) string {
	var b strings.Builder
	for _, g := range gs {
		for _, kv := range [][2]string{{"Event", g.event}, {"Round", g.round}, {"Date", g.date}, {"Red", g.red}, {"Black", g.black}, {"Result", g.result}} {
			if kv[1] != "" {
				fmt.Fprintf(&b, "[%s \"%s\"]\n", kv[0], kv[1])
			}
		}
		fmt.Fprintf(&b, "\n%s %s\n\n", opening(g.opening), g.result)
	}
	return b.String()
}

// Players from the records (real names).
const (
	hu   = "胡荣华"
	huT  = "胡榮華"
	huR  = "Hu Ronghua"
	lv   = "吕钦"
	xu   = "许银川"
	zhao = "赵国荣"
)

// merging is an Identity that takes the names of games by number and
// gives the names in same one id (as the players package would for a
// romanized name).
func merging(gs []hg, same map[string]string) Identity {
	return func(num int, red bool) (string, string) {
		name := gs[num].black
		if red {
			name = gs[num].red
		}
		if to, ok := same[name]; ok {
			name = to
		}
		return tagnorm.Text(name), name
	}
}

// flagsOf returns game num's tournament flags as "code side" strings.
func flagsOf(s *Sink, num int) []string {
	var out []string
	for _, f := range s.Annotate(num).Flags {
		out = append(out, strings.TrimSpace(string(f.Code)+" "+f.Side))
	}
	slices.Sort(out)
	return out
}

func TestChecks(t *testing.T) {
	ev := "全国象棋个人赛"
	for _, c := range []struct {
		name  string
		games []hg
		same  map[string]string // merged by the test identity; nil: default
		want  map[int][]string  // game → flags; the others have none
	}{
		{"round robin of three, clean", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", lv, xu, "1/2-1/2", 1},
			{ev, "3", "2001.05.03", xu, hu, "0-1", 2},
		}, nil, nil},
		{"pairing conflict: one player, two opponents, one round", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "1", "2001.05.01", hu, xu, "1-0", 1},
			{ev, "2", "2001.05.02", zhao, lv, "1-0", 2},
		}, nil, map[int][]string{0: {"pairing_conflict red"}, 1: {"pairing_conflict red"}}},
		{"a match in one round is no conflict", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "1", "2001.05.01", lv, hu, "1/2-1/2", 1},
		}, nil, nil},
		{"copies of one game are no conflict", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
		}, nil, nil},
		{"repeated pairing: same colours, two rounds", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", xu, zhao, "1-0", 1},
			{ev, "3", "2001.05.03", hu, lv, "0-1", 2},
		}, nil, map[int][]string{2: {"repeated_pairing"}}},
		{"return game with colours swapped", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", lv, hu, "1-0", 1},
		}, nil, nil},
		{"without rounds: one day is one meeting", []hg{
			{ev, "", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "", "2001.05.01", hu, lv, "0-1", 1},
		}, nil, nil},
		{"without rounds: two days are two meetings", []hg{
			{ev, "", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "", "2001.05.04", hu, lv, "0-1", 1},
		}, nil, map[int][]string{1: {"repeated_pairing"}}},
		{"neither round nor day: not checked", []hg{
			{ev, "", "2001", hu, lv, "1-0", 0},
			{ev, "", "2001", hu, lv, "0-1", 1},
		}, nil, nil},
		{"result conflict between copies", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{"", "", "", hu, lv, "0-1", 0},
		}, nil, map[int][]string{0: {"result_conflict"}, 1: {"result_conflict"}}},
		{"a copy without result is no conflict", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "1", "2001.05.01", hu, lv, "*", 0},
		}, nil, nil},
		{"date outside the year of the name", []hg{
			{"2005年全国象棋个人赛", "1", "2005.05.01", hu, lv, "1-0", 0},
			{"2005年全国象棋个人赛", "2", "2006.05.02", lv, xu, "1-0", 1},
			{"2005年全国象棋个人赛", "3", "2004.12.30", xu, hu, "1-0", 2},
		}, nil, map[int][]string{1: {"date_outside_event"}}},
		{"date outside the bulk of the event", []hg{
			{ev, "1", "2005.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2005.05.02", lv, xu, "1-0", 1},
			{ev, "3", "2005.05.03", xu, hu, "1-0", 2},
			{ev, "4", "2005.10.03", zhao, hu, "1-0", 3},
			{ev, "5", "2005", zhao, lv, "1-0", 4},
		}, nil, map[int][]string{3: {"date_outside_event"}}},
		{"two dates far apart: no bulk, no flag", []hg{
			{ev, "1", "2005.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2005.10.02", lv, xu, "1-0", 1},
		}, nil, nil},
		{"a league plays for months", []hg{
			{ev, "1", "2005.04.01", hu, lv, "1-0", 0},
			{ev, "2", "2005.05.10", lv, xu, "1-0", 1},
			{ev, "3", "2005.06.20", xu, hu, "1-0", 2},
			{ev, "4", "2005.08.10", zhao, hu, "1-0", 3},
		}, nil, nil},
		{"name variants by script", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", xu, hu, "1-0", 1},
			{ev, "3", "2001.05.03", huT, zhao, "1-0", 2},
			{"另一赛事", "1", "2001.06.01", huT, zhao, "1-0", 3},
		}, nil, map[int][]string{2: {"name_variants red"}}},
		{"romanized name, default identity: two players", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", xu, hu, "1-0", 1},
			{ev, "3", "2001.05.03", huR, zhao, "1-0", 2},
		}, nil, nil},
		{"romanized name, identity merges: variants", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", xu, hu, "1-0", 1},
			{ev, "3", "2001.05.03", huR, zhao, "1-0", 2},
		}, map[string]string{huR: hu}, map[int][]string{2: {"name_variants red"}}},
		{"identity merges: a repeated pairing appears", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", huR, lv, "1-0", 1},
		}, map[string]string{huR: hu}, map[int][]string{1: {"name_variants red", "repeated_pairing"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := pgnDir(t, map[string]string{"games.pgn": pgnOf(c.games)})
			opt := Options{}
			if c.same != nil {
				opt.Identity = merging(c.games, c.same)
			}
			s, obs := run(t, opt, dir)
			for num, g := range c.games {
				got, want := flagsOf(s, num), c.want[num]
				if !slices.Equal(got, want) {
					t.Errorf("game %d: flags %q, want %q (%v)", num, got, want, s.Annotate(num).Flags)
				}
				// The later sinks see the same flags and the event_id.
				d := obs.dups[num]
				for _, f := range s.Annotate(num).Flags {
					if !slices.Contains(d.Flags, f) {
						t.Errorf("game %d: a later sink misses %v", num, f)
					}
				}
				norm, year, _ := EventKey(g.event, g.date)
				want1 := ""
				if norm != "" {
					want1 = EventID(norm, year)
				}
				if got := d.Note(NoteEventID); got != want1 {
					t.Errorf("game %d: event_id %q, want %q", num, got, want1)
				}
			}
		})
	}
}

// TestFlagsRegistered checks that every code the checks raise is in the
// flag table with the severity the package doc gives it.
func TestFlagsRegistered(t *testing.T) {
	for c, sev := range map[flags.Code]flags.Severity{
		flags.PairingConflict: flags.Warning, flags.ResultConflict: flags.Warning, flags.DateOutsideEvent: flags.Warning,
		flags.RepeatedPairing: flags.Info, flags.NameVariants: flags.Info,
	} {
		if c.Severity() != sev {
			t.Errorf("%s: severity %q, want %q", c, c.Severity(), sev)
		}
	}
}

// TestSpellings counts texts, few (searched in order) and many (past
// smallSpellings, indexed), against counts taken in a map: the same
// texts, counts and order (most games first, ties first seen).
func TestSpellings(t *testing.T) {
	for _, distinct := range []int{1, smallSpellings, smallSpellings + 1, 40} {
		var s spellings
		n := map[string]int{}
		var order []string
		for i := range 200 {
			text := fmt.Sprintf("name %d", (i*i+3*i)%distinct)
			if n[text] == 0 {
				order = append(order, text)
			}
			n[text]++
			s.add(text)
		}
		got := s.list()
		if len(got) != len(order) {
			t.Fatalf("%d distinct: %d spellings, want %d", distinct, len(got), len(order))
		}
		for i, sp := range got {
			if sp.Games != n[sp.Text] {
				t.Errorf("%d distinct: %q counted %d, want %d", distinct, sp.Text, sp.Games, n[sp.Text])
			}
			if i > 0 && (got[i-1].Games < sp.Games ||
				got[i-1].Games == sp.Games && slices.Index(order, got[i-1].Text) > slices.Index(order, sp.Text)) {
				t.Errorf("%d distinct: %v out of order", distinct, got)
				break
			}
		}
	}
}
