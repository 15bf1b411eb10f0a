package parse

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/xqtool/xqtool/board"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// cbfTags maps CBF Head elements to tags, in tag order.
var cbfTags = []struct{ elem, tag string }{
	{"Contest", "Event"}, {"Site", "Site"}, {"Date", "Date"}, {"Round", "Round"},
	{"Red", "Red"}, {"RedTeam", "RedTeam"}, {"Black", "Black"}, {"BlackTeam", "BlackTeam"},
	{"RecordResult", "Result"},
	{"Name", "Title"}, {"ECCO", "ECCO"}, {"TimeRule", "TimeControl"},
	{"RedTime", "RedTime"}, {"BlackTime", "BlackTime"},
	{"Commentator", "Annotator"}, {"Creator", "Creator"},
}

// cbfResults maps RecordResult to a result.
var cbfResults = map[string]string{"0": "*", "1": "1-0", "2": "0-1", "3": "1/2-1/2", "4": "1/2-1/2"}

// CBFReader reads a CBF file: the XML "ChineseChessRecord" format of
// CCBridge tools, one game per file. Next returns the game, then io.EOF.
//
// The main line is the run of Move elements up to the first one marked
// end="1". How the format lays out variations after it is not known;
// such moves are dropped and reported as a problem wrapping
// ErrUnsupported.
type CBFReader struct {
	r    io.Reader
	name string
	done bool
}

// NewCBFReader returns a reader of the CBF document r. The name is used in
// Record.Source and in errors.
func NewCBFReader(r io.Reader, name string) *CBFReader {
	return &CBFReader{r: r, name: name}
}

// cbfIOReader remembers the first non-EOF error of the underlying reader,
// so that I/O errors can be told apart from XML errors.
type cbfIOReader struct {
	r   io.Reader
	err error
}

func (c *cbfIOReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return n, err
}

// Next returns the game of the document. A document that cannot be fully
// read is returned with a *Error; the second call returns nil, io.EOF.
func (c *CBFReader) Next() (*Record, error) {
	if c.done {
		return nil, io.EOF
	}
	c.done = true
	src := &cbfIOReader{r: c.r}
	br := bufio.NewReader(src)
	rec := &Record{Source: c.name, Format: FormatCBF, Notation: NotationCoords, Encoding: EncUTF8}
	var base int64
	if p, _ := br.Peek(3); string(p) == "\xEF\xBB\xBF" {
		br.Discard(3)
		base = 3
		rec.Encoding = EncUTF8BOM
	}
	d := xml.NewDecoder(br)
	d.CharsetReader = cbfCharset
	err := c.decode(d, base, rec)
	if src.err != nil {
		return nil, src.err
	}
	if err != nil {
		return rec, err
	}
	return rec, nil
}

// cbfCharset decodes the Chinese encodings an XML declaration may name.
func cbfCharset(label string, r io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "gb2312", "gbk", "gb18030", "cp936":
		return simplifiedchinese.GB18030.NewDecoder().Reader(r), nil
	}
	return nil, fmt.Errorf("unsupported charset %q", label)
}

func (c *CBFReader) err(off int64, sentinel error, format string, args ...any) *Error {
	err := sentinel
	if format != "" {
		err = fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
	}
	return &Error{File: c.name, Game: 0, Pos: Pos{Offset: off}, Err: err}
}

// decode reads the document into rec.
func (c *CBFReader) decode(d *xml.Decoder, base int64, rec *Record) *Error {
	var (
		path      []string // open elements
		text      strings.Builder
		head      = map[string]string{}
		seenRoot  bool
		seenMoves bool
		node      *Node // the node whose comment is being read
		line      = &rec.Root
		ended     bool // the main line has ended
		dropped   bool // reported moves after the main line
		first     = true
	)
	for {
		off := base + d.InputOffset()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) || err == io.ErrUnexpectedEOF {
				return c.finish(rec, head, c.err(base+d.InputOffset(), ErrSyntax, "%v", err))
			}
			return c.finish(rec, head, c.err(base+d.InputOffset(), ErrSyntax, "%v", err))
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			text.Reset()
			if len(path) == 1 {
				if t.Name.Local != "ChineseChessRecord" {
					return c.finish(rec, head, c.err(off, ErrNoGame, "root element %q", t.Name.Local))
				}
				seenRoot = true
				rec.Pos.Offset = off
			}
			if len(path) != 3 || path[1] != "MoveList" || t.Name.Local != "Move" {
				continue
			}
			seenMoves = true
			node = nil
			var value, end string
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "value":
					value = a.Value
				case "end":
					end = a.Value
				}
			}
			if first && value == "00-00" {
				first = false
				node = &rec.Root
				rec.Root.Pos.Offset = off
				continue
			}
			first = false
			if ended || line == nil {
				if ended && !dropped {
					dropped = true
					rec.Problems = append(rec.Problems, c.err(off, ErrUnsupported, "moves after the end of the main line (variation layout unknown) dropped"))
				}
				continue
			}
			m, ok := cbfMove(value)
			if !ok {
				rec.Problems = append(rec.Problems, c.err(off, ErrSyntax, "bad move value %q; rest of the line dropped", value))
				line = nil
				continue
			}
			n := &Node{Move: m, Pos: Pos{Offset: off}}
			line.Children = append(line.Children, n)
			line, node = n, n
			if end == "1" {
				ended = true
			}
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			if len(path) == 0 {
				continue
			}
			switch {
			case len(path) == 3 && path[1] == "Head":
				head[path[2]] = strings.TrimSpace(text.String())
			case len(path) == 3 && path[1] == "MoveList" && node != nil:
				node.Comment = strings.TrimSpace(text.String())
				node = nil
			}
			path = path[:len(path)-1]
			text.Reset()
		}
	}
	if !seenRoot {
		return c.finish(rec, head, c.err(base+d.InputOffset(), ErrNoGame, "no ChineseChessRecord element"))
	}
	if !seenMoves {
		rec.Problems = append(rec.Problems, c.err(base+d.InputOffset(), ErrTruncated, "no MoveList"))
	}
	return c.finish(rec, head, nil)
}

// finish sets the tags, FEN and result of rec and returns e.
func (c *CBFReader) finish(rec *Record, head map[string]string, e *Error) *Error {
	for _, f := range cbfTags {
		v := head[f.elem]
		if f.tag == "Result" {
			if r, ok := cbfResults[v]; ok {
				rec.Result = r
				rec.Tags = append(rec.Tags, Tag{"Result", r})
			}
			continue
		}
		if v != "" {
			rec.Tags = append(rec.Tags, Tag{f.tag, v})
		}
	}
	rec.FEN = head["FEN"]
	return e
}

// cbfMove parses "xy-xy" (file from the left, row from the top).
func cbfMove(v string) (board.Move, bool) {
	if len(v) != 5 || v[2] != '-' {
		return board.NoMove, false
	}
	sq := func(x, y byte) (board.Square, bool) {
		if x < '0' || x > '8' || y < '0' || y > '9' {
			return board.NoSquare, false
		}
		return board.SquareAt(int(x-'0'), 9-int(y-'0')), true
	}
	from, ok1 := sq(v[0], v[1])
	to, ok2 := sq(v[3], v[4])
	if !ok1 || !ok2 {
		return board.NoMove, false
	}
	return board.NewMove(from, to), true
}
