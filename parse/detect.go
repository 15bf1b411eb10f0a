package parse

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"path"
	"strings"
	"unsafe"

	"github.com/xqtool/xqtool/notation"
)

// DetectSize is how many bytes from the start of a file Detect wants.
const DetectSize = TextSniffSize

// Detect tells the record format of a file from its first bytes (up to
// DetectSize) and, only when the content does not decide, from the
// extension of name. It returns "" when the format is unknown.
//
// Content rules, in order: "XQ" and a version byte ≤ 18 is XQF;
// "CCBridge Record" is CBR; "CCBridgeLibrary" (or "CCBridge" with the
// library marker 21) is CBL; "GL" and an asctime date is CHN (联众, .chn
// and .xqi); the 17pk CCM header and move records is CCM; length-prefixed
// fields leading to "Moves" is MXQ; XGF's numbered fields 1..8 from
// offset 2 is XGF; a root element <n> after an optional BOM and XML
// declaration is PFC; decimal numbers numbering moves from 1 is CHE; a
// first line [FEN_INDEX or a bare FEN is a position list (XFEN when a
// placement holds marks); <ChineseChessRecord after an optional BOM and
// XML declaration is CBF; "[DhtmlXQ" anywhere is DhtmlXQ; a tag pair
// line, the WXF keyword dialect or move text is PGN.
//
// By extension alone: .ccm (the older 7-byte CCM layout, which has no
// header to recognise), .mxq, .chn, .xqi, .pfc, .xgf, .fen, .xfen.
func Detect(head []byte, name string) Format {
	if f := detectContent(head); f != "" {
		return f
	}
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, "\\", "/")))
	switch ext {
	case ".xqf":
		return FormatXQF
	case ".cbr":
		return FormatCBR
	case ".cbl":
		return FormatCBL
	case ".cbf":
		return FormatCBF
	case ".ccm":
		return FormatCCM
	case ".mxq":
		return FormatMXQ
	case ".chn", ".xqi":
		return FormatCHN
	case ".xgf":
		return FormatXGF
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return ""
	}
	switch ext {
	case ".pgn", ".pgn_zh", ".pgn_iccs", ".pgns", ".wxf", ".che":
		return FormatPGN
	case ".pfc":
		return FormatPFC
	case ".fen":
		return FormatFEN
	case ".xfen":
		return FormatXFEN
	case ".dhtml", ".ubb", ".htm", ".html":
		if len(bytes.TrimSpace(head)) == 0 {
			return FormatDhtmlXQ
		}
	}
	return ""
}

func detectContent(head []byte) Format {
	switch {
	case len(head) >= 3 && head[0] == 'X' && head[1] == 'Q' && head[2] <= 18:
		return FormatXQF
	case bytes.HasPrefix(head, []byte("CCBridge Record")):
		return FormatCBR
	case bytes.HasPrefix(head, []byte("CCBridgeLibrary")):
		return FormatCBL
	case bytes.HasPrefix(head, []byte("CCBridge")):
		for i := 8; i+4 <= len(head) && i <= 32; i += 4 {
			if binary.LittleEndian.Uint32(head[i:]) == 21 {
				return FormatCBL
			}
		}
		return FormatCBR
	case chnLooksLike(head):
		return FormatCHN
	case ccm9LooksLike(head):
		return FormatCCM
	case mxqLooksLike(head):
		return FormatMXQ
	case xgfLooksLike(head):
		return FormatXGF
	case pfcLooksLike(head):
		return FormatPFC
	case cheLooksLike(head):
		return FormatCHE
	}
	if ok, marks := fenListLooksLike(head); ok {
		if marks {
			return FormatXFEN
		}
		return FormatFEN
	}
	t := bytes.TrimPrefix(head, textBOMUTF8)
	t = bytes.TrimLeft(t, " \t\r\n")
	if bytes.HasPrefix(t, []byte("<?xml")) {
		if e := bytes.Index(t, []byte("?>")); e >= 0 {
			t = bytes.TrimLeft(t[e+2:], " \t\r\n")
		}
	}
	if bytes.HasPrefix(t, []byte("<ChineseChessRecord")) {
		return FormatCBF
	}
	// (head is only read: no copy of up to TextSniffSize bytes.)
	if dhtmlIndexFold(unsafe.String(unsafe.SliceData(head), len(head)), "[DhtmlXQ") >= 0 {
		return FormatDhtmlXQ
	}
	if detectPGN(head) {
		return FormatPGN
	}
	return ""
}

