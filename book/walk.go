package book

import (
	"github.com/xqtool/xqtool/board"
)

// Walk is what a walk of a book from a position reached.
type Walk struct {
	// Positions is the number of distinct positions visited (the start,
	// and every position a book move leads to).
	Positions int
	// Found is the number of visited positions the book has moves for,
	// Mirrored the number of those found as their mirror.
	Found, Mirrored int
	// Records holds the record numbers of the book moves met, each once.
	Records map[int]bool
	// Illegal lists the book moves met that are not legal where they
	// were found.
	Illegal []IllegalMove
}

// IllegalMove is a book move that is not legal in the position where the
// book gave it.
type IllegalMove struct {
	FEN  string
	Move Move
}

// WalkFrom visits, breadth first, every position reached from start by
// book moves (as Source.Lookup gives them, so the mirrored lookup of
// BOOK.DAT too), each position once. Illegal moves are counted, not
// followed. maxPositions bounds the positions visited (0: no bound).
func WalkFrom(src Source, start board.Position, maxPositions int) (Walk, error) {
	w := Walk{Records: map[int]bool{}}
	seen := map[uint64]bool{start.Key(): true}
	queue := []board.Position{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		w.Positions++
		moves, err := src.Lookup(p)
		if err != nil {
			return w, err
		}
		if len(moves) > 0 {
			w.Found++
			if moves[0].Mirrored {
				w.Mirrored++
			}
		}
		for _, m := range moves {
			w.Records[m.Record] = true
			if !m.Legal {
				w.Illegal = append(w.Illegal, IllegalMove{FEN: p.FEN(), Move: m})
				continue
			}
			q, err := p.Play(m.Move)
			if err != nil {
				return w, err
			}
			if k := q.Key(); !seen[k] && (maxPositions == 0 || len(seen) < maxPositions) {
				seen[k] = true
				queue = append(queue, q)
			}
		}
	}
	return w, nil
}
