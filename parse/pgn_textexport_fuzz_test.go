package parse

import (
	"bytes"
	"os"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// FuzzTextExportHeader: the PGN reader on text exports with Chinese
// header lines (the two real ones and hand-made lines, in UTF-8 and GBK)
// reads or reports, never panics, within the bounds textDrainTimed
// checks.
func FuzzTextExportHeader(f *testing.F) {
	for _, name := range []string{"sample_04x.txt", "sample_12x_ourgame-chess.txt"} {
		if b, err := os.ReadFile(shareddata.Path("formats", name)); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"标题：x\n红    方：某(1)  耗时：  2分\nFEN ：rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n1. 炮二平五\n",
		"-----\n中 国 象 棋 对 局 记 录\n比赛日期：2016年12月27日20时  比赛地点：\n棋谱 红方 黑方\n 1. 炮二平五 马２进３\n",
		"红方：马二进三 黑方：车９平８\nECCO：C66 x\n结果：红胜\n",
		"\xb1\xea\xcc\xe2\xa3\xbax\r\n\xba\xec\xb7\xbd\xa3\xba\xc4\xb3\r\n1. h2e2\r\n", // 标题：x 红方：某 in GBK
		"日期：：：\n解说：(Email:)\n：\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		textDrainTimed(t, NewPGNReader(bytes.NewReader(b), "fuzz"), len(b))
	})
}
