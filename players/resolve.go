package players

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xqtool/xqtool/internal/hashid"
	"github.com/xqtool/xqtool/tagnorm"
)

// Game is what the Resolver needs of one game.
type Game struct {
	// Red and Black are the names as written (the Red and Black tags).
	Red, Black string
	// Event is the event's normalized name (games.parquet's event_norm),
	// Year the year of its date (0 when unknown).
	Event string
	Year  int
	// Result is the declared result: "1-0", "0-1", "1/2-1/2" or "*".
	Result string
	// Source is the game's file: games of a file without an event are
	// one group for the place rule.
	Source string
	// Cluster is the game_id of the game's cluster of copies (pipeline
	// Dup.ClusterID), "" when unknown.
	Cluster string
}

// group is where the place rule and the shared-event evidence look: the
// event and its year, else the file.
func (g Game) group() string {
	if g.Event != "" {
		return "e:" + g.Event + "|" + strconv.Itoa(g.Year)
	}
	return "f:" + g.Source
}

// Resolver collects the names of a corpus and resolves them to players
// (Resolve). The zero value is not usable: see NewResolver.
type Resolver struct {
	aliases *Aliases
	games   []Game
}

// NewResolver returns a resolver applying the alias file a (nil: none).
func NewResolver(a *Aliases) *Resolver { return &Resolver{aliases: a} }

// Add adds a game; games are numbered 0, 1, … in the order added.
func (r *Resolver) Add(g Game) { r.games = append(r.games, g) }

// Len is the number of games added.
func (r *Resolver) Len() int { return len(r.games) }

// spelling is one distinct name as written, and what resolution made of
// it.
type spelling struct {
	form   Form
	placed bool   // written in an event where Form.Place is a place
	key    string // after the corpus rules (place, bare 大师)
	player int    // index in Table.players
	how    string // the rule that decided its player (see Rule*)
}

// How a spelling was given its player.
const (
	RuleKey     = "key"     // its key (titles, brackets, script, width)
	RulePlace   = "place"   // its key once a place before it was removed
	RuleBare    = "title"   // its key once a bare 大师 was removed
	RuleAlias   = "alias"   // the alias file
	RulePinyin  = "pinyin"  // a romanized name read as the one Han name with its pinyin
	RuleRoman   = "roman"   // a romanized name with no single Han reading: its own key
	RuleLiteral = "literal" // a name no rule reads (pairs, engines, nicknames): its key
)

// Table is the players of a corpus and the player of each game's side.
type Table struct {
	games     []Game
	spellings []spelling
	byRaw     map[string]int
	side      [][2]int32 // per game: spelling index of Red, Black (-1: none)
	players   []Player
	romanHan  map[int][]string  // roman spelling → Han keys its pinyin matches, when not merged
	merged    map[string]int    // identity → player
	hanIdent  map[string]string // Han key → identity
	meet      []meeting         // by spelling, built on demand (evidence)
	byKey     map[string][]int  // Han key → its spellings (evidence)
}

// Player is one person (or one name no rule reads) of the corpus.
type Player struct {
	// ID is the player_id: 16 hexadecimal digits, the first 8 bytes of
	// the SHA-256 of "xqtool-player:" and the player's key (the
	// canonical name's key for an alias-file player). It depends on the
	// key only, never on the order of the input or on how it was split
	// into shards; a romanized name merged by pinyin takes the Han
	// name's id, so that one may change when the corpus gains a second
	// Han name with its reading (an alias file pins it).
	ID string
	// Name is the canonical name: the alias file's, else the key of a
	// Han name (simplified, no spacing), else the most frequent spelling.
	Name string
	// Key is the identity key (Form.Key after the corpus rules).
	Key string
	// Spellings are the names as written, with their number of game
	// sides, most frequent first.
	Spellings []Spelling
	// Games counts the games naming the player (copies of a game
	// included); FirstYear and LastYear span their dates (0: none).
	Games               int
	FirstYear, LastYear int
	// AsRed and AsBlack are the scores with each color over the games
	// with a decided result.
	AsRed, AsBlack Score
	// Alias is true for a player of the alias file.
	Alias bool
}

