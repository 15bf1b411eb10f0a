package repair

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/replay"
)

// realFailures lists every game of the shared records whose main line
// fails, with what the search makes of it. Each was read by hand; a game
// that starts failing (or stops) must be added here after the same.
var realFailures = map[string]struct {
	repairs []Edit // the accepted repairs (Kind, Ply, Written, Text), none when nil
	why     string
}{
	// The Chinese record writes 5. 前兵平四 where three red pawns stand
	// on file 三 (g9, g8, g7): read as the front pawn (g9f9), black's
	// 将５平６ two plies later is illegal. The record's ICCS twin
	// (示例文件.pgn_iccs, same source) has g7f7, the rear pawn, and the
	// poem of the record ("连送两兵抽一炮") says the pawn is given up: the
	// king takes it on f7. 后兵平四 is a one-character slip and the only
	// one that replays the rest; TestRealRepairMatchesTwin checks the
	// repaired line against the twin.
	"hbsxcjp__cchess_c/chessManual/示例文件.pgn_zh/神骑突围.pgn_zh#0": {
		repairs: []Edit{{Kind: Qualifier, Ply: 9, Written: "前兵平四", Text: "后兵平四"}},
		why:     "前 for 后, confirmed by the ICCS twin",
	},
	// Ply 64 e8d7 ignores the check of the rook that went to c9 on ply 63
	// (black's advisors stand on e8 and f9: d9 is open). Everything fits
	// if black's advisor that went to e8 on ply 56 was the f9 one
	// (士６进５, written 士４进５: d9e8) and went back to f9 on ply 74
	// (士５退６, written 士５退４: e8d9): then d9 blocks the check, e8d7 and
	// d7e8 (ply 70) are the other advisor's moves, and all 106 plies
	// replay. Both slips are the same mirror of black's advisor file
	// (4 for 6). Each repair is the only one that fits with the other
	// made.
	"walker8088__cchess/games/对局谱/比赛对局/1990年全国个人赛专集(365局)/206 - 厦门郭福人 (胜) 湖南罗忠才 (1990年10月21日于杭州).xqf#0": {
		repairs: []Edit{
			{Kind: Character, Ply: 56, Written: "d9e8", Text: "f9e8"},
			{Kind: Character, Ply: 74, Written: "e8d9", Text: "e8f9"},
		},
		why: "the same advisor file mirrored twice",
	},
	// A composition: the black king flees to d9 (ply 14) on the file of
	// the red king (d1) with nothing between them. The composer's
	// solution breaks the facing-kings rule; no edit of one move fits the
	// five plies after it.
	"walker8088__cchess/end_game/残局攻杀谱/残局攻杀谱_其它的杀着(41).xqf#0": {why: "the solution lets the kings face each other"},
	// A composition whose start position already has Red in check (the
	// black cannon i0 through the advisor f0) and mated: Red's mating
	// attack in 连将杀 style ignores it. Not a slip of a move.
	"walker8088__cchess/games/残局谱/象棋实用残局/残局全书.CBL#361": {why: "Red is mated in the start position"},
	// Red mates on ply 7 (车一平四: the king f7 has e7, facing the red
	// king, and f8, covered by the rook); the record goes on with the
	// king to e7 and 6 more plies, as if the kings could face each other.
	"hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/残局/桔中秘残局谱.CBL#40": {why: "moves after mate, the kings facing"},
	// A test file of the cchess project whose last move was corrupted on
	// purpose (e1f0: no piece). With nothing after it, nothing proves a
	// repair: any legal move fits.
	"walker8088__cchess/tests/data/BadMoveTest3.xqf#0": {why: "last move corrupted, nothing after it"},
}

func TestRealFailures(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range loadRecords(t) {
		r := Search(g.in, Options{})
		if g.fail < 0 {
			if r.Fail != -1 {
				t.Errorf("%s replays cleanly, but the search says %+v", g.key, r)
			}
			continue
		}
		want, ok := realFailures[g.key]
		if !ok {
			t.Errorf("%s fails at ply %d and is not listed: repairs %+v, candidates %+v", g.key, g.fail+1, r.Repairs, r.Candidates)
			continue
		}
		seen[g.key] = true
		if len(r.Repairs) != len(want.repairs) {
			t.Errorf("%s (%s): repairs %+v, want %+v", g.key, want.why, r.Repairs, want.repairs)
			continue
		}
		for i, e := range r.Repairs {
			w := want.repairs[i]
			if e.Kind != w.Kind || e.Ply != w.Ply || e.Written != w.Written || e.Text != w.Text {
				t.Errorf("%s: repair %d is %+v, want %+v", g.key, i, e, w)
			}
		}
		if r.Repaired() && (!r.Complete || len(r.Line) != len(r.Texts)) {
			t.Errorf("%s: repaired line incomplete: %d moves of %d", g.key, len(r.Line), len(r.Texts))
		}
	}
	for key := range realFailures {
		if !seen[key] {
			t.Errorf("%s is listed but no longer fails (or is gone)", key)
		}
	}
}

// TestRealRepairMatchesTwin checks the repair of 神骑突围 against the same
// game in ICCS, written by the same program from the same source.
func TestRealRepairMatchesTwin(t *testing.T) {
	dir := shareddata.Dir(t, "records", "hbsxcjp__cchess_c", "chessManual")
	var zh Input
	var twin []board.Move
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{
		filepath.Join(dir, "示例文件.pgn_zh", "神骑突围.pgn_zh"),
		filepath.Join(dir, "示例文件.pgn_iccs", "神骑突围.pgn_iccs"),
	}, func(it corpus.Item) error {
		if it.Rec == nil {
			return nil
		}
		g := replay.Replay(it.Rec, replay.Options{SkipVariations: true})
		if filepath.Ext(it.Rec.Source) == ".pgn_zh" {
			zh = FromRecord(it.Rec, g)
			return nil
		}
		if g.Fail != nil {
			t.Errorf("the ICCS twin fails: %v", g.Fail)
		}
		for _, p := range g.Plies {
			twin = append(twin, p.Move)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r := Search(zh, Options{})
	if !r.Repaired() || !slices.Equal(r.Line, twin) {
		t.Errorf("repaired line %v (repairs %+v), the ICCS twin %v", r.Line, r.Repairs, twin)
	}
}
