// Package opening names the opening of a game by the ECCO system
// (象棋百科全书 "Encyclopedia of Chinese Chess Openings", xqbase.com,
// 2004): a code A00..E99, the opening's name and the variation's.
//
// The classification reads the first ten rounds of a main line played from
// the standard start, as the ECCO system's own classifier does:
//
//   - The game is mirrored first when Red's first move starts on files
//     6..9 (炮八平五 is read as 炮二平五), so both wings open one family.
//   - The rules look at moves by round and side, at runs of moves, and at
//     the set of each side's first moves in any order, which is how a
//     family is reached by another move order (transpositions).
//   - Every branch ends in a code; where no named line fits, the family's
//     catch-all code answers (C00 中炮对屏风马, D50 中炮对列炮, the "(其他)"
//     codes of the printed books).
//
// Games from another start position (endgames, set-ups) and games with no
// move get no code. The definitions are data: ecco.tsv (codes and names)
// and ecco.rules (the moves that define each code, in a small rule
// language described at its top), both embedded.
package opening

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// Rounds is how many rounds (a Red and a Black move each) the
// classification reads.
const Rounds = 10

//go:embed ecco.tsv
var eccoTSV string

//go:embed ecco.rules
var eccoRules string

// Class is the ECCO classification of a game.
type Class struct {
	Code      string // "C41"
	Opening   string // "中炮过河车互进七兵对屏风马平炮兑车"
	Variation string // "黑退边炮"; "" when the code names none
}

// Name is the opening's name with the variation's after a dash, the way
// xqbase's pages write it: "中炮过河车互进七兵对屏风马平炮兑车—黑退边炮".
func (c Class) Name() string {
	if c.Variation == "" {
		return c.Opening
	}
	return c.Opening + "—" + c.Variation
}

type tables struct {
	names map[string]Class
	rules *ruleSet
}

var eco = mustLoad(eccoTSV, eccoRules)

func mustLoad(tsv, rules string) *tables {
	t, err := load(tsv, rules)
	if err != nil {
		panic(err) // the embedded tables are checked by the tests
	}
	return t
}

func load(tsv, rules string) (*tables, error) {
	t := &tables{names: map[string]Class{}}
	codes := map[string]bool{}
	for i, ln := range strings.Split(tsv, "\n") {
		if ln == "" || ln[0] == '#' {
			continue
		}
		f := strings.Split(ln, "\t")
		if len(f) != 3 || !validCode(f[0]) || f[1] == "" || codes[f[0]] {
			return nil, fmt.Errorf("opening: ecco.tsv line %d: want a new code, an opening and a variation: %q", i+1, ln)
		}
		codes[f[0]] = true
		t.names[f[0]] = Class{Code: f[0], Opening: f[1], Variation: f[2]}
	}
	rs, err := parseRules(rules, codes)
	if err != nil {
		return nil, err
	}
	t.rules = rs
	for _, d := range append([]*node{rs.root}, slices.Collect(maps.Values(rs.defs))...) {
		walk(d, map[*node]bool{}, func(n *node) {
			if n.op == opCode {
				n.class = t.names[n.code]
			}
		})
	}
	return t, nil
}

func validCode(s string) bool {
	return len(s) == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9'
}

// Lookup returns the names of an ECCO code ("c41" or "C41"), and false if
// the system has no such code.
func Lookup(code string) (Class, bool) {
	c, ok := eco.names[strings.ToUpper(strings.TrimSpace(code))]
	return c, ok
}

