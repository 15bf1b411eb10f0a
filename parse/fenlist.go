package parse

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Position lists (.fen, .xfen; docs/formats.md#fen): entries of tag lines
// [FEN_INDEX "…"], [EVENT "…"], [FEN "…"] separated by blank lines, or one
// bare FEN a line. They hold positions, not games: each entry becomes a
// Record with its FEN and no moves.
//
// XFEN writes diagram marks in the placement: every character that is not
// a FEN piece letter (KABNRCP, kabnrcp) or a count 1-9 — x, X, 0, H, W,
// and the others — marks a square. The entry's Tags keep the placement as
// written (tag XFEN); Record.FEN has each mark replaced by an empty square.

// fenListLooksLike reports whether the first line of head that is not
// blank is a [FEN_INDEX tag or a bare FEN, and whether a placement there
// holds marks (XFEN).
func fenListLooksLike(head []byte) (ok, marks bool) {
	s := bytes.TrimPrefix(head, textBOMUTF8)
	first := true
	for len(s) > 0 {
		var line []byte
		if i := bytes.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			line, s = s, nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if first {
			first = false
			switch {
			case bytes.HasPrefix(line, []byte("[FEN_INDEX ")):
			case fenBare(string(line)):
			default:
				return false, false
			}
			ok = true
		}
		if v, isFEN := fenTagValue(string(line)); isFEN || fenBare(v) {
			if _, m := fenUnmark(v); m {
				marks = true
			}
		}
	}
	return ok, marks
}

// fenTagValue returns the value of a [FEN "…"] line, or the line itself.
func fenTagValue(line string) (string, bool) {
	name, value, ok := fenTag(line)
	if ok && strings.EqualFold(name, "FEN") {
		return value, true
	}
	return line, false
}

// fenTag splits a [NAME "value"] line.
func fenTag(line string) (name, value string, ok bool) {
	if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, "]") {
		return "", "", false
	}
	body := strings.TrimSpace(line[1 : len(line)-1])
	i := strings.IndexAny(body, " \t")
	if i <= 0 {
		return "", "", false
	}
	name, value = body[:i], strings.TrimSpace(body[i:])
	if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
		value = value[1 : len(value)-1]
	}
	return name, value, true
}

