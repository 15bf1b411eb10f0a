package parse

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"slices"
	"sync"

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
	overflow  bool      // the game exceeded pgnMaxGame
	hint      string    // encoding of the other files of the directory (SetEncodingHint)
	tagRun    pgnTagRun // the tag section being collected

	bufs *pgnReaderBufs // where buf, carryBuf, lineOffs and tagRun.names go back at the end
}

// pgnReaderBufs holds the buffers that a PGNReader grows while it splits
// a file, from the end of one file's reader to the start of the next: most
// files hold one short game, and growing the buffers anew for each file
// cost several allocations per game.
type pgnReaderBufs struct {
	buf, carryBuf []byte
	lineOffs      []int64
	names         []uint64
}

// pgnReaderKeep bounds the buffers kept for the next reader (a file with
// one huge game must not pin its buffers).
const pgnReaderKeep = 1 << 20

var pgnReaderPool = sync.Pool{New: func() any { return new(pgnReaderBufs) }}

// takeBufs gives p the buffers of a reader that has finished.
func (p *PGNReader) takeBufs() {
	b := pgnReaderPool.Get().(*pgnReaderBufs)
	p.bufs = b
	p.buf, p.carryBuf, p.lineOffs, p.tagRun.names = b.buf[:0], b.carryBuf[:0], b.lineOffs[:0], b.names[:0]
}

// giveBufs hands p's buffers back once p has reached the end of its input
// (nothing read from them is kept: games are copied out of buf).
func (p *PGNReader) giveBufs() {
	b := p.bufs
	if b == nil {
		return
	}
	p.bufs = nil
	if cap(p.buf) > pgnReaderKeep || cap(p.lineOffs) > pgnReaderKeep/8 {
		return
	}
	b.buf, b.carryBuf, b.lineOffs, b.names = p.buf[:0], p.carryBuf[:0], p.lineOffs[:0], p.tagRun.names[:0]
	p.buf, p.carryBuf, p.lineOffs, p.tagRun.names = nil, nil, nil, nil
	pgnReaderPool.Put(b)
}

// NewPGNReader returns a reader of the PGN games in r. name is used in
// Record.Source and in errors.
func NewPGNReader(r io.Reader, name string) *PGNReader {
	return &PGNReader{br: bufio.NewReaderSize(r, TextSniffSize), name: name, line: 1}
}

// start sniffs the encoding and removes a byte-order mark.
func (p *PGNReader) start() {
	p.started = true
	p.takeBufs()
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
	p.dec = newTextDecoder(head, p.hint)
}

// Next returns the next game. It returns nil, io.EOF after the last game
// and nil with the error when reading fails. Problems of a game are in
// Record.Problems; Next never fails because of the content of a game.
func (p *PGNReader) Next() (*Record, error) {
	for {
		startOff, startLine, complete, err := p.nextChunk()
		if err != nil {
			return nil, err
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
	hint      string // and what it was given to decide with
	weak      bool
}

// NextRaw returns the raw text of the next game, or nil and io.EOF at the
// end (nil and the error when reading fails). Its Index is provisional: a
// chunk that turns out to hold no game (junk between games) is counted;
// callers that need the numbering of Next renumber with Record.SetIndex.
func (p *PGNReader) NextRaw() (*RawGame, error) {
	startOff, startLine, complete, err := p.nextChunk()
	if err != nil {
		return nil, err
	}
	g := &RawGame{
		name: p.name, index: p.index,
		buf:      bytes.Clone(p.buf),
		startOff: startOff, startLine: startLine, complete: complete, overflow: p.overflow,
		enc: p.dec.enc, label: p.dec.label, hint: p.dec.hint, weak: p.dec.weak,
	}
	if p.overflow {
		// Bytes were dropped: the offsets of the lines no longer
		// follow from buf.
		g.lineOffs = slices.Clone(p.lineOffs)
	}
	p.index++
	return g, nil
}

// Parse decodes and parses the game. It returns nil when the text holds
// nothing that looks like a game. It is safe to call from any goroutine.
func (g *RawGame) Parse() *Record {
	sc := pgnScratchPool.Get().(*pgnScratch)
	// The pooled decoder keeps its legacy decoder and output buffer; only
	// the file's encoding decision comes from the game.
	sc.dec.enc, sc.dec.label, sc.dec.hint, sc.dec.weak = g.enc, g.label, g.hint, g.weak
	raw := *g
	if !g.overflow {
		sc.lineOffs = pgnLineOffs(sc.lineOffs[:0], g.buf, g.startOff)
		raw.lineOffs = sc.lineOffs
	}
	rec := pgnParse(&sc.dec, sc, &raw, true) // g.buf is a copy of its own
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
	const ones = 0x0101010101010101
	i := 0
	for ; i+8 <= len(buf); i += 8 {
		// The high bit of each byte of m is set exactly where the byte
		// is a newline (swarBelow tests each byte on its own).
		m := swarBelow(binary.LittleEndian.Uint64(buf[i:])^('\n'*ones), 1)
		for ; m != 0; m &= m - 1 {
			if k := i + bits.TrailingZeros64(m)/8; k+1 < len(buf) {
				offs = append(offs, start+int64(k+1))
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

// nextChunk collects the bytes of the next game (p.buf), for Next and
// NextRaw: where it starts, and whether its end was seen. err is io.EOF
// after the last one, or the reading error; a chunk that holds nothing is
// passed over.
func (p *PGNReader) nextChunk() (startOff int64, startLine int, complete bool, err error) {
	if !p.started {
		p.start()
	}
	for {
		if p.err != nil && !p.carry {
			p.giveBufs()
			return 0, 0, false, p.err
		}
		startOff, startLine, complete, err = p.collect()
		if err != nil && err != io.EOF {
			p.err = err
			return 0, 0, false, err
		}
		if len(p.buf) > 0 || p.overflow {
			return startOff, startLine, complete, nil
		}
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
	p.tagRun.reset()
	startOff, startLine = p.off, p.line
	if p.carry {
		p.carry = false
		startOff, startLine = p.carryOff, p.carryLine
		p.lineOffs = append(p.lineOffs, p.carryOff)
		p.buf = append(p.buf, p.carryBuf...)
		switch pgnLineKind(p.buf) {
		case pgnLineMoves:
			inMoves = true
		case pgnLineHeader:
			p.tagRun.header(p.buf)
			open = pgnOpenTag(p.buf)
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
			return inMoves || p.tagRun.header(kept)
		case pgnLineMoves:
			inMoves = true
		case pgnLineBlank:
			p.tagRun.blankLine()
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
				if cut := pgnGluedTag(line); cut > 0 {
					// The line ends with the first tag of the next game.
					p.buf = append(p.buf, data[:used+cut]...)
					p.lineOffs = append(p.lineOffs, p.off)
					p.carry = true
					p.carryOff, p.carryLine = p.off+int64(cut), p.line
					p.carryBuf = append(p.carryBuf[:0], line[cut:]...)
					p.off += int64(len(line))
					p.line++
					p.br.Discard(used + len(line))
					return startOff, startLine, true, nil
				}
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
		if kept := p.buf[lineStart:]; !p.overflow {
			if cut := pgnGluedTag(kept); cut > 0 {
				p.lineOffs = append(p.lineOffs, lineOff)
				p.carry = true
				p.carryOff, p.carryLine = lineOff+int64(cut), lineNo
				p.carryBuf = append(p.carryBuf[:0], kept[cut:]...)
				p.buf = p.buf[:lineStart+cut]
				return startOff, startLine, true, nil
			}
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
