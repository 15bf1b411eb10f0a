package explorer

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/table"
	"github.com/xqtool/xqtool/notation"
)

// treeSource yields a tree's rows as entries, for merging. Every row is
// checked: its FEN must give its key, its move must be legal there, its
// counts must add up.
type treeSource struct {
	t   *Tree
	rr  *RowReader
	row Row
}

func openTreeSource(path string) (*treeSource, error) {
	t, err := OpenTree(path)
	if err != nil {
		return nil, err
	}
	rr, err := t.Rows(nil)
	if err != nil {
		t.Close()
		return nil, err
	}
	return &treeSource{t: t, rr: rr}, nil
}

func (s *treeSource) close() error {
	s.rr.Close()
	return s.t.Close()
}

func (s *treeSource) next() (*entry, error) {
	if err := s.rr.Next(&s.row); err != nil {
		return nil, err // io.EOF, or an error naming the file and row
	}
	e, err := rowEntry(&s.row, s.t.meta.MergeMirrors)
	if err != nil {
		return nil, s.rr.errorf(err)
	}
	return e, nil
}

// rowEntry checks a row read from a tree and returns it as an entry.
func rowEntry(r *Row, mirrors bool) (*entry, error) {
	p, err := positionOfFEN(r.FEN)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTree, err)
	}
	if cp, _, err := canonical(p, mirrors); err != nil || cp.Key() != p.Key() {
		return nil, fmt.Errorf("%w: fen %q is not the canonical side of its mirror", ErrTree, r.FEN)
	}
	if p.Key() != r.Key {
		return nil, fmt.Errorf("%w: position_key %016x is not the key of %q", ErrTree, r.Key, r.FEN)
	}
	if !p.IsLegal(r.Move) {
		return nil, fmt.Errorf("%w: %s is not legal in %q", ErrTree, r.Move, r.FEN)
	}
	e := &entry{rowKey: rowKey{r.Key, r.Move}, board: packBoard(&p)}
	e.n = [4]int64{r.Unknown, r.RedWins, r.Draws, r.BlackWins}
	for _, n := range e.n {
		if n < 0 {
			return nil, fmt.Errorf("%w: negative count", ErrTree)
		}
	}
	if e.games() != r.Games || r.Games <= 0 {
		return nil, fmt.Errorf("%w: games %d is not the sum of the results", ErrTree, r.Games)
	}
	if r.FirstYear < 0 || r.LastYear > 9999 || r.FirstYear > r.LastYear || (r.FirstYear == 0) != (r.LastYear == 0) {
		return nil, fmt.Errorf("%w: years %d..%d", ErrTree, r.FirstYear, r.LastYear)
	}
	e.first, e.last = r.FirstYear, r.LastYear
	for _, v := range r.Votes {
		code, ok := eccoIndex[v.Code]
		if !ok || code == 0 || v.Games <= 0 {
			return nil, fmt.Errorf("%w: ECCO vote %q %d", ErrTree, v.Code, v.Games)
		}
		e.addVote(code, v.Games)
	}
	if len(r.Examples) > MaxExamples {
		return nil, fmt.Errorf("%w: %d examples", ErrTree, len(r.Examples))
	}
	for _, x := range r.Examples {
		if x.Year < 0 || x.Year > 9999 || x.Ply < 1 || x.Index < 0 {
			return nil, fmt.Errorf("%w: example %s", ErrTree, x.GameID)
		}
		e.addExample(exampleRef(x), MaxExamples)
	}
	return e, nil
}

// positionOfFEN reads a position from a FEN (the fen column: placement
// and side), with the relaxed placement rules of replay (the kings are
// always checked).
func positionOfFEN(fen string) (board.Position, error) {
	s, err := board.ParseFEN(fen)
	if err != nil {
		return board.Position{}, err
	}
	s.HalfMove, s.FullMove = 0, 1
	return board.NewPositionRelaxed(s, ^board.PositionErrorKinds(0))
}

// Book is what a tree knows of one position: the moves played there,
// most played first.
type Book struct {
	// FEN is the position asked for (placement and side), and Key its key.
	FEN string
	Key uint64
	// Mirrored is true when the tree merges mirrors and holds the
	// position as its mirror: the moves below are mapped back.
	Mirrored bool
	// Games is the sum of the moves' games.
	Games int64
	// ECCO and ECCOName are the position's ECCO class ("" when none).
	ECCO, ECCOName string
	// Moves are the rows of the position, most games first (then by
	// ICCS), in the position's own orientation.
	Moves []Row
	// Examples are the best example games over all the moves.
	Examples []Example
}

