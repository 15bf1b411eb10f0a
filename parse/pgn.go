package parse

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Limits that keep hostile input bounded.
const (
	// pgnMaxGame is the most bytes kept of one game; the rest of an
	// oversized game is skipped and reported.
	pgnMaxGame = 16 << 20
	// pgnMaxProblems is the most problems recorded per game.
	pgnMaxProblems = 64
	// pgnMaxTokens is the most move-text tokens read per game; real games
	// have a few thousand.
	pgnMaxTokens = 1 << 19
)

// PGNReader reads games from PGN text in any of the dialects of Chinese
// chess: xqbase/XQWizard (GBK, Chinese notation), vschess, cchess, WXF
// letters, ICCS or UCI coordinates, XBoard SAN, and the WXF keyword dialect
// (FORMAT/RED/BLACK… lines with moves inside START{ … }END).
//
// Games are split on raw bytes: a tag line (or a WXF FORMAT line) after
// move text starts a new game. Each game is then decoded on its own (see
// TextDecoder), so one file may mix encodings. Only one game is held in
// memory at a time.
//
// Positions: lines and columns (in runes) are exact; byte offsets are exact
// at the start of each line and, within a line of GBK or Big5 text, count
// two bytes per non-ASCII character (four-byte GB18030 sequences are rare).
// A UTF-16LE file is converted as a whole and its offsets count the
// converted UTF-8 bytes.
type PGNReader struct {
	br    *bufio.Reader
	name  string
	dec   *TextDecoder
	index int

	started bool
	err     error // sticky I/O error or io.EOF

	off  int64 // offset of the next unread byte
	line int   // line number of the next unread line

	buf       []byte  // raw bytes of the game being collected
	carryBuf  []byte  // the first line of the next game
	lineOffs  []int64 // raw offset of each line of buf
	carry     bool    // buf holds the first line of the next game
	carryOff  int64
	carryLine int
	overflow  bool // the game exceeded pgnMaxGame

	scratch pgnScratch // reused buffers
}

// NewPGNReader returns a reader of the PGN games in r. name is used in
// Record.Source and in errors.
func NewPGNReader(r io.Reader, name string) *PGNReader {
	return &PGNReader{br: bufio.NewReaderSize(r, TextSniffSize), name: name, line: 1}
}

// start sniffs the encoding and removes a byte-order mark.
func (p *PGNReader) start() {
	p.started = true
	head, _ := p.br.Peek(TextSniffSize)
	switch {
	case bytes.HasPrefix(head, textBOMUTF16LE):
		// Convert the whole stream; offsets then count converted bytes.
		p.br.Discard(len(textBOMUTF16LE))
		dec := xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewDecoder()
		p.br = bufio.NewReaderSize(transform.NewReader(p.br, dec), TextSniffSize)
		p.dec = &TextDecoder{enc: EncUTF8, label: EncUTF16LE}
		return
	case bytes.HasPrefix(head, textBOMUTF8):
		p.br.Discard(len(textBOMUTF8))
		p.off = int64(len(textBOMUTF8))
	}
	p.dec = NewTextDecoder(head)
}

// Next returns the next game. It returns nil, io.EOF after the last game
// and nil with the error when reading fails. Problems of a game are in
// Record.Problems; Next never fails because of the content of a game.
func (p *PGNReader) Next() (*Record, error) {
	if !p.started {
		p.start()
	}
	for {
		if p.err != nil && !p.carry {
			if p.err == io.EOF {
				return nil, io.EOF
			}
			return nil, p.err
		}
		startOff, startLine, complete, err := p.collect()
		if err != nil && err != io.EOF {
			p.err = err
			return nil, err
		}
		if len(p.buf) == 0 && !p.overflow {
			continue
		}
		rec := p.parseGame(startOff, startLine, complete)
		if rec == nil { // nothing that looks like a game
			continue
		}
		return rec, nil
	}
}

// RawGame is the text of one PGN game, split from its file but not yet
// decoded or parsed: NextRaw and Parse divide the work of Next so that
// games can be parsed in parallel, in any order, while a single reader
// splits the file.
type RawGame struct {
	name      string
	index     int
	buf       []byte
	lineOffs  []int64 // kept only if overflow, else see pgnLineOffs
	startOff  int64
	startLine int
	complete  bool
	overflow  bool
	enc       string // the file's encoding decision at split time
	label     string
}

// NextRaw returns the raw text of the next game, or nil and io.EOF at the
// end (nil and the error when reading fails). Its Index is provisional: a
// chunk that turns out to hold no game (junk between games) is counted;
// callers that need the numbering of Next renumber with Record.SetIndex.
func (p *PGNReader) NextRaw() (*RawGame, error) {
	if !p.started {
		p.start()
	}
	for {
		if p.err != nil && !p.carry {
			return nil, p.err
		}
		startOff, startLine, complete, err := p.collect()
		if err != nil && err != io.EOF {
			p.err = err
			return nil, err
		}
		if len(p.buf) == 0 && !p.overflow {
			continue
		}
		g := &RawGame{
			name: p.name, index: p.index,
			buf:      bytes.Clone(p.buf),
			startOff: startOff, startLine: startLine, complete: complete, overflow: p.overflow,
			enc: p.dec.enc, label: p.dec.label,
		}
		if p.overflow {
			// Bytes were dropped: the offsets of the lines no longer
			// follow from buf.
			g.lineOffs = slices.Clone(p.lineOffs)
		}
		p.index++
		return g, nil
	}
}

// Parse decodes and parses the game. It returns nil when the text holds
// nothing that looks like a game. It is safe to call from any goroutine.
func (g *RawGame) Parse() *Record {
	sc := pgnScratchPool.Get().(*pgnScratch)
	// The pooled decoder keeps its legacy decoder and output buffer; only
	// the file's encoding decision comes from the game.
	sc.dec.enc, sc.dec.label = g.enc, g.label
	lineOffs := g.lineOffs
	if !g.overflow {
		sc.lineOffs = pgnLineOffs(sc.lineOffs[:0], g.buf, g.startOff)
		lineOffs = sc.lineOffs
	}
	rec := pgnParse(&sc.dec, sc, g.name, g.index, g.buf, lineOffs, g.startOff, g.startLine, g.complete, g.overflow)
	pgnScratchPool.Put(sc)
	return rec
}

// pgnScratch holds the buffers that parsing one game needs and that can
// be reused for the next: one per PGNReader, pooled for RawGame.Parse.
type pgnScratch struct {
	dec      TextDecoder // for RawGame.Parse only
	lineOffs []int64     // for RawGame.Parse only
	toks     []pgnTok
	tags     Tags
}

// pgnLineOffs appends to offs the offset of each line of buf, a game's
// raw text read whole from offset start (as collect records them; when
// bytes were dropped, collect's record must be kept instead). Rebuilding
// them here, on a worker, spares NextRaw a copy and an allocation.
func pgnLineOffs(offs []int64, buf []byte, start int64) []int64 {
	offs = append(offs, start)
	// Lines are short (a move or two in many files): look for newlines
	// eight bytes at a time rather than call IndexByte per line.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(buf); i += 8 {
		x := binary.LittleEndian.Uint64(buf[i:]) ^ ('\n' * ones)
		// The high bit of each byte of m is set where x has a zero byte
		// (exactly so for the lowest one; bytes above it may be wrong,
		// so they are checked one by one).
		if m := (x - ones) &^ x & highs; m != 0 {
			for k := bits.TrailingZeros64(m) / 8; k < 8; k++ {
				if buf[i+k] == '\n' && i+k+1 < len(buf) {
					offs = append(offs, start+int64(i+k+1))
				}
			}
		}
	}
	for ; i < len(buf); i++ {
		if buf[i] == '\n' && i+1 < len(buf) {
			offs = append(offs, start+int64(i+1))
		}
	}
	return offs
}

// pgnScratchPool recycles scratch buffers between games parsed by
// RawGame.Parse.
var pgnScratchPool = sync.Pool{New: func() any { return &pgnScratch{toks: make([]pgnTok, 0, 256)} }}

// SetIndex renumbers the record (and its problems) as game i of its file.
func (r *Record) SetIndex(i int) {
	r.Index = i
	for _, p := range r.Problems {
		p.Game = i
	}
}

