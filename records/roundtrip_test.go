package records

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// normComment is a comment as WritePGN keeps it.
func normComment(c string) string {
	s := pgnComment(c)
	if s == "" {
		return ""
	}
	return s[1 : len(s)-1]
}

// treeDiff compares two resolved move trees (moves, comments, shape) and
// describes the first difference.
func treeDiff(a, b *parse.Node, path string) string {
	if ca, cb := normComment(a.Comment), normComment(b.Comment); ca != cb {
		return fmt.Sprintf("%s: comment %q vs %q", path, ca, cb)
	}
	if len(a.Children) != len(b.Children) {
		return fmt.Sprintf("%s: %d vs %d children", path, len(a.Children), len(b.Children))
	}
	for i := range a.Children {
		x, y := a.Children[i], b.Children[i]
		p := fmt.Sprintf("%s/%d:%v", path, i, x.Move)
		if x.Move != y.Move {
			return fmt.Sprintf("%s: move %v vs %v", p, x.Move, y.Move)
		}
		if d := treeDiff(x, y, p); d != "" {
			return d
		}
	}
	return ""
}

// sameGame checks that the game read back (b) equals the original (a):
// start position, result, the tags in want, and the resolved move tree.
func sameGame(a, b *analyze.Report, tags []string, counters bool) error {
	ra, err := ResolveRecord(game(a))
	if err != nil {
		return err
	}
	rb, err := ResolveRecord(game(b))
	if err != nil {
		return err
	}
	fa, fb := ra.FEN, rb.FEN
	if !counters {
		// XQF keeps no move counters.
		fa, fb = fenPlacementSide(fa), fenPlacementSide(fb)
	}
	if fa != fb {
		return fmt.Errorf("start %q vs %q", ra.FEN, rb.FEN)
	}
	if a.Declared() != b.Declared() {
		return fmt.Errorf("result %q vs %q", a.Declared(), b.Declared())
	}
	for _, name := range tags {
		va, _ := a.Record.Tags.Get(name)
		vb, _ := b.Record.Tags.Get(name)
		if strings.TrimSpace(pgnTagValue(va)) != strings.TrimSpace(vb) {
			return fmt.Errorf("tag %s %q vs %q", name, va, vb)
		}
	}
	if d := treeDiff(&ra.Root, &rb.Root, ""); d != "" {
		return errors.New(d)
	}
	return nil
}

// pgnTagNames returns the tag names of a record that WritePGN keeps as
// they are (each once).
func pgnTagNames(rec *parse.Record) []string {
	var names []string
	for _, t := range rec.Tags {
		n := t.Name
		if pgnTagName(n) != n || strings.EqualFold(n, parse.TagFEN) || strings.EqualFold(n, parse.TagFormat) ||
			strings.EqualFold(n, parse.TagGame) || strings.EqualFold(n, parse.TagResult) {
			continue
		}
		names = append(names, n)
	}
	return names
}

func roundTripPGN(t *testing.T, reps []*analyze.Report, n Notation) {
	t.Helper()
	checked, failed := 0, 0
	for _, r := range reps {
		if r.ReadErr != nil {
			continue
		}
		var buf bytes.Buffer
		if err := WritePGN(&buf, game(r), n); err != nil {
			t.Fatal(err)
		}
		back := pgnReports(t, buf.String())
		name := fmt.Sprintf("%s#%d", r.Record.Source, r.Record.Index+1)
		if len(back) != 1 {
			t.Errorf("%s: %d games read back from\n%s", name, len(back), buf.String())
			failed++
			continue
		}
		if back[0].ReadErr != nil || len(back[0].Record.Problems) > 0 {
			t.Errorf("%s: read back with errors %v %v\n%s", name, back[0].ReadErr, back[0].Record.Problems, buf.String())
		}
		if err := sameGame(r, back[0], pgnTagNames(r.Record), true); err != nil {
			failed++
			if failed <= 5 {
				t.Errorf("%s (%s): %v\n%s", name, n, err, buf.String())
			}
			continue
		}
		// Writing what was read gives the same text, once the notes on
		// unplayable moves have joined the comments they follow.
		var again bytes.Buffer
		WritePGN(&again, game(back[0]), n)
		if again.String() != buf.String() {
			var third bytes.Buffer
			if b2 := pgnReports(t, again.String()); len(b2) == 1 {
				WritePGN(&third, game(b2[0]), n)
			}
			if third.String() != again.String() {
				t.Errorf("%s: PGN not stable under round trips:\n%s\n---\n%s", name, again.String(), third.String())
			}
		}
		checked++
	}
	if failed > 0 {
		t.Errorf("%s: %d of %d games differ after the round trip", n, failed, checked+failed)
	}
	t.Logf("%s: %d games round-tripped", n, checked)
}