// Spelling is a name as written and how many game sides carry it.
type Spelling struct {
	Text  string
	Count int
	Rule  string // Rule* constant: why it is this player's
}

// Score is a score over games: wins count 1, draws ½.
type Score struct {
	Points float64
	Games  int
}

// PlayerID returns the player_id of a key (see Player.ID).
func PlayerID(key string) string {
	return hashid.Hex16("xqtool-player:" + key)
}

// Resolve decides the players. See the package documentation for what is
// merged.
func (r *Resolver) Resolve() *Table {
	t := &Table{games: r.games, byRaw: map[string]int{}, side: make([][2]int32, len(r.games)),
		romanHan: map[int][]string{}, merged: map[string]int{}}
	forms := map[string]Form{}
	form := func(name string) Form {
		f, ok := forms[name]
		if !ok {
			f = Parse(name)
			forms[name] = f
		}
		return f
	}
	// A word before a name is a place in an event (or a file) where two
	// names or more are written so.
	placed := map[string]map[string]bool{}
	for _, g := range r.games {
		for _, name := range [2]string{g.Red, g.Black} {
			if name = strings.TrimSpace(name); form(name).Place != "" {
				k := g.group()
				if placed[k] == nil {
					placed[k] = map[string]bool{}
				}
				placed[k][name] = true
			}
		}
	}
	for i, g := range r.games {
		for c, name := range [2]string{g.Red, g.Black} {
			t.side[i][c] = -1
			// Names that differ only in white space around them are
			// one spelling.
			name = strings.TrimSpace(name)
			f := form(name)
			if f.Key == "" {
				continue
			}
			place := f.Place != "" && len(placed[g.group()]) >= 2
			entry := name
			if place {
				entry += "\x00place"
			}
			s, ok := t.byRaw[entry]
			if !ok {
				s = len(t.spellings)
				t.byRaw[entry] = s
				t.spellings = append(t.spellings, spelling{form: f, placed: place})
			}
			t.side[i][c] = int32(s)
		}
	}
	t.keys()
	t.identities(r.aliases)
	t.stats()
	return t
}

// keys applies the corpus rules: a place written before the name, a
// place run into it, the bare 大师.
func (t *Table) keys() {
	places := map[string]bool{}
	for _, sp := range t.spellings {
		if sp.placed {
			places[sp.form.Place] = true
		}
	}
	standalone := map[string]bool{}
	for i := range t.spellings {
		sp := &t.spellings[i]
		sp.key, sp.how = sp.form.Key, RuleKey
		if sp.form.Roman {
			sp.how = RuleRoman
		}
		if sp.placed {
			sp.key, sp.how = sp.form.Rest, RulePlace
		}
		if isHanName(sp.key) && (sp.how == RulePlace || sp.form.Place == "") {
			standalone[sp.key] = true
		}
	}
	normPlaces := make([]string, 0, len(places))
	for p := range places {
		normPlaces = append(normPlaces, tagnorm.Text(p))
	}
	slices.Sort(normPlaces)
	for i := range t.spellings {
		sp := &t.spellings[i]
		if sp.how != RuleKey {
			continue
		}
		if sp.form.Bare != "" && standalone[sp.form.Bare] {
			sp.key, sp.how = sp.form.Bare, RuleBare
			continue
		}
		// A known place run into a known name: 廣東呂  欽. (A name
		// written with a space is left to its event: rule 2.)
		if sp.form.Place != "" {
			continue
		}
		for _, p := range normPlaces {
			if rest, ok := strings.CutPrefix(sp.key, p); ok && rest != sp.key && standalone[rest] {
				sp.key, sp.how = rest, RulePlace
				break
			}
		}
	}
}

