package engine

import (
	"errors"
	"strings"
)

// Sentinel errors: every error of this package wraps one of them in an
// *Error, so errors.Is tells what happened.
var (
	// ErrNotFound: the engine's program does not exist or cannot be run.
	ErrNotFound = errors.New("not found")
	// ErrNotEngine: the program did not complete the protocol's
	// handshake (no uciok/ucciok: it exited, answered something else, or
	// said nothing within the handshake timeout), or refused an option.
	ErrNotEngine = errors.New("not a UCI/UCCI engine")
	// ErrOption: an option the engine does not offer, or one it needs and
	// was not given.
	ErrOption = errors.New("bad option")
	// ErrDied: the engine exited (or closed its output) in the middle of
	// the conversation.
	ErrDied = errors.New("engine died")
	// ErrTimeout: no answer within the per-position deadline; the engine
	// was killed.
	ErrTimeout = errors.New("no answer in time")
	// ErrGarbage: the engine printed what the protocol does not allow
	// (control bytes, an endless line, a malformed number or move, no
	// score, too many lines that are not part of the protocol).
	ErrGarbage = errors.New("garbage output")
	// ErrIllegalMove: a move the engine answered (best move or principal
	// variation) is not legal in its position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrNoMove: the engine answered no move (nobestmove, bestmove (none))
	// in a position that has legal moves.
	ErrNoMove = errors.New("no move")
	// ErrClosed: the engine was closed, or broken by an earlier fault.
	ErrClosed = errors.New("engine closed")
)

// Error is one fault of an engine, on one line: which engine, during what,
// the position (for a search) and what went wrong.
type Error struct {
	Engine string // the engine's id name, or its command before the handshake
	Op     string // "start", "handshake", "setoption", "search"
	FEN    string // the position searched (Op "search")
	Err    error  // one of the sentinel errors, or a context error
	Detail string // what exactly: the exit status, the offending line, …
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("engine ")
	b.WriteString(e.Engine)
	b.WriteString(": ")
	b.WriteString(e.Op)
	if e.FEN != "" {
		b.WriteString(" ")
		b.WriteString(e.FEN)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return oneLine(b.String())
}

func (e *Error) Unwrap() error { return e.Err }

// oneLine replaces line breaks and other control characters by spaces and
// bounds the length, so that an error prints on one line whatever the engine
// wrote.
func oneLine(s string) string {
	const max = 400
	var b strings.Builder
	for _, r := range s {
		if r < ' ' || r == 0x7f || r == '\uFFFD' {
			r = ' '
		}
		b.WriteRune(r)
		if b.Len() >= max {
			b.WriteString("…")
			break
		}
	}
	return b.String()
}
