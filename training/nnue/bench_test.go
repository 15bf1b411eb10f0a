package nnue

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

// BenchmarkAppend: one position of the start as a .plain block and as a
// packed record.
func BenchmarkAppend(b *testing.B) {
	s, _ := board.ParseFEN(board.StartFEN)
	m, _ := board.ParseMove("h2e2")
	e := Entry{Pos: s, Move: m, Score: 20, Ply: 0, Result: 1}
	var buf []byte
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			buf = AppendPlain(buf[:0], &e)
		}
	})
	b.Run("bin", func(b *testing.B) {
		for b.Loop() {
			buf, _ = AppendBin(buf[:0], &e)
		}
	})
}