// identities gives every spelling its player: the alias file first, then
// keys, then romanized names through pinyin.
func (t *Table) identities(a *Aliases) {
	player := func(ident, key, name string, alias bool) int {
		if p, ok := t.merged[ident]; ok {
			return p
		}
		t.merged[ident] = len(t.players)
		t.players = append(t.players, Player{ID: PlayerID(key), Name: name, Key: key, Alias: alias})
		return len(t.players) - 1
	}
	aliasOf := func(sp *spelling) (AliasLine, bool) {
		if l, ok := a.lookup(sp.key); ok {
			return l, true
		}
		return a.lookup(sp.form.Key)
	}
	hanKeys := map[string]string{} // key → identity
	t.hanIdent = hanKeys
	var romans []int
	for i := range t.spellings {
		sp := &t.spellings[i]
		if l, ok := aliasOf(sp); ok {
			k := aliasKey(l.Canonical)
			sp.player, sp.how = player("a:"+k, k, l.Canonical, true), RuleAlias
			if isHanName(sp.key) {
				hanKeys[sp.key] = "a:" + k
			}
			continue
		}
		if sp.form.Roman {
			romans = append(romans, i)
			continue
		}
		if sp.how == RuleKey && !isHanName(sp.key) {
			sp.how = RuleLiteral
		}
		// A key without cased letters (Han) is the name; a key of
		// letters is lower case: the name is then the most frequent
		// spelling (stats), "R" and "Study" not "r" and "study".
		name := sp.key
		if strings.ToUpper(sp.key) != sp.key {
			name = ""
		}
		sp.player = player("k:"+sp.key, sp.key, name, false)
		if isHanName(sp.key) {
			hanKeys[sp.key] = "k:" + sp.key
		}
	}
	byReading := map[string][]string{}
	for _, k := range slices.Sorted(maps.Keys(hanKeys)) {
		for _, rd := range Readings(k) {
			byReading[rd] = append(byReading[rd], k)
		}
	}
	for _, i := range romans {
		sp := &t.spellings[i]
		var match []string
		for _, c := range RomanCandidates(sp.form.Words) {
			match = append(match, byReading[c]...)
		}
		slices.Sort(match)
		match = slices.Compact(match)
		if len(match) == 1 && (utf8.RuneCountInString(match[0]) > 2 || t.evidence(i, match[0])) {
			sp.player, sp.how = t.merged[hanKeys[match[0]]], RulePinyin
			continue
		}
		if len(match) > 0 {
			t.romanHan[i] = match
		}
		sp.player = player("r:"+sp.key, sp.key, "", false)
	}
}

// evidence reports whether the games of romanized spelling s and of the
// spellings with Han key k meet: a shared event (or file without an
// event), a cluster of copies, or overlapping years. A two-character Han
// name (a one-character given name: 王斌, 胡明) is too common to be read
// from its pinyin alone.
func (t *Table) evidence(s int, k string) bool {
	if t.meet == nil {
		t.meet = make([]meeting, len(t.spellings))
		t.byKey = map[string][]int{}
		for i, sp := range t.spellings {
			if !sp.form.Roman {
				t.byKey[sp.key] = append(t.byKey[sp.key], i)
			}
		}
		for i, g := range t.games {
			for _, x := range t.side[i] {
				if x < 0 {
					continue
				}
				m := &t.meet[x]
				if m.groups == nil {
					m.groups, m.clusters = map[string]bool{}, map[string]bool{}
				}
				m.groups[g.group()] = true
				if g.Cluster != "" {
					m.clusters[g.Cluster] = true
				}
				if g.Year > 0 {
					if m.first == 0 || g.Year < m.first {
						m.first = g.Year
					}
					m.last = max(m.last, g.Year)
				}
			}
		}
	}
	r := t.meet[s]
	for _, i := range t.byKey[k] {
		h := t.meet[i]
		if r.first > 0 && h.first > 0 && r.first <= h.last && h.first <= r.last {
			return true
		}
		for g := range r.groups {
			if h.groups[g] {
				return true
			}
		}
		for c := range r.clusters {
			if h.clusters[c] {
				return true
			}
		}
	}
	return false
}