// collect reads the raw lines of one game into p.buf. complete reports
// whether the game ended at the start of another (rather than at EOF).
func (p *PGNReader) collect() (startOff int64, startLine int, complete bool, err error) {
	p.buf = p.buf[:0]
	p.lineOffs = p.lineOffs[:0]
	p.overflow = false
	inMoves := false
	open := false // the last line left a tag value open
	startOff, startLine = p.off, p.line
	if p.carry {
		p.carry = false
		startOff, startLine = p.carryOff, p.carryLine
		p.lineOffs = append(p.lineOffs, p.carryOff)
		p.buf = append(p.buf, p.carryBuf...)
		if pgnLineKind(p.buf) == pgnLineMoves {
			inMoves = true
		}
	}
	// next classifies a line (what was kept of it) and reports whether it
	// starts the next game.
	next := func(kept []byte) bool {
		kind := pgnLineKind(kept)
		if open && kind == pgnLineMoves && pgnClosesTag(kept) {
			kind = pgnLineBroken
		}
		open = (kind == pgnLineHeader || kind == pgnLineBroken) && pgnOpenTag(kept)
		switch kind {
		case pgnLineHeader:
			return inMoves
		case pgnLineMoves:
			inMoves = true
		}
		return false
	}
	for p.err == nil {
		// Fast path: the lines that are whole in the reader's buffer
		// (and fit in the game) are taken from it directly, and copied
		// to p.buf in one piece, rather than with a ReadSlice call and
		// an append each. readLine would read and keep them the same.
		if n := p.br.Buffered(); n > 0 {
			data, _ := p.br.Peek(n)
			used := 0 // data[:used] is to be copied to p.buf
			for {
				nl := bytes.IndexByte(data[used:], '\n')
				if nl < 0 || len(p.buf)+used+nl+1 > pgnMaxGame {
					break
				}
				line := data[used : used+nl+1]
				if next(line) {
					// This line starts the next game.
					p.buf = append(p.buf, data[:used]...)
					p.carry = true
					p.carryOff, p.carryLine = p.off, p.line
					p.carryBuf = append(p.carryBuf[:0], line...)
					p.off += int64(len(line))
					p.line++
					p.br.Discard(used + len(line))
					return startOff, startLine, true, nil
				}
				p.lineOffs = append(p.lineOffs, p.off)
				p.off += int64(len(line))
				p.line++
				used += len(line)
			}
			p.buf = append(p.buf, data[:used]...)
			p.br.Discard(used)
			if used > 0 {
				continue
			}
		}
		lineStart := len(p.buf)
		lineOff, lineNo := p.off, p.line
		n, rerr := p.readLine()
		if rerr != nil {
			p.err = rerr
		}
		if n == 0 {
			break
		}
		if kept := p.buf[lineStart:]; next(kept) {
			// This line starts the next game.
			p.carry = true
			p.carryOff, p.carryLine = lineOff, lineNo
			p.carryBuf = append(p.carryBuf[:0], kept...)
			p.buf = p.buf[:lineStart]
			return startOff, startLine, true, nil
		}
		p.lineOffs = append(p.lineOffs, lineOff)
	}
	return startOff, startLine, false, p.err
}

// readLine appends one raw line (with its newline) to p.buf, keeping at
// most pgnMaxGame bytes per game, and returns its full length.
func (p *PGNReader) readLine() (int, error) {
	total := 0
	for {
		chunk, err := p.br.ReadSlice('\n')
		total += len(chunk)
		if len(p.buf)+len(chunk) <= pgnMaxGame {
			p.buf = append(p.buf, chunk...)
		} else {
			p.overflow = true
		}
		p.off += int64(len(chunk))
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
			p.line++
		}
		return total, err
	}
}

// Line kinds seen by the game splitter.
const (
	pgnLineBlank  = iota // blank or comment-only (%, ;) line
	pgnLineHeader        // tag line or WXF keyword line: may start a game
	pgnLineBroken        // a malformed tag line: part of a tag section
	pgnLineMoves         // anything else
)

// pgnKeywords are the header keywords of the WXF keyword dialect.
var pgnKeywords = []string{"FORMAT", "RED", "BLACK", "RESULT", "DATE", "EVENT", "FEN"}

// pgnLineKind classifies a raw line. It looks at ASCII bytes only, which is
// safe in GBK and Big5 at the start of a line.
func pgnLineKind[T string | []byte](b T) int {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n' || b[i] == '\f' || b[i] == '\v') {
		i++
	}
	// Skip a UTF-8 BOM or ideographic spaces? Only ASCII matters here.
	if i == len(b) {
		return pgnLineBlank
	}
	rest := b[i:]
	if len(rest) > 512 {
		// Only the start matters, and the end for pgnLooksBroken.
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
		rest = rest[:512]
	}
	switch c := rest[0]; {
	case c == '[':
		j := 1
		for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
			j++
		}
		if j < len(rest) && pgnIsLetter(rest[j]) {
			return pgnLineHeader
		}
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
		return pgnLineMoves
	case c == '%' && i == 0:
		return pgnLineBlank
	case c >= 'A' && c <= 'Z':
		for _, k := range pgnKeywords {
			if len(rest) > len(k) && string(rest[:len(k)]) == k && (rest[len(k)] == ' ' || rest[len(k)] == '\t') {
				return pgnLineHeader
			}
		}
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
	case pgnIsLetter(c):
		if pgnLooksBroken(rest) {
			return pgnLineBroken
		}
	}
	return pgnLineMoves
}

