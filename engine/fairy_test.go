package engine

import (
	"context"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

// fairyConfig runs the real Fairy-Stockfish in its xiangqi variant,
// searching to depth.
func fairyConfig(t *testing.T, depth int) Config {
	return Config{
		Command:          fakeengine.FairyStockfish(t),
		Options:          []Option{{"UCI_Variant", "xiangqi"}},
		Limits:           Limits{Depth: depth},
		HandshakeTimeout: time.Minute,
		Deadline:         2 * time.Minute,
	}
}

// TestFairyStockfish runs the real Fairy-Stockfish (Node.js, WebAssembly):
// the handshake, its 1–10 rank numbering read back as ICCS, and mate in one
// for each side scored "mate 1" from the side to move (+1 / -1 for red).
func TestFairyStockfish(t *testing.T) {
	cfg := fairyConfig(t, 6)
	e := start(t, cfg)
	if e.Ranks() != Ranks110 || e.Name() == "" {
		t.Fatalf("name %q ranks %v", e.Name(), e.Ranks())
	}
	for _, tt := range []struct {
		fen string
		red int
	}{{redMatesFEN, 1}, {blackMatesFEN, -1}} {
		p := mustFEN(t, tt.fen)
		r, err := e.Search(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != MateIn(1) || r.Score.Red(p.Side()) != MateIn(tt.red) {
			t.Fatalf("%s: %v (line %q)", tt.fen, r.Score, r.Line)
		}
		after, _ := p.Play(r.Best)
		if after.Outcome() != board.Checkmate {
			t.Fatalf("%s: best %v does not mate", tt.fen, r.Best)
		}
		t.Logf("%s: %s", tt.fen, r.Line)
	}
	// The start position: a whole principal variation, every move legal
	// (checkPV), and the same answer twice (ucinewgame before each search).
	r1, err := e.Search(context.Background(), board.StartPosition(), nil)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := e.Search(context.Background(), board.StartPosition(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r1.PV) < 2 || r1.Depth != 6 || r1.Score != r2.Score || r1.Nodes != r2.Nodes || r1.Best != r2.Best || len(r1.PV) != len(r2.PV) {
		t.Fatalf("start: %+v / %+v", r1, r2)
	}
}

// TestFairyStockfishOrderFree: an answer does not depend on what the
// engine searched before. Without setting Threads again before each
// search, Fairy-Stockfish 1.1.12 scored the position after 1. 炮二平五 马8进7
// 22 cp (11,745 nodes) when fresh and 48 cp (10,103 nodes) after the two
// positions before it: per-thread tables survive ucinewgame.
func TestFairyStockfishOrderFree(t *testing.T) {
	cfg := fairyConfig(t, 8)
	var line []board.Position
	p := board.StartPosition()
	line = append(line, p)
	for _, s := range []string{"h2e2", "h9g7"} {
		m, _ := board.ParseMove(s)
		p, _ = p.Play(m)
		line = append(line, p)
	}
	after := start(t, cfg)
	var last Result
	for _, pos := range line {
		r, err := after.Search(context.Background(), pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		last = r
	}
	fresh, err := start(t, cfg).Search(context.Background(), line[2], nil)
	if err != nil {
		t.Fatal(err)
	}
	if last.Score != fresh.Score || last.Nodes != fresh.Nodes || last.Best != fresh.Best {
		t.Fatalf("after other searches %q, fresh %q", last.Line, fresh.Line)
	}
}
