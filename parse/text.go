package parse

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/xqtool/xqtool/notation"
)

// TextSniffSize is how many bytes of a file NewTextDecoder needs to decide
// the file's encoding.
const TextSniffSize = 64 << 10

var (
	textBOMUTF8    = []byte{0xEF, 0xBB, 0xBF}
	textBOMUTF16LE = []byte{0xFF, 0xFE}
	// textFFFDGB18030 is U+FFFD as GB18030 writes it.
	textFFFDGB18030 = []byte{0x84, 0x31, 0xA4, 0x37}
	textFFFDUTF8    = []byte("\uFFFD")
)

// DecodeText decodes one piece of text of unknown encoding and reports the
// encoding chosen (one of the Enc* constants) and whether replacement
// characters had to be inserted for bytes that are invalid in it.
//
// The order of tests is: a byte-order mark (UTF-8 or UTF-16LE); valid UTF-8
// (EncASCII when every byte is below 0x80); otherwise the text is decoded
// both as GB18030 and as Big5 and the reading that holds more characters of
// Chinese move notation (piece names, directions, numerals) wins, GB18030 on
// a tie. GBK and GB2312 text is decoded as GB18030, which contains both.
func DecodeText(b []byte) (s string, enc string, replaced bool) {
	switch {
	case bytes.HasPrefix(b, textBOMUTF8):
		s = string(b[len(textBOMUTF8):])
		if !utf8.ValidString(s) {
			s = string(bytes.ToValidUTF8(b[len(textBOMUTF8):], textFFFDUTF8))
			replaced = true
		}
		return s, EncUTF8BOM, replaced
	case bytes.HasPrefix(b, textBOMUTF16LE):
		s, replaced = textDecodeWith(unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), b, nil)
		return s, EncUTF16LE, replaced
	}
	if textIsASCII(b) {
		return string(b), EncASCII, false
	}
	if utf8.Valid(b) {
		return string(b), EncUTF8, false
	}
	return textDecodeLegacy(b)
}

// detect is DecodeText with d's reusable legacy decoder: it decodes a
// piece that the file's encoding does not fit.
func (d *TextDecoder) detect(b []byte, owned bool) (string, string, bool) {
	switch {
	case bytes.HasPrefix(b, textBOMUTF8), bytes.HasPrefix(b, textBOMUTF16LE):
		return DecodeText(b)
	case textIsASCII(b):
		return textString(b, owned), EncASCII, false
	case utf8.Valid(b):
		return textString(b, owned), EncUTF8, false
	}
	// As textDecodeLegacy.
	enc, weak := textLegacyChoice(b, d.hint)
	d.pieceWeak = weak
	s, rep := d.decodeLegacy(textLegacyCodec(enc), b, textSelfFFFD(enc))
	return s, enc, rep
}

// textDecodeLegacy decodes b as GB18030 or as Big5, as textLegacyChoice
// chooses.
func textDecodeLegacy(b []byte) (string, string, bool) {
	enc, _ := textLegacyChoice(b, "")
	s, rep := textDecodeWith(textLegacyCodec(enc), b, textSelfFFFD(enc))
	return s, enc, rep
}

// textLegacyCodec is the decoder of a double-byte legacy encoding
// (textDoubleByte): Big5 for EncBig5, else GB18030.
func textLegacyCodec(enc string) encoding.Encoding {
	if enc == EncBig5 {
		return traditionalchinese.Big5
	}
	return simplifiedchinese.GB18030
}

// textSelfFFFD is how the legacy encoding enc writes U+FFFD itself (nil
// when it cannot): a decoded U+FFFD written so is text, not a replacement.
func textSelfFFFD(enc string) []byte {
	if enc == EncBig5 {
		return nil
	}
	return textFFFDGB18030
}

// textCodeSet is a set of double-byte codes (lead<<8 | trail).
type textCodeSet [1 << 13]byte

func (s *textCodeSet) add(code uint16)      { s[code>>3] |= 1 << (code & 7) }
func (s *textCodeSet) has(code uint16) bool { return s[code>>3]&(1<<(code&7)) != 0 }

// textGBCodes and textBig5Codes hold the GB18030 and Big5 codes of the
// notation characters of textScore.
var textGBCodes, textBig5Codes = func() (*textCodeSet, *textCodeSet) {
	gb, b5 := new(textCodeSet), new(textCodeSet)
	for r := rune(0x4E00); r < 0x10000; r++ {
		if !textScored(r) {
			continue
		}
		for _, e := range []struct {
			enc encoding.Encoding
			set *textCodeSet
		}{{simplifiedchinese.GB18030, gb}, {traditionalchinese.Big5, b5}} {
			out, err := e.enc.NewEncoder().Bytes([]byte(string(r)))
			if err == nil && len(out) == 2 {
				e.set.add(uint16(out[0])<<8 | uint16(out[1]))
			}
		}
	}
	return gb, b5
}()

