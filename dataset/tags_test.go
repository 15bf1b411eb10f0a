package dataset

import (
	"testing"

	"github.com/xqtool/xqtool/board"
)

func TestAppendFEN(t *testing.T) {
	for _, fen := range []string{
		board.StartFEN,
		"3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 3 17",
		"3k5/9/9/9/9/9/9/9/9/4K4 w - - 118 1234",
	} {
		var fw fenWriter
		if p, err := board.PositionFromFEN(fen); err == nil {
			fw.reset(&p)
			if got := string(fw.append(nil, &p)); got != p.FEN() {
				t.Errorf("fenWriter = %q, FEN() = %q", got, p.FEN())
			}
		}
		p, err := board.PositionFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(p.AppendFEN(nil)); got != p.FEN() {
			t.Errorf("AppendFEN = %q, FEN() = %q", got, p.FEN())
		}
	}
}

// notationKeyOf is fenWriter.notationKey from the position alone: the
// piece's file searched for another of its kind.
func notationKeyOf(p *board.Position, m board.Move) (k int32, ok bool) {
	if !m.Valid() {
		return 0, false
	}
	from, to := m.From(), m.To()
	pc := p.Piece(from)
	if pc.IsEmpty() {
		return 0, false
	}
	x := from.File()
	for r := range board.Ranks {
		if sq := board.SquareAt(x, r); sq != from && p.Piece(sq) == pc {
			return 0, false
		}
	}
	return (int32(from)*board.Squares+int32(to))<<4 | int32(pc&15), true
}

// TestFENWriterPlayout checks the incremental FEN of positions.parquet
// against Position.FEN, and the notation key it gives every legal move
// against notationKeyOf, along pseudo-random legal games (captures,
// checks, moves within a rank and across ranks).
func TestFENWriterPlayout(t *testing.T) {
	for seed := range 20 {
		p := board.StartPosition()
		var fw fenWriter
		fw.reset(&p)
		x := uint32(seed*2654435761 + 1)
		for ply := 0; ply < 200; ply++ {
			if got := string(fw.append(nil, &p)); got != p.FEN() {
				t.Fatalf("seed %d ply %d: fenWriter = %q, FEN() = %q", seed, ply, got, p.FEN())
			}
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			for _, m := range moves {
				gk, gok := fw.notationKey(m)
				wk, wok := notationKeyOf(&p, m)
				if gk != wk || gok != wok {
					t.Fatalf("seed %d ply %d: notationKey(%v) = %d, %v; want %d, %v", seed, ply, m, gk, gok, wk, wok)
				}
			}
			x = x*1664525 + 1013904223
			m := moves[int(x>>8)%len(moves)]
			p.MakeMove(m)
			fw.moved(m)
		}
	}
}
