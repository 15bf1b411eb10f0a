package dedupe

import (
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/tagnorm"
)

// Game.Tags indexes of the players' names.
const (
	tagRed   = 4
	tagBlack = 5
)

// playerNames tells whether the players of two games with the same short
// line could be the same: two games of one event that share an opening
// shorter than MinPlies are different games when their players differ.
// It reads the names from the spool only for games that have both names
// of a side, and keeps those of the classes' first games.
type playerNames struct {
	ix   *Index
	reps map[int32]names
	rec  record
	norm [2]string // rec's names after tagnorm.Text
	of   int32     // the game whose names are in rec and norm (-1: none)
	// byKey is the class chosen for a line and two normalized names:
	// the next game with them goes there without comparing.
	byKey map[nameKey]int32
}

// names are the Red and Black names of a game as written, and after
// tagnorm.Text.
type names struct{ raw, norm [2]string }

// nameKey is a short line's hash and the players' names after
// tagnorm.Text.
type nameKey struct {
	h          uint64
	red, black string
}

// maxClasses bounds the classes of one short line that a game is
// compared with: a line many pairs of players played (a short opening
// of a large collection) costs at most that many comparisons a game. A
// game whose players are only in a later class starts one more: it is
// kept, not dropped.
const maxClasses = 64

// class returns the first of the classes r, then others (the first
// maxClasses), whose first game's players could be game i's, or -1 when
// none.
func (p *playerNames) class(i, r int32, h uint64, others []int32) (int32, error) {
	var key nameKey
	keyed := false
	if m := p.ix.meta.at(i); m&(1<<tagRed) != 0 && m&(1<<tagBlack) != 0 {
		keyed = true
		if err := p.read(i); err != nil {
			return -1, err
		}
		key = nameKey{h, p.norm[0], p.norm[1]}
		if c, ok := p.byKey[key]; ok {
			return c, nil
		}
	}
	c := int32(-1)
	others = others[:min(len(others), maxClasses-1)]
	for k := -1; k < len(others); k++ {
		d := r
		if k >= 0 {
			d = others[k]
		}
		ok, err := p.compatible(i, d)
		if err != nil {
			return -1, err
		}
		if ok {
			c = d
			break
		}
	}
	if keyed {
		if p.byKey == nil {
			p.byKey = map[nameKey]int32{}
		}
		if c < 0 {
			p.byKey[key] = i // the new class
		} else {
			p.byKey[key] = c
		}
	}
	return c, nil
}

// read reads game i's names into p.rec.
func (p *playerNames) read(i int32) error {
	if p.of == i {
		return nil
	}
	p.of = -1
	if err := p.ix.spool.at(p.ix.off.at(i), &p.rec, true); err != nil {
		return err
	}
	p.norm = [2]string{tagnorm.Text(p.rec.tags[tagRed]), tagnorm.Text(p.rec.tags[tagBlack])}
	p.of = i
	return nil
}

// compatible reports whether games i and c could have the same players:
// for each side, a name is missing or the two could be the same name
// (samePlayer).
func (p *playerNames) compatible(i, c int32) (bool, error) {
	const both = 1<<tagRed | 1<<tagBlack
	known := p.ix.meta.at(i) & p.ix.meta.at(c) & both
	if known == 0 {
		return true, nil // no side has both names: nothing to compare
	}
	if err := p.read(i); err != nil {
		return false, err
	}
	a := names{[2]string{p.rec.tags[tagRed], p.rec.tags[tagBlack]}, p.norm}
	b, ok := p.reps[c]
	if !ok {
		var rec record
		if err := p.ix.spool.at(p.ix.off.at(c), &rec, true); err != nil {
			return false, err
		}
		b.raw = [2]string{rec.tags[tagRed], rec.tags[tagBlack]}
		b.norm = [2]string{tagnorm.Text(b.raw[0]), tagnorm.Text(b.raw[1])}
		if p.reps == nil {
			p.reps = map[int32]names{}
		}
		p.reps[c] = b
	}
	same := func(x, y int) bool { return sameNormalized(a.raw[x], a.norm[x], b.raw[y], b.norm[y]) }
	return same(0, 0) && same(1, 1) || same(0, 1) && same(1, 0), nil // colours swapped in one record
}

// placeholders are names that name no one: the sides' names some
// writers fill in (after tagnorm.Text).
var placeholders = map[string]bool{
	"红": true, "黑": true, "红方": true, "黑方": true, "小红": true, "小黑": true,
	"红先": true, "黑先": true, "佚名": true, "无名": true, "未知": true, "不详": true,
	"red": true, "black": true, "unknown": true, "anonymous": true,
}

// samePlayer reports whether names a and b could name the same player,
// judged without the corpus: a missing name could be anyone's; so could
// a name compared with one in another script (a romanized name and a Han
// one: only the corpus can read one as the other). Otherwise the names
// are compared after tagnorm.Text (script, width, spacing): one
// containing the other is the same player written with a place, a club
// or a title around the name (上海万春林, 万春林); a name of three
// characters or more may have one of them mistyped (a homophone:
// 新加坡黄俊明, 黄俊铭); and the last three characters of a Han name
// found in the other (one of them mistyped or not) are the same name
// after another place (中国胡荣华, 上海胡荣华; 辽宁卜风波, 大连卜凤波).
// A placeholder (小红, 黑方) names no one, so could be anyone.
func samePlayer(a, b string) bool {
	if a == b {
		return true
	}
	return sameNormalized(a, tagnorm.Text(a), b, tagnorm.Text(b))
}

// sameNormalized is samePlayer(a, b) given ka and kb, a and b after
// tagnorm.Text.
func sameNormalized(a, ka, b, kb string) bool {
	if a == b {
		return true
	}
	if ka == "" || kb == "" || ka == kb || placeholders[ka] || placeholders[kb] {
		return true
	}
	han := tagnorm.HasHan(ka)
	if han != tagnorm.HasHan(kb) {
		return true
	}
	ra, rb := []rune(ka), []rune(kb)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	if nearIn(ra, rb) {
		return true
	}
	return han && len(rb) > 3 && (nearIn(ra, rb[len(rb)-3:]) || nearIn(rb, ra[len(ra)-3:]))
}

// nearIn reports whether short is in long with at most one character
// changed, none when short has fewer than three characters.
func nearIn(long, short []rune) bool {
	tolerance := 0
	if len(short) >= 3 {
		tolerance = 1
	}
	for i := 0; i+len(short) <= len(long); i++ {
		diff := 0
		for j, r := range short {
			if long[i+j] != r {
				diff++
			}
		}
		if diff <= tolerance {
			return true
		}
	}
	return false
}

// startBoard is the placement of the standard start position.
var startBoard = func() (b [board.Squares]byte) {
	p := board.StartPosition()
	for sq := range b {
		b[sq] = byte(p.Piece(board.Square(sq)))
	}
	return b
}()

// standardStart reports whether r starts from the standard placement.
func standardStart(r *head) bool { return r.board == startBoard }
