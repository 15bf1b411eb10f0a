package parse

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xqtool/xqtool/board"
)

// The compressed CCBridge library (docs/cbl-compressed.md): "CCBridge",
// u32 21, u32 variant (1 or 3), u32 payload size, then one zlib stream.
// The payload is a library header (length-prefixed GBK strings, two
// 19-byte timestamps, the game count, the library comment: a GBK string,
// kept as the tag CBLLibraryComment of every game) and then the games,
// each prefixed by its size.

// Limits on the payload: a declared size above cblzMaxPayload, or more than
// cblzMaxRatio times the compressed bytes, is refused before anything is
// allocated (the six known libraries compress 1.6 to 8 times).
const (
	cblzMaxPayload = 256 << 20
	cblzMaxRatio   = 200
	cblzHeader     = 20 // magic, 21, variant, size
)

// cblzMinGame is the size of the smallest game (no text, no move): the
// declared game count is capped at what the payload can hold, and no more
// games than that are returned.
const cblzMinGame = 4 + cblzBoard + 4 + 4 + 4 + 7*4 + 4 + 5*4 + 1 + 2*cblzTimestamp + 4

// cblzTimestamp is the size of the fixed ASCII timestamp fields.
const cblzTimestamp = 19

// cblzBoard is the size of a game's piece array.
const cblzBoard = 32

// CBLLibraryComment is the tag that carries a compressed library's
// comment (its introduction, the string after the game count) on every
// game of the library, so it reaches every output that keeps tags. It is
// absent when the comment is empty, as in every library seen.
const CBLLibraryComment = "CBLLibraryComment"

// cblzMaxComment bounds the library comment kept on each game, in bytes of
// UTF-8: a longer one is cut with a problem on the first game, so a small
// file cannot make every one of its games carry megabytes of text (the
// one non-empty comment seen has 283 bytes).
const cblzMaxComment = 4096

// cblzMoveSize is the size of a move record: u16 ply, from, to and two
// bytes that spell the move in Chinese notation (kind and file, direction
// and target).
const cblzMoveSize = 6

// cblzLib is the state of a compressed library being read game by game.
type cblzLib struct {
	p       []byte // the decompressed payload
	off     int    // where the next game starts
	declare int64  // games the header declares
	limit   int    // games returned at most: declare capped by the payload size
	read    int    // games returned
	done    bool
	comment string // the library comment, cut to cblzMaxComment
	replace bool   // the comment needed replacement characters
	cut     *Error // the comment was cut: a problem of the first game
}

// cblzErr returns an *Error at a payload offset (the offset is in the
// decompressed payload: the compressed file has no byte for it).
func (c *CBRReader) cblzErr(off int, sentinel error, format string, args ...any) *Error {
	e := c.err(int64(off), sentinel, format, args...)
	e.Err = fmt.Errorf("%w (payload offset)", e.Err)
	return e
}

// packed opens the zlib-compressed library variant and returns its first
// game. rec is the error record for a library that cannot be opened.
func (c *CBRReader) packed(rec *Record, head []byte) (*Record, error) {
	variant := binary.LittleEndian.Uint32(head[12:])
	if variant != 1 && variant != 3 {
		return rec, c.err(12, ErrUnsupported, "compressed CCBridge library (variant %d) is not read", variant)
	}
	declared := int64(binary.LittleEndian.Uint32(head[16:]))
	packed := c.size - cblzHeader
	if declared > cblzMaxPayload || declared > cblzMaxRatio*max(packed, 1) {
		return rec, c.err(16, ErrTooLarge, "payload of %d bytes declared for %d compressed bytes", declared, packed)
	}
	zr, err := zlib.NewReader(io.NewSectionReader(c.r, cblzHeader, packed))
	if err != nil {
		return rec, c.err(cblzHeader, ErrCorrupt, "zlib stream: %v", err)
	}
	p := make([]byte, declared)
	n, err := io.ReadFull(zr, p)
	p = p[:n]
	var problem *Error
	switch {
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		problem = c.err(cblzHeader, ErrTruncated, "zlib stream gives %d of the %d declared bytes", n, declared)
	case err != nil:
		if len(p) == 0 {
			return rec, c.err(cblzHeader, ErrCorrupt, "zlib stream: %v", err)
		}
		problem = c.err(cblzHeader, ErrCorrupt, "zlib stream broken after %d bytes: %v", n, err)
	default:
		var one [1]byte // reading on checks the end and the checksum
		if m, err := zr.Read(one[:]); m > 0 {
			problem = c.err(cblzHeader, ErrCorrupt, "zlib stream longer than the %d declared bytes (rest ignored)", declared)
		} else if err != nil && err != io.EOF {
			problem = c.err(cblzHeader, ErrCorrupt, "zlib stream end: %v", err)
		}
	}
	z := &cblzLib{p: p}
	c.z = z
	if err := c.cblzLibrary(z); err != nil {
		c.kind = cbrDone
		if problem != nil {
			return rec, problem // the cause
		}
		return rec, err
	}
	c.kind = cbrPacked
	first, err := c.cblzNext()
	switch {
	case problem == nil:
	case first == nil: // no game: the stream's problem is the one error
		c.index++
		return rec, problem
	default:
		first.Problems = append(first.Problems, problem)
	}
	return first, err
}

