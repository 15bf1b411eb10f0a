package players

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/tournament"
)

// TestRecordsNameVariants runs the tournament checks over the real
// records with the players of this package as their identity (as export
// and "xqtool tournament" do) and pins the name_variants it raises, each
// checked by hand: a place written before the name (吉林 洪智, 广东许银川,
// 河北刘殿中), traditional characters and a control byte (於幼華 and
// "\r火车头 于幼华"), two renderings of one character (何偉艷/何偉豔), a
// control byte (北京张强) and two romanizations of one name (CHEN BoXiang
// and CHEN BaiXiang: 柏 reads bo and bai). Without an identity only
// 何偉艷/何偉豔 and 北京张强 fire (tournament/testdata/real_flags.golden).
func TestRecordsNameVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every real record")
	}
	dir := shareddata.Dir(t, "records")
	ps := NewSink(nil)
	ts := tournament.NewSink(tournament.Options{Identity: ps.Player})
	defer ts.Abort()
	if _, err := pipeline.Run(context.Background(), []string{dir}, pipeline.Options{}, ps, keptEvents{ts}); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, g := range ts.Games() {
		for _, f := range g.Flags() {
			if f.Code == flags.NameVariants {
				ref := strings.ReplaceAll(g.Ref(), dir+string(filepath.Separator), "")
				lines = append(lines, fmt.Sprintf("%s %s: %s", ref, f.Side, f.Detail))
			}
		}
	}
	slices.Sort(lines)
	goldenFile(t, "records_name_variants.golden", strings.Join(lines, "\n")+"\n")
}

// keptEvents is a tournament sink whose games stay readable after the run
// (Commit does not remove its files; Abort does).
type keptEvents struct{ *tournament.Sink }

func (keptEvents) Commit() error { return nil }
