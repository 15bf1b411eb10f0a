package parse

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/xqtool/xqtool/board"
)

// XQF layout constants (FORMATS.md §1).
const (
	xqfHeaderSize = 0x400 // the tree starts right after the header
	xqfFieldsEnd  = 0x1F0 // the header fields end here (Author); reserved bytes follow
	xqfMaxVersion = 18    // the last version XQStudio writes
	xqfNodeSize   = 4     // src, dst, tag, reserved
	// xqfMaxComment is the longest comment length that, running past the
	// end of the file, is read as a file cut inside the comment
	// (truncated); a longer one is corruption. The longest comment of the
	// 1,161 real files has 2,654 bytes.
	xqfMaxComment = 1 << 16
)

// xqfSlotKinds is the piece kind of each of the 16 slots of one side.
var xqfSlotKinds = [16]board.Kind{
	board.Rook, board.Knight, board.Bishop, board.Advisor, board.King,
	board.Advisor, board.Bishop, board.Knight, board.Rook,
	board.Cannon, board.Cannon,
	board.Pawn, board.Pawn, board.Pawn, board.Pawn, board.Pawn,
}

// xqfStandardSlots is the standard start in XQF 1.0 slot order.
var xqfStandardSlots = [32]byte{
	80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3,
	9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
}

// xqfResults maps the PlayResult byte to a result.
var xqfResults = [...]string{"*", "1-0", "0-1", "1/2-1/2", "*"}

// xqfStrings lists the header strings that become tags, in tag order.
// Event is handled apart (it falls back to the title).
var xqfStrings = []struct {
	off, size int
	tag       string
}{
	{0x120, 16, "Site"},
	{0x110, 16, "Date"},
	{0x130, 16, "Red"},
	{0x140, 16, "Black"},
	{0x050, 64, "Title"},
	{0x150, 64, "TimeControl"},
	{0x190, 16, "RedTime"},
	{0x1A0, 16, "BlackTime"},
	{0x1D0, 16, "Annotator"},
	{0x1E0, 16, "Author"},
}

// Header offsets used by the reader and the writer.
const (
	xqfOffTitle   = 0x050
	xqfOffEvent   = 0x0D0
	xqfOffPieces  = 0x010
	xqfOffSide    = 0x032
	xqfOffResult  = 0x033
	xqfOffCodeA   = 0x040
	xqfEventSize  = 64
	xqfCopyright  = "[(C) Copyright Mr. Dong Shiwei.]"
	xqfSrcBias    = 0x18
	xqfDstBias    = 0x20
	xqfTagMaskV11 = 0xE0
)

// XQFReader reads one XQStudio (.xqf) game, versions up to 18, plain or
// encrypted. Next returns the game, then io.EOF.
//
// A cut file keeps what it has: once the header fields (the first 0x1F0
// bytes) are there, the game comes with its tags, its start position and
// the moves read before the cut, and an ErrTruncated problem says where
// the input ends (inside the reserved bytes of the header, before the
// root record, inside a record or inside a comment, whose start is kept).
// Only a file cut inside the header fields is an error.
type XQFReader struct {
	r    io.ReaderAt
	size int64
	name string
	done bool
}

// NewXQFReader returns a reader of the XQF file r of the given size. The
// name is used in Record.Source and in errors.
func NewXQFReader(r io.ReaderAt, size int64, name string) *XQFReader {
	return &XQFReader{r: r, size: size, name: name}
}

// Next returns the game of the file. A game that cannot be fully read is
// returned together with a *Error; the second call returns nil, io.EOF.
func (x *XQFReader) Next() (*Record, error) {
	if x.done {
		return nil, io.EOF
	}
	x.done = true
	return readXQF(x.r, x.size, x.name)
}

// xqfKeys holds the decryption keys of one file.
type xqfKeys struct {
	version         int
	kxy, kxyf, kxyt byte
	krmk            int64
	stream          [32]byte
}