// cblzLibrary reads the library header: name, two strings, creator,
// e-mail, two timestamps, the game count and the library comment.
func (c *CBRReader) cblzLibrary(z *cblzLib) error {
	r := cblzCursor{p: z.p}
	for range 5 {
		r.str()
	}
	r.skip(2 * cblzTimestamp)
	count := r.u32()
	at := r.off
	raw := r.str() // the library comment: empty in every sample
	if r.err != nil {
		return c.cblzErr(r.off, r.err, "library header")
	}
	if len(raw) > cblzMaxComment {
		z.cut = c.cblzErr(at, ErrTooLarge, "library comment of %d bytes; the first %d kept", len(raw), cblzMaxComment)
		raw = raw[:cblzMaxComment]
	}
	z.comment, z.replace = binDecodeGB(raw)
	if z.cut != nil {
		// Cut at a character: the UTF-8 is at least as long as the bytes
		// read, so a double-byte character split by the cut (U+FFFD at
		// the end) is cut off too.
		s := z.comment[:min(len(z.comment), cblzMaxComment)]
		for len(s) > 0 && len(s) < len(z.comment) && !utf8.RuneStart(z.comment[len(s)]) {
			s = s[:len(s)-1]
		}
		z.comment = s
		z.replace = strings.ContainsRune(s, utf8.RuneError)
	}
	z.comment = trimSpaceNUL(z.comment)
	z.declare, z.off = int64(count), r.off
	z.limit = int(min(z.declare, int64(len(z.p)/cblzMinGame)))
	return nil
}

// cblzNext returns the next game of the library.
func (c *CBRReader) cblzNext() (*Record, error) {
	z := c.z
	if z.done {
		c.kind = cbrDone
		return nil, io.EOF
	}
	rest := len(z.p) - z.off
	rec := &Record{Source: c.name, Index: c.index, Format: FormatCBL, Notation: NotationCoords, Pos: Pos{Offset: int64(z.off)}}
	if z.read >= z.limit && rest > 0 {
		z.done = true
		err := c.cblzErr(z.off, ErrCorrupt, "%d bytes after the %d declared games", rest, z.declare)
		c.index++
		return rec, err
	}
	if rest < 4 {
		z.done = true
		if int64(z.read) >= z.declare && rest == 0 {
			c.kind = cbrDone
			return nil, io.EOF
		}
		err := c.cblzErr(z.off, ErrTruncated, "library declares %d games, payload ends after %d", z.declare, z.read)
		c.index++
		return rec, err
	}
	size := int(binary.LittleEndian.Uint32(z.p[z.off:]))
	if size < 4 || size > rest {
		z.done = true
		err := c.cblzErr(z.off, ErrTooLarge, "game size %d, %d bytes left; %d of %d games read", size, rest, z.read, z.declare)
		c.index++
		return rec, err
	}
	body := z.p[z.off+4 : z.off+size]
	base := z.off + 4
	z.off += size
	z.read++
	err := c.cblzGame(rec, body, base)
	c.index++
	if z.comment != "" {
		rec.Tags = append(rec.Tags, Tag{CBLLibraryComment, z.comment})
		rec.Replaced = rec.Replaced || z.replace
		if rec.Encoding == "" {
			rec.Encoding = EncGB18030
		}
	}
	if z.cut != nil {
		rec.Problems = append(rec.Problems, z.cut)
		z.cut = nil
	}
	if err != nil {
		return rec, err
	}
	return rec, nil
}

