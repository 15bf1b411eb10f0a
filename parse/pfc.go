package parse

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// PFC (鹏飞象棋): UTF-8 XML, usually with a BOM (docs/formats.md#pfc). The
// root element <n> carries the start position in m (a FEN) and the
// attributes version, win and create-time; each move is an element <n>
// inside the one of the move before it, m the move in ICCS ("h2e2") and c
// its comment. Several <n> in one element are alternatives: the first is
// the main line.

// pfcLooksLike reports whether head is XML whose root element is <n>.
func pfcLooksLike(head []byte) bool {
	t := bytes.TrimLeft(bytes.TrimPrefix(head, textBOMUTF8), " \t\r\n")
	if bytes.HasPrefix(t, []byte("<?xml")) {
		e := bytes.Index(t, []byte("?>"))
		if e < 0 {
			return false
		}
		t = bytes.TrimLeft(t[e+2:], " \t\r\n")
	}
	return bytes.HasPrefix(t, []byte("<n ")) || bytes.HasPrefix(t, []byte("<n>")) || bytes.HasPrefix(t, []byte("<n/"))
}

func decodePFC(data []byte, rec *Record) *Error {
	rec.Encoding = EncUTF8
	if bytes.HasPrefix(data, textBOMUTF8) {
		rec.Encoding = EncUTF8BOM
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	var stack []*Node
	depth := 0 // elements open, <n> or not
	for {
		off := int(d.InputOffset())
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				if len(stack) > 0 {
					platProblem(rec, off, ErrTruncated, "the file ends inside %d open <n> elements", len(stack))
				}
				break
			}
			if len(stack) == 0 && rec.Root.Children == nil && rec.FEN == "" && len(rec.Tags) == 0 {
				return platErr(off, ErrCorrupt, "not a PFC record: %v", err)
			}
			sentinel := ErrSyntax
			var se *xml.SyntaxError
			if errors.As(err, &se) && strings.Contains(se.Msg, "unexpected EOF") {
				sentinel = ErrTruncated
			}
			platProblem(rec, off, sentinel, "%v", err)
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if t.Name.Local != "n" {
				continue
			}
			if len(stack) == 0 {
				if rec.Root.Children != nil || depth > 1 {
					platProblem(rec, off, ErrSyntax, "a second root element <n>")
				}
				pfcRoot(t.Attr, rec)
				stack = append(stack, &rec.Root)
				continue
			}
			parent := stack[len(stack)-1]
			n := &Node{Pos: Pos{Offset: int64(off)}}
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "m":
					m, err := board.ParseMove(strings.TrimSpace(a.Value))
					if err != nil {
						platProblem(rec, off, ErrSyntax, "move %q is not ICCS", a.Value)
					} else {
						n.Move = m
					}
				case "c":
					n.Comment = strings.TrimSpace(a.Value)
				}
			}
			parent.Children = append(parent.Children, n)
			stack = append(stack, n)
		case xml.EndElement:
			depth--
			if t.Name.Local == "n" && len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 && rec.Root.Children == nil && len(rec.Tags) == 0 && rec.FEN == "" {
		return platErr(0, ErrNoGame, "no <n> element")
	}
	return nil
}

// pfcRoot maps the root element's attributes.
func pfcRoot(attrs []xml.Attr, rec *Record) {
	for _, a := range attrs {
		v := strings.TrimSpace(a.Value)
		switch a.Name.Local {
		case "m":
			if v != board.StartFEN {
				rec.FEN = v
			}
		case "c":
			rec.Root.Comment = v
		case "win":
			switch v {
			case "*", "1-0", "0-1", "1/2-1/2":
				rec.Result = v
				rec.Tags.Set("Result", v)
			default:
				rec.Tags.Set("PFCWin", v)
			}
		case "create-time":
			rec.Tags.Set(pfcTagName(a.Name.Local), v)
			if len(v) >= 10 && v[4] == '-' && v[7] == '-' {
				rec.Tags.Set("Date", strings.ReplaceAll(v[:10], "-", "."))
			}
		default:
			rec.Tags.Set(pfcTagName(a.Name.Local), v)
		}
	}
}

// pfcTagName returns the tag that keeps root attribute name: "PFC" and
// its letters and digits, each word capitalised ("version" → "PFCVersion").
func pfcTagName(name string) string {
	var b strings.Builder
	b.WriteString("PFC")
	up := true
	for _, r := range name {
		switch {
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
			if up && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}
