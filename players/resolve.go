package players

import (
	"cmp"
	"maps"
	"slices"
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

// Resolver collects the names of a corpus and resolves them to players
// (Resolve). The games are kept in a temporary file, not in memory (see
// store). The zero value is not usable: see NewResolver.
type Resolver struct {
	aliases *Aliases
	st      store
}

// NewResolver returns a resolver applying the alias file a (nil: none).
func NewResolver(a *Aliases) *Resolver { return &Resolver{aliases: a} }

// SetTempDir sets the directory of the resolver's temporary files ("":
// the system's); call it before the first Add.
func (r *Resolver) SetTempDir(dir string) { r.st.dir = dir }

// Add adds a game; games are numbered 0, 1, … in the order added. An
// error writing the temporary file is returned by Resolve.
func (r *Resolver) Add(g Game) { r.st.add(&g, -1) }

// Len is the number of games added.
func (r *Resolver) Len() int { return r.st.n }

// Close removes the temporary file of a resolver that is not resolved
// (Resolve hands it to its Table).
func (r *Resolver) Close() error { return r.st.close() }

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
	st        *store
	spellings []spelling
	// spell is each name's spelling (by store name number): [0] written
	// without a recognised place, [1] with one (-1: none yet).
	spell [][2]int32
	// placeGroups are the groups where two names or more are written
	// with a place before them.
	placeGroups map[group]bool
	forms       []Form // by store name number
	side        *sides // per game: spelling index of Red, Black (-1: none)
	players     []Player
	romanHan    map[int][]string  // roman spelling → Han keys its pinyin matches, when not merged
	merged      map[string]int    // identity → player
	hanIdent    map[string]string // Han key → identity
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
// merged. The Table owns the resolver's temporary file: Close it.
func (r *Resolver) Resolve() (*Table, error) {
	st := &r.st
	if st.err != nil {
		return nil, st.err
	}
	t := &Table{st: st, romanHan: map[int][]string{}, merged: map[string]int{},
		placeGroups: map[group]bool{}}
	t.forms = make([]Form, len(st.names.strs))
	for i, name := range st.names.strs {
		if i > 0 {
			t.forms[i] = Parse(name)
		}
	}
	// A word before a name is a place in an event (or a file) where two
	// names or more are written so.
	placed := map[group]map[int32]bool{}
	err := st.each(func(_ int, g *record) error {
		for _, name := range [2]int32{g.red, g.black} {
			if t.forms[name].Place != "" {
				k := g.group()
				if placed[k] == nil {
					placed[k] = map[int32]bool{}
				}
				placed[k][name] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for k, names := range placed {
		if len(names) >= 2 {
			t.placeGroups[k] = true
		}
	}
	t.spell = make([][2]int32, len(t.forms))
	for i := range t.spell {
		t.spell[i] = [2]int32{-1, -1}
	}
	if t.side, err = newSides(st.dir); err != nil {
		return nil, err
	}
	err = st.each(func(_ int, g *record) error {
		var sd [2]int32
		for c, name := range [2]int32{g.red, g.black} {
			sd[c] = -1
			// Names that differ only in white space around them are
			// one spelling (the store trims them).
			f := t.forms[name]
			if f.Key == "" {
				continue
			}
			place := 0
			if f.Place != "" && t.placeGroups[g.group()] {
				place = 1
			}
			s := t.spell[name][place]
			if s < 0 {
				s = int32(len(t.spellings))
				t.spell[name][place] = s
				t.spellings = append(t.spellings, spelling{form: f, placed: place == 1})
			}
			sd[c] = s
		}
		return t.side.add(sd[0], sd[1])
	})
	if err == nil {
		err = t.side.flush()
	}
	if err != nil {
		t.side.close()
		return nil, err
	}
	t.keys()
	if err := t.identities(r.aliases); err != nil {
		t.side.close()
		return nil, err
	}
	if err := t.stats(); err != nil {
		t.side.close()
		return nil, err
	}
	return t, nil
}

// sidesOf returns the spelling indexes of a game's Red and Black (-1:
// none), as Resolve numbered them.
func (t *Table) sidesOf(g *record) [2]int32 {
	var sd [2]int32
	for c, name := range [2]int32{g.red, g.black} {
		sd[c] = -1
		f := &t.forms[name]
		if f.Key == "" {
			continue
		}
		place := 0
		if f.Place != "" && t.placeGroups[g.group()] {
			place = 1
		}
		sd[c] = t.spell[name][place]
	}
	return sd
}

// Close removes the temporary files of the table's games.
func (t *Table) Close() error {
	err := t.side.close()
	if cerr := t.st.close(); err == nil {
		err = cerr
	}
	return err
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
func (t *Table) identities(a *Aliases) error {
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
	matches := make([][]string, len(romans))
	var asked [][2]int // roman spelling, index in matches: evidence wanted
	for j, i := range romans {
		sp := &t.spellings[i]
		var match []string
		for _, c := range RomanCandidates(sp.form.Words) {
			match = append(match, byReading[c]...)
		}
		slices.Sort(match)
		matches[j] = slices.Compact(match)
		if len(matches[j]) == 1 && utf8.RuneCountInString(matches[j][0]) <= 2 {
			asked = append(asked, [2]int{i, j})
		}
	}
	met, err := t.evidence(asked, matches)
	if err != nil {
		return err
	}
	for j, i := range romans {
		sp := &t.spellings[i]
		match := matches[j]
		if len(match) == 1 && (utf8.RuneCountInString(match[0]) > 2 || met[i]) {
			sp.player, sp.how = t.merged[hanKeys[match[0]]], RulePinyin
			continue
		}
		if len(match) > 0 {
			t.romanHan[i] = match
		}
		sp.player = player("r:"+sp.key, sp.key, "", false)
	}
	return nil
}

// evidence reports, for each romanized spelling s asked with its Han key
// k (the one match in matches), whether the games of s and of the
// spellings with Han key k meet: a shared event (or file without an
// event), a cluster of copies, or overlapping years. A two-character Han
// name (a one-character given name: 王斌, 胡明) is too common to be read
// from its pinyin alone. One pass over the games gathers where the
// spellings asked about are: the memory is the games of those spellings'
// groups and clusters, not of the corpus.
func (t *Table) evidence(asked [][2]int, matches [][]string) (map[int]bool, error) {
	met := map[int]bool{}
	if len(asked) == 0 {
		return met, nil
	}
	byKey := map[string][]int{}
	for i, sp := range t.spellings {
		if !sp.form.Roman {
			byKey[sp.key] = append(byKey[sp.key], i)
		}
	}
	meet := map[int32]*meeting{}
	for _, q := range asked {
		meet[int32(q[0])] = &meeting{}
		for _, i := range byKey[matches[q[1]][0]] {
			meet[int32(i)] = &meeting{}
		}
	}
	err := t.st.each(func(_ int, g *record) error {
		for _, x := range t.sidesOf(g) {
			m := meet[x]
			if x < 0 || m == nil {
				continue
			}
			if m.groups == nil {
				m.groups, m.clusters = map[group]bool{}, map[string]bool{}
			}
			m.groups[g.group()] = true
			if len(g.cluster) > 0 {
				m.clusters[string(g.cluster)] = true
			}
			if g.year > 0 {
				if m.first == 0 || g.year < m.first {
					m.first = g.year
				}
				m.last = max(m.last, g.year)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, q := range asked {
		if meets(meet, q[0], byKey[matches[q[1]][0]]) {
			met[q[0]] = true
		}
	}
	return met, nil
}

// meets reports whether roman spelling s meets one of the Han spellings.
func meets(meet map[int32]*meeting, s int, han []int) bool {
	r := meet[int32(s)]
	for _, i := range han {
		h := meet[int32(i)]
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
	groups      map[group]bool
	clusters    map[string]bool
	first, last int
}

// stats counts spellings, games, years and scores.
func (t *Table) stats() error {
	spell := make([]map[int]int, len(t.players)) // spelling → sides
	err := t.st.each(func(_ int, g *record) error {
		seen := [2]int{-1, -1}
		result := t.st.results.str(g.result)
		for c, s := range t.sidesOf(g) {
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
				if y := g.year; y > 0 {
					if pl.FirstYear == 0 || y < pl.FirstYear {
						pl.FirstYear = y
					}
					pl.LastYear = max(pl.LastYear, y)
				}
			}
			if pts, ok := points(result, c == 0); ok {
				sc := &pl.AsRed
				if c == 1 {
					sc = &pl.AsBlack
				}
				sc.Points += pts
				sc.Games++
			}
		}
		return nil
	})
	if err != nil {
		return err
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
	return nil
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
	c := 1
	if red {
		c = 0
	}
	p := t.both(game)[c]
	if p == nil {
		return Player{}, false
	}
	return *p, true
}

// both returns the players of a game's two sides, Red first (nil: no
// name), with one read of the game's entry.
func (t *Table) both(game int) (p [2]*Player) {
	if game < 0 || game >= t.side.x.Len() {
		return p
	}
	sd, _ := t.side.at(game) // an error is kept for Err
	for c, s := range sd {
		if s >= 0 {
			p[c] = &t.players[t.spellings[s].player]
		}
	}
	return p
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
func (t *Table) Games() int { return t.st.n }

// Err returns the first error reading the temporary file of the games
// back (Of).
func (t *Table) Err() error { return t.side.firstErr() }
