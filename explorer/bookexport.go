package explorer

import (
	"errors"
	"fmt"
	"io"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/book"
)

// BookEntries returns the rows of the tree as opening-book entries: a
// position (as the tree holds it: the canonical orientation of a tree
// with MergeMirrors) and its move with the games' declared results
// counted from the side that plays it (wins, draws, losses; unknown
// results left out).
func (t *Tree) BookEntries() ([]book.Entry, error) {
	rr, err := t.Rows(nil)
	if err != nil {
		return nil, err
	}
	defer rr.Close()
	var out []book.Entry
	var row Row
	var p board.Position
	fen := ""
	for n := 1; ; n++ {
		err := rr.Next(&row)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if row.FEN != fen {
			if p, err = positionOfFEN(row.FEN); err != nil {
				return nil, fmt.Errorf("%w: row %d: %w", ErrTree, n, err)
			}
			fen = row.FEN
		}
		if !p.IsLegal(row.Move) {
			return nil, fmt.Errorf("%w: row %d: %v is not legal in %s", ErrTree, n, row.Move, row.FEN)
		}
		e := book.Entry{Position: p, Move: row.Move, Draws: row.Draws, Wins: row.RedWins, Losses: row.BlackWins}
		if p.Side() == board.Black {
			e.Wins, e.Losses = row.BlackWins, row.RedWins
		}
		out = append(out, e)
	}
}

// WriteTreeBook writes the tree at dir (OpenTreeAt) as the opening book
// at path, in the format of its name (book.WriteFile), and says on w how
// many moves it holds and where.
func WriteTreeBook(w io.Writer, dir, path string) error {
	t, err := OpenTreeAt(dir)
	if err != nil {
		return err
	}
	entries, err := t.BookEntries()
	t.Close()
	if err == nil {
		err = book.WriteFile(path, entries)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%-24s %10d\nwrote %s\n", "book moves", len(entries), path)
	return nil
}
