// One game's parse: its state, tokens and positions, and the walk over
// its tag section and move text.

package parse

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/xqtool/xqtool/notation"
)

// parseGame decodes and parses p.buf. It returns nil when the bytes hold
// nothing that looks like a game (blank lines, junk before the first tag
// section).
func (p *PGNReader) parseGame(startOff int64, startLine int, complete bool) *Record {
	raw := RawGame{name: p.name, index: p.index, buf: p.buf, lineOffs: p.lineOffs,
		startOff: startOff, startLine: startLine, complete: complete, overflow: p.overflow}
	rec := pgnParse(p.dec, &p.scratch, &raw)
	if rec != nil {
		p.index++
	}
	return rec
}

// pgnParse decodes and parses the raw text of one game, with the reusable
// buffers of sc; raw.lineOffs holds the offsets of all lines of raw.buf.
// It returns a nil Record when the text holds no game.
func pgnParse(dec *TextDecoder, sc *pgnScratch, raw *RawGame) *Record {
	s, enc, replaced := dec.Decode(raw.buf)
	g := pgnGame{
		rec: &Record{
			Source:   raw.name,
			Index:    raw.index,
			Format:   FormatPGN,
			Encoding: enc,
			Replaced: replaced,
			Root:     Node{},
		},
		s:        s,
		name:     raw.name,
		lineOffs: raw.lineOffs,
		first:    raw.startLine,
		legacy:   textDoubleByte(enc),
		toks:     sc.toks[:0],
		tags:     sc.tags[:0],
		atEOF:    !raw.complete,
	}
	g.rec.Pos = Pos{Offset: raw.startOff, Line: raw.startLine, Column: 1}
	if dec.Weak() {
		g.problem(g.rec.Pos, "", fmt.Errorf("%w: %s chosen on little evidence (no move text tells GB18030 from Big5)", ErrEncoding, enc))
	}
	g.parse()
	if raw.overflow {
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
	class  notation.Class // notation classes the move may belong to
	rank0  bool           // a coordinate move uses rank 0
	rank10 bool           // a coordinate move uses rank 10
	number int32          // move number written right before a move (at most 1e7)
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
	// pgnTokWord is a word that is not a move in any notation; build
	// makes it a move (one that cannot be read) where it stands in a move
	// slot, and drops it as junk elsewhere. Its number is the move number
	// written right before it, as for a move; a dropped word hands it on
	// to the next move.
	pgnTokWord
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
			if t := strings.TrimLeft(l, " \t\r\ufeff\u3000"); t != "" && !g.textExportLine(t) && textExportMoves(t) {
				movesAt, movesLine = i, line // "红方：炮二平五 …" (pgn_textexport.go)
				goto body
			}
		case pgnLineHeader, pgnLineBroken:
			if l[0] != '[' && g.textExportLine(l) {
				break // "FEN ：…" after "标题：…" lines (pgn_textexport.go)
			}
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
			if textExportDecorated(l) {
				break // "棋谱   红方   黑方" (pgn_textexport.go)
			}
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
		g.dropControls(movesAt, movesLine)
		ls := strings.LastIndexByte(g.s[:movesAt], '\n') + 1
		c := pgnCursor{i: ls, line: movesLine, col: 1, off: g.lineOff(movesLine)}
		g.moveText(g.advance(c, movesAt))
	}
	g.finish()
}
