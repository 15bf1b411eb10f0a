package parse

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// CCBridge magics (FORMATS.md §6.2).
const (
	cbrMagicRecord  = "CCBridge Record\x00"
	cbrMagicLibrary = "CCBridgeLibrary\x00"
	cbrMagicPacked  = "CCBridge"
)

// CBR layout: version 2 (current) and version 1 (older) offsets.
type cbrLayout struct {
	side, board, tree, result int
	nibbles                   bool // squares packed as file<<4 | row
	strings                   []cbrField
}

// cbrField is one UTF-16LE header string and the tag it becomes.
type cbrField struct {
	off, size int
	tag       string
}

var cbrLayoutV2 = cbrLayout{
	side: 2112, board: 2120, tree: 2214, result: 2076,
	strings: []cbrField{
		{692, 64, "Event"}, {948, 64, "Site"}, {884, 64, "Date"}, {756, 64, "Round"},
		{1076, 64, "Red"}, {1140, 64, "RedTeam"}, {1300, 64, "Black"}, {1364, 64, "BlackTeam"},
		{0, 0, "Result"},
		{180, 128, "Title"}, {1012, 64, "TimeControl"}, {1204, 64, "RedTime"}, {1428, 64, "BlackTime"},
		{1652, 64, "Annotator"}, {1780, 64, "Creator"},
	},
}

var cbrLayoutV1 = cbrLayout{
	side: 1856, board: 1864, tree: 1958, result: 1820, nibbles: true,
	strings: []cbrField{
		{564, 64, "Event"}, {820, 64, "Site"}, {756, 64, "Date"}, {628, 64, "Round"},
		{948, 64, "Red"}, {1012, 64, "RedTeam"}, {1172, 64, "Black"}, {1236, 64, "BlackTeam"},
		{0, 0, "Result"},
		{52, 128, "Title"}, {1076, 64, "RedTime"}, {1300, 64, "BlackTime"},
		{1396, 64, "Annotator"}, {1524, 64, "Creator"},
	},
}

// cbrKinds maps the low nibble of a CBR piece code to a kind.
var cbrKinds = [8]board.Kind{board.NoKind, board.Rook, board.Knight, board.Bishop, board.Advisor, board.King, board.Cannon, board.Pawn}

// CBRReader reads CCBridge records: a single .cbr game, or every game of
// a .cbl library (deleted but unpurged records included).
type CBRReader struct {
	r     io.ReaderAt
	size  int64
	name  string
	kind  int   // cbrUnknown, cbrSingle, cbrLibrary, cbrPacked or cbrDone
	scan  int64 // library: where to look for the next record
	index int
	z     *cblzLib // a compressed library (cblz.go)
	buf   []byte   // scan buffer
	// Reused between the records of a library.
	treeBuf *bufio.Reader
	comment []byte
	hdr     []byte    // a record's header (its strings are copied out)
	tree    cbrStream // a record's move tree
}

// NewCBRReader returns a reader of the CBR or CBL file r of the given size.
// The name is used in Record.Source and in errors.
func NewCBRReader(r io.ReaderAt, size int64, name string) *CBRReader {
	return &CBRReader{r: r, size: size, name: name}
}

const (
	cbrUnknown = iota
	cbrSingle
	cbrLibrary
	cbrPacked // the compressed library variant
	cbrDone
)

// Next returns the next game. A record that cannot be read is returned
// with a *Error and reading goes on with the next record of a library.
// At the end Next returns nil, io.EOF.
func (c *CBRReader) Next() (*Record, error) {
	switch c.kind {
	case cbrDone:
		return nil, io.EOF
	case cbrUnknown:
		return c.first()
	case cbrSingle:
		c.kind = cbrDone
		return nil, io.EOF
	case cbrPacked:
		return c.cblzNext()
	}
	if c.buf == nil {
		c.buf = make([]byte, int(min(c.size, 64<<10)))
	}
	off, err := cbrFind(c.r, c.scan, c.size, c.buf)
	if err != nil {
		return nil, err
	}
	if off < 0 {
		c.kind = cbrDone
		return nil, io.EOF
	}
	rec, end, err := c.readRecord(off, FormatCBL)
	if rec == nil {
		return nil, err
	}
	c.scan = max(off+int64(len(cbrMagicRecord)), end)
	if err != nil {
		return rec, err
	}
	return rec, nil
}

