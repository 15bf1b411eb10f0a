package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/tagnorm"
)

// Build groups games (in run order, their identities and clusters set)
// into events, builds the crosstables and raises the checks' flags on the
// games (Game.Flags). Events come in order of their first game.
func Build(games []*Game) []*Event {
	for _, g := range games {
		g.flags = nil
	}
	events := group(games, &eventNames{})
	resultConflicts(games)
	finishEvents(events, games)
	return events
}

// group sets each game's event and parsed tags and returns the events in
// order of their first game, their games listed (Event.nums).
func group(games []*Game, names *eventNames) []*Event {
	byKey := map[key]*Event{}
	var events []*Event
	for _, g := range games {
		g.eventID, g.counted = "", false
		g.parsedDate = tagnorm.ParseDate(g.Date)
		g.normRound = tagnorm.Text(g.Round)
		g.nameYears = [2]int{}
		n := names.of(g.Event)
		if n.norm == "" {
			continue
		}
		year, fromName := n.yearOf(g.parsedDate)
		if fromName {
			g.nameYears = [2]int{n.first, n.last}
		}
		k := key{n.norm, year}
		e := byKey[k]
		if e == nil {
			e = &Event{ID: EventID(n.norm, year), Year: year, Flags: map[flags.Code]int{}}
			byKey[k] = e
			events = append(events, e)
		}
		g.eventID = e.ID
		e.nums = append(e.nums, g.Num)
		e.Games++
	}
	return events
}

// finishEvents builds the events grouped from games (group): their
// crosstables and checks, and counts the flags of their games (the result
// conflicts among them, raised before).
func finishEvents(events []*Event, games []*Game) {
	byNum := indexGames(games)
	for _, e := range events {
		e.build(byNum)
	}
	for _, e := range events {
		for _, num := range e.nums {
			g := byNum.of(num)
			if len(g.flags) == 0 {
				continue
			}
			e.Flagged = append(e.Flagged, num)
			for _, c := range flags.Codes(g.flags) {
				e.Flags[c]++
			}
		}
		e.nums = nil
	}
}

// spellings counts texts in order of first appearance and returns them
// most games first (ties: first seen). Most players and events are
// written one or two ways: a few texts are searched in order, a map
// indexes them past smallSpellings.
type spellings struct {
	order []string
	n     []int
	index map[string]int // text → its place in order, past smallSpellings
}

const smallSpellings = 8

func (s *spellings) add(t string) {
	if s.index != nil {
		if i, ok := s.index[t]; ok {
			s.n[i]++
			return
		}
	} else {
		for i, o := range s.order {
			if o == t {
				s.n[i]++
				return
			}
		}
	}
	s.order = append(s.order, t)
	s.n = append(s.n, 1)
	if s.index == nil && len(s.order) > smallSpellings {
		s.index = make(map[string]int, 2*len(s.order))
		for i, o := range s.order {
			s.index[o] = i
		}
	} else if s.index != nil {
		s.index[t] = len(s.order) - 1
	}
}

func (s *spellings) list() []Spelling {
	out := make([]Spelling, len(s.order))
	for i, t := range s.order {
		out[i] = Spelling{t, s.n[i]}
	}
	slices.SortStableFunc(out, func(a, b Spelling) int { return b.Games - a.Games })
	return out
}

// byNumber finds games by number: a slice when the numbers are dense (a
// run's: 8 bytes a game), else a map.
type byNumber struct {
	dense  []*Game
	sparse map[int]*Game
}

func indexGames(games []*Game) byNumber {
	top := -1
	for _, g := range games {
		if g.Num < 0 {
			top = -2
			break
		}
		top = max(top, g.Num)
	}
	if top >= -1 && top < 2*len(games)+1024 {
		dense := make([]*Game, top+1)
		for _, g := range games {
			dense[g.Num] = g
		}
		return byNumber{dense: dense}
	}
	sparse := make(map[int]*Game, len(games))
	for _, g := range games {
		sparse[g.Num] = g
	}
	return byNumber{sparse: sparse}
}

func (b byNumber) of(num int) *Game {
	if b.sparse != nil {
		return b.sparse[num]
	}
	if num < 0 || num >= len(b.dense) {
		return nil
	}
	return b.dense[num]
}

