package pipeline_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/pipeline"
)

// TestRealClusters pins the kept-copy rule's outcome on six clusters of
// the real records, each checked by hand (plies, tags, result; see the
// comments).
func TestRealClusters(t *testing.T) {
	dir := recordsDir(t)
	opt := defaultOptions()
	// No error flag of these clusters comes from repetitions or
	// variations: leave them out to halve the time.
	opt.Analyze.NoRepetition, opt.Analyze.SkipVariations = true, true
	type verdict struct{ kind, kept string }
	got := map[string]verdict{}
	size := map[string]int{}
	name := func(src string, i int) string {
		rel, _ := filepath.Rel(dir, src)
		return fmt.Sprintf("%s#%d", filepath.ToSlash(rel), i+1)
	}
	var names []string
	c := &collector{game: func(g *pipeline.Game) { names = append(names, name(g.Source(), g.Index())) }}
	run(t, opt, []string{dir}, c)
	for num, d := range c.dups {
		self := names[num]
		v := verdict{kind: d.Kind.String(), kept: self}
		if d.Kind != dedupe.None {
			v.kept = name(d.Kept.Source, d.Kept.Index)
		}
		got[self] = v
		size[v.kept]++
	}
	const (
		y  = "Yvonne761__Chinese-Chess-Practical-Dataset/Dataset/對局/大師對局/"
		wk = "maksimKorzh__wukong-xiangqi/xqdb/"
		hb = "hbsxcjp__cchess_c/chessManual/示例文件"
	)
	clusters := []struct {
		why     string
		kept    string
		members map[string]string
	}{
		{"the longest (76 plies against 75)", y + "以棋手分類/呂欽/00001954.pgn#1", map[string]string{
			y + "以棋手分類/呂欽/00000396.pgn#1":               "prefix",
			wk + "xqdb/Liu_Dahua_1125_UCI_games.pgn#81": "prefix",
		}},
		{"62 plies; then 5 tags against 4", y + "以棋手分類/胡榮華/00001845.pgn#1", map[string]string{
			y + "以賽事分類/五羊杯/00000387.pgn#1":                "exact",
			y + "以棋手分類/胡榮華/00000646.pgn#1":                "prefix",
			wk + "xqdb/Hu_Ronghua_1391_UCI_games.pgn#732": "prefix",
		}},
		{"57 plies each; 5 tags against 3 (the mirror has 3 and no result)", y + "以賽事分類/全國賽對局譜/00006122.pgn#1", map[string]string{
			y + "以賽事分類/其他/00000840.pgn#1":              "exact",
			wk + "xqdb/Liu_Dahua_1125_UCI_games.pgn#6": "mirror",
		}},
		{"84 plies each; 5 tags against 1: both other copies are mirrored", y + "以棋手分類/許銀川/00002395.pgn#1", map[string]string{
			hb + ".pgn_iccs/第21届五羊杯赛对局选（评注版）/1、第一轮 徐天红　红先负 许银川 2001.1.pgn_iccs#1": "mirror",
			hb + ".pgn_zh/第21届五羊杯赛对局选（评注版）/1、第一轮 徐天红　红先负 许银川 2001.1.pgn_zh#1":     "mirror",
		}},
		{"127 plies, 3 tags each: the only declared result (0-1)", wk + "games_html/44.html#1", map[string]string{
			wk + "games_pgn/bulk_games_uci.pgn#1":     "exact",
			wk + "games_pgn/xqdb_international.pgn#1": "exact",
			wk + "games_pgn/xqdb_traditional.pgn#1":   "exact",
		}},
		{"169 plies, 5 tags and 1-0 each: the first in input order", y + "以棋手分類/呂欽/00002264.pgn#1", map[string]string{
			y + "以棋手分類/呂欽/00002265.pgn#1": "exact",
			y + "以棋手分類/呂欽/00002274.pgn#1": "exact",
		}},
	}
	for _, c := range clusters {
		if v := got[c.kept]; v.kind != "" || v.kept != c.kept {
			t.Errorf("%s: not kept (%s of %s); kept by: %s", c.kept, v.kind, v.kept, c.why)
		}
		for m, kind := range c.members {
			if v := got[m]; v.kind != kind || v.kept != c.kept {
				t.Errorf("%s: %q of %s, want %q of %s", m, v.kind, v.kept, kind, c.kept)
			}
		}
		if size[c.kept] != len(c.members)+1 {
			t.Errorf("cluster of %s: %d games, want %d", c.kept, size[c.kept], len(c.members)+1)
		}
	}
	// Counts by kind, for the record (not pinned: the records may grow).
	kinds := map[string]int{}
	for _, v := range got {
		kinds[v.kind]++
	}
	t.Logf("%d games: %d exact, %d prefix, %d mirror copies", len(got), kinds["exact"], kinds["prefix"], kinds["mirror"])
}
