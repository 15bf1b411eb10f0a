package notation

import (
	"errors"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// The error classes. Every error returned by this package is an *Error
// that matches exactly one of them with errors.Is.
var (
	// ErrSyntax means the text is not a move in the notation at all.
	ErrSyntax = errors.New("notation: syntax error")
	// ErrIllegal means no legal move of the position matches the text.
	ErrIllegal = errors.New("notation: illegal move")
	// ErrAmbiguous means several legal moves match the text.
	ErrAmbiguous = errors.New("notation: ambiguous move")
)

// Error describes a move text that could not be read or resolved.
type Error struct {
	Text string // the move text as given
	FEN  string // the position it was resolved against; empty for syntax errors

	// Err is ErrSyntax, ErrIllegal or ErrAmbiguous.
	Err error

	// Reason, for ErrIllegal, says why the move the text describes is not
	// legal: a *board.MoveError (no piece, wrong side, blocked, leaves the
	// king in check, kings facing, ...) when the text named a move, or
	// board.ErrNoPiece when no piece fits the text. It may be nil.
	Reason error

	// Candidates holds, for ErrAmbiguous, the legal moves that match the
	// text, and for ErrIllegal the moves of the shape the text describes
	// that were found illegal.
	Candidates []board.Move
}

// Error returns a one-line description.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	b.WriteString(" ")
	b.WriteString(strconv.Quote(e.Text))
	if e.Reason != nil {
		b.WriteString(": ")
		b.WriteString(e.Reason.Error())
	}
	if len(e.Candidates) > 0 && errors.Is(e.Err, ErrAmbiguous) {
		b.WriteString(": candidates")
		for _, m := range e.Candidates {
			b.WriteString(" ")
			b.WriteString(m.String())
		}
	}
	if e.FEN != "" {
		b.WriteString(" in ")
		b.WriteString(e.FEN)
	}
	return b.String()
}

// Unwrap returns the error class and, when set, the reason.
func (e *Error) Unwrap() []error {
	if e.Reason != nil {
		return []error{e.Err, e.Reason}
	}
	return []error{e.Err}
}

// errQuiet is the error of a failure that Try does not explain.
var errQuiet = &Error{Err: ErrIllegal}

func syntaxError(text string) error {
	return &Error{Text: text, Err: ErrSyntax}
}

func illegalError(p *board.Position, text string, reason error, cands []board.Move) error {
	return &Error{Text: text, FEN: p.FEN(), Err: ErrIllegal, Reason: reason, Candidates: cands}
}

func ambiguousError(p *board.Position, text string, cands []board.Move) error {
	return &Error{Text: text, FEN: p.FEN(), Err: ErrAmbiguous, Candidates: append([]board.Move(nil), cands...)}
}

// withText sets the text of an *Error built without it.
func withText(err error, text string) error {
	if e, ok := err.(*Error); ok && e.Text == "" {
		e.Text = text
	}
	return err
}
