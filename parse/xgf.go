package parse

import (
	"encoding/binary"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// XGF (谢谢象棋): our reading of a real file (docs/formats.md#xgf); no
// public description was found.
//
//	0x00 two bytes (06 0b in the file seen)
//	0x02 fields numbered 1, 2, …: number byte, length (one byte; four,
//	     little-endian, for field 9), GBK text: 1 event, 2 site, 3 date,
//	     4 round, 5 red, 6 red rating, 7 black, 8 black rating, 9 comment,
//	     10 one byte
//	E    (the end of the fields) 3 bytes, then the board: the piece number
//	     at E+3+square
//	E+0xd7 32 uint32 squares, one for each piece number 1..32 (1 king,
//	     2-3 advisors, 4-5 bishops, 6-7 knights, 8-9 rooks, 10-11 cannons,
//	     12-16 pawns of red, then black's the same way; 0 when absent)
//	then uint32 0, uint32 number of moves, uint32 (the same again), and
//	moves of 20 bytes: from, 0, to, 0, captured piece number, 12 bytes,
//	ff ff ff.
//
// A square is (10-file)<<4 | (11-rank).

const (
	xgfPieces  = 0xd7
	xgfMoveLen = 20
)

// xgfKinds is the kind of piece number 1..16 (and 17..32).
var xgfKinds = [16]board.Kind{board.King, board.Advisor, board.Advisor, board.Bishop, board.Bishop,
	board.Knight, board.Knight, board.Rook, board.Rook, board.Cannon, board.Cannon,
	board.Pawn, board.Pawn, board.Pawn, board.Pawn, board.Pawn}

// xgfTags are the tags of fields 1..9.
var xgfTags = [...]string{"Event", "Site", "Date", "Round", "Red", "RedElo", "Black", "BlackElo"}

// xgfFields reads the numbered fields from offset 2. It returns the
// fields and the offset after them; ok is false when the data ends
// inside one.
func xgfFields(data []byte) (fields [][]byte, end int, ok bool) {
	off := 2
	for next := 1; off < len(data) && int(data[off]) == next; next++ {
		n, start := 0, off+2
		switch {
		case next == 9:
			if off+5 > len(data) {
				return fields, off, false
			}
			n, start = int(binary.LittleEndian.Uint32(data[off+1:])), off+5
		case off+1 < len(data):
			n = int(data[off+1])
		default:
			return fields, off, false
		}
		if n < 0 || n > len(data)-start {
			return fields, off, false
		}
		fields = append(fields, data[start:start+n])
		off = start + n
	}
	return fields, off, true
}

// xgfLooksLike reports whether head starts with XGF fields 1..8.
func xgfLooksLike(head []byte) bool {
	f, _, _ := xgfFields(head)
	return len(f) >= 8
}

// xgfSquare returns the file and rank of square byte v.
func xgfSquare(v byte) (file, rank int) { return 10 - int(v>>4), 11 - int(v&15) }

func decodeXGF(data []byte, rec *Record) *Error {
	fields, end, ok := xgfFields(data)
	if len(fields) == 0 {
		return platErr(0, ErrCorrupt, "not an XGF record: no field 1 at offset 2")
	}
	rec.Encoding = EncGB18030
	if len(data) >= 2 {
		rec.Tags.Set("XGFHeader", hex.EncodeToString(data[:2]))
	}
	for i, f := range fields {
		switch {
		case i < len(xgfTags):
			v := chnText(f, rec)
			if xgfTags[i] == "Date" && len(v) == 10 && v[4] == '-' && v[7] == '-' {
				v = strings.ReplaceAll(v, "-", ".")
			}
			if v != "" {
				rec.Tags.Set(xgfTags[i], v)
			}
		case i == 8:
			rec.Root.Comment = chnText(f, rec)
		case len(f) == 1:
			rec.Tags.Set("XGF"+strconv.Itoa(i+1), strconv.Itoa(int(f[0])))
		default:
			rec.Tags.Set("XGF"+strconv.Itoa(i+1), hex.EncodeToString(f))
		}
	}
	if !ok {
		platProblem(rec, end, ErrTruncated, "the file ends in field %d", len(fields)+1)
		return nil
	}
	pieces := end + xgfPieces
	if pieces+32*4+12 > len(data) {
		platProblem(rec, len(data), ErrTruncated, "the file ends before the moves (%d bytes)", len(data))
		return nil
	}
	xgfBoard(data, pieces, rec)
	n := int(binary.LittleEndian.Uint32(data[pieces+32*4+4:]))
	off := pieces + 32*4 + 12
	line := platLine{rec: rec}
	for k := 0; k < n; k++ {
		if off+xgfMoveLen > len(data) {
			platProblem(rec, off, ErrTruncated, "the file ends after %d of the %d moves it declares", k, n)
			return nil
		}
		f1, r1 := xgfSquare(data[off])
		f2, r2 := xgfSquare(data[off+2])
		line.add(f1, r1, f2, r2, off)
		off += xgfMoveLen
	}
	if off < len(data) {
		platProblem(rec, off, ErrCorrupt, "%d bytes after the %d moves the file declares", len(data)-off, n)
	}
	return nil
}

// xgfBoard sets rec.FEN from the piece squares at off when they are not
// the standard start position.
func xgfBoard(data []byte, off int, rec *Record) {
	var b binBoard
	for id := 0; id < 32; id++ {
		v := binary.LittleEndian.Uint32(data[off+4*id:])
		if v == 0 {
			continue
		}
		f, r := xgfSquare(byte(v))
		if v > 0xff || !platOnBoard(f, r) {
			platProblem(rec, off+4*id, ErrCorrupt, "piece %d on square %#x", id+1, v)
			continue
		}
		b[board.SquareAt(f, r)] = board.MakePiece(board.Color(id/16), xgfKinds[id%16])
	}
	if start := binStartBoard(); b != start {
		rec.FEN = binFEN(&b, board.Red)
	}
}