// Lookup returns the moves of position p. It reads only the row groups
// whose key range holds p's key, and of those the position_key column and
// the rows of p.
func (t *Tree) Lookup(p board.Position) (*Book, error) {
	cp, mirrored, err := canonical(p, t.meta.MergeMirrors)
	if err != nil {
		return nil, err
	}
	key := cp.Key()
	var groups []int
	for i, r := range t.ranges {
		if !r.ok || (r.lo <= key && key <= r.hi) {
			groups = append(groups, i)
		}
	}
	bk := &Book{FEN: fenOf(&p), Key: p.Key(), Mirrored: mirrored}
	var ex entry
	for _, g := range groups {
		rows, err := t.groupRows(g, key)
		if err != nil {
			return nil, err
		}
		for _, row := range rows {
			if mirrored {
				row.Move = row.Move.Mirror()
				row.Key, row.FEN = bk.Key, bk.FEN
				row.MoveChinese = notation.FormatChinese(&p, row.Move, notation.ChineseStyle{})
			}
			bk.Games += row.Games
			bk.ECCO, bk.ECCOName = row.ECCO, row.ECCOName
			for _, x := range row.Examples {
				ex.addExample(exampleRef(x), t.meta.Examples)
			}
			bk.Moves = append(bk.Moves, row)
		}
	}
	slices.SortStableFunc(bk.Moves, func(a, b Row) int {
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		return strings.Compare(a.Move.String(), b.Move.String())
	})
	for _, x := range ex.ex {
		bk.Examples = append(bk.Examples, x.example())
	}
	return bk, nil
}

func exampleRef(x Example) exRef {
	return exRef{&gameMeta{
		id: x.GameID, source: x.Source, index: x.Index, red: x.Red, black: x.Black,
		event: x.Event, date: x.Date, year: x.Year, result: x.Result, tags: x.Tags,
	}, x.Ply}
}

func (x exRef) example() Example {
	g := x.g
	return Example{
		GameID: g.id, Source: g.source, Index: g.index, Red: g.red, Black: g.black,
		Event: g.event, Date: g.date, Year: g.year, Result: g.result, Tags: g.tags, Ply: x.ply,
	}
}

// ParsePosition reads a position from a FEN: the placement, and
// optionally the side to move (w, r or b; Red when absent) and the
// counters, which are ignored. The placement rules are relaxed as replay
// relaxes them for records (a set-up may break them); the kings are
// always checked.
func ParsePosition(fen string) (board.Position, error) {
	return positionOfFEN(strings.TrimSpace(fen))
}

// groupRows returns the rows of key in row group g: it reads the group's
// keys, and then only the rows of key.
func (t *Tree) groupRows(g int, key uint64) (rows []Row, err error) {
	keyName := TreeSchema.Field(colKey).Name
	kr, err := t.t.Rows([]string{keyName}, []int{g})
	if err != nil {
		return nil, treeErr(err)
	}
	lo, hi, n := -1, -1, 0
	for kr.NextBatch() {
		keys, err := table.Column[*array.Uint64](kr.Batch(), keyName)
		if err != nil {
			kr.Close()
			return nil, treeErr(err)
		}
		for i := range keys.Len() {
			k := keys.Value(i)
			if k == key && lo < 0 {
				lo = n + i
			}
			if k == key {
				hi = n + i + 1
			}
		}
		n += keys.Len()
		if hi >= 0 && hi < n {
			break // the rows are sorted: no more of key
		}
	}
	kr.Close()
	if err := kr.Err(); err != nil {
		return nil, treeErr(err)
	}
	if lo < 0 {
		return nil, nil
	}
	r, err := t.Rows([]int{g})
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// (The reader's SeekToRow would skip pages, but it decodes them in
	// goroutines of its own, where a damaged page panics out of reach of
	// this function's recover: the rows before are decoded and passed
	// over instead.)
	if err := r.skip(lo); err != nil {
		return nil, err
	}
	for range hi - lo {
		var row Row
		if err := r.Next(&row); err != nil {
			if err == io.EOF {
				err = fmt.Errorf("%w: row group %d ends early", ErrTree, g)
			}
			return nil, err
		}
		if row.Key != key {
			return nil, fmt.Errorf("%w: row group %d: the rows are not sorted by position_key", ErrTree, g)
		}
		rows = append(rows, row)
	}
	return rows, nil
}