func (e *Event) build(byNum byNumber) {
	var names, sites spellings
	dates := make([]tagnorm.Date, 0, len(e.nums))
	var gs []*Game
	for _, num := range e.nums {
		g := byNum.of(num)
		gs = append(gs, g)
		names.add(trimSpace(g.Event))
		if s := trimSpace(g.Site); tagnorm.Text(s) != "" {
			sites.add(s)
		}
		dates = append(dates, g.parsedDate)
	}
	e.Names = names.list()
	e.Name = e.Names[0].Text
	if l := sites.list(); len(l) > 0 {
		e.Site = l[0].Text
	}
	ny := gs[0].nameYears
	for _, g := range gs[1:] { // the widest range any spelling names
		if g.nameYears[1] > ny[1] {
			ny[1] = g.nameYears[1]
		}
	}
	span, outside := EventSpan(dates, ny[0], ny[1])
	e.Span = span
	for i, g := range gs {
		if outside[i] {
			g.flags = append(g.flags, flags.New(flags.DateOutsideEvent, 0, "",
				fmt.Sprintf("date %q (read as %s) outside the event's span %s", g.Date, dateText(g.parsedDate), spanText(span, ny))))
		}
	}
	// Counted games: one per cluster, the kept copy when it is here.
	first := map[string]*Game{}
	for _, g := range gs {
		if c, ok := first[g.Cluster]; !ok || (c.Copy && !g.Copy) {
			first[g.Cluster] = g
		}
	}
	var counted []*Game
	for _, g := range gs {
		if first[g.Cluster] == g {
			g.counted = true
			counted = append(counted, g)
		}
	}
	e.Counted = len(counted)
	e.players(gs, counted)
	e.rounds(counted)
	e.format(counted)
	nameVariants(e, gs)
	pairingConflicts(e, counted)
	repeatedPairings(e, counted)
}

func spanText(s Span, ny [2]int) string {
	if s.Known() {
		return s.String()
	}
	years := fmt.Sprint(ny[0])
	if ny[1] != ny[0] {
		years += "–" + fmt.Sprint(ny[1])
	}
	return fmt.Sprintf("%d-12-01..%d-01-31 (the years of its name, %s)", ny[0]-1, ny[1]+1, years)
}

