package repair_test

import (
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/repair"
	"github.com/xqtool/xqtool/replay"
)

// A record with 马二退三 for 马二进三 fails at its third ply; the search
// finds the one edit that makes the whole record replay.
func Example() {
	text := `1. 炮二平五 马８进７ 2. 马二退三 车９平８ 3. 车一平二 马２进３
4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 车二平三 炮９退１`
	rec, _ := parse.NewPGNReader(strings.NewReader(text), "game.pgn").Next()
	g := replay.Replay(rec, replay.Options{})
	fmt.Println(g.Fail)

	r := repair.Find(rec, g, repair.Options{})
	fmt.Println(r.Suggestion(repair.Options{}))
	for _, e := range r.Repairs {
		fmt.Println(flags.Repaired, e.Detail())
	}
	fmt.Println(len(r.Line), "plies replay")
	// Output:
	// ply 3 (move 2, red) "马二退三": notation: illegal move "马二退三": the piece cannot move that way in rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2
	// did you mean 马二进三 (进/退)?
	// repaired ply 3: written "马二退三", repaired to "马二进三" (direction 进/退)
	// 12 plies replay
}
