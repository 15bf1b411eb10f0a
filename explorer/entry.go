package explorer

import (
	"cmp"
	"slices"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/opening"
)

// rowKey identifies a row: a position (its key) and a move from it. Rows
// are sorted by key, then move.
type rowKey struct {
	key  uint64
	move board.Move
}

func compareRowKeys(a, b rowKey) int {
	if c := cmp.Compare(a.key, b.key); c != 0 {
		return c
	}
	return cmp.Compare(a.move, b.move)
}

// packedBoard is a position's placement and side to move in 46 bytes:
// a piece per half byte (square 2i in the low half of byte i), then the
// side. It is what a row keeps of its position, to write its FEN and
// Chinese move at the end.
type packedBoard [board.Squares/2 + 1]byte

func packBoard(p *board.Position) packedBoard {
	var b packedBoard
	for sq := board.Square(0); sq < board.Squares; sq++ {
		b[sq/2] |= byte(p.Piece(sq)) << (4 * (sq % 2))
	}
	b[board.Squares/2] = byte(p.Side())
	return b
}

// setup returns the board as a Setup (counters 0 and 1). A half byte
// that is no piece (a coloured empty point, 8) reads as an empty point:
// such a board comes only from a damaged file, and then fails elsewhere.
func (b *packedBoard) setup() board.Setup {
	var s board.Setup
	for sq := range board.Squares {
		if p := board.Piece(b[sq/2] >> (4 * (sq % 2)) & 0xf); p.Kind() != board.NoKind {
			s.Board[sq] = p
		}
	}
	s.Side = board.Color(b[board.Squares/2] & 1)
	s.FullMove = 1
	return s
}

// gameMeta is what an example shows of a game. The rows of one game share
// one gameMeta while they are in memory.
type gameMeta struct {
	id, source              string
	index                   int
	red, black, event, date string
	year                    int
	result                  Result
	tags                    int
}

// exRef is an example game of a row: the game and the ply of the row's
// move in it.
type exRef struct {
	g   *gameMeta
	ply int
}

// compareExamples orders example games, best first: games naming both
// players; then the later year (an unknown year last); then more complete
// tags; then by game_id, source, index and ply. It is a total order on
// distinct games, so the examples chosen never depend on the order the
// games came in.
func compareExamples(a, b exRef) int {
	an, bn := a.g.red != "" && a.g.black != "", b.g.red != "" && b.g.black != ""
	if an != bn {
		if an {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(b.g.year, a.g.year); c != 0 { // 0 (unknown) sorts last
		return c
	}
	if c := cmp.Compare(b.g.tags, a.g.tags); c != 0 {
		return c
	}
	if c := strings.Compare(a.g.id, b.g.id); c != 0 {
		return c
	}
	if c := strings.Compare(a.g.source, b.g.source); c != 0 {
		return c
	}
	if c := cmp.Compare(a.g.index, b.g.index); c != 0 {
		return c
	}
	return cmp.Compare(a.ply, b.ply)
}

// vote counts the games of a row whose line to the position is classified
// as one ECCO code (an index into eccoCodes, from 1).
type vote struct {
	code  uint16
	games int64
}

// eccoCodes are the ECCO codes by index (0 is "no code"); eccoIndex is
// the reverse.
var (
	eccoCodes = append([]string{""}, opening.Codes()...)
	eccoIndex = func() map[string]uint16 {
		m := make(map[string]uint16, len(eccoCodes))
		for i, c := range eccoCodes {
			m[c] = uint16(i)
		}
		return m
	}()
)

// entry is a row being counted: a (position, move) and what the games that
// played it add up to.
type entry struct {
	rowKey
	board       packedBoard
	n           [4]int64 // games by Result (Unknown, RedWin, Draw, BlackWin)
	first, last int      // years, 0 when none is known
	votes       []vote   // by code
	ex          []exRef  // best first, at most Options.Examples
}

func (e *entry) games() int64 { return e.n[0] + e.n[1] + e.n[2] + e.n[3] }

// addYear widens the year range by y (0 is unknown).
func (e *entry) addYear(first, last int) {
	if first != 0 && (e.first == 0 || first < e.first) {
		e.first = first
	}
	if last != 0 && last > e.last {
		e.last = last
	}
}

// addVote adds games to code's vote.
func (e *entry) addVote(code uint16, games int64) {
	if code == 0 || games == 0 {
		return
	}
	i, ok := slices.BinarySearchFunc(e.votes, code, func(v vote, c uint16) int { return cmp.Compare(v.code, c) })
	if ok {
		e.votes[i].games += games
		return
	}
	e.votes = slices.Insert(e.votes, i, vote{code, games})
}

// addExample offers x as an example, keeping the best k.
func (e *entry) addExample(x exRef, k int) {
	if k <= 0 {
		return
	}
	i, _ := slices.BinarySearchFunc(e.ex, x, compareExamples)
	if i >= k {
		return
	}
	if i < len(e.ex) && compareExamples(e.ex[i], x) == 0 {
		return // the same game met again (overlapping inputs)
	}
	e.ex = slices.Insert(e.ex, i, x)
	if len(e.ex) > k {
		e.ex = e.ex[:k]
	}
}

// merge adds the counts of o (the same row) to e.
func (e *entry) merge(o *entry, k int) {
	for i := range e.n {
		e.n[i] += o.n[i]
	}
	e.addYear(o.first, o.last)
	for _, v := range o.votes {
		e.addVote(v.code, v.games)
	}
	for _, x := range o.ex {
		e.addExample(x, k)
	}
}

// winner returns the ECCO code with the most games in votes (the lower
// code on a tie), 0 when there is none.
func winner(votes []vote) uint16 {
	var best vote
	for _, v := range votes {
		if v.games > best.games || (v.games == best.games && v.code < best.code) {
			best = v
		}
	}
	return best.code
}
