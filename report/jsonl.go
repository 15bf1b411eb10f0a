package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/xqtool/xqtool/flags"
)

// Writer writes report lines, one JSON object per line.
type Writer struct {
	enc *json.Encoder
}

// NewWriter returns a writer of lines to w.
func NewWriter(w io.Writer) *Writer {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &Writer{enc: enc}
}

// Write writes one line: a *Game or a File.
func (w *Writer) Write(line any) error { return w.enc.Encode(line) }

// Reader reads report lines.
type Reader struct {
	br   *bufio.Reader
	line int
}

// NewReader returns a reader of the lines of r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 1<<16)}
}

// ErrNotReport means a line is JSON but not a report line.
var ErrNotReport = errors.New("not a report line (no source and no status)")

// LineError is a report line that could not be read.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// Next returns the next line: a *Game, or a *File for the line of an
// input file without games. Blank lines are skipped. At the end it
// returns nil, io.EOF; a line that is not a report line is a *LineError.
func (r *Reader) Next() (any, error) {
	for {
		b, err := r.br.ReadBytes('\n')
		if len(b) > 0 {
			r.line++
			if !blank(b) {
				return r.parse(b)
			}
		}
		if err != nil {
			return nil, err
		}
	}
}

func (r *Reader) parse(b []byte) (any, error) {
	if bytes.Contains(b, []byte(`"kind"`)) {
		var k struct {
			Kind string `json:"kind"`
		}
		if json.Unmarshal(b, &k) == nil && k.Kind != "" {
			var f File
			if err := json.Unmarshal(b, &f); err != nil {
				return nil, &LineError{Line: r.line, Err: err}
			}
			return &f, nil
		}
	}
	var g Game
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, &LineError{Line: r.line, Err: err}
	}
	if g.Source == "" && g.Status == "" {
		return nil, &LineError{Line: r.line, Err: ErrNotReport}
	}
	return &g, nil
}

// ReadGames reads report lines from r and calls fn with each game line in
// order, skipping file lines.
func ReadGames(r io.Reader, fn func(*Game) error) error {
	rd := NewReader(r)
	for {
		v, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if g, ok := v.(*Game); ok {
			if err := fn(g); err != nil {
				return err
			}
		}
	}
}

func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// appendFlags returns the encoded line with fs appended to its flags
// array (the line as Writer wrote it, its newline included).
func appendFlags(line []byte, fs []flags.Flag) ([]byte, error) {
	key := []byte(`"flags":[`)
	i := bytes.Index(line, key)
	if i < 0 {
		return nil, errors.New("report: no flags in a spooled line")
	}
	i += len(key)
	// The array ends at the first "]" outside a string.
	end, inStr, esc := -1, false, false
	for j := i; j < len(line) && end < 0; j++ {
		c := line[j]
		switch {
		case esc:
			esc = false
		case c == '\\' && inStr:
			esc = true
		case c == '"':
			inStr = !inStr
		case c == ']' && !inStr:
			end = j
		}
	}
	if end < 0 {
		return nil, errors.New("report: unterminated flags in a spooled line")
	}
	var add bytes.Buffer
	enc := json.NewEncoder(&add)
	enc.SetEscapeHTML(false)
	for k, f := range fs {
		if k > 0 || end > i {
			add.WriteByte(',')
		}
		if err := enc.Encode(f); err != nil {
			return nil, err
		}
		add.Truncate(add.Len() - 1) // the encoder's newline
	}
	out := slices.Grow(slices.Clone(line[:end]), add.Len()+len(line)-end)
	out = append(out, add.Bytes()...)
	return append(out, line[end:]...), nil
}