// pgnLooksBroken reports whether a line looks like a tag pair that lost a
// bracket: `Name "value"]` or `[ "value"]`.
func pgnLooksBroken[T string | []byte](b T) bool {
	e := len(b)
	for e > 0 && (b[e-1] == ' ' || b[e-1] == '\t' || b[e-1] == '\r' || b[e-1] == '\n') {
		e--
	}
	if e < 3 || b[e-1] != ']' {
		return false
	}
	q := -1
	for i := 0; i < e; i++ {
		if b[i] == '"' || b[i] == '\'' {
			q = i
			break
		}
	}
	if q < 0 {
		return false
	}
	// Only a word of letters (and brackets, blanks) before the quote.
	for i := 0; i < q; i++ {
		c := b[i]
		if !pgnIsLetter(c) && !(c >= '0' && c <= '9') && c != '[' && c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// pgnOpenTag reports whether a tag line ends inside a quoted value (some
// converters write a length byte such as '\n' into the value).
func pgnOpenTag[T string | []byte](b T) bool {
	e := len(b)
	for e > 0 && (b[e-1] == ' ' || b[e-1] == '\t' || b[e-1] == '\r' || b[e-1] == '\n') {
		e--
	}
	if e > 0 && b[e-1] == ']' {
		return false
	}
	for i := 0; i < e; i++ {
		if b[i] == '"' {
			return true
		}
	}
	return false
}

// pgnClosesTag reports whether a line ends a tag value left open by the
// previous line: it ends with `"]`.
func pgnClosesTag[T string | []byte](b T) bool {
	e := len(b)
	for e > 0 && (b[e-1] == ' ' || b[e-1] == '\t' || b[e-1] == '\r' || b[e-1] == '\n') {
		e--
	}
	return e >= 2 && b[e-1] == ']' && (b[e-2] == '"' || b[e-2] == '\'')
}

func pgnIsLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' }

// parseGame decodes and parses p.buf. It returns nil when the bytes hold
// nothing that looks like a game (blank lines, junk before the first tag
// section).
func (p *PGNReader) parseGame(startOff int64, startLine int, complete bool) *Record {
	rec := pgnParse(p.dec, &p.scratch, p.name, p.index, p.buf, p.lineOffs, startOff, startLine, complete, p.overflow)
	if rec != nil {
		p.index++
	}
	return rec
}

// pgnParse decodes and parses the raw text of one game (game index of the
// file name), with the reusable buffers of sc. It returns a nil Record when
// buf holds no game.
func pgnParse(dec *TextDecoder, sc *pgnScratch, name string, index int, buf []byte, lineOffs []int64, startOff int64, startLine int, complete, overflow bool) *Record {
	s, enc, replaced := dec.Decode(buf)
	g := pgnGame{
		rec: &Record{
			Source:   name,
			Index:    index,
			Format:   FormatPGN,
			Encoding: enc,
			Replaced: replaced,
			Root:     Node{},
		},
		s:        s,
		name:     name,
		lineOffs: lineOffs,
		first:    startLine,
		legacy:   textDoubleByte(enc),
		toks:     sc.toks[:0],
		tags:     sc.tags[:0],
		atEOF:    !complete,
	}
	g.rec.Pos = Pos{Offset: startOff, Line: startLine, Column: 1}
	g.parse()
	if overflow {
		g.problem(g.rec.Pos, "", fmt.Errorf("%w: game longer than %d bytes, rest skipped", ErrSyntax, pgnMaxGame))
	}
	// Drop the references to this game's text before the tag buffer is
	// reused (or pooled); tokens hold no pointers.
	clear(g.tags)
	sc.toks, sc.tags = g.toks[:0], g.tags[:0]
	if !g.isGame() {
		return nil
	}
	return g.rec
}

// pgnTok is one token of move text. Its text is held as byte offsets into
// the game's text, so that a token holds no pointers: the token buffer is
// then neither scanned by the GC nor written with write barriers. Fields
// are 32-bit where the game's bounds allow (its text is at most a few
// times pgnMaxGame bytes, its lines fewer still), which keeps a token to
// 40 bytes: the buffer is written once and read twice per game.
type pgnTok struct {
	kind   uint8
	class  uint8 // notation classes the move may belong to (pgnClass*)
	rank0  bool  // a coordinate move uses rank 0
	rank10 bool  // a coordinate move uses rank 10
	number int32 // move number written right before a move (at most 1e7)
	// The text is s[start:mid] and the annotation suffix of a move
	// s[mid:end].
	start, mid, end int32
	line            int32 // line relative to the game's first line
	col             int32
	off             int64
}

// text returns the text of t (of a move: without its suffix).
func (g *pgnGame) text(t *pgnTok) string { return g.s[t.start:t.mid] }

// suffix returns the annotation suffix of a move token.
func (g *pgnGame) suffix(t *pgnTok) string { return g.s[t.mid:t.end] }

// pos returns where t starts.
func (g *pgnGame) tokPos(t *pgnTok) Pos {
	return Pos{Offset: t.off, Line: g.first + int(t.line), Column: int(t.col)}
}

// addSpan adds a token of kind for s[i:j] at pos and returns it. The
// token is written in place: building it on the stack and copying it
// would read back, sixteen bytes at a time, fields just stored one at a
// time, which stalls the CPU (store forwarding fails).
func (g *pgnGame) addSpan(kind uint8, i, j int, pos Pos) *pgnTok {
	g.toks = append(g.toks, pgnTok{})
	t := &g.toks[len(g.toks)-1]
	t.kind = kind
	t.start, t.mid, t.end = int32(i), int32(j), int32(j)
	t.line, t.col, t.off = int32(pos.Line-g.first), int32(pos.Column), pos.Offset
	return t
}

// addTrimmed adds a token of kind for s[i:j] without leading and
// trailing white space (as strings.TrimSpace).
func (g *pgnGame) addTrimmed(kind uint8, i, j int, pos Pos) {
	x := g.s[i:j]
	y := strings.TrimLeftFunc(x, unicode.IsSpace)
	i += len(x) - len(y)
	g.addSpan(kind, i, i+len(strings.TrimRightFunc(y, unicode.IsSpace)), pos)
}

// Token kinds.
const (
	pgnTokMove = iota
	pgnTokComment
	pgnTokOpen
	pgnTokClose
	pgnTokNAG
	pgnTokJunk
)

// Notation classes of a move token (bit set).
const (
	pgnClassChinese = 1 << iota
	pgnClassWXF
	pgnClassCoord
	pgnClassSAN
)

// pgnGame is the parse state of one game.
type pgnGame struct {
	rec      *Record
	s        string
	name     string
	lineOffs []int64
	first    int // line number of s's first line
	legacy   bool
	atEOF    bool

	toks []pgnTok
	// Counted as move tokens are added, for finish: moves per notation
	// class (bit b of pgnTok.class), and whether any uses rank 0 or 10.
	classCount    [4]int
	rank0, rank10 bool
	tags          Tags // collected in a reused buffer, copied to rec.Tags by finish
	hadMoves      bool
	resultTok     string
	nProblems     int
	wxfKeyword    bool
}

// full reports whether no more problems are recorded (callers skip
// building the error).
func (g *pgnGame) full() bool {
	if g.nProblems > pgnMaxProblems {
		g.nProblems++
		return true
	}
	return false
}

func (g *pgnGame) problem(pos Pos, tok string, err error) {
	g.nProblems++
	if g.nProblems > pgnMaxProblems {
		if g.nProblems == pgnMaxProblems+1 {
			g.rec.Problems = append(g.rec.Problems, &Error{File: g.name, Game: g.rec.Index, Pos: pos,
				Err: fmt.Errorf("%w: too many problems, the rest are not reported", ErrSyntax)})
		}
		return
	}
	if len(tok) > 40 {
		tok = tok[:40]
		for len(tok) > 0 && !utf8.ValidString(tok) {
			tok = tok[:len(tok)-1]
		}
	}
	g.rec.Problems = append(g.rec.Problems, &Error{File: g.name, Game: g.rec.Index, Pos: pos, Token: tok, Err: err})
}

// isGame reports whether anything of a game was found.
func (g *pgnGame) isGame() bool {
	return len(g.rec.Tags) > 0 || len(g.rec.Root.Children) > 0 || g.resultTok != "" || g.rec.Root.Comment != "" || g.hadMoves
}

// lineOff returns the raw offset of line n.
func (g *pgnGame) lineOff(n int) int64 {
	k := n - g.first
	if k >= 0 && k < len(g.lineOffs) {
		return g.lineOffs[k]
	}
	if len(g.lineOffs) > 0 {
		return g.lineOffs[len(g.lineOffs)-1]
	}
	return 0
}

// pgnCursor is the move-text scanner's place: byte index i into the
// game's text and the position of that byte. It is a small value that the
// tokenizer keeps in locals (registers) rather than in pgnGame, whose
// fields would be loaded and stored at every byte.
type pgnCursor struct {
	i    int
	line int
	col  int
	off  int64
}

func (c pgnCursor) pos() Pos { return Pos{Offset: c.off, Line: c.line, Column: c.col} }

// newline moves c over the newline at c.i.
func (g *pgnGame) newline(c pgnCursor) pgnCursor {
	c.i++
	c.line++
	c.col = 1
	c.off = g.lineOff(c.line)
	return c
}

// skip moves c over a rune of n bytes (not a newline) at c.i.
func (g *pgnGame) skip(c pgnCursor, n int) pgnCursor {
	c.i += n
	c.col++
	switch {
	case n == 1:
		c.off++
	case g.legacy:
		// A non-ASCII character of GBK or Big5 takes two raw bytes.
		c.off += 2
	default:
		c.off += int64(n)
	}
	return c
}

// parse reads the tag section and the move text.
func (g *pgnGame) parse() {
	// Header: line by line.
	i, line := 0, g.first
	var movesAt, movesLine int
	lastTagLine := ""
	for i < len(g.s) {
		end := strings.IndexByte(g.s[i:], '\n')
		next := len(g.s)
		if end >= 0 {
			next = i + end + 1
		} else {
			end = len(g.s) - i
		}
		l := g.s[i : i+end]
		k := pgnLineKindString(l)
		if k != pgnLineBlank && (g.wxfKeyword || len(g.tags) == 0) && pgnIsKeywordLine(l) {
			if g.keywordLine(l, line) {
				movesAt, movesLine = i+strings.Index(l, "START{")+len("START{"), line
				goto body
			}
			i = next
			line++
			continue
		}
		switch k {
		case pgnLineBlank:
		case pgnLineHeader, pgnLineBroken:
			if pgnOpenTag(l) && next < len(g.s) {
				// The value goes on on the next line.
				e2 := strings.IndexByte(g.s[next:], '\n')
				if e2 < 0 {
					e2 = len(g.s) - next
				}
				if l2 := g.s[next : next+e2]; pgnLineKindString(l2) == pgnLineMoves && pgnClosesTag(l2) {
					l = g.s[i : next+e2]
					g.tagLine(l, line)
					lastTagLine = l
					i = next + e2
					if i < len(g.s) {
						i++
					}
					line += 2
					continue
				}
			}
			g.tagLine(l, line)
			lastTagLine = l
		default:
			movesAt, movesLine = i, line
			goto body
		}
		i = next
		line++
	}
	if g.atEOF && lastTagLine != "" && !strings.Contains(lastTagLine, "]") {
		g.problem(Pos{Offset: g.lineOff(line - 1), Line: line - 1, Column: 1}, lastTagLine,
			fmt.Errorf("%w: input ends inside the tag section", ErrTruncated))
	}
	g.finish()
	return
body:
	if movesAt < len(g.s) {
		ls := strings.LastIndexByte(g.s[:movesAt], '\n') + 1
		c := pgnCursor{i: ls, line: movesLine, col: 1, off: g.lineOff(movesLine)}
		g.moveText(g.advance(c, movesAt))
	}
	g.finish()
}

// pgnLineKindString is pgnLineKind on a decoded line, where ideographic
// spaces and a byte-order mark also count as blanks.
func pgnLineKindString(l string) int {
	for {
		switch {
		case l == "":
			return pgnLineBlank
		case l[0] == ' ' || l[0] == '\t' || l[0] == '\r' || l[0] == '\f' || l[0] == '\v':
			l = l[1:]
		case strings.HasPrefix(l, "\u3000") || strings.HasPrefix(l, "\ufeff"):
			l = l[3:]
		default:
			return pgnLineKind(l)
		}
	}
}

func pgnIsKeywordLine(l string) bool {
	t := strings.TrimLeft(l, " \t")
	for _, k := range pgnKeywords {
		if strings.HasPrefix(t, k) && len(t) > len(k) && (t[len(k)] == ' ' || t[len(k)] == '\t') {
			return true
		}
	}
	return strings.HasPrefix(t, "START{")
}

// tagLine parses the tag pairs of one header line.
func (g *pgnGame) tagLine(l string, line int) {
	lineOff := g.lineOff(line)
	col := func(i int) Pos {
		return Pos{Offset: lineOff + int64(i), Line: line, Column: 1 + utf8.RuneCountInString(l[:i])}
	}
	i := 0
	for {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r') {
			i++
		}
		if i >= len(l) {
			return
		}
		if l[i] != '[' {
			// A tag that lost its opening bracket, or junk after tags.
			j := i
			for j < len(l) && (pgnIsLetter(l[j]) || l[j] >= '0' && l[j] <= '9') {
				j++
			}
			if j > i && j < len(l) && (l[j] == ' ' || l[j] == '\t') {
				g.problem(col(i), strings.TrimSpace(l[i:]), fmt.Errorf("%w: tag without '['", ErrSyntax))
				i = g.tagBody(l, i, col)
				continue
			}
			g.problem(col(i), strings.TrimSpace(l[i:]), fmt.Errorf("%w: junk in tag section", ErrSyntax))
			return
		}
		i = g.tagBody(l, i+1, col)
	}
}

// tagBody parses `Name "value"]` starting at l[i] and returns the index
// after it.
func (g *pgnGame) tagBody(l string, i int, col func(int) Pos) int {
	start := i - 1
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	ns := i
	for i < len(l) && (pgnIsLetter(l[i]) || l[i] >= '0' && l[i] <= '9' || l[i] == '-') {
		i++
	}
	name := l[ns:i]
	if name == "" {
		g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):]), fmt.Errorf("%w: tag without a name", ErrSyntax))
		return len(l)
	}
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	var value string
	if i < len(l) && (l[i] == '"' || l[i] == '\'') {
		q := l[i]
		vs := i + 1
		// The value ends at the last quote before the ']' that ends the
		// tag: the first quote followed by ']' and then the end of the
		// line or another tag.
		end := -1
		for j := vs; j < len(l); j++ {
			if l[j] != q {
				continue
			}
			k := j + 1
			for k < len(l) && (l[k] == ' ' || l[k] == '\t') {
				k++
			}
			if k < len(l) && l[k] == ']' {
				r := strings.TrimLeft(l[k+1:], " \t\r\n")
				if r == "" || r[0] == '[' {
					end = j
					value = l[vs:j]
					i = k + 1
					break
				}
			}
		}
		if end < 0 {
			// No closing ']': take up to the last quote, or the line.
			if lq := strings.LastIndexByte(l[vs:], q); lq >= 0 {
				value = l[vs : vs+lq]
			} else {
				value = strings.TrimRight(l[vs:], " \t\r]")
			}
			g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):]), fmt.Errorf("%w: unterminated tag", ErrSyntax))
			i = len(l)
		}
	} else {
		// Unquoted value up to ']'.
		e := strings.IndexByte(l[i:], ']')
		if e < 0 {
			value = strings.TrimSpace(l[i:])
			i = len(l)
			g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):]), fmt.Errorf("%w: unterminated tag", ErrSyntax))
		} else {
			value = strings.TrimSpace(l[i : i+e])
			i += e + 1
			g.problem(col(max(start, 0)), strings.TrimSpace(l[max(start, 0):i]), fmt.Errorf("%w: tag value not quoted", ErrSyntax))
		}
	}
	g.addTag(name, value)
	return i
}