// textLegacyScores counts, on the raw bytes, the notation characters that
// b holds when read as GB18030 and when read as Big5 — the same score as
// textScore on the two decodings, at the cost of one pass over the bytes
// per reading. Runs of ASCII (tags, numbers, blanks) are skipped eight
// bytes at a time.
func textLegacyScores(b []byte) (gb, big5 int) {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i = textSkipASCII(b, i+1)
			continue
		}
		if i+1 >= len(b) {
			i++
			continue
		}
		if d := b[i+1]; d >= 0x30 && d <= 0x39 {
			i += 4 // GB18030 four-byte sequence
			continue
		}
		if textGBCodes.has(uint16(c)<<8 | uint16(b[i+1])) {
			gb++
		}
		i += 2
	}
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i = textSkipASCII(b, i+1)
			continue
		}
		if c == 0x80 || i+1 >= len(b) {
			i++
			continue
		}
		if textBig5Codes.has(uint16(c)<<8 | uint16(b[i+1])) {
			big5++
		}
		i += 2
	}
	return gb, big5
}

// textSkipASCII returns the index of the first byte ≥ 0x80 of b from i
// on (len(b) if none).
func textSkipASCII(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		if w := binary.LittleEndian.Uint64(b[i:]) & 0x8080808080808080; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	for i < len(b) && b[i] < 0x80 {
		i++
	}
	return i
}

// textDecodeWith decodes b with e. selfFFFD is how U+FFFD itself is written
// in e (nil if it cannot be); replacement characters beyond those count as
// replaced.
func textDecodeWith(e encoding.Encoding, b []byte, selfFFFD []byte) (string, bool) {
	out, err := e.NewDecoder().Bytes(b)
	if err != nil {
		// x/text decoders replace bad input rather than fail; keep what
		// is valid if one ever does.
		return string(bytes.ToValidUTF8(b, textFFFDUTF8)), true
	}
	n := bytes.Count(out, textFFFDUTF8)
	if n == 0 {
		return string(out), false
	}
	held := 0
	if selfFFFD != nil {
		held = bytes.Count(b, selfFFFD)
	}
	return string(out), n > held
}

func textIsASCII(b []byte) bool {
	// Eight bytes at a time: ASCII has the high bit of every byte clear.
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// textScore counts in s the characters of Chinese move text in its
// standard spelling (notation.Written) that are not ASCII digits: they are
// frequent in move text and turn up rarely in mis-decoded bytes.
func textScore(s string) int {
	n := 0
	for _, r := range s {
		if textScored(r) {
			n++
		}
	}
	return n
}

// textScored reports whether textScore counts r.
func textScored(r rune) bool { return r >= 0x4E00 && notation.Written(r) }

// A TextDecoder decodes the pieces (games) of one file. It decides the
// file's encoding once, from its first bytes, and applies it to every
// piece; a piece that is not valid in that encoding is detected again on
// its own, as DecodeText does. The zero value detects every piece anew.
type TextDecoder struct {
	enc   string // the file's encoding, "" if undecided
	label string // reported instead of enc for valid pieces (a converted stream)
	hint  string // the encoding of the other files of the directory ("" if none)
	weak  bool   // enc was chosen on little evidence (textLegacyChoice)
	// pieceWeak reports that the legacy encoding of the piece last
	// decoded was chosen on little evidence (see Weak).
	pieceWeak bool

	dec    *encoding.Decoder // reused decoder (legacy encodings)
	decFor encoding.Encoding // the encoding of dec
	buf    []byte            // reused output buffer
	tmp    [16]byte          // output of one step of dec
}

// decodeLegacy is textDecodeWith with a reused decoder and buffer. Runs
// of ASCII are copied at once and valid double-byte characters are looked
// up in a table (see textPairs) and encoded inline; every other byte
// sequence goes through the x/text decoder, one character at a time. Both
// decoders are stateless, so the output is the same as that of the x/text
// decoder run over all of b.
func (d *TextDecoder) decodeLegacy(e encoding.Encoding, b []byte, selfFFFD []byte) (string, bool) {
	if d.dec == nil || d.decFor != e {
		d.dec, d.decFor = e.NewDecoder(), e
	}
	pairs := textPairsFor(e)
	out := d.buf[:0]
	if cap(out) < len(b)*3/2+16 {
		out = make([]byte, 0, len(b)*3/2+16)
	}
	tmp := d.tmp[:]
	// Replacement characters can only come from the x/text decoder (the
	// table holds none): count them there rather than in all of out.
	nFFFD := 0
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			j := i + 1 + textASCIIPrefix(b[i+1:])
			out = append(out, b[i:j]...)
			i = j
			continue
		}
		if c >= 0x81 && c <= 0xFE && i+1 < len(b) {
			if r := pairs[int(c-0x81)<<8|int(b[i+1])]; r >= 0x800 {
				// Three bytes in UTF-8, as nearly every Chinese
				// character.
				out = append(out, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
				i += 2
				continue
			} else if r != 0 {
				out = utf8.AppendRune(out, rune(r))
				i += 2
				continue
			}
		}
		// Anything else (four-byte GB18030, invalid or unmapped bytes):
		// let x/text decode the characters that start in a window of 4
		// bytes, the longest sequence.
		w := b[i:min(i+4, len(b))]
		n, m, err := d.dec.Transform(tmp, w, i+len(w) == len(b))
		if m == 0 || err != nil && err != transform.ErrShortSrc {
			d.buf = out
			return textDecodeWith(e, b, selfFFFD)
		}
		out = append(out, tmp[:n]...)
		nFFFD += bytes.Count(tmp[:n], textFFFDUTF8)
		i += m
	}
	d.buf = out
	replaced := false
	if nFFFD > 0 {
		held := 0
		if selfFFFD != nil {
			held = bytes.Count(b, selfFFFD)
		}
		replaced = nFFFD > held
	}
	return string(out), replaced
}

