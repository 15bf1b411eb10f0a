package nnue

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/xqtool/xqtool/board"
)

// Sentinels of the .plain reader, wrapped in *PlainError.
var (
	ErrKey       = errors.New("unknown or repeated key")
	ErrMissing   = errors.New("block without")
	ErrMove      = errors.New("bad move")
	ErrNumber    = errors.New("bad number")
	ErrFEN       = errors.New("bad FEN")
	ErrIllegal   = errors.New("move not legal in the position")
	ErrUnfinish  = errors.New("block not ended by \"e\"")
	ErrLineLimit = errors.New("line too long")
)

// PlainError is an error of a .plain file: its line (1-based) and what
// is wrong.
type PlainError struct {
	Line int
	Err  error
}

func (e *PlainError) Error() string { return fmt.Sprintf("nnue: .plain line %d: %v", e.Line, e.Err) }

func (e *PlainError) Unwrap() error { return e.Err }

// maxLine bounds a line of a .plain file.
const maxLine = 1 << 12

// PlainReader reads the blocks of a .plain file one at a time. Each block
// must give fen, move, score, ply and result once (fen first) and end with
// "e"; blank lines are skipped. The position must be valid and the move
// legal in it (what convert_bin's check_invalid_fen and
// check_illegal_move ask), the ply at least 0, the score an integer and
// the result 1, 0 or −1.
type PlainReader struct {
	sc   *bufio.Scanner
	line int
}

// NewPlainReader returns a reader of r.
func NewPlainReader(r io.Reader) *PlainReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), maxLine)
	return &PlainReader{sc: sc}
}

const (
	hasFEN = 1 << iota
	hasMove
	hasScore
	hasPly
	hasResult
	hasAll = hasFEN | hasMove | hasScore | hasPly | hasResult
)

var keyNames = [...]string{"fen", "move", "score", "ply", "result"}

// Next returns the next block, or io.EOF after the last.
func (r *PlainReader) Next() (Entry, error) {
	var e Entry
	have := 0
	for r.sc.Scan() {
		r.line++
		ln := bytes.TrimRight(r.sc.Bytes(), " \t\r")
		if len(ln) == 0 {
			continue
		}
		key, val, _ := bytes.Cut(ln, []byte{' '})
		bit := 0
		for i, k := range keyNames {
			if string(key) == k {
				bit = 1 << i
			}
		}
		switch {
		case string(key) == "e" && len(val) == 0:
			if have != hasAll {
				return e, r.errf("%w %s", ErrMissing, missing(have))
			}
			return e, r.check(&e)
		case bit == 0 || have&bit != 0 || (have == 0 && bit != hasFEN):
			return e, r.errf("%w %q", ErrKey, key)
		}
		have |= bit
		if err := parseField(&e, bit, string(val)); err != nil {
			return e, &PlainError{Line: r.line, Err: err}
		}
	}
	if err := r.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return e, &PlainError{Line: r.line + 1, Err: ErrLineLimit}
		}
		return e, err
	}
	if have != 0 {
		return e, r.errf("%w", ErrUnfinish)
	}
	return e, io.EOF
}

// check validates the position and the move of a complete block.
func (r *PlainReader) check(e *Entry) error {
	p, err := board.NewPosition(e.Pos)
	if err != nil {
		return r.errf("%w: %v", ErrFEN, err)
	}
	if !p.IsLegal(e.Move) {
		return r.errf("%w: %s in %s", ErrIllegal, AppendMove(nil, e.Move), p.FEN())
	}
	return nil
}

func (r *PlainReader) errf(format string, a ...any) error {
	return &PlainError{Line: r.line, Err: fmt.Errorf(format, a...)}
}

// parseField reads the value of one key into e.
func parseField(e *Entry, bit int, val string) error {
	if bit == hasFEN {
		s, err := board.ParseFEN(val)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrFEN, err)
		}
		e.Pos = s
		return nil
	}
	if bit == hasMove {
		m, err := ParseMove(val)
		e.Move = m
		return err
	}
	n, err := strconv.Atoi(val)
	switch {
	case err != nil:
		return fmt.Errorf("%w %q", ErrNumber, val)
	case bit == hasScore:
		e.Score = n
	case bit == hasPly && (n < 0 || n > 0xffff):
		return fmt.Errorf("%w: ply %d out of 0..65535", ErrNumber, n)
	case bit == hasPly:
		e.Ply = n
	case n < -1 || n > 1:
		return fmt.Errorf("%w: result %d is not 1, 0 or -1", ErrNumber, n)
	default:
		e.Result = int8(n)
	}
	return nil
}

// missing names the keys a block lacks.
func missing(have int) string {
	var b []byte
	for i, k := range keyNames {
		if have&(1<<i) == 0 {
			if len(b) > 0 {
				b = append(b, ", "...)
			}
			b = append(b, k...)
		}
	}
	return string(b)
}

// ReadAll reads every block of a .plain file (for small files and tests;
// PlainReader reads a block at a time).
func ReadAll(r io.Reader) ([]Entry, error) {
	pr := NewPlainReader(r)
	var out []Entry
	for {
		e, err := pr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, e)
	}
}

// ReadFile reads every block of the .plain file at path (ReadAll).
func ReadFile(path string) ([]Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f)
}
