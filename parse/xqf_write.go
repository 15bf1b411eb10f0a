package parse

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/xqtool/xqtool/board"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// xqfWriteStrings maps tags to header fields for WriteXQF.
var xqfWriteStrings = []struct {
	tag       string
	off, size int
}{
	{"Title", xqfOffTitle, 64},
	{"Event", xqfOffEvent, xqfEventSize},
	{"Date", 0x110, 16},
	{"Site", 0x120, 16},
	{"Red", 0x130, 16},
	{"Black", 0x140, 16},
	{"TimeControl", 0x150, 64},
	{"RedTime", 0x190, 16},
	{"BlackTime", 0x1A0, 16},
	{"Annotator", 0x1D0, 16},
	{"Author", 0x1E0, 16},
}

// WriteXQF writes rec as a plain XQF 1.0 file (version 10, not encrypted),
// which every XQF reader accepts.
//
// The start position comes from rec.FEN ("" is the standard start); it
// must fit the 32 piece slots of the format (at most one king, two of each
// of advisor, bishop, knight, rook and cannon, and five pawns per side).
// The tags Event, Site, Date, Red, Black, Title, TimeControl, RedTime,
// BlackTime, Annotator and Author become header strings, GB18030-encoded
// and cut to the field capacity (15 or 63 bytes) at a character boundary.
// The result is taken from rec.Result, or else from the Result tag. The
// whole move tree is written with its comments and variations; every node
// needs a coordinate move (Node.Move with both squares on the board), so
// records read from text formats must have their moves resolved first.
//
// Reading the output with NewXQFReader gives back the same tags (within
// the field capacity), start position, moves, variations and comments.
func WriteXQF(w io.Writer, rec *Record) error {
	if rec == nil {
		return errors.New("parse: WriteXQF: nil record")
	}
	h := make([]byte, xqfHeaderSize)
	h[0], h[1], h[2] = 'X', 'Q', 10

	fen := rec.FEN
	if fen == "" {
		fen = binStartPlacement
	}
	setup, err := board.ParseFEN(fen)
	if err != nil {
		return fmt.Errorf("parse: WriteXQF: %w", err)
	}
	b, side := binBoard(setup.Board), setup.Side
	if err := xqfPutPieces(h[xqfOffPieces:xqfOffPieces+32], &b); err != nil {
		return err
	}
	if binPlacement(&b) != binStartPlacement {
		h[xqfOffCodeA] = 2 // middle game: the array is the start position
	}
	if side == board.Black {
		h[xqfOffSide] = 1
	}
	res := rec.Result
	if res == "" {
		res = rec.Tags.Value("Result")
	}
	switch res {
	case "1-0":
		h[xqfOffResult] = 1
	case "0-1":
		h[xqfOffResult] = 2
	case "1/2-1/2":
		h[xqfOffResult] = 3
	}
	for _, f := range xqfWriteStrings {
		v := rec.Tags.Value(f.tag)
		if f.tag == "Event" && v == rec.Tags.Value("Title") {
			// The reader takes Event from the title when the event
			// field is empty.
			v = ""
		}
		s := binEncodeGB(v, f.size-1)
		h[f.off] = byte(len(s))
		copy(h[f.off+1:], s)
	}

	bw := bufio.NewWriter(w)
	bw.Write(h)
	if err := xqfWriteTree(bw, rec); err != nil {
		return err
	}
	return bw.Flush()
}

// xqfPutPieces fills the 32-byte piece array from b.
func xqfPutPieces(dst []byte, b *binBoard) error {
	for i := range dst {
		dst[i] = 0xFF
	}
	// Scan from Red's right (file i) so that the slot order matches the
	// XQF 1.0 example for the standard start.
	for file := board.Files - 1; file >= 0; file-- {
		for rank := 0; rank < board.Ranks; rank++ {
			sq := board.SquareAt(file, rank)
			p := b[sq]
			if p.IsEmpty() {
				continue
			}
			base := int(p.Color()) * 16
			slot := -1
			for i, k := range xqfSlotKinds {
				if k == p.Kind() && dst[base+i] == 0xFF {
					slot = base + i
					break
				}
			}
			if slot < 0 {
				return fmt.Errorf("parse: WriteXQF: too many pieces %c for the XQF piece array", p.FENLetter())
			}
			dst[slot] = xqfByte(sq)
		}
	}
	return nil
}

// xqfWriteTree writes the root record and every node in pre-order.
func xqfWriteTree(w *bufio.Writer, rec *Record) error {
	root := [4]byte{xqfSrcBias, xqfDstBias, 0, 0xFF}
	if len(rec.Root.Children) > 0 {
		root[2] = 0xF0
	}
	w.Write(root[:])
	xqfWriteComment(w, rec.Root.Comment)

	type item struct {
		parent *Node
		i      int
	}
	var stack []item
	if len(rec.Root.Children) > 0 {
		stack = append(stack, item{&rec.Root, 0})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.parent.Children[it.i]
		m := n.Move
		if m>>14 != 0 || !m.From().Valid() || !m.To().Valid() {
			return fmt.Errorf("parse: WriteXQF: node at %v has no coordinate move", n.Pos)
		}
		r := [4]byte{xqfByte(m.From()) + xqfSrcBias, xqfByte(m.To()) + xqfDstBias, 0, 0}
		if len(n.Children) > 0 {
			r[2] |= 0xF0
		}
		if it.i+1 < len(it.parent.Children) {
			r[2] |= 0x0F
			stack = append(stack, item{it.parent, it.i + 1})
		}
		if len(n.Children) > 0 {
			stack = append(stack, item{n, 0})
		}
		w.Write(r[:])
		xqfWriteComment(w, n.Comment)
	}
	return nil
}

// xqfWriteComment writes the 4-byte length and the GB18030 text of a
// comment, ending it with the CR LF the reader strips.
func xqfWriteComment(w *bufio.Writer, c string) {
	var l [4]byte
	if c == "" {
		w.Write(l[:])
		return
	}
	p, err := simplifiedchinese.GB18030.NewEncoder().String(c + "\r\n")
	if err != nil {
		// GB18030 encodes every rune; invalid UTF-8 was already
		// replaced when the string was made.
		p = "\r\n"
	}
	binary.LittleEndian.PutUint32(l[:], uint32(len(p)))
	w.Write(l[:])
	w.WriteString(p)
}
