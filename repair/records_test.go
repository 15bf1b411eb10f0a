package repair

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/replay"
)

// realGame is a game of the shared records, copied as a search input,
// with its replayed main line.
type realGame struct {
	key   string // file relative to the records directory, "#", game index
	in    Input
	moves []board.Move
	fail  int // index of the failing move, -1 when the main line replays
}

var (
	realOnce  sync.Once
	realGames []realGame
	realErr   error
)

// loadRecords reads every game of ../shared/testdata/records once.
func loadRecords(t testing.TB) []realGame {
	t.Helper()
	dir := shareddata.Dir(t, "records")
	realOnce.Do(func() {
		prefix := filepath.ToSlash(dir) + "/"
		w := &corpus.Walker{}
		realErr = w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
			if it.Rec == nil || it.Err != nil {
				return nil
			}
			g := replay.Replay(it.Rec, replay.Options{SkipVariations: true})
			if !g.HasStart {
				return nil
			}
			rg := realGame{
				key:  strings.TrimPrefix(filepath.ToSlash(it.Rec.Source), prefix) + "#" + strconv.Itoa(it.Rec.Index),
				in:   FromRecord(it.Rec, g),
				fail: -1,
			}
			for _, p := range g.Plies {
				rg.moves = append(rg.moves, p.Move)
			}
			if g.Fail != nil {
				rg.fail = g.Fail.Ply - 1
			}
			realGames = append(realGames, rg)
			return nil
		})
	})
	if realErr != nil {
		t.Fatal(realErr)
	}
	return realGames
}

// family is the notation a game's moves are written in: chinese, wxf,
// iccs, coords (a binary record) or another.
func family(in Input) notation.Notation {
	switch {
	case len(in.Line) == 0:
		return notation.NotationAuto
	case in.Line[0].Text == "":
		return notation.NotationCoords
	case in.Notation != notation.NotationAuto:
		return in.Notation
	}
	return notation.Detect(in.Line[0].Text)
}
