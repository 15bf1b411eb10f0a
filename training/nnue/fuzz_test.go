package nnue

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// FuzzAppendBin packs arbitrary boards, counters, moves and scores: no
// panic; a record of 72 bytes that unpacks to the same entry (score clamped), or ErrTooManyPieces or ErrKings.
func FuzzAppendBin(f *testing.F) {
	f.Add([]byte("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"), 0, 1, uint16(0x3a7), 20, 0, int8(1))
	f.Add(bytes.Repeat([]byte{0x0d}, 90), 200, 70000, uint16(0xffff), -99999, 65535, int8(-1))
	f.Fuzz(func(t *testing.T, cells []byte, half, full int, mv uint16, score, ply int, result int8) {
		var s board.Setup
		for i := 0; i < len(cells) && i < board.Squares; i++ {
			if p := board.Piece(cells[i] & 0x0f); p.Kind() != board.NoKind {
				s.Board[i] = p
			}
		}
		s.Side = board.Color(len(cells) & 1)
		s.HalfMove, s.FullMove = half&0x7f, max(full&0xffff, 1)
		ply &= 0xffff
		m := board.Move(mv)
		if !m.Valid() {
			m = board.NoMove
		}
		e := Entry{Pos: s, Move: m, Score: score, Ply: ply, Result: result}
		rec, err := AppendBin(nil, &e)
		if errors.Is(err, ErrTooManyPieces) || errors.Is(err, ErrKings) {
			return
		}
		if err != nil || len(rec) != RecordSize {
			t.Fatalf("AppendBin: %d bytes, %v", len(rec), err)
		}
		want := e
		want.Score = min(max(score, -MaxScore), MaxScore)
		if got := unpack(t, rec); got != want {
			t.Fatalf("unpacked %+v, want %+v", got, want)
		}
	})
}

// FuzzPlainReader reads arbitrary text: no panic; every block read is
// written back and read again to the same entry.
func FuzzPlainReader(f *testing.F) {
	f.Add(startBlock)
	f.Add(startBlock + "\n" + strings.Replace(startBlock, "score 20", "score -32001", 1))
	f.Add("fen 4k4/9/9/9/9/9/9/9/9/4K4 b - - 12 40\nmove e10e9\nscore 0\nply 9\nresult -1\ne\n")
	f.Fuzz(func(t *testing.T, in string) {
		r := NewPlainReader(strings.NewReader(in))
		for range 100 {
			e, err := r.Next()
			if err != nil {
				var pe *PlainError
				if err != io.EOF && !errors.As(err, &pe) {
					t.Fatalf("error without a line: %v", err)
				}
				return
			}
			again, err := NewPlainReader(bytes.NewReader(AppendPlain(nil, &e))).Next()
			if err != nil || again != e {
				t.Fatalf("block %+v written and read again: %+v, %v", e, again, err)
			}
			if _, err := AppendBin(nil, &e); err != nil {
				t.Fatalf("AppendBin of a valid block: %v", err)
			}
		}
	})
}