func TestPGNRoundTripSample(t *testing.T) {
	reps := pgnReports(t, samplePGN)
	for _, n := range []Notation{Chinese, WXF, ICCS} {
		t.Run(string(n), func(t *testing.T) { roundTripPGN(t, reps, n) })
	}
	var buf bytes.Buffer
	WritePGN(&buf, game(reps[0]), Chinese)
	for _, want := range []string{
		"[Game \"Chinese Chess\"]\n[Event \"Test Cup\"]\n[Site \"Beijing\"]\n[Date \"1999.05.02\"]\n[Round \"3\"]\n[RedTeam \"Team A\"]\n[Red \"Red Player\"]\n[Black \"Black Player\"]\n[Result \"1-0\"]\n[ECCO \"B00\"]\n[RedElo \"2400\"]",
		"{Game comment} 1. 炮二平五 {central cannon} ( 1. 相三进五 马８进７ ( 1... 卒７进１ ) 2. 兵七进一 ) {unplayable variation: 车九进九} 1... 马８进７",
	} {
		if !strings.Contains(strings.Join(strings.Fields(buf.String()), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("PGN lacks %q:\n%s", want, buf.String())
		}
	}
	buf.Reset()
	WritePGN(&buf, game(reps[3]), WXF)
	if !strings.Contains(buf.String(), "[Format \"WXF\"]") || !strings.Contains(buf.String(), "{unplayable: 车九进三 炮８平５}") {
		t.Errorf("broken game in WXF:\n%s", buf.String())
	}
	buf.Reset()
	WritePGN(&buf, game(reps[1]), ICCS)
	if !strings.Contains(buf.String(), "[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1\"]") || !strings.Contains(buf.String(), "1... D9-D8 2. E1-D1") {
		t.Errorf("endgame in ICCS:\n%s", buf.String())
	}
}

func TestPGNRoundTripReal(t *testing.T) {
	var paths []string
	for _, sub := range []string{"hbsxcjp__cchess_c", "walker8088__cchess", "maksimKorzh__wukong-xiangqi", "xqbase__eleeye"} {
		paths = append(paths, realRecords(t, sub))
	}
	if !testing.Short() {
		paths = append(paths, realRecords(t, "Yvonne761__Chinese-Chess-Practical-Dataset"), realRecords(t, "hbsxcjp__cchess_qt"))
	}
	reps := reports(t, paths...)
	for _, n := range []Notation{Chinese, WXF, ICCS} {
		t.Run(string(n), func(t *testing.T) { roundTripPGN(t, reps, n) })
	}
}

// xqfTags are the tags the XQF header keeps (within 15 bytes).
var xqfTags = []string{parse.TagEvent, parse.TagSite, parse.TagDate, parse.TagRed, parse.TagBlack}

func roundTripXQF(t *testing.T, reps []*analyze.Report) {
	t.Helper()
	checked, failed, skipped := 0, 0, 0
	for _, r := range reps {
		if r.ReadErr != nil {
			continue
		}
		name := fmt.Sprintf("%s#%d", r.Record.Source, r.Record.Index+1)
		if !r.Game.HasStart {
			continue // no position to write
		}
		var buf bytes.Buffer
		if err := WriteXQF(&buf, game(r)); err != nil {
			// Positions the XQF piece array cannot hold.
			if strings.Contains(err.Error(), "too many pieces") {
				skipped++
				continue
			}
			t.Errorf("%s: %v", name, err)
			continue
		}
		xr := parse.NewXQFReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "back.xqf")
		rec, err := xr.Next()
		if err != nil {
			t.Errorf("%s: reading back: %v (start %s)", name, err, r.Game.Start.FEN())
			failed++
			continue
		}
		back := analyze.Analyze(rec, nil, analyze.Options{})
		var tags []string
		for _, tg := range xqfTags {
			if v, ok := r.Record.Tags.Get(tg); ok && len(gbLen(v)) <= 15 && !strings.ContainsAny(v, "\r\n") {
				tags = append(tags, tg)
			}
		}
		if err := sameGame(r, back, tags, false); err != nil {
			failed++
			if failed <= 5 {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		checked++
	}
	if failed > 0 {
		t.Errorf("xqf: %d of %d games differ after the round trip", failed, checked+failed)
	}
	t.Logf("xqf: %d games round-tripped, %d skipped (position not representable)", checked, skipped)
}

func TestXQFRoundTripSample(t *testing.T) {
	roundTripXQF(t, pgnReports(t, samplePGN))
}

func TestXQFRoundTripReal(t *testing.T) {
	paths := []string{realRecords(t, "hbsxcjp__cchess_c"), realRecords(t, "walker8088__cchess"), realRecords(t, "xqbase__eleeye")}
	if !testing.Short() {
		paths = append(paths, realRecords(t, "hbsxcjp__cchess_qt"), realRecords(t, "Yvonne761__Chinese-Chess-Practical-Dataset"))
	}
	roundTripXQF(t, reports(t, paths...))
}

// fenPlacementSide returns the first two fields of a FEN.
func fenPlacementSide(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 2 {
		f = f[:2]
	}
	return strings.Join(f, " ")
}

// game is the pipeline's Game of an analysed record.
func game(r *analyze.Report) *pipeline.Game {
	return pipeline.NewGame(0, pipeline.GameID(r.Record.Source, r.Record.Index), r, nil)
}

func reports(t testing.TB, paths ...string) []*analyze.Report { return testgames.Reports(t, paths...) }

func pgnReports(t testing.TB, text string) []*analyze.Report { return testgames.PGN(t, text) }

func realRecords(t testing.TB, sub string) string { return shareddata.Dir(t, "records", sub) }

const samplePGN = testgames.SamplePGN

// gbLen returns s in GB18030 (the XQF header encoding).
func gbLen(s string) []byte {
	b, err := simplifiedchinese.GB18030.NewEncoder().Bytes([]byte(s))
	if err != nil {
		return []byte(s + s)
	}
	return b
}