// xqfDeriveKeys computes the keys from the header (§1.5).
func xqfDeriveKeys(h []byte) xqfKeys {
	k := xqfKeys{version: int(h[2])}
	if k.version <= 10 {
		return k
	}
	f := func(v byte) int { return 54*int(v)*int(v) + 221 }
	k.kxy = byte(f(h[0x0D]) * int(h[0x0D]))
	k.kxyf = byte(f(h[0x0E]) * int(k.kxy))
	k.kxyt = byte(f(h[0x0F]) * int(k.kxyf))
	k.krmk = int64((int(h[0x0C])*256+int(h[0x0D]))%32000 + 767)
	var b [4]byte
	for i := range b {
		b[i] = h[0x0C+i]&h[0x03] | h[0x08+i]
	}
	for i := range k.stream {
		k.stream[i] = xqfCopyright[i] & b[i%4]
	}
	return k
}

// xqfStream reads the decrypted move-tree stream.
type xqfStream struct {
	br  *bufio.Reader
	off int64 // absolute offset of the next byte
	end int64 // file size
	key *[32]byte
	// Reused buffers (a local array passed to io.ReadFull would escape,
	// costing an allocation per record).
	scratch [4]byte
	comment []byte
}

// read4 reads the next 4 bytes.
func (s *xqfStream) read4() ([4]byte, error) {
	err := s.read(s.scratch[:])
	return s.scratch, err
}

