package nnue

import (
	"encoding/binary"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// unpack decodes a record as the converter's reader does
// (set_from_packed_sfen): an independent check of AppendBin in the tests.
func unpack(tb testing.TB, rec []byte) Entry {
	tb.Helper()
	if len(rec) != RecordSize {
		tb.Fatalf("record of %d bytes", len(rec))
	}
	pos := 0
	read := func(n int) int {
		v := 0
		for i := range n {
			if pos >= 512 {
				tb.Fatalf("read past the packed position")
			}
			v |= int(rec[pos/8]>>(pos%8)&1) << i
			pos++
		}
		return v
	}
	var e Entry
	e.Pos.Side = board.Color(read(1))
	var kings [2]int
	kings[0], kings[1] = read(7), read(7)
	kinds := [...]board.Kind{1: board.Rook, board.Advisor, board.Cannon, board.Pawn, board.Knight, board.Bishop}
	for r := board.Ranks - 1; r >= 0; r-- {
		for f := range board.Files {
			sq := board.SquareAt(f, r)
			if int(sq) == kings[0] || int(sq) == kings[1] {
				c := board.Red
				if int(sq) == kings[1] {
					c = board.Black
				}
				e.Pos.Board[sq] = board.MakePiece(c, board.King)
				continue
			}
			if read(1) == 0 {
				continue
			}
			code := 1 | read(4)<<1
			k := (code + 1) / 2
			if k >= len(kinds) {
				tb.Fatalf("piece code %d at %v", code, sq)
			}
			e.Pos.Board[sq] = board.MakePiece(board.Color(read(1)), kinds[k])
		}
	}
	for range 2 {
		if hand := read(35); hand != 0 {
			tb.Fatalf("pieces in hand %x", hand)
		}
	}
	if rest := read(5); rest != 0 {
		tb.Fatalf("castling or en passant bits %b", rest)
	}
	h := read(6)
	fm := read(8)
	fm |= read(8) << 8
	h |= read(1) << 6
	e.Pos.HalfMove, e.Pos.FullMove = h, fm
	for pos < 512 {
		if read(1) != 0 {
			tb.Fatalf("bit %d after the position is set", pos-1)
		}
	}
	e.Score = int(int16(binary.LittleEndian.Uint16(rec[64:])))
	mv := binary.LittleEndian.Uint16(rec[66:])
	from, to := int(mv>>7), int(mv&0x7f)
	if mv != 0 {
		e.Move = board.NewMove(board.SquareAt(from%12, from/12), board.SquareAt(to%12, to/12))
	}
	e.Ply = int(binary.LittleEndian.Uint16(rec[68:]))
	e.Result = int8(rec[70])
	if rec[71] != 0 {
		tb.Fatalf("padding %d", rec[71])
	}
	return e
}