// meeting is where a spelling's games are: for evidence.
type meeting struct {
	groups, clusters map[string]bool
	first, last      int
}

// stats counts spellings, games, years and scores.
func (t *Table) stats() {
	spell := make([]map[int]int, len(t.players)) // spelling → sides
	for i, g := range t.games {
		seen := [2]int{-1, -1}
		for c, s := range t.side[i] {
			if s < 0 {
				continue
			}
			p := t.spellings[s].player
			if spell[p] == nil {
				spell[p] = map[int]int{}
			}
			spell[p][int(s)]++
			seen[c] = p
			pl := &t.players[p]
			if c == 0 || seen[0] != p {
				pl.Games++
				if y := g.Year; y > 0 {
					if pl.FirstYear == 0 || y < pl.FirstYear {
						pl.FirstYear = y
					}
					pl.LastYear = max(pl.LastYear, y)
				}
			}
			if pts, ok := points(g.Result, c == 0); ok {
				sc := &pl.AsRed
				if c == 1 {
					sc = &pl.AsBlack
				}
				sc.Points += pts
				sc.Games++
			}
		}
	}
	for p := range t.players {
		pl := &t.players[p]
		// One text may be two entries (with and without its place).
		byText := map[string]int{}
		for _, s := range slices.Sorted(maps.Keys(spell[p])) {
			n := spell[p][s]
			text := t.spellings[s].form.Raw
			if j, ok := byText[text]; ok {
				pl.Spellings[j].Count += n
				continue
			}
			byText[text] = len(pl.Spellings)
			pl.Spellings = append(pl.Spellings, Spelling{Text: text, Count: n, Rule: t.spellings[s].how})
		}
		slices.SortFunc(pl.Spellings, func(a, b Spelling) int {
			return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Text, b.Text))
		})
		if pl.Name == "" && len(pl.Spellings) > 0 {
			pl.Name = Parse(pl.Spellings[0].Text).Core
		}
	}
}

// points is the score of a side: 1 win, ½ draw, 0 loss; false when the
// result is not decided.
func points(result string, red bool) (float64, bool) {
	switch result {
	case "1-0":
		if red {
			return 1, true
		}
		return 0, true
	case "0-1":
		if red {
			return 0, true
		}
		return 1, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

// Players returns the players, in order of first appearance.
func (t *Table) Players() []Player { return t.players }

// Of returns the player of a game's side (game numbered in the order
// added), false when the side has no name.
func (t *Table) Of(game int, red bool) (Player, bool) {
	if game < 0 || game >= len(t.side) {
		return Player{}, false
	}
	c := 1
	if red {
		c = 0
	}
	s := t.side[game][c]
	if s < 0 {
		return Player{}, false
	}
	return t.players[t.spellings[s].player], true
}

// Spellings counts the distinct names as written, and the distinct names
// after tagnorm.Text (what red_norm and black_norm hold).
func (t *Table) Spellings() (raw, norm int) {
	r, n := map[string]bool{}, map[string]bool{}
	for _, sp := range t.spellings {
		r[sp.form.Raw] = true
		n[tagnorm.Text(sp.form.Raw)] = true
	}
	return len(r), len(n)
}

// Rules counts the distinct names as written by the rule that gave them
// their player (Rule* constants). A name written with a place before it
// counts under "place" in the events where the place was recognised and
// under its own rule elsewhere.
func (t *Table) Rules() map[string]int {
	seen := map[[2]string]bool{}
	m := map[string]int{}
	for _, sp := range t.spellings {
		if k := [2]string{sp.form.Raw, sp.how}; !seen[k] {
			seen[k] = true
			m[sp.how]++
		}
	}
	return m
}

// Games is the number of games resolved.
func (t *Table) Games() int { return len(t.games) }