func (g *pgnGame) addTag(name, value string) {
	g.tags = append(g.tags, Tag{Name: name, Value: value})
	switch {
	case strings.EqualFold(name, "FEN"):
		g.rec.FEN = strings.TrimSpace(value)
	case strings.EqualFold(name, "Result"):
		if g.resultTok == "" {
			g.rec.Result = NormalizeResult(value)
		}
	}
}

// keywordLine handles one line of the WXF keyword dialect. It reports
// whether the line opens the move text (START{).
func (g *pgnGame) keywordLine(l string, line int) bool {
	g.wxfKeyword = true
	t := strings.TrimSpace(l)
	if strings.HasPrefix(t, "START{") {
		return true
	}
	k := t
	v := ""
	if sp := strings.IndexAny(t, " \t"); sp >= 0 {
		k, v = t[:sp], strings.TrimSpace(t[sp+1:])
	}
	field := func(v string) (string, string) {
		parts := strings.Split(v, ";")
		first := strings.TrimSpace(parts[0])
		second := ""
		if len(parts) > 1 {
			second = strings.TrimSpace(parts[1])
		}
		return first, second
	}
	switch k {
	case "FORMAT":
		g.addTag("Format", v)
	case "RED":
		name, _ := field(v)
		g.addTag("Red", name)
	case "BLACK":
		name, _ := field(v)
		g.addTag("Black", name)
	case "RESULT":
		g.addTag("Result", v)
	case "DATE":
		g.addTag("Date", v)
	case "EVENT":
		ev, tc := field(v)
		g.addTag("Event", ev)
		if tc != "" {
			g.addTag("TimeControl", tc)
		}
	case "FEN":
		g.addTag("FEN", v)
	default:
		g.problem(Pos{Offset: g.lineOff(line), Line: line, Column: 1}, t, fmt.Errorf("%w: unknown keyword line", ErrSyntax))
	}
	return false
}

