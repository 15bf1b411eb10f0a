// Package parse reads xiangqi game records — PGN in all its dialects, XQF,
// DhtmlXQ, CBR/CBL and CBF, the records of the game platforms (MXQ, CHE,
// CCM, CHN/XQI, PFC, XGF) and FEN position lists — as a stream of
// syntax-level Records.
//
// Every reader is pull-style: Next returns one game at a time and io.EOF
// after the last. Readers check syntax only: move text is kept as written
// (text formats) or as coordinates (binary formats); whether a move is legal
// is the business of package replay.
//
// Errors: a game that cannot be read yields a non-nil *Record (with its
// source, index and whatever was recovered) together with a *Error that
// carries its position; reading goes on with the next game. Problems that
// do not prevent reading (a truncated record, junk tokens, a bad move
// number) are collected in Record.Problems. Only I/O errors end a stream:
// then Next returns a nil Record and the error.
//
// Library text: a record stands alone, so what a library says of all its
// games is put on each of them. The comment of a compressed CCBridge
// library becomes the tag CBLLibraryComment of every game
// (docs/cbl-compressed.md).
//
// Memory: the nodes of a record's move tree come from blocks that
// Record.Release hands back, once a caller is done with the record, for
// the records read after it; a pipeline that releases each record
// allocates almost no move trees in steady state.
package parse

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// Format names a record format.
type Format string

// Record formats.
const (
	FormatPGN     Format = "pgn"     // PGN, any dialect, incl. the WXF keyword dialect
	FormatXQF     Format = "xqf"     // XQStudio binary
	FormatDhtmlXQ Format = "dhtmlxq" // DhtmlXQ / UBB text
	FormatCBR     Format = "cbr"     // CCBridge single record
	FormatCBL     Format = "cbl"     // CCBridge library
	FormatCBF     Format = "cbf"     // CCBridge XML
	FormatMXQ     Format = "mxq"     // 弈天 (MoveSky) record
	FormatCHE     Format = "che"     // QQ象棋 record: ASCII integers
	FormatCCM     Format = "ccm"     // 中国游戏中心 record (7-byte and 17pk 9-byte layouts)
	FormatCHN     Format = "chn"     // 联众 record (.chn, and .xqi of the same layout)
	FormatPFC     Format = "pfc"     // 鹏飞象棋 XML tree
	FormatXGF     Format = "xgf"     // 谢谢象棋 binary record
	FormatFEN     Format = "fen"     // position list ([FEN_INDEX]/[EVENT]/[FEN] or one FEN a line)
	FormatXFEN    Format = "xfen"    // position list whose FENs carry diagram marks
)

// Notation names the move notation of a record: package notation's type.
type Notation = notation.Notation

// Move notations found in text records. Binary formats store coordinates
// (NotationCoords is used for them too).
const (
	NotationUnknown = notation.NotationAuto
	NotationChinese = notation.NotationChinese // 炮二平五
	NotationWXF     = notation.NotationWXF     // C2.5
	NotationICCS    = notation.NotationICCS    // H2-E2 / h2e2 (ranks 0..9)
	NotationUCI     = notation.NotationUCI     // h3e3 (ranks 1..10, Fairy-Stockfish)
	NotationSAN     = notation.NotationSAN     // XBoard SAN (Cbe2)
	NotationCoords  = notation.NotationCoords  // binary coordinates (board.Move)
)

// Encoding names used in Record.Encoding.
const (
	EncUTF8    = "utf-8"
	EncUTF8BOM = "utf-8-bom"
	EncGB18030 = "gb18030"
	EncBig5    = "big5"
	EncUTF16LE = "utf-16le"
	EncASCII   = "ascii"
)

// Tag is one metadata pair, name as written.
type Tag struct {
	Name, Value string
}

// Tags is an ordered list of metadata pairs. Lookups are case-insensitive.
type Tags []Tag

// Get returns the value of the first tag named name (case-insensitive).
func (t Tags) Get(name string) (string, bool) {
	for _, p := range t {
		if strings.EqualFold(p.Name, name) {
			return p.Value, true
		}
	}
	return "", false
}

// Value returns the value of the tag or "".
func (t Tags) Value(name string) string {
	v, _ := t.Get(name)
	return v
}

