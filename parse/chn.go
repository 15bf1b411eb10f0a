package parse

import (
	"bytes"
	"encoding/binary"
	"strconv"
	"strings"
	"time"

	"github.com/xqtool/xqtool/board"
)

// CHN and XQI (联众): our reading of real files (docs/formats.md#chn); the
// layout ElephantEye's chn2pgn assumes (a 188-byte header, 32-byte
// records) does not fit them.
//
//	0x000 "GL", uint16 2000, uint16 2004, uint16 1
//	0x008 date as C's asctime ("Tue Dec 27 20:57:56 2016\n"), NUL-padded
//	0x024 title, 64 bytes GBK ("Red[account] - Black[account]")
//	0x064 red account, red name, black account, black name: 20 bytes each
//	0x0b4 start position, 90 bytes: file*10 + row (row 0 at black's side);
//	      piece = index<<4 | kind, kind 1 rook 2 knight 3 cannon 4 king
//	      5 advisor 6 bishop 7 pawn, +8 for black
//	0x10e the position at the end, the same way
//	0x16c uint16 number of moves
//	0x1d8 move records of 36 bytes: three uint32 list links (the program's
//	      memory addresses), uint16 0, from, to (row<<4 | file), piece,
//	      captured piece, 18 bytes more. The first record, from = to = 0xff,
//	      is the list head.

const (
	chnMagic    = "GL"
	chnDate     = 0x08
	chnTitle    = 0x24
	chnPlayers  = 0x64
	chnStart    = 0xb4
	chnCount    = 0x16c
	chnMoves    = 0x1d8
	chnRecord   = 36
	chnFieldLen = 20
)

// chnKinds maps the kind code of a piece byte (low three bits) to a kind.
var chnKinds = [8]board.Kind{board.NoKind, board.Rook, board.Knight, board.Cannon, board.King, board.Advisor, board.Bishop, board.Pawn}

// chnLooksLike reports whether head starts like a 联众 record.
func chnLooksLike(head []byte) bool {
	if !bytes.HasPrefix(head, []byte(chnMagic)) || len(head) < chnDate+4 {
		return false
	}
	switch string(head[chnDate : chnDate+4]) {
	case "Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun ":
		return true
	}
	return false
}

func decodeCHN(data []byte, rec *Record) *Error {
	if !bytes.HasPrefix(data, []byte(chnMagic)) {
		return platErr(0, ErrCorrupt, "not a CHN record: no GL header")
	}
	rec.Encoding = EncGB18030
	if len(data) < chnMoves {
		chnTags(data, rec)
		platProblem(rec, len(data), ErrTruncated, "the file ends in the %d-byte header", chnMoves)
		return nil
	}
	chnTags(data, rec)
	chnBoard(data[chnStart:chnStart+90], rec)
	n := int(binary.LittleEndian.Uint16(data[chnCount:]))
	off := chnMoves
	if off+chnRecord <= len(data) && data[off+14] == 0xff && data[off+15] == 0xff {
		off += chnRecord // the list head
	}
	if rec.FEN != "" && off+chnRecord <= len(data) && data[off+16]&8 != 0 {
		rec.FEN = rec.FEN[:len(rec.FEN)-1] + "b" // black moves first
	}
	line := platLine{rec: rec}
	for k := 0; k < n; k++ {
		if off+chnRecord > len(data) {
			platProblem(rec, off, ErrTruncated, "the file ends after %d of the %d moves it declares", k, n)
			return nil
		}
		from, to := data[off+14], data[off+15]
		line.add(int(from&15), 9-int(from>>4), int(to&15), 9-int(to>>4), off)
		off += chnRecord
	}
	if off < len(data) {
		platProblem(rec, off, ErrCorrupt, "%d bytes after the %d moves the header declares", len(data)-off, n)
	}
	return nil
}

// chnText decodes a NUL-terminated GBK field.
func chnText(p []byte, rec *Record) string {
	if i := bytes.IndexByte(p, 0); i >= 0 {
		p = p[:i]
	}
	s, repl := binDecodeGB(p[:binGBCut(p)])
	rec.Replaced = rec.Replaced || repl
	return strings.TrimSpace(s)
}

// chnField returns data[off:off+n] cut to the data there is.
func chnField(data []byte, off, n int) []byte {
	if off >= len(data) {
		return nil
	}
	return data[off:min(off+n, len(data))]
}

// chnTags maps the header to tags.
func chnTags(data []byte, rec *Record) {
	if d := chnText(chnField(data, chnDate, chnTitle-chnDate), rec); d != "" {
		if t, err := time.Parse(time.ANSIC, strings.Join(strings.Fields(d), " ")); err == nil {
			rec.Tags.Set("Date", t.Format("2006.01.02"))
			rec.Tags.Set("Time", t.Format("15:04:05"))
		} else {
			rec.Tags.Set("Date", d)
		}
	}
	if v := chnText(chnField(data, chnTitle, chnPlayers-chnTitle), rec); v != "" {
		rec.Tags.Set("Event", v)
	}
	for i, name := range [4]string{"RedAccount", "Red", "BlackAccount", "Black"} {
		if v := chnText(chnField(data, chnPlayers+i*chnFieldLen, chnFieldLen), rec); v != "" {
			rec.Tags.Set(name, v)
		}
	}
	if len(data) >= 8 {
		rec.Tags.Set("CHNVersion", strconv.Itoa(int(binary.LittleEndian.Uint16(data[2:])))+"."+strconv.Itoa(int(binary.LittleEndian.Uint16(data[4:]))))
	}
}

// chnBoard sets rec.FEN from the start position when it is not the
// standard one.
func chnBoard(p []byte, rec *Record) {
	var b binBoard
	for file := 0; file < 9; file++ {
		for row := 0; row < 10; row++ {
			v := p[file*10+row]
			if v == 0 {
				continue
			}
			k := chnKinds[v&7]
			if k == board.NoKind {
				platProblem(rec, chnStart+file*10+row, ErrCorrupt, "piece code %#02x", v)
				continue
			}
			c := board.Red
			if v&8 != 0 {
				c = board.Black
			}
			b[board.SquareAt(file, 9-row)] = board.MakePiece(c, k)
		}
	}
	if start := binStartBoard(); b != start {
		rec.FEN = binFEN(&b, board.Red)
	}
}
