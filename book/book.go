package book

import (
	"github.com/xqtool/xqtool/board"
)

// Move is a book move of a position: the move in the position asked
// about (a move found through the mirrored position is mirrored back),
// its weight and, where the format keeps them, the games that played it.
type Move struct {
	Move board.Move
	// Value is the format's weight of the move: BOOK.DAT's value, OBK's
	// vscore.
	Value int
	// Counts is true when the format keeps the games: Wins, Draws and
	// Losses count them from the side that plays the move.
	Counts              bool
	Wins, Draws, Losses int64
	Comment             string
	// Record is the move's record (BOOK.DAT) or row (OBK) number, 0-based.
	Record int
	// Mirrored is true when the position was found as its mirror.
	Mirrored bool
	// Legal is false for a record whose move is not legal in the
	// position (a key collision or a damaged book); a reader keeps it so
	// that nothing is hidden, and flags it.
	Legal bool
}

// Source is a book that answers for a position.
type Source interface {
	// Lookup returns the book moves of the position, best first.
	Lookup(p board.Position) ([]Move, error)
}

// Entry is a move of a position to write into a book, with the games
// that played it counted from the side that plays it.
type Entry struct {
	Position            board.Position
	Move                board.Move
	Wins, Draws, Losses int64
	Comment             string
}

// Weight is ElephantEye's weight of a move (DOC/eleeye_book.htm: a won
// game 3, a draw 1, a lost game −1, from the side that plays it), never
// below 0.
func (e Entry) Weight() int64 {
	w := 3*e.Wins + e.Draws - e.Losses
	return max(w, 0)
}
