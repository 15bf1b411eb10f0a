package replay_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// isPackedCBL reports whether the file is a compressed CCBridge library.
func isPackedCBL(src string) bool {
	f, err := os.Open(src)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [12]byte
	n, _ := f.Read(b[:])
	return n == 12 && string(b[:8]) == "CCBridge" && b[8] == 21
}

// TestCBLZCrossFormat: games of the compressed libraries that exist in
// another file of the real records (XQF, PGN, uncompressed CBL) have the
// same start position and main line there, move for move, and the same
// declared result. Games of fewer than 6 plies are not paired (too many
// short endgame lines coincide).
func TestCBLZCrossFormat(t *testing.T) {
	dir := recordsDir(t)
	type game struct {
		src    string
		key    string // start placement and main line
		plies  int
		result string
	}
	var packed []game
	others := map[string]game{}
	packedFile := map[string]bool{}
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec == nil || it.Err != nil {
			return nil
		}
		g := replay.Replay(it.Rec, replay.Options{SkipVariations: true})
		var b strings.Builder
		b.WriteString(g.Start.Placement())
		for _, p := range g.Plies {
			b.WriteByte(' ')
			b.WriteString(p.Move.String())
		}
		src := strings.TrimPrefix(filepath.ToSlash(it.Rec.Source), filepath.ToSlash(dir)+"/")
		x := game{src: src + "#" + strconv.Itoa(it.Rec.Index), key: b.String(), plies: len(g.Plies), result: it.Rec.Result}
		isPacked, ok := packedFile[it.Rec.Source]
		if !ok && it.Rec.Format == parse.FormatCBL {
			isPacked = isPackedCBL(it.Rec.Source)
			packedFile[it.Rec.Source] = isPacked
		}
		switch {
		case isPacked:
			packed = append(packed, x)
		case len(g.Plies) >= 6:
			if _, dup := others[x.key]; !dup {
				others[x.key] = x
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	pairs, results := 0, 0
	perLib := map[string]int{}
	for _, p := range packed {
		o, ok := others[p.key]
		if !ok || p.plies < 6 {
			continue
		}
		pairs++
		perLib[p.src[:strings.LastIndexByte(p.src, '#')]]++
		known := func(r string) bool { return r != "" && r != "*" }
		if known(p.result) && known(o.result) {
			results++
			if p.result != o.result {
				t.Errorf("%s (%s) = %s (%s): same game, results differ", p.src, p.result, o.src, o.result)
			}
		}
		t.Logf("%s = %s (%d plies)", p.src, o.src, p.plies)
	}
	if pairs == 0 {
		t.Fatalf("no game of the %d compressed-library games found in another file", len(packed))
	}
	t.Logf("%d compressed-library games, %d found move for move in another file (%v); %d results compared, all equal", len(packed), pairs, perLib, results)
}