// dateText formats a parsed date at its precision.
func dateText(d tagnorm.Date) string {
	switch d.Precision {
	case tagnorm.Year:
		return fmt.Sprintf("%04d", d.Year)
	case tagnorm.Month:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// players collects the event's players and their scores.
func (e *Event) players(gs, counted []*Game) {
	idx := map[string]int{}
	var sp []spellings
	add := func(id, name, written string) {
		if id == "" {
			return
		}
		i, ok := idx[id]
		if !ok {
			i = len(e.Players)
			idx[id] = i
			e.Players = append(e.Players, Player{ID: id, Name: name})
			sp = append(sp, spellings{})
		}
		sp[i].add(trimSpace(written))
	}
	for _, g := range gs {
		add(g.RedID, g.RedName, g.Red)
		add(g.BlkID, g.BlkName, g.Black)
	}
	for i := range e.Players {
		e.Players[i].Spellings = sp[i].list()
	}
	score := func(p *Player, half int, known bool) {
		p.Games++
		switch {
		case !known:
			p.Unscored++
		case half == 2:
			p.Wins++
		case half == 1:
			p.Draws++
		default:
			p.Losses++
		}
		p.HalfPts += half
	}
	for _, g := range counted {
		r, known := redHalf(g.Result)
		if i, ok := idx[g.RedID]; ok {
			score(&e.Players[i], r, known)
		}
		if i, ok := idx[g.BlkID]; ok {
			b := 2 - r
			if !known {
				b = 0
			}
			score(&e.Players[i], b, known)
		}
	}
	slices.SortStableFunc(e.Players, func(a, b Player) int {
		if d := b.HalfPts - a.HalfPts; d != 0 {
			return d
		}
		return cmp.Compare(a.Name, b.Name)
	})
	for i := range e.Players {
		if i > 0 && e.Players[i].HalfPts == e.Players[i-1].HalfPts {
			e.Players[i].Rank = e.Players[i-1].Rank
		} else {
			e.Players[i].Rank = i + 1
		}
	}
}

// redHalf returns Red's half points of a result, known false for "*".
func redHalf(result string) (int, bool) {
	switch result {
	case "1-0":
		return 2, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 1, true
	}
	return 0, false
}

// playerIndex returns the index of a player id in e.Players, -1 when none.
func (e *Event) playerIndex(id string) int {
	if id == "" {
		return -1
	}
	for i, p := range e.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// roundNumber returns the first number in a round's text (ASCII or
// full-width digits), and false when it has none.
func roundNumber(s string) (int, bool) {
	v, seen := 0, false
	for _, r := range s {
		var d int
		switch {
		case r >= '0' && r <= '9':
			d = int(r - '0')
		case r >= '０' && r <= '９':
			d = int(r - '０')
		default:
			if seen {
				return v, true
			}
			continue
		}
		if v < 1e6 {
			v = v*10 + d
		}
		seen = true
	}
	return v, seen
}

// compareRounds orders rounds by their first number, then text; no round
// ("") last.
func compareRounds(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	case b == "":
		return -1
	}
	na, oka := roundNumber(a)
	nb, okb := roundNumber(b)
	switch {
	case oka && okb && na != nb:
		return na - nb
	case oka != okb:
		if oka {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// rounds lists the counted games by round.
func (e *Event) rounds(counted []*Game) {
	byRound := map[string]int{}
	written := map[string]string{}
	for _, g := range counted {
		i, ok := byRound[g.normRound]
		if !ok {
			i = len(e.Rounds)
			byRound[g.normRound] = i
			e.Rounds = append(e.Rounds, Round{Name: g.normRound})
			written[g.normRound] = trimSpace(g.Round)
		}
		e.Rounds[i].Games = append(e.Rounds[i].Games, Pairing{
			Num: g.Num, Red: e.playerIndex(g.RedID), Black: e.playerIndex(g.BlkID), Result: g.Result, Date: g.Date,
		})
	}
	slices.SortStableFunc(e.Rounds, func(a, b Round) int { return compareRounds(a.Name, b.Name) })
	for i := range e.Rounds {
		r := &e.Rounds[i]
		if r.Name == "" {
			slices.SortStableFunc(r.Games, func(a, b Pairing) int {
				return compareDates(tagnorm.ParseDate(a.Date), tagnorm.ParseDate(b.Date))
			})
			continue
		}
		e.RoundTags = append(e.RoundTags, written[r.Name])
		r.Name = written[r.Name]
	}
}

// compareDates orders dates, undated ones last.
func compareDates(a, b tagnorm.Date) int {
	ta, oka := a.Time()
	tb, okb := b.Time()
	switch {
	case oka && okb:
		return ta.Compare(tb)
	case oka:
		return -1
	case okb:
		return 1
	}
	return 0
}

// format decides the event's format and fills the round-robin table.
func (e *Event) format(counted []*Game) {
	e.Format = ByRound
	n := len(e.Players)
	if n < 3 {
		return
	}
	meet := make([][]int, n)
	for i := range meet {
		meet[i] = make([]int, n)
	}
	for _, g := range counted {
		r, b := e.playerIndex(g.RedID), e.playerIndex(g.BlkID)
		if r < 0 || b < 0 || r == b {
			continue
		}
		meet[r][b]++
		meet[b][r]++
	}
	k := meet[0][1]
	if k < 1 {
		return
	}
	for i := range n {
		for j := range n {
			if i != j && meet[i][j] != k {
				return
			}
		}
	}
	e.Format = RoundRobin
	if k == 2 {
		e.Format = DoubleRoundRobin
	}
	e.cells = make([][][]Cell, n)
	for i := range e.cells {
		e.cells[i] = make([][]Cell, n)
	}
	for _, g := range counted {
		r, b := e.playerIndex(g.RedID), e.playerIndex(g.BlkID)
		if r < 0 || b < 0 || r == b {
			continue
		}
		h, known := redHalf(g.Result)
		rs, bs := "?", "?"
		if known {
			rs, bs = HalfPoints(h), HalfPoints(2-h)
		}
		e.cells[r][b] = append(e.cells[r][b], Cell{Score: rs, Num: g.Num, Red: true})
		e.cells[b][r] = append(e.cells[b][r], Cell{Score: bs, Num: g.Num})
	}
}