// cblzResults maps the result field.
var cblzResults = [...]string{"*", "1-0", "0-1", "1/2-1/2"}

// cblzTags and cblzTags2 are the header strings of a game in payload
// order, before and after the result. CBLText1..3 name strings whose
// meaning is unknown (empty in every game seen), kept when set.
var (
	cblzTags  = [...]string{"Title", "CBLText1", "CBLText2", "Site", "Date", "Red", "Black"}
	cblzTags2 = [...]string{"Annotator", "CBLText3", "Creator", "CreatorEmail"}
)

// cblzGame decodes one game body; base is its payload offset.
func (c *CBRReader) cblzGame(rec *Record, g []byte, base int) error {
	r := cblzCursor{p: g}
	pieces := r.bytes(cblzBoard)
	r.u32() // game type: 1 game, 2 opening, 4 endgame (inferred)
	event, repl := r.gb()
	r.u32() // 1 in every game seen
	hasText := false
	tag := func(name, v string, bad bool) {
		rec.Replaced = rec.Replaced || bad
		if v != "" {
			hasText = true
			rec.Tags = append(rec.Tags, Tag{name, v})
		}
	}
	tag("Event", event, repl)
	for _, name := range cblzTags {
		v, bad := r.gb()
		tag(name, v, bad)
	}
	result := r.u32()
	rec.Result = "*"
	if result < uint32(len(cblzResults)) {
		rec.Result = cblzResults[result]
	}
	rec.Tags = append(rec.Tags, Tag{"Result", rec.Result})
	for _, name := range cblzTags2 {
		v, bad := r.gb()
		tag(name, v, bad)
	}
	remark, bad := r.gb()
	if strings.Trim(remark, "|") == "" { // "||" stands for no remark
		remark = ""
	}
	rec.Replaced = rec.Replaced || bad
	rec.Root.Comment = remark
	side := r.bytes(1)
	r.skip(2 * cblzTimestamp)
	n := r.u32()
	if r.err != nil {
		return c.cblzErr(base+r.off, r.err, "game header")
	}
	b, ok := cblzPieces(pieces)
	if !ok {
		rec.Problems = append(rec.Problems, c.cblzErr(base, ErrCorrupt, "bad piece square"))
	}
	first := board.Red
	if side[0] == 0 {
		first = board.Black
	}
	if int64(n) > int64(len(g)-r.off)/cblzMoveSize {
		return c.cblzErr(base+r.off-4, ErrTooLarge, "%d moves, %d bytes left", n, len(g)-r.off)
	}
	moves := r.bytes(int(n) * cblzMoveSize)
	text := g[r.off:]
	commented := c.cblzTree(rec, moves, text, base+r.off-len(moves), base+r.off)
	if hasText || commented || rec.Root.Comment != "" {
		rec.Encoding = EncGB18030
	}
	if len(rec.Root.Children) > 0 {
		if p := b[rec.Root.Children[0].Move.From()]; !p.IsEmpty() {
			first = p.Color()
		}
	}
	rec.FEN = binFEN(&b, first)
	if rec.FEN == binStartPlacement+" w" {
		rec.FEN = ""
	}
	return nil
}

// cblzPieces decodes the piece array (XQF slot order: R N B A K A B N R C
// C P P P P P, Red then Black; byte = (file+1)<<4 | (row from the top+1),
// 0 = captured). It reports whether every piece had a free, valid square.
func cblzPieces(p []byte) (binBoard, bool) {
	var b binBoard
	ok := true
	for i, v := range p {
		if v == 0 {
			continue
		}
		f, r := int(v>>4)-1, int(v&15)-1
		if f < 0 || f > 8 || r < 0 || r > 9 {
			ok = false
			continue
		}
		sq := board.SquareAt(f, 9-r)
		if !b[sq].IsEmpty() {
			ok = false
		}
		b[sq] = board.MakePiece(board.Color(i/16), xqfSlotKinds[i%16])
	}
	return b, ok && binValid(&b)
}

// cblzSquare decodes a move square: file<<4 | row from the top.
func cblzSquare(v byte) (board.Square, bool) {
	f, r := int(v>>4), int(v&15)
	return board.SquareAt(f, 9-r), f <= 8 && r <= 9
}