// Codes returns every code of the system in order.
func Codes() []string {
	out := make([]string, 0, len(eco.names))
	for _, l := range "ABCDE" {
		for i := 0; i < 100; i++ {
			c := fmt.Sprintf("%c%02d", l, i)
			if _, ok := eco.names[c]; ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// IsStandardStart reports whether p is the standard start position with
// Red to move, the only position the ECCO system classifies from.
func IsStandardStart(p board.Position) bool {
	return p.Key() == startKey
}

var startKey = func() uint64 { p := board.StartPosition(); return p.Key() }()

// Classify returns the ECCO class of the main line moves played from
// start. The moves must be legal in turn (a replayed prefix); only the
// first Rounds rounds are read. It returns false when start is not the
// standard start or there is no move.
func Classify(start board.Position, moves []board.Move) (Class, bool) {
	if len(moves) == 0 || !IsStandardStart(start) {
		return Class{}, false
	}
	var l line
	wxfLine(start.Board(), moves, &l)
	var v vars
	ans, _ := eco.rules.root.eval(&l, &v, 0)
	if ans == nil { // a root rule of skip or let answers nothing
		return Class{}, false
	}
	return ans.class, true
}

// WXF returns the first moves as the classification reads them (mirrored
// when Red opens on the left wing), space-separated: "C2.5 N8+7 N2+3".
// It is meant for explaining a classification.
func WXF(start board.Position, moves []board.Move) string {
	var l line
	wxfLine(start.Board(), moves, &l)
	var sb strings.Builder
	for i, k := range l {
		if k == 0 {
			break
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(k.String())
	}
	return sb.String()
}

var kindLetter = [board.NumKinds]byte{
	board.King: 'K', board.Advisor: 'A', board.Bishop: 'B', board.Knight: 'N',
	board.Rook: 'R', board.Cannon: 'C', board.Pawn: 'P',
}

// fileCount is how many of each piece stand on each file.
type fileCount [board.NumPieces][board.Files]uint8

// startCount is the fileCount of the standard start, the only position
// classified from.
var startCount = func() (c fileCount) {
	p := board.StartPosition()
	for sq, pc := range p.Board() {
		if !pc.IsEmpty() {
			c[pc][board.Square(sq).File()]++
		}
	}
	return c
}()

// wxfLine writes the WXF form of the first moves from the standard start
// (board b) into l, mirrored when Red's first move starts on files 6..9.
func wxfLine(b [board.Squares]board.Piece, moves []board.Move, l *line) {
	count := startCount
	n := min(len(moves), len(l))
	for i := 0; i < n; i++ {
		m := moves[i]
		from, to := m.From(), m.To()
		if !from.Valid() || !to.Valid() {
			break
		}
		pc, capt := b[from], b[to]
		if pc.IsEmpty() {
			break
		}
		ff, tf := from.File(), to.File()
		l[i] = wxfKey(pc, from, to, count[pc][ff] > 1)
		count[pc][ff]--
		count[pc][tf]++
		if !capt.IsEmpty() {
			count[capt][tf]--
		}
		b[to], b[from] = pc, board.NoPiece
	}
	if f := byte(l[0] >> 16); f > '5' && f <= '9' {
		for i := range l[:n] {
			l[i] = mirror(l[i])
		}
	}
}

// wxfKey is the WXF move of pc from from to to. A piece that shares its
// file with another of its kind and side (tandem) gets '+' for a file:
// the tandem forms never name a defining move.
func wxfKey(pc board.Piece, from, to board.Square, tandem bool) key {
	ff, tf := from.File(), to.File()
	dr := to.Rank() - from.Rank()
	if pc.Color() == board.Black {
		// Black numbers files from its own right (ICCS a = 1) and goes
		// forward down the board.
		ff, tf, dr = 8-ff, 8-tf, -dr
	}
	fileCh := byte('9' - ff)
	if tandem {
		fileCh = '+'
	}
	var dir, num byte
	switch k := pc.Kind(); {
	case dr == 0:
		dir, num = '.', byte('9'-tf)
	case k == board.Knight || k == board.Bishop || k == board.Advisor:
		dir, num = '+', byte('9'-tf)
	default:
		dir, num = '+', byte('0'+abs(dr))
	}
	if dr < 0 {
		dir = '-'
	}
	return key(kindLetter[pc.Kind()])<<24 | key(fileCh)<<16 | key(dir)<<8 | key(num)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// mirror swaps the wings of a WXF move: files f become 10-f.
func mirror(k key) key {
	flip := func(c byte) byte {
		if c >= '1' && c <= '9' {
			return '0' + 10 - (c - '0')
		}
		return c
	}
	pieceCh, fileCh, dir, num := byte(k>>24), byte(k>>16), byte(k>>8), byte(k)
	fileCh = flip(fileCh)
	if dir == '.' || pieceCh == 'N' || pieceCh == 'B' || pieceCh == 'A' {
		num = flip(num)
	}
	return key(pieceCh)<<24 | key(fileCh)<<16 | key(dir)<<8 | key(num)
}