// moveText tokenizes the move text from c: one pass over the bytes, with
// the scanner's place in locals. ASCII bytes are never decoded. The
// common words (a move number, a coordinate or Chinese move followed by a
// blank) are recognised by their shape; any other word is scanned once,
// noting on the way what the word handler needs to know about it (is it
// ASCII, does it hold a colon).
func (g *pgnGame) moveText(c pgnCursor) {
	s := g.s
	depth, pendingNum := 0, 0
	for c.i < len(s) {
		if len(g.toks) >= pgnMaxTokens {
			g.problem(c.pos(), "", fmt.Errorf("%w: more than %d tokens, rest skipped", ErrSyntax, pgnMaxTokens))
			return
		}
		b := s[c.i]
		if b == ' ' {
			// By far the most common byte between tokens.
			c.i++
			c.col++
			c.off++
			continue
		}
		// Blanks, brackets, non-ASCII runes and '%' need a closer look;
		// any other byte starts a word.
		if k := pgnWordByte[b]; k == pgnWordStop || k == pgnWordHigh || b == '%' {
			switch b {
			case '\t', '\r', '\f', '\v', 0:
				c.i++
				c.col++
				c.off++
				continue
			case '\n':
				c = g.newline(c)
				continue
			case '{':
				pos := c.pos()
				c = g.skip(c, 1)
				start := c.i
				end := strings.IndexByte(s[start:], '}')
				if end < 0 {
					g.addTrimmed(pgnTokComment, start, len(s), pos)
					g.problem(pos, "{", fmt.Errorf("%w: unterminated comment", ErrTruncated))
					return
				}
				c = g.skip(g.advance(c, start+end), 1) // the comment and '}'
				g.addTrimmed(pgnTokComment, start, start+end, pos)
				continue
			case ';':
				pos := c.pos()
				c = g.skip(c, 1)
				start := c.i
				end := strings.IndexByte(s[start:], '\n')
				if end < 0 {
					end = len(s) - start
				}
				c = g.advanceLine(c, start+end)
				g.addTrimmed(pgnTokComment, start, start+end, pos)
				continue
			case '%':
				if c.col == 1 {
					end := strings.IndexByte(s[c.i:], '\n')
					if end < 0 {
						end = len(s) - c.i
					}
					c = g.advanceLine(c, c.i+end)
					continue
				}
			case '(':
				g.addSpan(pgnTokOpen, 0, 0, c.pos())
				c = g.skip(c, 1)
				depth++
				pendingNum = 0
				continue
			case ')':
				g.addSpan(pgnTokClose, 0, 0, c.pos())
				c = g.skip(c, 1)
				if depth > 0 {
					depth--
				}
				pendingNum = 0
				continue
			case '}':
				if g.wxfKeyword {
					return // }END: end of the move text
				}
				// A lone '}': junk.
				g.addSpan(pgnTokJunk, c.i, c.i+1, c.pos())
				c = g.skip(c, 1)
				continue
			case '$':
				pos := c.pos()
				start := c.i
				c = g.skip(c, 1)
				for c.i < len(s) && s[c.i] >= '0' && s[c.i] <= '9' {
					c = g.skip(c, 1)
				}
				g.addSpan(pgnTokNAG, start, c.i, pos) // "$" and the digits
				continue
			}
			if b >= utf8.RuneSelf {
				switch r, n := pgnDecodeRune(s[c.i:]); r {
				case '\u3000', '\ufeff':
					c = g.skip(c, n)
					continue
				case '（':
					pos := c.pos()
					c = g.skip(c, n)
					start := c.i
					// A full-width parenthesis is a comment when it closes soon.
					end := strings.Index(s[start:min(len(s), start+4096)], "）")
					if end < 0 {
						g.addSpan(pgnTokJunk, start-n, start, pos)
						continue
					}
					c = g.advance(c, start+end)
					_, n = pgnDecodeRune(s[c.i:])
					c = g.skip(c, n)
					g.addTrimmed(pgnTokComment, start, start+end, pos)
					continue
				}
			}
		}
		// A word: up to a blank, a bracket, ';', '$', U+3000 or '（'. A
		// word holds no newline, so only the columns of its non-ASCII
		// runes need counting.
		pos := c.pos()
		start := c.i
		// The shapes of most words are recognised before any scan; each
		// gives what the scan and the fast paths below would.
		switch b := s[start]; {
		case b >= '0' && b <= '9':
			// "12.": a move number alone.
			if k, n := pgnNumberAt(s, start); k > start {
				c.i = k
				c.col += k - start
				c.off += int64(k - start)
				pendingNum = n
				continue
			}
		case b >= 'A' && start+4 <= len(s) && pgnWordEnds(s, start+4) && pgnCoord4(s[start:start+4]):
			w := s[start : start+4]
			c.i += 4
			c.col += 4
			c.off += 4
			g.addQuickMove(start, c.i, pos, pgnClassCoord, w[1] == '0' || w[3] == '0', pendingNum)
			pendingNum = 0
			continue
		case b >= 0xE0 && start+12 <= len(s) && pgnWordEnds(s, start+12) && pgnChineseAt(s, start):
			c.i += 12
			c.col += 4
			if g.legacy {
				c.off += 8
			} else {
				c.off += 12
			}
			g.addQuickMove(start, c.i, pos, pgnClassChinese, false, pendingNum)
			pendingNum = 0
			continue
		}
		j, runes, runeBytes, colon, chinese := pgnScanWord(s, start)
		ascii := j - start - runeBytes
		c.i = j
		c.col += ascii + runes
		if g.legacy {
			c.off += int64(ascii + 2*runes)
		} else {
			c.off += int64(j - start)
		}
		// Fast paths for the words that make up most move text. Each
		// gives what word would: none of these shapes can be a result,
		// a side prefix, a placeholder or noise.
		switch w := s[start:j]; {
		case colon:
		case runes == 0 && len(w) == 4 && pgnCoord4(w):
			// "h2e2": coordinates only (a file letter is never the
			// third character of a WXF move).
			g.addQuickMove(start, j, pos, pgnClassCoord, w[1] == '0' || w[3] == '0', pendingNum)
			pendingNum = 0
			continue
		case runes == 0 && w[0] >= '0' && w[0] <= '9':
			// "12.": a move number alone.
			if n, ok := pgnNumberDots(w); ok {
				pendingNum = n
				continue
			}
		case runes == 4 && len(w) == 12 && pgnChinese4(chinese):
			// "炮二平五": no digit run followed by a dot, no suffix.
			g.addQuickMove(start, j, pos, pgnClassChinese, false, pendingNum)
			pendingNum = 0
			continue
		}
		var end bool
		if pendingNum, end = g.word(start, j, pos, depth, pendingNum, colon, runes == 0); end {
			return // result token: the game ends here
		}
	}
}

// pgnCoord4 reports whether w is a four-character coordinate move
// ("h2e2", "H2E2") between two different squares, as pgnClassify would.
func pgnCoord4(w string) bool {
	f1, f2 := w[0]|0x20, w[2]|0x20
	return f1 >= 'a' && f1 <= 'i' && f2 >= 'a' && f2 <= 'i' &&
		w[1] >= '0' && w[1] <= '9' && w[3] >= '0' && w[3] <= '9' &&
		(f1 != f2 || w[1] != w[3])
}

// pgnWordEnds reports whether a word that reaches s[k] ends there: at the
// end of s or at an ASCII byte that ends words.
func pgnWordEnds(s string, k int) bool { return k == len(s) || pgnWordByte[s[k]] == pgnWordStop }

// pgnChineseAt reports whether s[i:i+12] is four three-byte characters
// of Chinese notation with a direction third, as pgnScanWord and
// pgnChinese4 would find.
func pgnChineseAt(s string, i int) bool {
	w := s[i : i+12]
	var cls uint32
	for k := 0; k < 12; k += 3 {
		if w[k]&0xF0 != 0xE0 || w[k+1]&0xC0 != 0x80 || w[k+2]&0xC0 != 0x80 {
			return false
		}
		r := rune(w[k]&0x0F)<<12 | rune(w[k+1]&0x3F)<<6 | rune(w[k+2]&0x3F)
		if r < 0x800 { // overlong: not a three-byte rune
			return false
		}
		cls |= uint32(pgnChineseRunes[r]) << (8 * (k / 3))
	}
	return pgnChinese4(cls)
}

// pgnNumberAt reads a word of ASCII digits and dots only ("12.", "3...")
// at s[i:] and returns its end and the number, as pgnNumberDots would;
// the end is i if there is no such word.
func pgnNumberAt(s string, i int) (int, int) {
	n, k := 0, i
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		n = min(n*10+int(s[k]-'0'), 1e7)
		k++
	}
	if k == i || k == len(s) || s[k] != '.' {
		return i, 0
	}
	for k < len(s) && s[k] == '.' {
		k++
	}
	if !pgnWordEnds(s, k) {
		return i, 0
	}
	return k, n
}

// pgnNumberDots reads a word of ASCII digits and dots only ("12.",
// "3..."), the number as pgnMoveNumber reads it.
func pgnNumberDots(w string) (int, bool) {
	n, i := 0, 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		n = min(n*10+int(w[i]-'0'), 1e7)
		i++
	}
	if i == len(w) {
		return 0, false
	}
	for ; i < len(w); i++ {
		if w[i] != '.' {
			return 0, false
		}
	}
	return n, true
}

// pgnChinese4 reports whether four non-ASCII runes whose Chinese classes
// are the bytes of cls (first rune lowest) are notation characters with
// a direction third, as pgnClassify would find. A rune of any class is
// three bytes long in UTF-8.
func pgnChinese4(cls uint32) bool {
	return cls&0xFF != 0 && cls&0xFF00 != 0 && cls&0xFF0000 != 0 && cls&0xFF000000 != 0 &&
		(cls>>16)&pgnChineseDir != 0
}

