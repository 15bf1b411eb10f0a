package parse

import (
	"encoding/binary"
	"strconv"
	"time"
)

// CCM (中国游戏中心) comes in two layouts (docs/formats.md#ccm):
//
//   - the older one, read by ElephantEye's ccm2pgn and vschess: no header,
//     records of 7 bytes whose bytes 3..6 are from-x, to-x, from-y, to-y;
//   - the 17pk one (our reading of a real file): a 12-byte header
//     {uint16 1, uint16 kind, uint32 Unix time, uint32 count} and count
//     records of 9 bytes {piece, side 1 red 2 black, piece kind, from-x,
//     from-y, to-x, to-y, captured piece, captured kind}.
//
// In both, x counts files from the left and y ranks from the top of the
// board as the saving player saw it: when the first move starts on the
// top half, the board was seen from black's side and is turned round.

const (
	ccm7Size      = 7
	ccm9Size      = 9
	ccm9Header    = 12
	ccmMaxRecords = 1 << 16
)

// ccm9Record reports whether p (9 bytes) is a plausible 17pk move record.
func ccm9Record(p []byte) bool {
	return (p[1] == 1 || p[1] == 2) && p[2] >= 1 && p[2] <= 7 &&
		p[3] <= 8 && p[4] <= 9 && p[5] <= 8 && p[6] <= 9 && p[8] <= 7
}

// ccm9LooksLike reports whether head starts like a 17pk CCM record: the
// header, then plausible records of alternating sides.
func ccm9LooksLike(head []byte) bool {
	if len(head) < ccm9Header+ccm9Size || head[0] != 1 || head[1] != 0 {
		return false
	}
	n := binary.LittleEndian.Uint32(head[8:])
	if n == 0 || n > ccmMaxRecords {
		return false
	}
	prev := byte(0)
	for k := 0; k < 4 && k < int(n) && ccm9Header+(k+1)*ccm9Size <= len(head); k++ {
		p := head[ccm9Header+k*ccm9Size:]
		if !ccm9Record(p) || p[1] == prev {
			return false
		}
		prev = p[1]
	}
	return true
}

func decodeCCM(data []byte, rec *Record) *Error {
	if ccm9LooksLike(data) {
		decodeCCM9(data, rec)
		return nil
	}
	if len(data) < ccm7Size {
		return platErr(0, ErrTruncated, "%d bytes: not even one CCM move record", len(data))
	}
	n := len(data) / ccm7Size
	turn := data[5] < 5 // the first move starts on the top half
	line := platLine{rec: rec}
	for k := 0; k < n; k++ {
		p := data[k*ccm7Size:]
		ccmAdd(&line, p[3], p[5], p[4], p[6], turn, k*ccm7Size)
	}
	if r := len(data) % ccm7Size; r != 0 {
		platProblem(rec, n*ccm7Size, ErrTruncated, "%d bytes after the last whole 7-byte record", r)
	}
	rec.Tags.Set("CCMLayout", "7")
	return nil
}

// decodeCCM9 reads the 17pk layout.
func decodeCCM9(data []byte, rec *Record) {
	rec.Tags.Set("CCMLayout", "9")
	rec.Tags.Set("CCMKind", strconv.Itoa(int(binary.LittleEndian.Uint16(data[2:]))))
	if t := int64(binary.LittleEndian.Uint32(data[4:])); t > 0 {
		// The platform's clock is Beijing time (UTC+8).
		d := time.Unix(t, 0).In(time.FixedZone("CST", 8*3600))
		rec.Tags.Set("Date", d.Format("2006.01.02"))
		rec.Tags.Set("Time", d.Format("15:04:05"))
	}
	n := int(binary.LittleEndian.Uint32(data[8:]))
	p := data[ccm9Header:]
	// The first red move tells which way round the board was saved.
	turn := (p[1] == 1) == (p[4] < 5)
	line := platLine{rec: rec}
	for k := 0; k < n; k++ {
		off := ccm9Header + k*ccm9Size
		if off+ccm9Size > len(data) {
			platProblem(rec, off, ErrTruncated, "the file ends after %d of the %d moves it declares", k, n)
			return
		}
		r := data[off:]
		ccmAdd(&line, r[3], r[4], r[5], r[6], turn, off)
		if !ccm9Record(r) {
			platProblem(rec, off, ErrCorrupt, "move %d: side %d, kind %d, captured kind %d out of range", k+1, r[1], r[2], r[8])
		}
	}
	if end := ccm9Header + n*ccm9Size; end < len(data) {
		platProblem(rec, end, ErrCorrupt, "%d bytes after the %d moves the header declares", len(data)-end, n)
	}
}

// ccmAdd appends the move (x1, y1) → (x2, y2), y from the top, the board
// turned round when turn is set.
func ccmAdd(line *platLine, x1, y1, x2, y2 byte, turn bool, off int) {
	f1, r1 := int(x1), 9-int(y1)
	f2, r2 := int(x2), 9-int(y2)
	if turn {
		f1, r1, f2, r2 = 8-f1, 9-r1, 8-f2, 9-r2
	}
	line.add(f1, r1, f2, r2, off)
}