// first identifies the file and returns its first game.
func (c *CBRReader) first() (*Record, error) {
	c.kind = cbrDone
	var head [24]byte
	n, err := c.r.ReadAt(head[:min(c.size, 24)], 0)
	if n < int(min(c.size, 24)) && err != nil && err != io.EOF {
		return nil, err
	}
	p := head[:n]
	errRec := &Record{Source: c.name, Format: FormatCBR, Notation: NotationCoords}
	switch {
	case len(p) == 0:
		return errRec, &Error{File: c.name, Err: fmt.Errorf("%w: empty input", ErrNoGame)}
	case bytes.HasPrefix(p, []byte(cbrMagicRecord)):
		c.kind = cbrSingle
		rec, _, err := c.readRecord(0, FormatCBR)
		if rec == nil {
			return nil, err
		}
		return rec, err
	case bytes.HasPrefix(p, []byte(cbrMagicLibrary)):
		c.kind = cbrLibrary
		c.scan = int64(len(cbrMagicLibrary))
		return c.Next()
	case bytes.HasPrefix(p, []byte(cbrMagicPacked)) && len(p) >= 20 && binary.LittleEndian.Uint32(p[8:]) == 21:
		errRec.Format = FormatCBL
		return c.packed(errRec, p)
	}
	return errRec, &Error{File: c.name, Err: fmt.Errorf("%w: not a CCBridge file", ErrCorrupt)}
}

// cbrFind returns the offset of the next record magic at or after from,
// or -1. buf is the scan buffer.
func cbrFind(r io.ReaderAt, from, size int64, buf []byte) (int64, error) {
	magic := []byte(cbrMagicRecord[:15])
	if len(buf) < 2*len(magic) {
		buf = make([]byte, 2*len(magic))
	}
	for from < size {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), size-from)], from)
		if n == 0 && err != nil {
			if err == io.EOF {
				return -1, nil
			}
			return -1, err
		}
		if i := bytes.Index(buf[:n], magic); i >= 0 {
			return from + int64(i), nil
		}
		if n < len(magic) {
			return -1, nil
		}
		if err != nil && err != io.EOF {
			return -1, err
		}
		if err == io.EOF && int64(n) < min(int64(len(buf)), size-from) {
			return -1, nil
		}
		from += int64(n - len(magic) + 1)
	}
	return -1, nil
}

// cbrErr returns a positioned *Error.
func (c *CBRReader) err(off int64, sentinel error, format string, args ...any) *Error {
	err := sentinel
	if format != "" {
		err = fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
	}
	return &Error{File: c.name, Game: c.index, Pos: Pos{Offset: off}, Err: err}
}

// readRecord reads the record at base. It returns the offset where the
// record ends. A nil Record means an I/O error.
func (c *CBRReader) readRecord(base int64, format Format) (*Record, int64, error) {
	rec := &Record{Source: c.name, Index: c.index, Format: format, Notation: NotationCoords, Pos: Pos{Offset: base}}
	c.index++
	rec.Root.Pos.Offset = base
	if c.hdr == nil {
		c.hdr = make([]byte, cbrLayoutV2.tree)
	}
	h := c.hdr
	want := min(int64(len(h)), c.size-base)
	n, err := c.r.ReadAt(h[:want], base)
	if int64(n) < want && err != nil && err != io.EOF {
		return nil, base, err
	}
	if n < 20 {
		return rec, base + int64(n), c.err(base+int64(n), ErrTruncated, "record header")
	}
	var lay *cbrLayout
	switch h[19] {
	case 2:
		lay = &cbrLayoutV2
	case 1:
		lay = &cbrLayoutV1
	default:
		return rec, base + 20, c.err(base+19, ErrUnsupported, "CBR record version %d", h[19])
	}
	if n < lay.tree {
		return rec, base + int64(n), c.err(base+int64(n), ErrTruncated, "record header of %d bytes", n)
	}

	hasText := false
	rec.Tags = make(Tags, 0, len(lay.strings))
	for _, f := range lay.strings {
		if f.tag == "Result" {
			res := "*"
			if v := h[lay.result]; v >= 1 && v <= 3 {
				res = xqfResults[v]
			}
			rec.Result = res
			rec.Tags = append(rec.Tags, Tag{"Result", res})
			continue
		}
		s, repl := binDecodeUTF16(h[f.off : f.off+f.size])
		rec.Replaced = rec.Replaced || repl
		if s = trimSpaceNUL(s); s != "" {
			hasText = true
			rec.Tags = append(rec.Tags, Tag{f.tag, s})
		}
	}

	var b binBoard
	for i, v := range h[lay.board : lay.board+90] {
		col := v >> 4
		k := cbrKinds[v&7]
		if (col != 1 && col != 2) || v&8 != 0 || k == board.NoKind {
			continue
		}
		b[cbrSquare(i)] = board.MakePiece(board.Color(col-1), k)
	}

	sec := io.NewSectionReader(c.r, base+int64(lay.tree), c.size-base-int64(lay.tree))
	if c.treeBuf == nil {
		c.treeBuf = bufio.NewReaderSize(sec, int(min(max(c.size-base-int64(lay.tree), 16), 4<<10)))
	} else {
		c.treeBuf.Reset(sec) // the records of a library share one buffer
	}
	c.tree = cbrStream{
		br:  c.treeBuf,
		off: base + int64(lay.tree),
		end: c.size,
	}
	tree := &c.tree
	treeText, terr := c.readTree(tree, lay, rec)
	if ioe, ok := terr.(errIO); ok {
		return nil, tree.off, ioe.err
	}
	if hasText || treeText {
		rec.Encoding = EncUTF16LE
	}
	rec.FEN = binStartFEN(&b, h[lay.side] == 2, rec)
	if terr != nil {
		e := terr.(*Error)
		if e.Err == ErrTruncated || isTruncated(e) {
			rec.Problems = append(rec.Problems, e)
			return rec, tree.off, nil
		}
		return rec, tree.off, e
	}
	return rec, tree.off, nil
}