// pgnScanWord scans the word that starts at s[i] and returns its end,
// the number of its non-ASCII runes and their bytes, whether it holds a
// colon (a side prefix such as "红方:" may end there), and the Chinese
// notation classes of its first four non-ASCII runes, one per byte (the
// runes are decoded here anyway). A word ends at a blank, a bracket, ';',
// '$', U+3000 or '（'. It is a function of its own so that its loop keeps
// everything in registers.
func pgnScanWord(s string, i int) (j, runes, runeBytes int, colon bool, chinese uint32) {
	j = i
	for j < len(s) {
		// Most bytes of a word are plain ASCII.
		for j < len(s) && pgnWordByte[s[j]] == pgnWordPlain {
			j++
		}
		if j == len(s) {
			break
		}
		switch pgnWordByte[s[j]] {
		case pgnWordStop:
			return
		case pgnWordColon:
			colon = true
			j++
		default: // non-ASCII
			// pgnDecodeRune, inlined by hand: most of these runes are
			// CJK characters, three bytes long.
			var r rune
			n := 3
			if j+2 < len(s) && s[j]&0xF0 == 0xE0 && s[j+1]&0xC0 == 0x80 && s[j+2]&0xC0 == 0x80 {
				r = rune(s[j]&0x0F)<<12 | rune(s[j+1]&0x3F)<<6 | rune(s[j+2]&0x3F)
			}
			if r < 0x800 || r >= 0xD800 && r <= 0xDFFF { // not three bytes, overlong or a surrogate
				r, n = utf8.DecodeRuneInString(s[j:])
			}
			switch r {
			case '\u3000', '（':
				return
			case '：':
				colon = true
			}
			if runes < 4 {
				chinese |= uint32(pgnChineseClass(r)) << (8 * runes)
			}
			j += n
			runes++
			runeBytes += n
		}
	}
	return
}

// Kinds of bytes in a word of move text (pgnWordByte).
const (
	pgnWordPlain = iota
	pgnWordStop  // ends the word
	pgnWordColon // ':' (a side prefix such as "红方:" may end there)
	pgnWordHigh  // starts a non-ASCII rune
)

// pgnWordByte classifies the bytes of a word. '$' ends a word only after
// its first byte, but a word never starts with '$' (that is a NAG).
var pgnWordByte = func() (t [256]uint8) {
	for _, c := range []byte(" \t\r\n\f\v\x00{}();$") {
		t[c] = pgnWordStop
	}
	t[':'] = pgnWordColon
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = pgnWordHigh
	}
	return t
}()

// advance moves c to byte index j: line by line, and within a line
// without decoding ASCII bytes.
func (g *pgnGame) advance(c pgnCursor, j int) pgnCursor {
	for c.i < j {
		k := strings.IndexByte(g.s[c.i:j], '\n')
		if k < 0 {
			return g.advanceLine(c, j)
		}
		c = g.newline(g.advanceLine(c, c.i+k))
	}
	return c
}

// advanceLine moves c to byte index j over text that holds no newline.
func (g *pgnGame) advanceLine(c pgnCursor, j int) pgnCursor {
	s := g.s
	i, col, off := c.i, c.col, c.off
	for i < j {
		if s[i] < utf8.RuneSelf {
			i++
			col++
			off++
			continue
		}
		_, n := pgnDecodeRune(s[i:])
		i += n
		col++
		if g.legacy {
			off += 2
		} else {
			off += int64(n)
		}
	}
	c.i, c.col, c.off = i, col, off
	return c
}

// word handles the word s[start:end] of move text, at pos, and returns
// the pending move number (written before the next move). end reports
// that the word is the game's result. colon and ascii are what the
// scanner saw of the word.
func (g *pgnGame) word(start, end int, pos Pos, depth, pendingNum int, colon, ascii bool) (int, bool) {
	w := g.s[start:end]
	if res := pgnResultToken(w); res != "" {
		if depth == 0 {
			g.resultTok = res
			g.rec.Result = res
			return pendingNum, true
		}
		return pendingNum, false
	}
	// "红方：炮二平五": drop a side prefix.
	if colon {
		k := pgnIndexColon(w)
		adv := k + 1
		if w[k] != ':' {
			adv = k + len("：")
		}
		pos = pgnAdvancePos(pos, w[:adv], g.legacy)
		w = w[adv:]
		if w == "" {
			return pendingNum, false
		}
	}
	// Move number: digits followed by dots or a Chinese enumeration mark.
	if c := w[0]; c >= '0' && c <= '9' || c == 0xEF { // full-width digits start with 0xEF
		if n, rest, ok := pgnMoveNumber(w); ok {
			if rest != "" && pgnClassify(rest, ascii).class == 0 {
				if t := pgnClassify(w, ascii); t.class&pgnClassWXF != 0 {
					g.addMove(end-len(w), end, pos, t, 0)
					return 0, false
				}
			}
			pendingNum = n
			pos = pgnAdvancePos(pos, w[:len(w)-len(rest)], g.legacy)
			w = rest
			if w == "" || pgnIsPlaceholder(w) {
				return pendingNum, false
			}
		}
	}
	if pgnIsPlaceholder(w) || pgnIsNoise(w) {
		return pendingNum, false
	}
	t := pgnClassify(w, ascii)
	if t.class == 0 {
		g.addSpan(pgnTokJunk, end-len(w), end, pos)
		return pendingNum, false
	}
	g.addMove(end-len(w), end, pos, t, pendingNum)
	return 0, false
}

// addQuickMove is addMove for a move of the one class c (a constant, so
// that the call is inlined) with no suffix.
func (g *pgnGame) addQuickMove(start, end int, pos Pos, c uint8, rank0 bool, num int) {
	g.classCount[bits.TrailingZeros8(c)&3]++
	g.rank0 = g.rank0 || rank0
	g.hadMoves = true
	t := g.addSpan(pgnTokMove, start, end, pos)
	t.class, t.rank0, t.number = c, rank0, int32(num)
}

// addMove adds the move s[start:end] of classes tc.
func (g *pgnGame) addMove(start, end int, pos Pos, tc pgnClass, num int) {
	if tc.class&(tc.class-1) == 0 { // one class, the usual case
		g.classCount[bits.TrailingZeros8(tc.class)]++
	} else {
		for b := range g.classCount {
			if tc.class&(1<<b) != 0 {
				g.classCount[b]++
			}
		}
	}
	g.rank0 = g.rank0 || tc.rank0
	g.rank10 = g.rank10 || tc.rank10
	g.hadMoves = true
	t := g.addSpan(pgnTokMove, start, start+tc.cut, pos)
	t.end = int32(end)
	t.class, t.rank0, t.rank10 = tc.class, tc.rank0, tc.rank10
	t.number = int32(num)
}

// pgnIndexColon returns the index of the first ':' or '：' in w, or -1.
func pgnIndexColon(w string) int {
	for i := 0; i < len(w); i++ {
		switch {
		case w[i] == ':':
			return i
		case w[i] == 0xEF && i+2 < len(w) && w[i+1] == 0xBC && w[i+2] == 0x9A: // '：'
			return i
		}
	}
	return -1
}

// pgnAdvancePos moves pos over prefix (on one line).
func pgnAdvancePos(pos Pos, prefix string, legacy bool) Pos {
	for _, r := range prefix {
		pos.Column++
		switch {
		case r < utf8.RuneSelf:
			pos.Offset++
		case legacy:
			pos.Offset += 2
		default:
			pos.Offset += int64(utf8.RuneLen(r))
		}
	}
	return pos
}

// pgnMoveNumber splits "12." / "12..." / "1.炮二平五" / "１、" into the
// number and the rest.
func pgnMoveNumber(w string) (int, string, bool) {
	n, i := 0, 0
	digits := 0
	for i < len(w) {
		c := w[i]
		if c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			i++
		} else if i+3 <= len(w) && w[i] == 0xEF && w[i+1] == 0xBC && w[i+2] >= 0x90 && w[i+2] <= 0x99 {
			n = n*10 + int(w[i+2]-0x90)
			i += 3
		} else {
			break
		}
		digits++
		if n > 1e7 {
			n = 1e7
		}
	}
	if digits == 0 || i == len(w) {
		return 0, "", false
	}
	j := i
	for j < len(w) {
		if w[j] == '.' {
			j++
			continue
		}
		r, sz := utf8.DecodeRuneInString(w[j:])
		if r == '.' || r == '…' || r == '．' || r == '、' || r == '。' || r == '‥' {
			j += sz
			continue
		}
		break
	}
	if j == i {
		return 0, "", false
	}
	return n, w[j:], true
}

