package tournament

import (
	"fmt"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/tagnorm"
)

// table renders a round robin's rows: rank, name, cells, points.
func table(e *Event) string {
	var b strings.Builder
	for i, p := range e.Players {
		fmt.Fprintf(&b, "%d %s |", p.Rank, p.Name)
		for j := range e.Players {
			var cs []string
			for _, c := range e.Cells(i, j) {
				cs = append(cs, c.Score)
			}
			fmt.Fprintf(&b, " %s", strings.Join(cs, ","))
			if i == j {
				b.WriteString("x")
			}
		}
		fmt.Fprintf(&b, " | %s\n", p.Points())
	}
	return b.String()
}

func TestCrosstable(t *testing.T) {
	ev := "全国象棋个人赛"
	for _, c := range []struct {
		name   string
		games  []hg
		format Format
		want   string
	}{
		{"single round robin, a copy counted once", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0}, // a copy
			{ev, "2", "2001.05.02", lv, xu, "1/2-1/2", 1},
			{ev, "3", "2001.05.03", xu, hu, "1/2-1/2", 2},
		}, RoundRobin, "1 胡荣华 | x ½ 1 | 1½\n2 许银川 | ½ x ½ | 1\n3 吕钦 | 0 ½ x | ½\n"},
		{"double round robin, a game without result", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", lv, xu, "0-1", 1},
			{ev, "3", "2001.05.03", xu, hu, "1/2-1/2", 2},
			{ev, "4", "2001.05.04", lv, hu, "1/2-1/2", 3},
			{ev, "5", "2001.05.05", xu, lv, "*", 4},
			{ev, "6", "2001.05.06", hu, xu, "1-0", 5},
		}, DoubleRoundRobin, "1 胡荣华 | x ½,1 1,½ | 3\n2 许银川 | ½,0 x 1,? | 1½\n3 吕钦 | 0,½ 0,? x | ½\n"},
		{"incomplete: listed by round", []hg{
			{ev, "1", "2001.05.01", hu, lv, "1-0", 0},
			{ev, "2", "2001.05.02", lv, xu, "0-1", 1},
		}, ByRound, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := run(t, Options{}, pgnDir(t, map[string]string{"g.pgn": pgnOf(c.games)}))
			if len(s.Events()) != 1 {
				t.Fatalf("%d events, want 1", len(s.Events()))
			}
			e := s.Events()[0]
			if e.Format != c.format {
				t.Errorf("format %s, want %s", e.Format, c.format)
			}
			if got := table(e); c.format != ByRound && got != c.want {
				t.Errorf("table:\n%s\nwant:\n%s", got, c.want)
			}
			if c.format == ByRound && e.Cells(0, 1) != nil {
				t.Errorf("cells of an event listed by round")
			}
		})
	}
}

func TestRoundOrder(t *testing.T) {
	s, _ := run(t, Options{}, pgnDir(t, map[string]string{"g.pgn": pgnOf([]hg{
		{"杯赛", "第10轮", "2001.05.10", hu, lv, "1-0", 0},
		{"杯赛", "", "2001.05.01", zhao, lv, "1-0", 1},
		{"杯赛", "第2轮", "2001.05.02", xu, zhao, "1-0", 2},
		{"杯赛", "决赛", "2001.05.12", hu, xu, "1-0", 3},
	})}))
	e := s.Events()[0]
	var got []string
	for _, r := range e.Rounds {
		got = append(got, r.Name)
	}
	if want := []string{"第2轮", "第10轮", "决赛", ""}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("rounds %q, want %q", got, want)
	}
}

func TestEventSpan(t *testing.T) {
	d := tagnorm.ParseDate
	for _, c := range []struct {
		name        string
		dates       []string
		first, last int
		span        string
		outside     string // one letter a date: x outside, . inside
	}{
		{"no dates", []string{"", ""}, 0, 0, "", ".."},
		{"one stretch", []string{"2005.05.01", "2005.05.09", "2005.05.03"}, 0, 0, "2005-05-01..2005-05-09", "..."},
		{"a stray date", []string{"2005.05.01", "2005.05.02", "2005.05.03", "2005.12.30"}, 0, 0, "2005-05-01..2005-05-03", "...x"},
		{"no bulk among two", []string{"2005.05.01", "2005.12.30"}, 0, 0, "2005-05-01..2005-12-30", ".."},
		{"even split: no bulk", []string{"2005.01.01", "2005.01.02", "2005.09.01", "2005.09.02"}, 0, 0, "2005-01-01..2005-09-02", "...."},
		{"year-only dates of another year", []string{"2005.05.01", "2005.05.02", "2005.05.03", "2004", "2005"}, 0, 0, "2005-05-01..2005-05-03", "...x."},
		{"the name's year", []string{"2005.05.01", "2007.01.01", "2005"}, 2005, 2005, "2005-01-01..2005-12-31", ".x."},
		{"across the new year", []string{"2005.12.28", "2006.01.03"}, 2006, 2006, "2005-12-28..2006-01-03", ".."},
		{"a season", []string{"2004.11.02", "2005.03.08"}, 2004, 2005, "2004-11-02..2005-03-08", ".."},
		{"month precision", []string{"2005.05", "2005.05.20", "2005.06.02", "1995.05.01"}, 0, 0, "2005-05-01..2005-06-02", "...x"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ds []tagnorm.Date
			for _, s := range c.dates {
				ds = append(ds, d(s))
			}
			span, outside := EventSpan(ds, c.first, c.last)
			if span.String() != c.span {
				t.Errorf("span %q, want %q", span, c.span)
			}
			var got strings.Builder
			for _, o := range outside {
				if o {
					got.WriteString("x")
				} else {
					got.WriteString(".")
				}
			}
			if got.String() != c.outside {
				t.Errorf("outside %s, want %s", got.String(), c.outside)
			}
		})
	}
}

func TestEventKey(t *testing.T) {
	for _, c := range []struct {
		event, date string
		norm        string
		year        int
	}{
		{"1984年全國象棋團體賽", "1985.01.02", "1984年全国象棋团体赛", 1984},
		{"China National Xiangqi League 2004", "", "chinanationalxiangqileague2004", 2004},
		{"第25屆五羊杯全國象棋冠軍邀請賽", "2005.01.15", "第25届五羊杯全国象棋冠军邀请赛", 2005},
		{"２００６年 全国赛", "", "2006年全国赛", 2006},
		{"12345 cup", "1999", "12345cup", 1999},
		{"  --  ", "1999", "", 0},
	} {
		norm, year, _ := EventKey(c.event, c.date)
		if norm != c.norm || year != c.year {
			t.Errorf("EventKey(%q, %q) = %q, %d; want %q, %d", c.event, c.date, norm, year, c.norm, c.year)
		}
	}
	// Spellings of one event share its id; the id does not change.
	a, ya, _ := EventKey("1984年全國象棋團體賽", "")
	b, yb, _ := EventKey("1984年 全国象棋团体赛", "1984.04.22")
	if EventID(a, ya) != EventID(b, yb) {
		t.Errorf("two spellings, two ids")
	}
	// The id as bash and sha256sum give it: printf '1984年全国象棋团体赛\x001984' | sha256sum
	if got, want := EventID(a, ya), "f5ae356812d12e43"; got != want {
		t.Errorf("EventID = %s, want %s", got, want)
	}
}
