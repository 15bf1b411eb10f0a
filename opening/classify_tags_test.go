package opening_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/opening"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

func TestClassifyTags(t *testing.T) {
	const moves = "1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 卒7进1 4. 车二进六 马2进3 5. 兵七进一 炮8平9 6. 车二平三 炮9退1 7. 车三平四 *"
	for _, tt := range []struct {
		name, tags string
		fix        bool
		want       []string // ECCO, Opening, Variation ("-" absent)
	}{
		{"fills absent tags", "", false, []string{"C41", "中炮过河车互进七兵对屏风马平炮兑车", "黑退边炮"}},
		{"fills empty tags", `[ECCO ""]` + "\n" + `[Opening ""]`, false, []string{"C41", "中炮过河车互进七兵对屏风马平炮兑车", "黑退边炮"}},
		{"keeps a declared tag", `[ECCO "C41"]` + "\n" + `[Opening "x"]`, false, []string{"C41", "x", "黑退边炮"}},
		{"keeps another code and its names", `[ECCO "C45"]` + "\n" + `[Opening "x"]`, false, []string{"C45", "x", "-"}},
		{"fixes a wrong code", `[ECCO "C45"]` + "\n" + `[Opening "x"]` + "\n" + `[Variation "y"]`, true, []string{"C41", "中炮过河车互进七兵对屏风马平炮兑车", "黑退边炮"}},
		{"fix keeps a right code", `[ECCO "C41"]` + "\n" + `[Opening "x"]`, true, []string{"C41", "x", "黑退边炮"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := parse.NewPGNReader(strings.NewReader(tt.tags+"\n\n"+moves+"\n"), "t.pgn").Next()
			if err != nil {
				t.Fatal(err)
			}
			tags, _ := opening.ClassifyTags(rec.Tags, classOf(rec), tt.fix)
			for i, name := range []string{parse.TagECCO, parse.TagOpening, parse.TagVariation} {
				got, ok := tags.Get(name)
				if !ok {
					got = "-"
				}
				if got != tt.want[i] {
					t.Errorf("%s = %q, want %q", name, got, tt.want[i])
				}
			}
		})
	}
	// A code with no variation removes a declared Variation when fixing.
	rec, err := parse.NewPGNReader(strings.NewReader("[ECCO \"B10\"]\n[Variation \"y\"]\n\n1. 炮二平五 马8进7 *\n"), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	before := append(parse.Tags(nil), rec.Tags...)
	tags, changed := opening.ClassifyTags(rec.Tags, classOf(rec), true)
	if !changed || tags.Value(parse.TagECCO) != "B05" {
		t.Fatalf("tags %v", tags)
	}
	if _, ok := tags.Get(parse.TagVariation); ok {
		t.Errorf("Variation kept: %v", tags)
	}
	if !slices.Equal(rec.Tags, before) {
		t.Errorf("the record's tags changed: %v", rec.Tags)
	}
	// No class: nothing changes.
	rec, err = parse.NewPGNReader(strings.NewReader("[FEN \"3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n\n1. 仕五进四 *\n"), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	if _, changed := opening.ClassifyTags(rec.Tags, classOf(rec), true); changed {
		t.Errorf("endgame tagged: %v", rec.Tags)
	}
}

// classOf classifies the main line of rec.
func classOf(rec *parse.Record) opening.Class {
	g := replay.Replay(rec, replay.Options{})
	moves := make([]board.Move, len(g.Plies))
	for i, p := range g.Plies {
		moves[i] = p.Move
	}
	c, _ := opening.Classify(g.Start, moves)
	return c
}