// pgnIsPlaceholder reports whether w stands for a missing move: dots,
// ellipses, full stops.
func pgnIsPlaceholder(w string) bool {
	if w == "" {
		return false
	}
	// Every placeholder rune starts with one of these bytes.
	if c := w[0]; c != '.' && c != 0xE2 && c != 0xE3 && c != 0xEF {
		return false
	}
	for _, r := range w {
		if r != '.' && r != '…' && r != '．' && r != '。' && r != '‥' && r != '—' {
			return false
		}
	}
	return true
}

// pgnIsNoise reports words that scraped text puts around moves and that
// are dropped silently: 第1回合, 第1步.
func pgnIsNoise(w string) bool {
	return strings.HasPrefix(w, "第") && (strings.HasSuffix(w, "回合") || strings.HasSuffix(w, "步"))
}

// pgnResultToken returns the normalised result of a result token, or "".
func pgnResultToken(w string) string {
	switch w {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2", "½-½", "1/2", "½":
		return "1/2-1/2"
	case "*":
		return "*"
	case "红胜", "红先胜", "黑负", "紅勝", "紅先勝", "黑負":
		return "1-0"
	case "黑胜", "红负", "红先负", "黑勝", "紅負", "紅先負":
		return "0-1"
	case "和棋", "红和", "红先和", "紅和", "紅先和":
		return "1/2-1/2"
	}
	return ""
}

// NormalizeResult maps a declared result to "1-0", "0-1", "1/2-1/2" or
// "*": PGN tokens, ½-½, the Chinese texts of vschess (红胜, 黑负, 和棋 …)
// and the W/L/D letters of some web pages (from Red's side). Anything else
// non-empty is "*"; an empty value stays "".
func NormalizeResult(v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	if r := pgnResultToken(v); r != "" {
		return r
	}
	switch v {
	case "和", "和局", "平局", "D", "d", "=":
		return "1/2-1/2"
	case "W", "w", "胜", "勝":
		return "1-0"
	case "L", "l", "负", "負":
		return "0-1"
	case "1 - 0", "1:0":
		return "1-0"
	case "0 - 1", "0:1":
		return "0-1"
	}
	return "*"
}

// pgnChineseRunes classifies the characters of Chinese notation (BMP
// runes, indexed directly: a table lookup is much cheaper than a map).
var pgnChineseRunes = func() *[0x10000]uint8 {
	const (
		piece = 1 << iota
		dir
		place
		digit
	)
	m := new([0x10000]uint8)
	add := func(s string, k uint8) {
		for _, r := range s {
			m[r] |= k
		}
	}
	add("帅帥将將仕士相象马馬傌碼车車俥硨砗炮砲包兵卒", piece)
	add("进進退平", dir)
	add("前中后後", place)
	add("一二三四五六七八九１２３４５６７８９123456789壹贰貳叁參肆伍陆陸柒捌玖", digit)
	return m
}()

// pgnDecodeRune is utf8.DecodeRuneInString with the three-byte sequences
// of CJK text decoded inline.
func pgnDecodeRune(w string) (rune, int) {
	if len(w) >= 3 && w[0]&0xF0 == 0xE0 && w[1]&0xC0 == 0x80 && w[2]&0xC0 == 0x80 {
		r := rune(w[0]&0x0F)<<12 | rune(w[1]&0x3F)<<6 | rune(w[2]&0x3F)
		if r >= 0x800 && (r < 0xD800 || r > 0xDFFF) { // not overlong, not a surrogate
			return r, 3
		}
	}
	return utf8.DecodeRuneInString(w)
}

// pgnChineseClass returns the class bits of r in Chinese notation.
func pgnChineseClass(r rune) uint8 {
	if r < 0 || r >= 0x10000 {
		return 0
	}
	return pgnChineseRunes[r]
}

const pgnChineseDir = 2

// pgnClass is what pgnClassify finds out about a word.
type pgnClass struct {
	class  uint8 // notation classes (pgnClass*), 0 if none
	rank0  bool  // a coordinate move uses rank 0
	rank10 bool  // a coordinate move uses rank 10
	cut    int   // where the annotation suffix starts
}

// pgnClassify finds the notation classes a word can belong to and where
// its annotation suffix starts. ascii tells that w holds no byte ≥ 0x80
// (then there is nothing to fold).
func pgnClassify(w string, ascii bool) pgnClass {
	var t pgnClass
	// Chinese: 4 or 5 notation characters with a direction in 3rd or 4th
	// place, then optional marks.
	if w[0] >= utf8.RuneSelf {
		n, i := 0, 0
		var cls [6]uint8
		for i < len(w) && n < 6 {
			r, sz := pgnDecodeRune(w[i:])
			k := pgnChineseClass(r)
			if k == 0 {
				break
			}
			cls[n] = k
			n++
			i += sz
		}
		if (n == 4 || n == 5) && pgnSuffixOnly(w[i:]) &&
			(cls[2]&pgnChineseDir != 0 || n == 5 && cls[3]&pgnChineseDir != 0) {
			t.class = pgnClassChinese
			t.cut = i
			return t
		}
	}
	// Fold full-width ASCII for the letter notations.
	a := w
	if !ascii {
		var ok bool
		if a, ok = pgnFoldASCII(w); !ok {
			return t
		}
	}
	if len(a) < 2 {
		return t
	}
	// Coordinates: a0b1, A0-B1, UCI ranks 1..10.
	if f1, r1, k := pgnSquare(a, 0); k > 0 {
		j := k
		if j < len(a) && a[j] == '-' {
			j++
		}
		if f2, r2, k2 := pgnSquare(a, j); k2 > 0 && pgnSuffixOnly(a[j+k2:]) && (f1 != f2 || r1 != r2) {
			t.class |= pgnClassCoord
			t.rank0 = r1 == 0 || r2 == 0
			t.rank10 = r1 == 10 || r2 == 10
			t.cut = pgnCut(w, a, j+k2)
		}
	}
	// WXF: four-character body, marks after it.
	if len(a) >= 4 && pgnWXFBody(a[:4]) && pgnSuffixOnly(a[4:]) {
		t.class |= pgnClassWXF
		if t.cut == 0 {
			t.cut = pgnCut(w, a, 4)
		}
	}
	// XBoard SAN.
	if t.class == 0 {
		if k := pgnSAN(a); k > 0 && pgnSuffixOnly(a[k:]) {
			t.class |= pgnClassSAN
			t.cut = pgnCut(w, a, k)
		}
	}
	// WXF typed without the direction sign (C25): letter, file, digit;
	// the notation package reads it where only one reading is legal.
	if t.class == 0 && len(a) >= 3 && pgnWXFPiece[a[0]] && a[1] >= '1' && a[1] <= '9' &&
		a[2] >= '1' && a[2] <= '9' && pgnSuffixOnly(a[3:]) {
		t.class |= pgnClassWXF
		t.cut = pgnCut(w, a, 3)
	}
	return t
}

// pgnCut returns the byte index in the original word w after the first k
// runes of its folded form a (folding maps rune to byte one to one).
func pgnCut(w, a string, k int) int {
	if len(w) == len(a) {
		return k
	}
	i := 0
	for n := 0; n < k && i < len(w); n++ {
		_, sz := utf8.DecodeRuneInString(w[i:])
		i += sz
	}
	return i
}