// read fills p. It returns io.ErrUnexpectedEOF when the input ends first
// and any other error as an I/O error.
func (s *xqfStream) read(p []byte) error {
	n, err := io.ReadFull(s.br, p)
	for i := 0; i < n; i++ {
		p[i] -= s.key[(s.off+int64(i))&31]
	}
	s.off += int64(n)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// xqfNode is one decoded node record.
type xqfNode struct {
	off           int64
	src, dst      byte
	next, sibling bool
	comment       string
	hasText       bool
	replaced      bool
	read          bool // the 4 record bytes were read
}

// xqfErr returns a positioned *Error.
func xqfErr(name string, off int64, sentinel error, format string, args ...any) *Error {
	err := sentinel
	if format != "" {
		err = fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
	}
	return &Error{File: name, Game: 0, Pos: Pos{Offset: off}, Err: err}
}

// errIO marks an I/O error that must end the stream.
type errIO struct{ err error }

func (e errIO) Error() string { return e.err.Error() }

// readNode reads one node record with its comment.
func (s *xqfStream) readNode(k *xqfKeys, name string) (xqfNode, error) {
	var n xqfNode
	n.off = s.off
	b, err := s.read4()
	if err != nil {
		return n, s.wrap(err, name, n.off, "node")
	}
	n.src = b[0] - xqfSrcBias - k.kxyf
	n.dst = b[1] - xqfDstBias - k.kxyt
	n.read = true
	tag := b[2]
	hasLen := true
	if k.version <= 10 {
		n.next = tag&0xF0 != 0
		n.sibling = tag&0x0F != 0
	} else {
		tag &= xqfTagMaskV11
		n.next = tag&0x80 != 0
		n.sibling = tag&0x40 != 0
		hasLen = tag&0x20 != 0
	}
	if !hasLen {
		return n, nil
	}
	lenOff := s.off
	b, err = s.read4()
	if err != nil {
		return n, s.wrap(err, name, lenOff, "comment length")
	}
	l := int64(binary.LittleEndian.Uint32(b[:]))
	if k.version > 10 && l > 0 {
		l -= k.krmk
	}
	if l < 0 {
		return n, xqfErr(name, lenOff, ErrCorrupt, "negative comment length %d", l)
	}
	if left := max(s.end-s.off, 0); l > left {
		if l > xqfMaxComment {
			return n, xqfErr(name, lenOff, ErrTooLarge, "comment length %d, %d bytes left", l, left)
		}
		// A plausible length: the file was cut inside the comment. Keep
		// what there is of it, up to the last whole character.
		p := s.comment[:0]
		if int64(cap(p)) < left {
			p = make([]byte, left)
		}
		p = p[:left]
		if err := s.read(p); err != nil && err != io.ErrUnexpectedEOF {
			return n, errIO{err}
		}
		p = p[:binGBCut(p)]
		n.comment, n.replaced = binDecodeGB(p)
		n.comment = strings.TrimSuffix(strings.TrimSuffix(n.comment, "\n"), "\r")
		n.hasText = len(p) > 0
		return n, xqfErr(name, lenOff, ErrTruncated, "input ends inside a comment of %d bytes, %d read", l, left)
	}
	if l == 0 {
		return n, nil
	}
	if int64(cap(s.comment)) < l {
		s.comment = make([]byte, l)
	}
	p := s.comment[:l] // decoded into a string below, so reused
	if err := s.read(p); err != nil {
		return n, s.wrap(err, name, lenOff, "comment")
	}
	n.hasText = true
	n.comment, n.replaced = binDecodeGB(p)
	n.comment = strings.TrimSuffix(n.comment, "\r\n")
	return n, nil
}

func (s *xqfStream) wrap(err error, name string, off int64, what string) error {
	if err == io.ErrUnexpectedEOF {
		return xqfErr(name, off, ErrTruncated, "input ends inside %s", what)
	}
	return errIO{err}
}

// xqfScratch is what reading one XQF file needs besides the record: kept
// from file to file (most files are a few kilobytes; the header, keys,
// stream and its buffer were half of the allocations of reading one).
// Nothing of it outlives readXQF: strings are copied out of it.
type xqfScratch struct {
	h   [xqfHeaderSize]byte
	k   xqfKeys
	key [32]byte // the stream key of a file before version 11 (zero)
	s   xqfStream
	sec io.SectionReader
	br  *bufio.Reader
}

var xqfScratchPool = sync.Pool{New: func() any { return &xqfScratch{br: bufio.NewReaderSize(nil, 16<<10)} }}

// readXQF reads a whole XQF file.
func readXQF(r io.ReaderAt, size int64, name string) (*Record, error) {
	rec := &Record{Source: name, Format: FormatXQF, Notation: NotationCoords}
	rec.Root.Move = board.NoMove
	fail := func(e *Error) (*Record, error) { return rec, e }

	if size <= 0 {
		return fail(xqfErr(name, 0, ErrNoGame, "empty input"))
	}
	sc := xqfScratchPool.Get().(*xqfScratch)
	defer func() {
		sc.sec = io.SectionReader{}
		sc.br.Reset(nil)
		comment := sc.s.comment
		if cap(comment) > 64<<10 {
			comment = nil
		}
		sc.s = xqfStream{comment: comment[:0]}
		xqfScratchPool.Put(sc)
	}()
	h := sc.h[:]
	want := min(size, xqfHeaderSize)
	n, err := r.ReadAt(h[:want], 0)
	if int64(n) < want {
		if err != nil && err != io.EOF {
			return nil, err
		}
		want = int64(n)
	}
	if want < 2 || h[0] != 'X' || h[1] != 'Q' {
		return fail(xqfErr(name, 0, ErrCorrupt, "bad signature"))
	}
	if want < 3 {
		return fail(xqfErr(name, want, ErrTruncated, "header"))
	}
	if h[2] > xqfMaxVersion {
		return fail(xqfErr(name, 2, ErrUnsupported, "XQF version %d", h[2]))
	}
	if want < xqfFieldsEnd {
		return fail(xqfErr(name, want, ErrTruncated, "input ends after %d bytes, inside the header fields (%d of the %d-byte header are needed)", want, xqfFieldsEnd, xqfHeaderSize))
	}
	if want < xqfHeaderSize {
		// The fields are all there, only reserved bytes are missing: the
		// record keeps its tags and position, without moves.
		rec.Problems = append(rec.Problems, xqfErr(name, want, ErrTruncated, "input ends after %d bytes, inside the reserved part of the %d-byte header: no move tree", want, xqfHeaderSize))
	}
	sc.k = xqfDeriveKeys(h)
	k := &sc.k
	if k.version > 10 && h[0x0C]+h[0x0D]+h[0x0E]+h[0x0F] != 0 {
		rec.Problems = append(rec.Problems, xqfErr(name, 0x0C, ErrCorrupt, "key checksum"))
	}

	hasText := xqfTags(rec, h)

	// Start position.
	var b binBoard
	var fatal *Error
	if placed, ok := xqfPieces(&b, h, k); !ok {
		switch {
		case h[xqfOffCodeA] <= 1:
			b = binStartBoard()
			rec.Problems = append(rec.Problems, xqfErr(name, xqfOffPieces, ErrCorrupt, "invalid piece array, standard start used"))
		case placed:
			// Every piece has its own square but a king is missing
			// (a composition without a general, or a king byte left
			// 0xFF): the FEN says so, and the replay judges it.
		default:
			fatal = xqfErr(name, xqfOffPieces, ErrCorrupt, "invalid piece array")
		}
	}

	// Move tree.
	sc.sec = *io.NewSectionReader(r, xqfHeaderSize, size-xqfHeaderSize)
	sc.br.Reset(&sc.sec)
	s := &sc.s
	s.br, s.off, s.end, s.key = sc.br, xqfHeaderSize, size, &k.stream
	if k.version <= 10 {
		sc.key = [32]byte{}
		s.key = &sc.key
	}
	rec.Root.Pos.Offset = xqfHeaderSize
	treeText, replaced, terr := xqfTree(s, k, rec, name)
	if _, ok := terr.(errIO); ok {
		return nil, terr.(errIO).err
	}
	hasText = hasText || treeText
	rec.Replaced = rec.Replaced || replaced
	if hasText {
		rec.Encoding = EncGB18030
	}

	rec.FEN = binStartFEN(&b, h[xqfOffSide] == 1, rec)

	if fatal != nil {
		return rec, fatal
	}
	if terr != nil {
		e := terr.(*Error)
		if errors.Is(e, ErrTruncated) {
			rec.Problems = append(rec.Problems, e)
			return rec, nil
		}
		return rec, e
	}
	return rec, nil
}

// xqfTags fills the tags and result from the header and reports whether
// any header text exists.
func xqfTags(rec *Record, h []byte) bool {
	rec.Tags = make(Tags, 0, len(xqfStrings)+2) // Event, the fields, Result
	hasText := false
	str := func(off, size int) string {
		s, repl := xqfHeaderString(h[off : off+size])
		if s != "" {
			hasText = true
		}
		rec.Replaced = rec.Replaced || repl
		return s
	}
	event := str(xqfOffEvent, xqfEventSize)
	if event == "" {
		event = str(xqfOffTitle, 64)
	}
	if event != "" {
		rec.Tags = append(rec.Tags, Tag{"Event", event})
	}
	for _, f := range xqfStrings {
		if v := str(f.off, f.size); v != "" {
			rec.Tags = append(rec.Tags, Tag{f.tag, v})
		}
		if f.tag == "Black" {
			res := "*"
			if int(h[xqfOffResult]) < len(xqfResults) {
				res = xqfResults[h[xqfOffResult]]
			}
			rec.Result = res
			rec.Tags = append(rec.Tags, Tag{"Result", res})
		}
	}
	return hasText
}

// xqfHeaderString decodes a Pascal string field, its length clamped to the
// field's capacity.
func xqfHeaderString(f []byte) (string, bool) {
	n := min(int(f[0]), len(f)-1)
	p := f[1 : 1+n]
	if i := strings.IndexByte(string(p), 0); i >= 0 {
		p = p[:i]
	}
	cut := binGBCut(p)
	s, repl := binDecodeGB(p[:cut])
	return strings.TrimSpace(s), repl || cut < len(p)
}

// xqfPieces decodes the piece array into b and reports whether it is a
// valid placement (no overlap, one king per side), and whether every
// piece has its own square with at most one king per side (placed: a
// missing king is the only fault).
func xqfPieces(b *binBoard, h []byte, k *xqfKeys) (placed, ok bool) {
	var p [32]byte
	for i := range p {
		if k.version >= 12 {
			p[(int(k.kxy)+i+1)&31] = h[xqfOffPieces+i]
		} else {
			p[i] = h[xqfOffPieces+i]
		}
	}
	placed = true
	for i, v := range p {
		v -= k.kxy
		if v > 89 {
			continue
		}
		sq := xqfSquare(v)
		if !b[sq].IsEmpty() {
			placed = false
		}
		b[sq] = board.MakePiece(board.Color(i/16), xqfSlotKinds[i%16])
	}
	kings := binKings(b)
	placed = placed && kings[0] <= 1 && kings[1] <= 1
	return placed, placed && kings[0] == 1 && kings[1] == 1
}

// xqfSquare converts an XQF square byte x*10+y (≤ 89) to a board square.
func xqfSquare(v byte) board.Square { return board.SquareAt(int(v)/10, int(v)%10) }

// xqfByte converts a board square to the XQF byte x*10+y.
func xqfByte(s board.Square) byte { return byte(s.File()*10 + s.Rank()) }

// xqfTree reads the move tree into rec.Root. It reports whether any
// comment text was read and whether replacement characters were needed.
// The error is a *Error, or an errIO.
func xqfTree(s *xqfStream, k *xqfKeys, rec *Record, name string) (bool, bool, error) {
	if s.end < xqfHeaderSize {
		return false, false, nil // the header is cut: readXQF reports it
	}
	if s.end == xqfHeaderSize {
		// Every writer writes the root record, even for a position
		// without moves: a file that ends with the header was cut.
		return false, false, xqfErr(name, s.end, ErrTruncated, "input ends after the header, before the root record")
	}
	hasText, replaced := false, false
	root, err := s.readNode(k, name)
	rec.Root.Comment = root.comment // what there is of it when cut
	if err != nil {
		return root.hasText, root.replaced, err
	}
	hasText, replaced = root.hasText, root.replaced
	if root.sibling {
		rec.Problems = append(rec.Problems, xqfErr(name, root.off, ErrCorrupt, "root record has a sibling flag"))
	}
	if !root.next {
		return hasText, replaced, nil
	}
	// parent nil means a line cut by a bad record: its records are read
	// but not kept.
	parent := &rec.Root
	var pending []*Node
	// Every record of a file before version 11 has a comment length:
	// its records take 8 bytes at least.
	minNode := int64(xqfNodeSize)
	if k.version <= 10 {
		minNode += 4
	}
	alloc := newNodeAlloc(int((s.end-s.off)/minNode), 256)
	defer alloc.giveTo(rec)
	for {
		n, err := s.readNode(k, name)
		if err != nil {
			if n.read && parent != nil && n.src <= 89 && n.dst <= 89 {
				// Keep the move whose comment could not be read.
				nd := alloc.add(parent)
				nd.Move, nd.Comment, nd.Pos = board.NewMove(xqfSquare(n.src), xqfSquare(n.dst)), n.comment, Pos{Offset: n.off}
				hasText = hasText || n.hasText
				replaced = replaced || n.replaced
			}
			return hasText, replaced, err
		}
		hasText = hasText || n.hasText
		replaced = replaced || n.replaced
		var node *Node
		if parent != nil {
			if n.src > 89 || n.dst > 89 {
				rec.Problems = append(rec.Problems, xqfErr(name, n.off, ErrCorrupt, "square out of range (%d, %d); line dropped", n.src, n.dst))
			} else {
				node = alloc.add(parent)
				node.Move, node.Comment, node.Pos = board.NewMove(xqfSquare(n.src), xqfSquare(n.dst)), n.comment, Pos{Offset: n.off}
			}
		}
		switch {
		case n.next:
			if n.sibling {
				pending = append(pending, parent)
			}
			parent = node
		case n.sibling:
			// The next record is an alternative to this one.
		case len(pending) > 0:
			parent = pending[len(pending)-1]
			pending = pending[:len(pending)-1]
		default:
			return hasText, replaced, nil
		}
	}
}