// textASCIIPrefix returns the length of the run of ASCII bytes that b
// starts with.
func textASCIIPrefix(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if w := binary.LittleEndian.Uint64(b[i:]) & 0x8080808080808080; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	for i < len(b) && b[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// textPairTable maps a double-byte code (lead 0x81..0xFE, any trail) to
// the BMP rune it decodes to on its own, or 0 when it does not decode to
// exactly one such rune (then the decoder must look at it).
type textPairTable [126 << 8]uint16

var (
	textGBPairs   = sync.OnceValue(func() *textPairTable { return textBuildPairs(simplifiedchinese.GB18030) })
	textBig5Pairs = sync.OnceValue(func() *textPairTable { return textBuildPairs(traditionalchinese.Big5) })
)

// textPairsFor returns the pair table of e (GB18030 or Big5).
func textPairsFor(e encoding.Encoding) *textPairTable {
	if e == traditionalchinese.Big5 {
		return textBig5Pairs()
	}
	return textGBPairs()
}

// textBuildPairs decodes every double-byte code with e. Trail bytes below
// 0x40 are left out (a digit there starts a four-byte GB18030 sequence).
//
// The codes of a lead byte are decoded in one call, each followed by a
// newline: a call costs far more than a code (the table is built when a
// run meets its first GB18030 or Big5 file, and one code at a time was
// a few percent of validating the real records). A newline is no trail
// byte in either encoding, and no sequence reaches over it: the text
// between two newlines of the output is what the code alone decodes to
// (a code that is not one character gives several runes or U+FFFD there;
// textBuildPairsOneByOne is the reference the tests compare with).
func textBuildPairs(e encoding.Encoding) *textPairTable {
	t := new(textPairTable)
	dec := e.NewDecoder()
	const trails = 0xFE - 0x40 + 1
	src := make([]byte, 0, 3*trails)
	dst := make([]byte, 16*trails)
	for lead := 0x81; lead <= 0xFE; lead++ {
		src = src[:0]
		for trail := 0x40; trail <= 0xFE; trail++ {
			src = append(src, byte(lead), byte(trail), '\n')
		}
		dec.Reset()
		n, m, err := dec.Transform(dst, src, true)
		if err != nil || m != len(src) {
			// Not expected: take the codes one by one.
			for trail := 0x40; trail <= 0xFE; trail++ {
				t[(lead-0x81)<<8|trail] = textDecodePair(dec, byte(lead), byte(trail))
			}
			continue
		}
		out := dst[:n]
		for trail := 0x40; trail <= 0xFE; trail++ {
			end := bytes.IndexByte(out, '\n')
			if end < 0 {
				break
			}
			r, size := utf8.DecodeRune(out[:end])
			if size == end && r != utf8.RuneError && r <= 0xFFFF {
				t[(lead-0x81)<<8|trail] = uint16(r)
			}
			out = out[end+1:]
		}
	}
	return t
}

// textDecodePair returns the BMP rune the code lead, trail decodes to on
// its own with dec, 0 when it does not decode to exactly one such rune.
func textDecodePair(dec *encoding.Decoder, lead, trail byte) uint16 {
	var out [16]byte
	dec.Reset()
	n, m, err := dec.Transform(out[:], []byte{lead, trail}, true)
	if err != nil || m != 2 {
		return 0
	}
	r, size := utf8.DecodeRune(out[:n])
	if size != n || r == utf8.RuneError || r > 0xFFFF {
		return 0
	}
	return uint16(r)
}

// NewTextDecoder returns a decoder for a file that starts with head (the
// first TextSniffSize bytes or fewer). A head that is pure ASCII leaves the
// decision to each piece.
func NewTextDecoder(head []byte) *TextDecoder {
	return newTextDecoder(head, "")
}

// newTextDecoder is NewTextDecoder with the encoding of the other files of
// the same directory as a hint for a choice the head cannot make.
func newTextDecoder(head []byte, hint string) *TextDecoder {
	d := &TextDecoder{hint: hint}
	switch {
	case bytes.HasPrefix(head, textBOMUTF8):
		d.enc = EncUTF8BOM
		return d
	case bytes.HasPrefix(head, textBOMUTF16LE):
		d.enc = EncUTF16LE
		return d
	}
	if textIsASCII(head) {
		d.enc = EncASCII
		return d
	}
	if utf8.Valid(textTrimPartialUTF8(head)) {
		d.enc = EncUTF8
		return d
	}
	d.enc, d.weak = textLegacyChoice(head, hint)
	return d
}

// textTrimPartialUTF8 drops an incomplete UTF-8 sequence at the end of b
// (the sniffed head may end inside a character).
func textTrimPartialUTF8(b []byte) []byte {
	for i := 1; i <= 3 && i <= len(b); i++ {
		c := b[len(b)-i]
		if c < 0x80 {
			return b
		}
		if c >= 0xC0 { // start byte: complete only if its length fits
			if utf8.FullRune(b[len(b)-i:]) {
				return b
			}
			return b[:len(b)-i]
		}
	}
	return b
}

// Encoding returns the encoding chosen for the file: one of the Enc*
// constants, EncASCII while no other byte was seen.
func (d *TextDecoder) Encoding() string {
	if d == nil || d.enc == "" {
		return EncASCII
	}
	return d.enc
}

// Decode decodes one piece of the file. A leading byte-order mark is
// removed. The returned encoding is the file's unless the piece had to be
// detected on its own.
func (d *TextDecoder) Decode(b []byte) (s string, enc string, replaced bool) {
	return d.decode(b, false)
}

// textString returns b as a string: b itself when owned (its bytes are
// never written again), else a copy.
func textString(b []byte, owned bool) string {
	if owned {
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	return string(b)
}

// decode is Decode; owned says that b is never written again, so that a
// piece that needs no conversion is returned in place (textString).
func (d *TextDecoder) decode(b []byte, owned bool) (s string, enc string, replaced bool) {
	if d == nil {
		return DecodeText(b)
	}
	d.pieceWeak = false
	if d.enc == "" {
		return d.detect(b, owned)
	}
	switch d.enc {
	case EncUTF8BOM, EncUTF8, EncASCII:
		b = bytes.TrimPrefix(b, textBOMUTF8)
		// ASCII is valid UTF-8: for an ASCII file one pass tells both.
		if ascii := d.enc == EncASCII && textIsASCII(b); ascii || utf8.Valid(b) {
			enc := d.enc
			if enc == EncASCII && !ascii {
				// A file that began in ASCII: each piece says what it
				// is (the answer must not depend on the order in which
				// pieces are decoded).
				enc = EncUTF8
			}
			if d.label != "" {
				enc = d.label
			}
			return textString(b, owned), enc, false
		}
	case EncUTF16LE:
		s, r := textDecodeWith(unicode.UTF16(unicode.LittleEndian, unicode.UseBOM), b, nil)
		return s, EncUTF16LE, r
	}
	if d.enc == EncASCII {
		// A non-ASCII piece of a file that began in ASCII is detected on
		// its own.
		return d.detect(b, owned)
	}
	if textDoubleByte(d.enc) {
		if textIsASCII(b) {
			return textString(b, owned), d.enc, false
		}
		s, r := d.decodeLegacy(textLegacyCodec(d.enc), b, textSelfFFFD(d.enc))
		if !r {
			d.pieceWeak = d.weak
			return s, d.enc, false
		}
	}
	return d.detect(b, owned)
}

// textDoubleByte reports whether enc is a double-byte legacy encoding, in
// which a byte ≥ 0x80 is followed by a trail byte that may look like ASCII.
func textDoubleByte(enc string) bool {
	return enc == EncGB18030 || enc == EncBig5
}
