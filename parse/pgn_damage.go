// What the PGN reader does with damaged text: control bytes in the move
// text, and the choice of a legacy encoding on little evidence.

package parse

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// ErrEncoding marks a text whose encoding was chosen on little evidence:
// its characters may be mojibake (analyze flags encoding_suspect).
var ErrEncoding = errors.New("text encoding uncertain")

// SetEncodingHint gives the reader the encoding (EncGB18030 or EncBig5)
// of the other files of the same directory or archive: it decides a file
// whose text cannot tell GB18030 from Big5 (tags only, no move text).
// Call it before the first game is read.
func (p *PGNReader) SetEncodingHint(enc string) { p.hint = enc }

// EncodingChoice returns the encoding chosen for the file from its first
// bytes and whether the choice was weak (see SetEncodingHint). It is
// meaningful once a game was read.
func (p *PGNReader) EncodingChoice() (enc string, weak bool) {
	if p.dec == nil {
		return "", false
	}
	return p.dec.Encoding(), p.dec.weak
}

// pgnControl marks the control bytes that have no place in move text (a
// disk error, a bad download): every byte below 0x20 but tab, newline,
// carriage return, vertical tab and form feed, and DEL. None is a trail
// byte of GBK or Big5, so dropping one never splits a character.
var pgnControl = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	for _, c := range []byte("\t\n\r\v\f") {
		t[c] = false
	}
	t[0x7F] = true
	return t
}()

// pgnFirstControl returns the index of the first control byte of s at or
// after from, or len(s). Eight bytes are tested at a time, exactly (see
// pgnControls): a line break, tab or the lead and trail bytes of a
// character cost nothing more than letters do.
func pgnFirstControl(s string, from int) int {
	i := from
	for ; i+8 <= len(s); i += 8 {
		if c := pgnControls(binary.LittleEndian.Uint64([]byte(s[i : i+8]))); c != 0 {
			return i + bits.TrailingZeros64(c)/8
		}
	}
	for ; i < len(s); i++ {
		if pgnControl[s[i]] {
			return i
		}
	}
	return len(s)
}

// pgnControls returns the high bit of each byte of x (eight bytes of text)
// that pgnControl marks: below 0x09, 0x0E to 0x1F, or DEL.
func pgnControls(x uint64) uint64 {
	return swarBelow(x, 0x09) | swarBelow(x, 0x20)&^swarBelow(x, 0x0E) | swarBelow(x^0x7F7F7F7F7F7F7F7F, 1)
}

// swarBelow returns the high bit of each byte of x whose value is below n
// (1 ≤ n ≤ 0x80). Each byte is computed on its own: its low seven bits
// plus 0x80-n stay within the byte (at most 0xFE) and reach the high bit
// exactly when they are at least n, so no carry crosses into the next
// byte and the answer holds for every byte, not only the first.
func swarBelow(x uint64, n byte) uint64 {
	const low7, high, ones = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080, 0x0101010101010101
	return ^(x | (x&low7 + uint64(0x80-n)*ones)) & high
}

// dropControls removes the control bytes of the move text, which starts at
// byte from of the game's text on line line, and reports each run of them
// as a syntax problem at its place: a word they split ("炮二\x00平五") is
// read whole again. Control bytes in tag values are data and stay.
func (g *pgnGame) dropControls(from, line int) {
	s := g.s
	i := pgnFirstControl(s, from)
	if i == len(s) {
		return
	}
	ls := strings.LastIndexByte(s[:from], '\n') + 1
	c := g.advance(pgnCursor{i: ls, line: line, col: 1, off: g.lineOff(line)}, i)
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for i < len(s) {
		if !pgnControl[s[i]] {
			j := i + 1
			for j < len(s) && !pgnControl[s[j]] {
				j++
			}
			b.WriteString(s[i:j])
			c = g.advance(c, j)
			i = j
			continue
		}
		j := i + 1
		for j < len(s) && pgnControl[s[j]] {
			j++
		}
		g.problem(c.pos(), "", fmt.Errorf("%w: control byte %#02x in move text dropped", ErrSyntax, s[i]))
		c = g.skip(c, j-i)
		i = j
	}
	g.s = b.String()
}
