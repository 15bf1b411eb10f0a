package parse

import (
	"bytes"
	"fmt"
	"strings"

	"golang.org/x/text/encoding/traditionalchinese"
)

// MXQ (弈天 / MoveSky): a sequence of fields, each one length byte and
// that many bytes of GBK text (docs/formats.md#mxq):
//
//	site, date, title "Red-负-Black", red rating, black rating,
//	five more fields, comment, "Moves", one field per move ("7C-4C":
//	file digit 0..8 from red's left, rank letter A..J from red's side),
//	"Ends", then optionally "Comments…" fields up to one ending in "End".

// mxqExtra names the five fields between the ratings and the comment,
// kept as tags (their meaning is not documented).
var mxqExtra = [5]string{"MXQ6", "MXQ7", "MXQ8", "MXQ9", "MXQ10"}

// mxqResults are the results written in an MXQ title (GBK and Big5
// spellings), as the markers of its Red-result-Black form.
var mxqResults = []struct {
	mark   []byte
	result string
	big5   bool
}{
	{[]byte("-\xca\xa4-"), "1-0", false},     // -胜- (GBK)
	{[]byte("-\x84\xd9-"), "1-0", false},     // -勝- (GBK)
	{[]byte("-\xba\xcd-"), "1/2-1/2", false}, // -和- (GBK)
	{[]byte("-\xb8\xba-"), "0-1", false},     // -负- (GBK)
	{[]byte("-\xd8\x93-"), "0-1", false},     // -負- (GBK)
	{[]byte("-\xb3\xd3-"), "1-0", true},      // -勝- (Big5)
	{[]byte("-\xa9\x4d-"), "1/2-1/2", true},  // -和- (Big5)
	{[]byte("-\xad\x74-"), "0-1", true},      // -負- (Big5)
}

// mxqField reads the length-prefixed field at off.
func mxqField(data []byte, off int) (field []byte, next int, ok bool) {
	if off >= len(data) {
		return nil, off, false
	}
	n := int(data[off])
	if off+1+n > len(data) {
		return data[off+1:], len(data), false
	}
	return data[off+1 : off+1+n], off + 1 + n, true
}

// mxqLooksLike reports whether head starts with MXQ fields leading to a
// "Moves" field.
func mxqLooksLike(head []byte) bool {
	off := 0
	for i := 0; i < 16; i++ {
		f, next, ok := mxqField(head, off)
		if !ok {
			return false
		}
		if string(f) == "Moves" {
			return i >= 5
		}
		for _, c := range f {
			if c < 0x20 {
				return false
			}
		}
		off = next
	}
	return false
}

func decodeMXQ(data []byte, rec *Record) *Error {
	if !mxqLooksLike(data) && len(data) > 0 && int(data[0])+1 > len(data) {
		return platErr(0, ErrCorrupt, "not an MXQ record: the first field is longer than the file")
	}
	var text [12][]byte
	off, i := 0, 0
	moves := -1 // offset of the first move field
	for ; i < len(text)+1; i++ {
		f, next, ok := mxqField(data, off)
		if !ok {
			platProblem(rec, off, ErrTruncated, "the file ends in the header (field %d)", i+1)
			break
		}
		if string(f) == "Moves" {
			moves = next
			break
		}
		if i < len(text) {
			text[i] = f
		} else {
			platProblem(rec, off, ErrCorrupt, "no Moves field after %d header fields", len(text))
		}
		off = next
	}
	mxqTags(rec, text[:min(i, len(text))])
	if moves < 0 {
		return nil
	}
	line := platLine{rec: rec}
	off = moves
	ended := false
	for {
		f, next, ok := mxqField(data, off)
		if !ok {
			platProblem(rec, off, ErrTruncated, "the file ends in the moves (after %d)", line.count())
			break
		}
		if string(f) == "Ends" {
			off, ended = next, true
			break
		}
		if len(f) == 5 && f[2] == '-' {
			line.add(int(f[0])-'0', int(f[1]&^0x20)-'A', int(f[3])-'0', int(f[4]&^0x20)-'A', off)
		} else {
			line.add(-1, -1, -1, -1, off)
			platProblem(rec, off, ErrSyntax, "move field %q is not of the form 7C-4C", f)
		}
		off = next
	}
	if !ended {
		return nil
	}
	// Comments section: fields up to the one ending in "End".
	var comments []string
	for off < len(data) {
		f, next, ok := mxqField(data, off)
		if !ok {
			platProblem(rec, off, ErrTruncated, "the file ends in the comments")
			break
		}
		s, repl := binDecodeGB(f)
		if rec.Encoding == EncBig5 {
			s, repl = textDecodeWith(traditionalchinese.Big5, f, nil)
		}
		rec.Replaced = rec.Replaced || repl
		s = strings.TrimPrefix(s, "Comments")
		done := strings.HasSuffix(s, "End")
		s = strings.TrimSpace(strings.TrimSuffix(s, "End"))
		if s != "" {
			comments = append(comments, s)
		}
		off = next
		if done {
			break
		}
	}
	if len(comments) > 0 {
		rec.Root.Comment = strings.TrimSpace(rec.Root.Comment + "\n" + strings.Join(comments, "\n"))
	}
	return nil
}