// detectPGN looks for a tag pair line, a WXF keyword line or move text in
// the first lines of head.
// detectTagLine reports whether one of the first lines of head, read as
// raw bytes, is a PGN tag line [Name "value"] (tags are ASCII in every
// encoding but UTF-16, so no decoding is needed for the common case).
func detectTagLine(head []byte) bool {
	b := bytes.TrimPrefix(head, textBOMUTF8)
	for n := 0; n < 50 && len(b) > 0; n++ {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		line = bytes.TrimLeft(line, " \t\r")
		if len(line) < 4 || line[0] != '[' {
			continue
		}
		j := 1
		for j < len(line) && (pgnIsLetter(line[j]) || (j > 1 && line[j] >= '0' && line[j] <= '9')) {
			j++
		}
		if j == 1 || j >= len(line) || (line[j] != ' ' && line[j] != '\t') {
			continue
		}
		v := bytes.TrimLeft(line[j:], " \t")
		if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
			return true
		}
	}
	return false
}

func detectPGN(head []byte) bool {
	if i := bytes.IndexByte(head, 0); i >= 0 && !bytes.HasPrefix(head, textBOMUTF16LE) {
		// A file that starts like PGN is PGN whatever bytes follow (a
		// stray NUL from a disk error); a binary file does not start so.
		head = head[:i]
	}
	if detectTagLine(head) {
		return true
	}
	s, _, _ := DecodeText(head)
	moves := 0
	for n := 0; n < 200 && s != ""; n++ {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		t := strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
		if t == "" {
			continue
		}
		if t[0] == '[' {
			// [Name "value"] or [Name 'value'].
			j := 1
			for j < len(t) && pgnIsLetter(t[j]) || j < len(t) && j > 1 && t[j] >= '0' && t[j] <= '9' {
				j++
			}
			if j > 1 && j < len(t) && (t[j] == ' ' || t[j] == '\t') {
				v := strings.TrimLeft(t[j:], " \t")
				if v != "" && (v[0] == '"' || v[0] == '\'') {
					return true
				}
			}
			continue
		}
		if pgnIsKeywordLine(t) {
			return true
		}
		for _, w := range strings.Fields(t) {
			if _, rest, ok := pgnMoveNumber(w); ok {
				w = rest
			}
			if w == "" {
				continue
			}
			if c := notation.Classify(w); c.Class&(notation.ClassChinese|notation.ClassWXF|notation.ClassCoord) != 0 {
				moves++
				if moves >= 2 {
					return true
				}
			}
		}
	}
	return false
}

// NewReader returns a reader of format f over r. size is the length of
// the input (used by the binary formats; -1 if unknown). Binary formats
// need random access: when r is not an io.ReaderAt it is read into memory,
// at most size bytes (or 1 GiB when size is unknown).
func NewReader(f Format, r io.Reader, size int64, name string) (Reader, error) {
	switch f {
	case FormatPGN:
		return NewPGNReader(r, name), nil
	case FormatDhtmlXQ:
		return NewDhtmlXQReader(r, name), nil
	case FormatCBF:
		return NewCBFReader(r, name), nil
	case FormatFEN, FormatXFEN:
		return NewFENListReader(r, name, f), nil
	case FormatMXQ, FormatCHE, FormatCCM, FormatCHN, FormatPFC, FormatXGF:
		return NewPlatformReader(f, r, name)
	case FormatXQF, FormatCBR, FormatCBL:
		ra, n, err := detectReaderAt(r, size)
		if err != nil {
			return nil, err
		}
		if f == FormatXQF {
			return NewXQFReader(ra, n, name), nil
		}
		return NewCBRReader(ra, n, name), nil
	}
	return nil, &Error{File: name, Game: -1, Err: fmt.Errorf("%w: format %q", ErrUnsupported, string(f))}
}

// detectMaxMemory bounds what NewReader reads into memory.
const detectMaxMemory = 1 << 30

func detectReaderAt(r io.Reader, size int64) (io.ReaderAt, int64, error) {
	if ra, ok := r.(io.ReaderAt); ok && size >= 0 {
		return ra, size, nil
	}
	limit := size
	if limit < 0 || limit > detectMaxMemory {
		limit = detectMaxMemory
	}
	b, err := io.ReadAll(io.LimitReader(r, limit))
	if err != nil {
		return nil, 0, err
	}
	return bytes.NewReader(b), int64(len(b)), nil
}