// isTruncated reports whether e wraps ErrTruncated.
func isTruncated(e *Error) bool {
	for err := e.Err; err != nil; {
		if err == ErrTruncated {
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// trimSpaceNUL trims spaces and NULs.
func trimSpaceNUL(s string) string {
	return strings.Trim(s, " \t\r\n\x00")
}

// cbrSquare converts a CBR board index (row from the top)*9 + file.
func cbrSquare(i int) board.Square { return board.SquareAt(i%9, 9-i/9) }

// cbrStream reads the move tree of one record.
type cbrStream struct {
	br      *bufio.Reader
	off     int64
	end     int64
	scratch [4]byte // a local array passed to io.ReadFull would escape
}

// read4 reads the next 4 bytes.
func (s *cbrStream) read4() ([4]byte, error) {
	err := s.read(s.scratch[:])
	return s.scratch, err
}

func (s *cbrStream) read(p []byte) error {
	n, err := io.ReadFull(s.br, p)
	s.off += int64(n)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// readTree reads the first-child/next-sibling tree (§6.2) into rec.Root.
// It reports whether any comment text was read; the error is a *Error or
// an errIO.
func (c *CBRReader) readTree(s *cbrStream, lay *cbrLayout, rec *Record) (bool, error) {
	hasText := false
	trunc := func(err error, off int64, what string) error {
		if err == io.ErrUnexpectedEOF {
			return c.err(off, ErrTruncated, "input ends inside %s", what)
		}
		return errIO{err}
	}
	parent := &rec.Root
	var pending []*Node
	alloc := newNodeAlloc(32, 256) // grows; a library's s.end is its file's end
	defer alloc.giveTo(rec)
	for first := true; ; first = false {
		off := s.off
		b, err := s.read4()
		if err != nil {
			return hasText, trunc(err, off, "move record")
		}
		flags := b[0]
		if flags > 7 {
			return hasText, c.err(off, ErrCorrupt, "bad move flags %#x", flags)
		}
		var src, dst board.Square
		ok := true
		if lay.nibbles {
			fx, fy, tx, ty := b[2]>>4, b[2]&15, b[3]>>4, b[3]&15
			ok = fx < 9 && fy < 10 && tx < 9 && ty < 10
			src, dst = board.SquareAt(int(fx), 9-int(fy)), board.SquareAt(int(tx), 9-int(ty))
		} else {
			ok = b[2] < 90 && b[3] < 90
			src, dst = cbrSquare(int(b[2])), cbrSquare(int(b[3]))
		}
		comment := ""
		if flags&4 != 0 {
			lenOff := s.off
			l, err := s.read4()
			if err != nil {
				return hasText, trunc(err, lenOff, "comment length")
			}
			n := int64(binary.LittleEndian.Uint32(l[:]))
			if n > s.end-s.off {
				return hasText, c.err(lenOff, ErrTooLarge, "comment length %d, %d bytes left", n, max(s.end-s.off, 0))
			}
			if int64(cap(c.comment)) < n {
				c.comment = make([]byte, n)
			}
			p := c.comment[:n] // decoded into a string below, so reused
			if err := s.read(p); err != nil {
				return hasText, trunc(err, lenOff, "comment")
			}
			var repl bool
			comment, repl = binDecodeUTF16(p)
			rec.Replaced = rec.Replaced || repl
			if comment != "" {
				hasText = true
			}
		}
		next, sibling := flags&1 == 0, flags&2 != 0
		if first {
			rec.Root.Comment = comment
			if !next {
				return hasText, nil
			}
			continue
		}
		var node *Node
		if parent != nil {
			if !ok || src == dst {
				bad := b // (a copy: b itself stays off the heap)
				rec.Problems = append(rec.Problems, c.err(off, ErrCorrupt, "bad move squares % x; line dropped", bad[2:]))
			} else {
				node = alloc.add(parent)
				node.Move, node.Comment, node.Pos = board.NewMove(src, dst), comment, Pos{Offset: off}
			}
		}
		switch {
		case next:
			if sibling {
				pending = append(pending, parent)
			}
			parent = node
		case sibling:
		case len(pending) > 0:
			parent = pending[len(pending)-1]
			pending = pending[:len(pending)-1]
		default:
			return hasText, nil
		}
	}
}