// cblzTree builds the move tree. Move records come in pre-order, each
// with its ply: a record of ply k is a reply to the latest record of ply
// k-1 (the root for k = 1), so a ply not above the previous one starts a
// variation. text holds one CRLF-terminated comment per record, in the
// same order. movesOff and textOff are payload offsets. It reports
// whether any move has a comment.
func (c *CBRReader) cblzTree(rec *Record, moves, text []byte, movesOff, textOff int) (commented bool) {
	alloc := newNodeAlloc(min(len(moves)/cblzMoveSize+1, 256), 256)
	defer alloc.giveTo(rec)
	// path[k] is the latest node of ply k; nil marks a dropped line.
	path := []*Node{&rec.Root}
	dropped, short := false, false // one problem of each kind per game
	drop := func(off int, format string, args ...any) {
		if !dropped {
			dropped = true
			rec.Problems = append(rec.Problems, c.cblzErr(off, ErrCorrupt, format, args...))
		}
	}
	for i := 0; i+cblzMoveSize <= len(moves); i += cblzMoveSize {
		m := moves[i : i+cblzMoveSize]
		off := movesOff + i
		comment := ""
		if j := bytes.Index(text, []byte("\r\n")); j >= 0 {
			var repl bool
			comment, repl = binDecodeGB(bytes.TrimRight(text[:j], "\x00")) // a C string's terminator
			rec.Replaced = rec.Replaced || repl
			text, textOff = text[j+2:], textOff+j+2
		} else if !short {
			// No line end left: the rest is this move's comment, and the
			// later moves have none (text is not scanned again).
			short = true
			rec.Problems = append(rec.Problems, c.cblzErr(textOff, ErrTruncated, "comments end before move record %d", i/cblzMoveSize+1))
			var repl bool
			comment, repl = binDecodeGB(text)
			rec.Replaced = rec.Replaced || repl
			text = nil
		}
		ply := int(binary.LittleEndian.Uint16(m))
		if ply < 1 || ply > len(path) {
			drop(off, "move record of ply %d after a line of %d plies; dropped", ply, len(path)-1)
			continue
		}
		path = path[:ply]
		parent := path[ply-1]
		from, ok1 := cblzSquare(m[2])
		to, ok2 := cblzSquare(m[3])
		if parent == nil || !ok1 || !ok2 || from == to {
			if parent != nil {
				drop(off, "bad move squares % x; line dropped", m[2:4])
			}
			path = append(path, nil)
			continue
		}
		node := alloc.add(parent)
		node.Move, node.Comment, node.Pos = board.NewMove(from, to), comment, Pos{Offset: int64(off)}
		path = append(path, node)
		commented = commented || comment != ""
	}
	if len(text) > 0 {
		rec.Problems = append(rec.Problems, c.cblzErr(textOff, ErrCorrupt, "%d bytes after the last comment", len(text)))
	}
	return commented
}

// cblzCursor reads little-endian fields from a payload slice; the first
// error sticks and every later read returns zero values.
type cblzCursor struct {
	p   []byte
	off int
	err error
}

func (r *cblzCursor) bytes(n int) []byte {
	if r.err != nil || n > len(r.p)-r.off {
		r.fail()
		return make([]byte, min(n, 64)) // callers check err before use
	}
	b := r.p[r.off : r.off+n]
	r.off += n
	return b
}

func (r *cblzCursor) fail() {
	if r.err == nil {
		r.err = ErrTruncated
	}
}

func (r *cblzCursor) skip(n int) { r.bytes(n) }

func (r *cblzCursor) u32() uint32 {
	if r.err != nil || len(r.p)-r.off < 4 {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint32(r.p[r.off:])
	r.off += 4
	return v
}

// str returns a u32-length-prefixed byte string.
func (r *cblzCursor) str() []byte {
	n := r.u32()
	if r.err != nil {
		return nil
	}
	if int64(n) > int64(len(r.p)-r.off) {
		r.err = ErrTooLarge
		return nil
	}
	return r.bytes(int(n))
}

// gb returns a u32-length-prefixed GBK string, trimmed, and whether
// replacement characters were needed.
func (r *cblzCursor) gb() (string, bool) {
	p := r.str()
	if len(p) == 0 {
		return "", false
	}
	s, repl := binDecodeGB(p)
	return trimSpaceNUL(s), repl
}
