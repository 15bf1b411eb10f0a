// The records of the game platforms (MXQ, CHE, CCM, CHN/XQI, PFC, XGF):
// each file holds one game, small enough to be read whole. Their layouts
// are described in docs/formats.md.

package parse

import (
	"fmt"
	"io"

	"github.com/xqtool/xqtool/board"
)

// platformMaxSize bounds what a platform reader reads into memory (real
// records are a few kilobytes).
const platformMaxSize = 16 << 20

// platformDecoder fills rec from the whole input. It returns a *Error when
// the game cannot be read at all (not a record of the format); problems
// that leave a game are appended to rec.Problems.
type platformDecoder func(data []byte, rec *Record) *Error

// PlatformReader reads a file of one of the single-game platform formats
// (FormatMXQ, FormatCHE, FormatCCM, FormatCHN, FormatPFC, FormatXGF): Next
// returns its game, then io.EOF.
type PlatformReader struct {
	r      io.Reader
	name   string
	format Format
	decode platformDecoder
	done   bool
}

// NewPlatformReader returns a reader of the record r in format f, which
// must be one of the platform formats.
func NewPlatformReader(f Format, r io.Reader, name string) (*PlatformReader, error) {
	var d platformDecoder
	switch f {
	case FormatMXQ:
		d = decodeMXQ
	case FormatCHE:
		d = decodeCHE
	case FormatCCM:
		d = decodeCCM
	case FormatCHN:
		d = decodeCHN
	case FormatPFC:
		d = decodePFC
	case FormatXGF:
		d = decodeXGF
	default:
		return nil, &Error{File: name, Game: -1, Err: fmt.Errorf("%w: format %q is not a platform format", ErrUnsupported, string(f))}
	}
	return &PlatformReader{r: r, name: name, format: f, decode: d}, nil
}

// Next returns the file's game, then nil, io.EOF.
func (p *PlatformReader) Next() (*Record, error) {
	if p.done {
		return nil, io.EOF
	}
	p.done = true
	data, err := io.ReadAll(io.LimitReader(p.r, platformMaxSize+1))
	if err != nil {
		return nil, err
	}
	rec := &Record{Source: p.name, Format: p.format, Notation: NotationCoords}
	switch {
	case len(data) > platformMaxSize:
		return rec, &Error{File: p.name, Err: fmt.Errorf("%w: a %s record larger than %d bytes", ErrTooLarge, p.format, platformMaxSize)}
	case len(data) == 0:
		return rec, &Error{File: p.name, Err: fmt.Errorf("%w: empty input", ErrNoGame)}
	}
	if e := p.decode(data, rec); e != nil {
		e.File = p.name
		return rec, e
	}
	for _, q := range rec.Problems {
		q.File = p.name
	}
	return rec, nil
}

// platErr returns a positioned *Error of game 0 at byte offset off.
func platErr(off int, sentinel error, format string, args ...any) *Error {
	err := sentinel
	if format != "" {
		err = fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
	}
	return &Error{Pos: Pos{Offset: int64(off)}, Err: err}
}

// platProblem appends a positioned problem to rec.
func platProblem(rec *Record, off int, sentinel error, format string, args ...any) {
	rec.Problems = append(rec.Problems, platErr(off, sentinel, format, args...))
}

// platLine appends moves to a record's main line.
type platLine struct {
	rec  *Record
	last *Node
}

// add appends the move from (file, rank) to (file, rank) read at offset
// off. Squares off the board give board.NoMove and a problem: the move
// stays in the line, where replay flags it.
func (l *platLine) add(f1, r1, f2, r2, off int) *Node {
	if l.last == nil {
		l.last = &l.rec.Root
	}
	m := board.NoMove
	if platOnBoard(f1, r1) && platOnBoard(f2, r2) {
		m = board.NewMove(board.SquareAt(f1, r1), board.SquareAt(f2, r2))
	} else {
		platProblem(l.rec, off, ErrCorrupt, "move %d: square off the board (file %d rank %d to file %d rank %d)", l.count()+1, f1, r1, f2, r2)
	}
	n := &Node{Move: m, Pos: Pos{Offset: int64(off)}}
	l.last.Children = append(l.last.Children, n)
	l.last = n
	return n
}

// count returns the number of moves of the line.
func (l *platLine) count() int {
	n := 0
	for p := &l.rec.Root; len(p.Children) > 0; p = p.Children[0] {
		n++
	}
	return n
}

func platOnBoard(file, rank int) bool {
	return file >= 0 && file < board.Files && rank >= 0 && rank < board.Ranks
}