// pgnFoldASCII maps full-width ASCII (Ｃ２＝５) to ASCII; ok is false for
// any other non-ASCII rune.
func pgnFoldASCII(w string) (string, bool) {
	ascii := true
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return w, true
	}
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range w {
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case r >= 0xFF01 && r <= 0xFF5E:
			b.WriteByte(byte(r - 0xFF01 + 0x21))
		case r == '－' || r == '—':
			b.WriteByte('-')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// pgnSquare reads a square "a0".."i10" at a[i:]; it returns file, rank and
// the length read (0 if none).
func pgnSquare(a string, i int) (int, int, int) {
	if i+2 > len(a) {
		return 0, 0, 0
	}
	f := a[i] | 0x20
	if f < 'a' || f > 'i' || a[i+1] < '0' || a[i+1] > '9' {
		return 0, 0, 0
	}
	if a[i+1] == '1' && i+2 < len(a) && a[i+2] == '0' {
		return int(f - 'a'), 10, 3
	}
	return int(f - 'a'), int(a[i+1] - '0'), 2
}

// pgnWXFPiece marks the WXF piece letters.
var pgnWXFPiece = func() (t [256]bool) {
	for _, c := range []byte("KAEBHNRCPkaebhnrcp") {
		t[c] = true
	}
	return t
}()

// pgnWXFBody matches [KAEBHNRCPkaebhnrcp+-1-9][1-9+-.a-e][+-.=][1-9].
func pgnWXFBody(b string) bool {
	c0, c1, c2, c3 := b[0], b[1], b[2], b[3]
	if !(pgnWXFPiece[c0] || c0 == '+' || c0 == '-' || c0 >= '1' && c0 <= '9') {
		return false
	}
	if c0 == '+' || c0 == '-' || c0 >= '1' && c0 <= '9' {
		// Tandem pieces: +P+1, -C.5, 1P+1 (ordinal then piece).
		if !pgnWXFPiece[c1] && !(c1 >= '1' && c1 <= '9' || c1 == '+' || c1 == '-' || c1 == '.') {
			return false
		}
	} else if !(c1 >= '1' && c1 <= '9' || c1 == '+' || c1 == '-' || c1 == '.' || c1 >= 'a' && c1 <= 'e') {
		return false
	}
	if c2 != '+' && c2 != '-' && c2 != '.' && c2 != '=' {
		return false
	}
	return c3 >= '1' && c3 <= '9'
}

// pgnSAN matches XBoard SAN ([KAEBHNRCP]?[a-i]?(10|[0-9])?x?[a-i](10|[0-9]))
// and returns its length.
func pgnSAN(a string) int {
	i := 0
	if i < len(a) && strings.IndexByte("KAEBHNRCP", a[i]) >= 0 {
		i++
	}
	// Try the longest disambiguation first.
	for _, skipFile := range []bool{true, false} {
		for _, skipRank := range []bool{true, false} {
			j := i
			if skipFile {
				if j < len(a) && a[j] >= 'a' && a[j] <= 'i' {
					j++
				} else {
					continue
				}
			}
			if skipRank {
				if j < len(a) && a[j] >= '0' && a[j] <= '9' {
					if a[j] == '1' && j+1 < len(a) && a[j+1] == '0' {
						j++
					}
					j++
				} else {
					continue
				}
			}
			if j < len(a) && a[j] == 'x' {
				j++
			}
			if j < len(a) && a[j] >= 'a' && a[j] <= 'i' && j+1 < len(a) && a[j+1] >= '0' && a[j+1] <= '9' {
				k := j + 2
				if a[j+1] == '1' && k < len(a) && a[k] == '0' {
					k++
				}
				if pgnSuffixOnly(a[k:]) {
					return k
				}
			}
		}
	}
	return 0
}

// pgnSuffixOnly reports whether s is empty or only annotation marks.
func pgnSuffixOnly(s string) bool {
	for _, r := range s {
		switch r {
		case '!', '?', '+', '#', '！', '？', '＋':
		default:
			return false
		}
	}
	return true
}

// finish decides the notation and builds the move tree from the tokens.
func (g *pgnGame) finish() {
	rec := g.rec
	if len(g.tags) > 0 {
		// One allocation of the right size rather than a growing slice.
		rec.Tags = append(make(Tags, 0, len(g.tags)), g.tags...)
	}
	count, rank0, rank10 := g.classCount, g.rank0, g.rank10 // counted by addMove
	format := strings.ToLower(strings.TrimSpace(rec.Tags.Value("Format")))
	best, bestN := 0, 0
	for b := 0; b < 4; b++ {
		if count[b] > bestN {
			best, bestN = 1<<b, count[b]
		}
	}
	// The Format tag breaks ties when the tokens agree with it.
	switch {
	case (format == "wxf" || format == "axf") && count[1] == bestN && bestN > 0:
		best = pgnClassWXF
	case (format == "iccs" || format == "node" || format == "uci") && count[2] == bestN && bestN > 0:
		best = pgnClassCoord
	case strings.EqualFold(rec.Tags.Value("Variant"), "xiangqi") && count[3] == bestN && bestN > 0:
		best = pgnClassSAN
	}
	switch best {
	case pgnClassChinese:
		rec.Notation = NotationChinese
	case pgnClassWXF:
		rec.Notation = NotationWXF
	case pgnClassCoord:
		switch {
		case rank10 && !rank0:
			rec.Notation = NotationUCI
		case rank0:
			rec.Notation = NotationICCS
		case format == "uci":
			rec.Notation = NotationUCI
		default:
			rec.Notation = NotationICCS
		}
	case pgnClassSAN:
		rec.Notation = NotationSAN
	}
	nMoves := 0 // the moves of class best: a move's classes are a bit set
	for b := range count {
		if best == 1<<b {
			nMoves = count[b]
		}
	}
	g.build(best, nMoves)
}

// pgnFrame is a saved position in the tree while a variation is read.
type pgnFrame struct {
	cur, parent *Node
	lastNum     int
	pos         Pos
}

// build turns the tokens into the move tree with an explicit stack. nMoves
// is the number of moves of class: the nodes take one allocation of the
// right size.
func (g *pgnGame) build(class, nMoves int) {
	rec := g.rec
	alloc := newNodeAlloc(nMoves, nMoves)
	defer alloc.giveTo(rec)
	cur, parent := &rec.Root, (*Node)(nil)
	var stack []pgnFrame
	var detached *Node // holder for variations with nothing to attach to (allocated when needed)
	// Comments that follow one another are joined at once (a long run of
	// them must not cost quadratic time).
	var comments []string
	var commentNode *Node
	flush := func() {
		if commentNode == nil || len(comments) == 0 {
			comments = comments[:0]
			return
		}
		if commentNode.Comment != "" {
			comments = append([]string{commentNode.Comment}, comments...)
		}
		commentNode.Comment = strings.Join(comments, "\n")
		comments = comments[:0]
	}
	lastNum := 0
	for i := range g.toks {
		t := &g.toks[i]
		switch t.kind {
		case pgnTokMove:
			if int(t.class)&class == 0 {
				if !g.full() {
					g.problem(g.tokPos(t), g.s[t.start:t.end], fmt.Errorf("%w: move in another notation", ErrSyntax))
				}
				continue
			}
			// The node is zeroed: set only the fields that a move has
			// (cheaper than copying a whole Node while the GC runs).
			n := alloc.add(cur)
			n.Text, n.Number, n.Pos = g.text(t), int(t.number), g.tokPos(t)
			if t.mid < t.end {
				// Most moves have no suffix: leaving the field alone
				// saves a pointer write (and its write barrier).
				n.Suffix = g.suffix(t)
			}
			if num := int(t.number); len(stack) == 0 && num > 0 {
				if lastNum > 0 && num != lastNum && num != lastNum+1 {
					g.problem(n.Pos, fmt.Sprint(num), fmt.Errorf("%w: %d after %d", ErrMoveNumber, num, lastNum))
				}
				lastNum = num
			}
			parent, cur = cur, n
		case pgnTokComment:
			if t.start == t.mid {
				continue
			}
			if cur != commentNode {
				flush()
				commentNode = cur
			}
			comments = append(comments, g.text(t))
		case pgnTokNAG:
			if len(cur.Suffix) < 64 {
				cur.Suffix += g.text(t)
			}
		case pgnTokOpen:
			stack = append(stack, pgnFrame{cur: cur, parent: parent, lastNum: lastNum, pos: g.tokPos(t)})
			if parent == nil {
				if !g.full() {
					g.problem(g.tokPos(t), "(", fmt.Errorf("%w: variation before any move", ErrSyntax))
				}
				if detached == nil {
					detached = new(Node)
				}
				detached.Children = nil
				cur, parent = detached, nil
			} else {
				cur, parent = parent, nil
			}
		case pgnTokClose:
			if len(stack) == 0 {
				if !g.full() {
					g.problem(g.tokPos(t), ")", fmt.Errorf("%w: unmatched ')'", ErrSyntax))
				}
				continue
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cur, parent, lastNum = f.cur, f.parent, f.lastNum
		case pgnTokJunk:
			if !g.full() {
				g.problem(g.tokPos(t), g.text(t), fmt.Errorf("%w: unknown token", ErrSyntax))
			}
		}
	}
	flush()
	if len(stack) > 0 {
		g.problem(stack[len(stack)-1].pos, "(", fmt.Errorf("%w: %d unterminated variation(s)", ErrTruncated, len(stack)))
	}
}