// fenBare reports whether s is a placement of ten ranks, maybe followed by
// the other FEN fields.
func fenBare(s string) bool {
	p, _, _ := strings.Cut(s, " ")
	if strings.Count(p, "/") != 9 {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !(c == '/' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// fenUnmark returns fen with every mark of its placement replaced by an
// empty square, and whether there was one.
func fenUnmark(fen string) (string, bool) {
	p, rest, hasRest := strings.Cut(fen, " ")
	var b strings.Builder
	marks := false
	for _, rank := range strings.Split(p, "/") {
		if b.Len() > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for i := 0; i < len(rank); i++ {
			c := rank[i]
			switch {
			case c >= '1' && c <= '9':
				empty += int(c - '0')
				continue
			case strings.IndexByte("KABNRCPkabnrcp", c) >= 0:
				if empty > 0 {
					fmt.Fprint(&b, empty)
					empty = 0
				}
				b.WriteByte(c)
			default:
				marks = true
				empty++
			}
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
	}
	if hasRest {
		b.WriteByte(' ')
		b.WriteString(rest)
	}
	return b.String(), marks
}

// FENListReader reads a position list: one Record per entry.
type FENListReader struct {
	sc     *bufio.Scanner
	name   string
	format Format
	line   int
	index  int
	enc    string
	done   bool
	// pending is a tag line read ahead that starts the next entry.
	pending     string
	pendingLine int
}

// NewFENListReader returns a reader of the position list r; format is
// FormatFEN or FormatXFEN (the latter keeps each placement as written).
func NewFENListReader(r io.Reader, name string, format Format) *FENListReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	return &FENListReader{sc: sc, name: name, format: format}
}

// Next returns the next entry, or nil, io.EOF after the last.
func (f *FENListReader) Next() (*Record, error) {
	if f.done {
		return nil, io.EOF
	}
	var rec *Record
	start := func(line int) {
		rec = &Record{Source: f.name, Index: f.index, Format: f.format, Encoding: f.enc, Notation: NotationCoords, Pos: Pos{Line: line, Column: 1}}
	}
	take := func(text string, line int) (done bool) {
		if name, value, ok := fenTag(text); ok {
			if rec != nil && (len(rec.Tags) > 0 || rec.FEN != "") && (strings.EqualFold(name, "FEN_INDEX") || rec.Tags.Value(name) != "" && !strings.EqualFold(name, "FEN") || rec.FEN != "" && strings.EqualFold(name, "FEN")) {
				f.pending, f.pendingLine = text, line
				return true
			}
			if rec == nil {
				start(line)
			}
			switch {
			case strings.EqualFold(name, "FEN"):
				f.setFEN(rec, value)
			case strings.EqualFold(name, "EVENT"):
				rec.Tags.Set("Event", value)
			default:
				rec.Tags.Set(name, value)
			}
			return false
		}
		if fenBare(text) {
			if rec != nil {
				f.pending, f.pendingLine = text, line
				return true
			}
			start(line)
			f.setFEN(rec, text)
			return true
		}
		if rec == nil {
			start(line)
		}
		rec.Problems = append(rec.Problems, &Error{File: f.name, Game: f.index, Pos: Pos{Line: line, Column: 1}, Token: text, Err: fmt.Errorf("%w: not a tag or FEN line", ErrSyntax)})
		return false
	}
	if f.pending != "" {
		p, l := f.pending, f.pendingLine
		f.pending = ""
		if take(p, l) {
			return f.finish(rec), nil
		}
	}
	for f.sc.Scan() {
		f.line++
		b := f.sc.Bytes()
		if f.line == 1 {
			f.enc = EncUTF8
			if bytes.HasPrefix(b, textBOMUTF8) {
				f.enc = EncUTF8BOM
				b = b[len(textBOMUTF8):]
			}
			if rec != nil {
				rec.Encoding = f.enc
			}
		}
		text, enc, repl := DecodeText(bytes.TrimSpace(b))
		if enc != EncASCII && enc != EncUTF8 && enc != EncUTF8BOM {
			f.enc = enc
		}
		if strings.TrimSpace(text) == "" {
			if rec != nil && rec.FEN != "" {
				return f.finish(rec), nil
			}
			continue
		}
		done := take(strings.TrimSpace(text), f.line)
		rec.Replaced = rec.Replaced || repl
		if done {
			return f.finish(rec), nil
		}
	}
	if err := f.sc.Err(); err != nil {
		f.done = true
		if !errors.Is(err, bufio.ErrTooLong) {
			return nil, err // an I/O error
		}
		if rec == nil {
			start(f.line + 1)
		}
		rec = f.finish(rec)
		return rec, &Error{File: f.name, Game: rec.Index, Pos: Pos{Line: f.line + 1, Column: 1}, Err: fmt.Errorf("%w: a line longer than 1 MiB", ErrTooLarge)}
	}
	f.done = true
	if rec == nil {
		return nil, io.EOF
	}
	return f.finish(rec), nil
}

// setFEN sets the entry's position.
func (f *FENListReader) setFEN(rec *Record, fen string) {
	fen = strings.TrimSpace(fen)
	clean, marks := fenUnmark(fen)
	if marks || f.format == FormatXFEN {
		rec.Tags.Set("XFEN", fen)
	}
	rec.Tags.Set("FEN", clean)
	rec.FEN = clean
}

// finish numbers rec as the next entry and flags an entry without a FEN.
func (f *FENListReader) finish(rec *Record) *Record {
	rec.Index = f.index
	rec.Encoding = f.enc
	f.index++
	if rec.FEN == "" {
		rec.Problems = append(rec.Problems, &Error{File: f.name, Game: rec.Index, Pos: rec.Pos, Err: fmt.Errorf("%w: an entry without a FEN", ErrSyntax)})
	}
	for _, p := range rec.Problems {
		p.Game = rec.Index
	}
	return rec
}