// mxqTags maps the header fields to tags. The text is GBK, or Big5 when
// the title's result is written in Big5 (as in the records ElephantEye's
// converter reads the Big5 markers of).
func mxqTags(rec *Record, f [][]byte) {
	rec.Encoding = EncGB18030
	decode := binDecodeGB
	if len(f) > 2 {
		for _, m := range mxqResults {
			if bytes.Contains(f[2], m.mark) {
				if m.big5 {
					rec.Encoding = EncBig5
					decode = func(p []byte) (string, bool) { return textDecodeWith(traditionalchinese.Big5, p, nil) }
				}
				break
			}
		}
	}
	get := func(i int) string {
		if i >= len(f) {
			return ""
		}
		s, repl := decode(f[i])
		rec.Replaced = rec.Replaced || repl
		return strings.TrimSpace(s)
	}
	if v := get(0); v != "" {
		rec.Tags.Set("Site", v)
	}
	if v := get(1); v != "" {
		rec.Tags.Set("Date", v)
		if d, t, ok := mxqDate(v); ok {
			rec.Tags.Set("Date", d)
			if t != "" {
				rec.Tags.Set("Time", t)
			}
		}
	}
	if v := get(2); v != "" {
		rec.Tags.Set("Event", v)
	}
	if len(f) > 2 {
		for _, m := range mxqResults {
			if i := bytes.Index(f[2], m.mark); i >= 0 {
				red, _ := decode(f[2][:i])
				black, _ := decode(f[2][i+len(m.mark):])
				rec.Tags.Set("Red", strings.TrimSpace(red))
				rec.Tags.Set("Black", strings.TrimSpace(black))
				rec.Result = m.result
				rec.Tags.Set("Result", m.result)
				break
			}
		}
	}
	if v := get(3); v != "" {
		rec.Tags.Set("RedElo", v)
	}
	if v := get(4); v != "" {
		rec.Tags.Set("BlackElo", v)
	}
	for j, name := range mxqExtra {
		if v := get(5 + j); v != "" {
			rec.Tags.Set(name, v)
		}
	}
	rec.Root.Comment = get(10)
	if len(f) > 11 {
		rec.Tags.Set("MXQ12", get(11))
	}
}

// mxqDate reads "2016年12月27日 21点14分" as "2016.12.27" and "21:14" (the
// time "" when not written).
func mxqDate(s string) (date, clock string, ok bool) {
	var y, mo, d, h, mi int
	n, _ := fmt.Sscanf(s, "%d年%d月%d日 %d点%d分", &y, &mo, &d, &h, &mi)
	if n < 3 || y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31 {
		return "", "", false
	}
	date = fmt.Sprintf("%04d.%02d.%02d", y, mo, d)
	if n == 5 && h < 24 && mi < 60 {
		clock = fmt.Sprintf("%02d:%02d", h, mi)
	}
	return date, clock, true
}