// Set replaces the first tag named name (case-insensitive) or appends it.
func (t *Tags) Set(name, value string) {
	for i, p := range *t {
		if strings.EqualFold(p.Name, name) {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{name, value})
}

// Node is one move of the move tree. The root node of a Record holds no
// move; its Comment is the game comment.
type Node struct {
	// Text is the move as written in a text record ("炮二平五", "C2.5",
	// "h2e2"), with annotation suffixes removed. Empty for binary formats.
	Text string
	// Move is the move for coordinate formats (XQF, CBR, DhtmlXQ, CBF);
	// board.NoMove for text formats.
	Move board.Move
	// Number is the move number written before this move in a text record
	// (the N of "N."), or 0 when none was written right before it.
	Number int
	// Suffix holds annotation marks that followed the move ("!", "?!",
	// "+", "$1" …).
	Suffix string
	// Comment is the text of the comments that follow the move.
	Comment string
	// Children are the replies to this move: Children[0] continues the
	// line, the others are alternatives to Children[0] (variations), in
	// the order of the record.
	Children []*Node
	// Pos is where the move starts in the input.
	Pos Pos
}

// Pos is a position in an input: line and column (1-based, columns in
// runes) for text, byte offset for everything.
type Pos struct {
	Offset int64
	Line   int
	Column int
}

// String formats the position as "line:col" for text or "@offset".
func (p Pos) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	return fmt.Sprintf("@%d", p.Offset)
}

// Record is one game as read from its source, syntax only.
type Record struct {
	Source   string   // file name (archive members as "archive.zip!member")
	Index    int      // 0-based game index within Source
	Format   Format   // record format
	Encoding string   // text encoding chosen for the game (Enc*), "" if no text
	Notation Notation // notation of the move text
	Pos      Pos      // where the game starts

	Tags Tags // metadata as written (PGN tags, or mapped from binary headers)
	// FEN is the start position as recorded, possibly truncated
	// ("placement w" or placement only); "" means the standard start.
	FEN string
	// Result is the declared result, normalised to "1-0", "0-1",
	// "1/2-1/2" or "*"; "" when the record declares none.
	Result string
	// Root is the start of the move tree; Root.Comment is the game comment.
	Root Node
	// Replaced reports that decoding the text needed replacement
	// characters (bad bytes for the chosen encoding).
	Replaced bool
	// Problems lists what was wrong but did not stop reading: a truncated
	// record, junk tokens, unterminated comments or variations. Each is a
	// *Error (use errors.Is with the sentinels below).
	Problems []*Error

	nodes nodeBlocks // the storage of Root's tree, for Release
}

// MainLine returns the main line: the chain of first children.
func (r *Record) MainLine() []*Node {
	n := 0
	for p := &r.Root; len(p.Children) > 0; p = p.Children[0] {
		n++
	}
	line := make([]*Node, 0, n)
	for p := &r.Root; len(p.Children) > 0; p = p.Children[0] {
		line = append(line, p.Children[0])
	}
	return line
}

// Error is a positioned error in a record. It unwraps to one of the
// sentinels below.
type Error struct {
	File  string
	Game  int // 0-based game index, -1 if not inside a game
	Pos   Pos
	Token string // offending text, if any
	Err   error  // sentinel, possibly wrapped with detail
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Game >= 0 {
		fmt.Fprintf(&b, "game %d: ", e.Game+1)
	}
	b.WriteString(e.Pos.String())
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Token != "" {
		fmt.Fprintf(&b, " (%q)", e.Token)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Sentinel errors. Test with errors.Is.
var (
	ErrSyntax      = errors.New("syntax error")             // malformed text (bad tag, junk token)
	ErrTruncated   = errors.New("record truncated")         // input ends inside a game, comment, variation or node
	ErrCorrupt     = errors.New("corrupt record")           // binary data inconsistent (bad square, bad length, bad header)
	ErrUnsupported = errors.New("unsupported format")       // a known format variant that is not read
	ErrTooLarge    = errors.New("length exceeds input")     // a declared length or count larger than the bytes left
	ErrNoGame      = errors.New("no game in input")         // input holds nothing that looks like a game
	ErrMoveNumber  = errors.New("move number out of order") // N. does not follow the previous number
)

// Reader is the pull interface implemented by every format reader.
type Reader interface {
	// Next returns the next game. At the end it returns nil, io.EOF.
	// A game that could not be read is returned with a *Error; an I/O
	// error is returned with a nil Record and ends the stream.
	Next() (*Record, error)
}

// SetIndex renumbers the record (and its problems) as game i of its file.
func (r *Record) SetIndex(i int) {
	r.Index = i
	for _, p := range r.Problems {
		p.Game = i
	}
}
