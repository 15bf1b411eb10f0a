package repair

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// The corruption test: real games of the shared records, each given one
// slip of a known kind at a random ply (a fixed seed), then searched. The
// slips are made here by code of their own, from small tables of the
// confusions they stand for, not by the edit generator under test.

// corrupter makes one slip at index k of a written line (moves is the
// line replayed); ok is false when the move cannot take that slip.
type corrupter func(rng *rand.Rand, line []Written, moves []board.Move, start board.Position, k int) (out []Written, ok bool)

type corruption struct {
	name      string
	kind      Kind              // the kind that undoes it; 0 when none does (out of the model)
	fam       notation.Notation // games it applies to ("": every game)
	apply     corrupter
	minRecall float64 // percent
}

// Characters of the test's own slip tables.
var (
	tDirections = []rune("进退平")
	tScripts    = [][]rune{[]rune("一二三四五六七八九"), []rune("１２３４５６７８９"), []rune("123456789")}
	tPieces     = map[rune]board.Kind{
		'帅': board.King, '帥': board.King, '将': board.King, '將': board.King,
		'仕': board.Advisor, '士': board.Advisor, '相': board.Bishop, '象': board.Bishop,
		'马': board.Knight, '馬': board.Knight, '傌': board.Knight, '车': board.Rook, '車': board.Rook, '俥': board.Rook,
		'炮': board.Cannon, '砲': board.Cannon, '包': board.Cannon, '兵': board.Pawn, '卒': board.Pawn,
	}
	tPieceChars = []rune("帅仕相马车炮兵")
	// Characters typed or read for notation characters: pinyin input
	// homophones and look-alikes (OCR, handwriting).
	tLookAlike = map[rune][]rune{
		'进': []rune("近尽井"), '進': []rune("近盡"), '退': []rune("推腿"), '平': []rune("评凭乎"),
		'车': []rune("东库"), '車': []rune("東庫"), '马': []rune("吗码玛"), '馬': []rune("嗎瑪"),
		'炮': []rune("跑泡抱"), '砲': []rune("跑"), '兵': []rune("乒冰并"), '卒': []rune("率族"),
		'相': []rune("想箱"), '象': []rune("像向"), '仕': []rune("什任"), '士': []rune("土十"),
		'帅': []rune("师率"), '帥': []rune("師"), '将': []rune("奖讲"), '將': []rune("獎"),
		'前': []rune("钱煎"), '后': []rune("候厚"), '後': []rune("候"),
		'二': []rune("而儿"), '三': []rune("散叁"), '四': []rune("是西"), '五': []rune("无午"),
		'六': []rune("流大"), '七': []rune("起其"), '八': []rune("把人"), '九': []rune("就丸"),
	}
)

func tNumeral(r rune) (script, v int) {
	for s, ns := range tScripts {
		if i := slices.Index(ns, r); i >= 0 {
			return s, i + 1
		}
	}
	return -1, 0
}

// withText returns a copy of line with the text of move k replaced.
func withText(line []Written, k int, text string) []Written {
	out := slices.Clone(line)
	out[k] = Written{Text: text}
	return out
}

func corruptDirection(rng *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	rs := []rune(line[k].Text)
	n := len(rs)
	if n < 4 {
		return nil, false
	}
	d := slices.Index(tDirections, rs[n-2])
	if rs[n-2] == '進' {
		d = 0
	}
	if d < 0 {
		return nil, false
	}
	rs[n-2] = tDirections[(d+1+rng.IntN(2))%3]
	return withText(line, k, string(rs)), true
}

func corruptNumber(rng *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	rs := []rune(line[k].Text)
	var at []int
	for i, r := range rs {
		if s, _ := tNumeral(r); s >= 0 {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return nil, false
	}
	i := at[rng.IntN(len(at))]
	s, v := tNumeral(rs[i])
	d := 1 - 2*rng.IntN(2)
	if v+d < 1 || v+d > 9 {
		d = -d
	}
	rs[i] = tScripts[s][v+d-1]
	return withText(line, k, string(rs)), true
}

func corruptMirror(_ *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	rs := []rune(line[k].Text)
	if len(rs) != 4 {
		return nil, false
	}
	kind, isPiece := tPieces[rs[0]]
	if !isPiece {
		return nil, false
	}
	flip := func(i int) bool {
		s, v := tNumeral(rs[i])
		if s < 0 || v == 5 {
			return false
		}
		rs[i] = tScripts[s][9-v]
		return true
	}
	changed := flip(1)
	if rs[2] == '平' || kind == board.Knight || kind == board.Bishop || kind == board.Advisor {
		changed = flip(3) || changed
	}
	if !changed {
		return nil, false
	}
	return withText(line, k, string(rs)), true
}

func corruptQualifier(rng *rand.Rand, line []Written, moves []board.Move, start board.Position, k int) ([]Written, bool) {
	rs := []rune(line[k].Text)
	if len(rs) != 4 {
		return nil, false
	}
	quals := []rune("前中后")
	if q := slices.Index([]rune("前中后後"), rs[0]); q >= 0 {
		if rng.IntN(2) == 0 {
			// The plain form with the file both pieces stand on.
			p := replayTo(start, moves, k)
			f := moves[k].From().File()
			if p.Side() == board.Red {
				f = 8 - f
			}
			s, _ := tNumeral(rs[3])
			return withText(line, k, string([]rune{rs[1], tScripts[max(s, 0)][f], rs[2], rs[3]})), true
		}
		rs[0] = quals[(min(q, 2)+1+rng.IntN(2))%3]
		return withText(line, k, string(rs)), true
	}
	kind, isPiece := tPieces[rs[0]]
	if !isPiece || kind < board.Knight {
		return nil, false
	}
	// A qualifier for the file of a piece alone on its file.
	return withText(line, k, string([]rune{quals[2*rng.IntN(2)], rs[0], rs[2], rs[3]})), true
}

func corruptPiece(rng *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	rs := []rune(line[k].Text)
	for i, r := range rs {
		if kind, ok := tPieces[r]; ok {
			for {
				c := tPieceChars[rng.IntN(len(tPieceChars))]
				if tPieces[c] != kind {
					rs[i] = c
					return withText(line, k, string(rs)), true
				}
			}
		}
	}
	return nil, false
}

func corruptGlyph(rng *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	rs := []rune(line[k].Text)
	if len(rs) != 4 {
		return nil, false
	}
	if rng.IntN(5) == 0 {
		// A character left out.
		i := rng.IntN(4)
		return withText(line, k, string(slices.Delete(rs, i, i+1))), true
	}
	var at []int
	for i, r := range rs {
		if len(tLookAlike[r]) > 0 {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return nil, false
	}
	i := at[rng.IntN(len(at))]
	alts := tLookAlike[rs[i]]
	rs[i] = alts[rng.IntN(len(alts))]
	return withText(line, k, string(rs)), true
}

func corruptICCS(rng *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	b := []byte(line[k].Text)
	var at []int
	for i, c := range b {
		if c != '-' {
			at = append(at, i)
		}
	}
	if len(at) != 4 {
		return nil, false
	}
	i := at[rng.IntN(4)]
	c := b[i]
	for b[i] == c {
		switch {
		case c >= 'a' && c <= 'i':
			b[i] = 'a' + byte(rng.IntN(9))
		case c >= 'A' && c <= 'I':
			b[i] = 'A' + byte(rng.IntN(9))
		default:
			b[i] = '0' + byte(rng.IntN(10))
		}
	}
	return withText(line, k, string(b)), true
}

func corruptWXF(rng *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	b := []byte(line[k].Text)
	if len(b) != 4 {
		return nil, false
	}
	alphabets := []string{"KAEHRCP", "123456789+-", "+-.", "123456789"}
	i := rng.IntN(4)
	c := b[i]
	for b[i] == c {
		a := alphabets[i]
		b[i] = a[rng.IntN(len(a))]
	}
	return withText(line, k, string(b)), true
}

func corruptMissing(_ *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	return slices.Delete(slices.Clone(line), k, k+1), true
}

func corruptSwapped(_ *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	if k+2 >= len(line) || line[k] == line[k+2] {
		return nil, false
	}
	out := slices.Clone(line)
	out[k], out[k+2] = out[k+2], out[k]
	return out, true
}

func corruptExtra(_ *rand.Rand, line []Written, _ []board.Move, _ board.Position, k int) ([]Written, bool) {
	return slices.Insert(slices.Clone(line), k+1, line[k]), true
}

// twoSlips makes a direction slip at k and a number slip some plies
// later: the first repair replays only up to the second slip.
func corruptTwo(rng *rand.Rand, line []Written, moves []board.Move, start board.Position, k int) ([]Written, bool) {
	k2 := k + 2 + rng.IntN(30)
	if k2 >= len(line) {
		return nil, false
	}
	one, ok1 := corruptDirection(rng, line, moves, start, k)
	two, ok2 := corruptNumber(rng, line, moves, start, k2)
	if !ok1 || !ok2 || replays(start, one) || replays(start, two) {
		return nil, false // each slip must be seen on its own
	}
	out := slices.Clone(one)
	out[k2] = two[k2]
	return out, true
}

// Out of the model: slips that no single edit undoes.

func corruptDouble(rng *rand.Rand, line []Written, moves []board.Move, start board.Position, k int) ([]Written, bool) {
	out, ok := corruptDirection(rng, line, moves, start, k)
	if !ok {
		return nil, false
	}
	return corruptNumber(rng, out, moves, start, k)
}

func corruptRandom(rng *rand.Rand, line []Written, moves []board.Move, start board.Position, k int) ([]Written, bool) {
	p := replayTo(start, moves, k)
	var buf [board.MaxMoves]board.Move
	legal := p.AppendLegalMoves(buf[:0])
	if len(legal) < 2 {
		return nil, false
	}
	m := moves[k]
	for m == moves[k] {
		m = legal[rng.IntN(len(legal))]
	}
	out := slices.Clone(line)
	if line[k].Text == "" {
		out[k] = Written{Move: m}
		return out, true
	}
	nt := notation.Detect(line[k].Text)
	out[k] = Written{Text: notation.Format(&p, m, nt)}
	return out, true
}

// replays reports whether a written line replays to its end.
func replays(start board.Position, line []Written) bool {
	s := &searcher{in: Input{Start: start, Line: line}}
	s.replay()
	return s.fail < 0
}

func replayTo(start board.Position, moves []board.Move, k int) board.Position {
	p := start
	for _, m := range moves[:k] {
		p.MakeMove(m)
	}
	return p
}

// corruptions are the slips made, with the least recall each must keep
// (percent; about ten points under what was measured, so that a change
// that loses repairs is seen).
var corruptions = []corruption{
	{"direction", Direction, notation.NotationChinese, corruptDirection, 75},
	{"number", Number, notation.NotationChinese, corruptNumber, 70},
	{"mirror", Mirror, notation.NotationChinese, corruptMirror, 70},
	{"qualifier", Qualifier, notation.NotationChinese, corruptQualifier, 80},
	{"piece", Piece, notation.NotationChinese, corruptPiece, 80},
	{"glyph", Glyph, notation.NotationChinese, corruptGlyph, 80},
	{"character iccs", Character, notation.NotationICCS, corruptICCS, 75},
	{"character wxf", Character, notation.NotationWXF, corruptWXF, 70},
	{"swapped", Swapped, "", corruptSwapped, 60},
	{"missing", Missing, "", corruptMissing, 60},
	{"extra", Extra, "", corruptExtra, 85},
	{"two slips", Direction, notation.NotationChinese, corruptTwo, 40},
	{"double (out of model)", 0, notation.NotationChinese, corruptDouble, 0},
	{"random move (out of model)", 0, "", corruptRandom, 0},
}

// tally counts the outcomes of one corruption.
type tally struct {
	trials   int // slips made
	silent   int // the slipped line replays: nothing to repair
	restored int // repaired to the original line
	wrong    int // repaired to another line
	listed   int // not repaired, the original among the candidates
	none     int // not repaired, the original not listed

	took, slowest time.Duration
}

func (t tally) recall() float64 { return ratio(t.restored, t.trials-t.silent) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// wxfGame writes a game in WXF: the real moves of a game of another
// notation (the records hold few WXF games).
func wxfGame(g realGame) realGame {
	out := g
	out.in.Notation = notation.NotationWXF
	out.in.Line = make([]Written, len(g.moves))
	p := g.in.Start
	for i, m := range g.moves {
		out.in.Line[i] = Written{Text: notation.FormatWXF(&p, m)}
		p.MakeMove(m)
	}
	return out
}

// corpusFor returns the clean games a corruption applies to.
func corpusFor(games []realGame, fam notation.Notation) []realGame {
	var out []realGame
	for _, g := range games {
		if g.fail >= 0 || len(g.moves) < 2 {
			continue
		}
		f := family(g.in)
		switch {
		case fam == "":
			out = append(out, g)
		case fam == notation.NotationWXF && f != notation.NotationChinese:
			out = append(out, wxfGame(g))
		case f == fam:
			out = append(out, g)
		}
	}
	return out
}

// runCorruptions makes trials slips of every corruption and tallies the
// outcomes.
func runCorruptions(t *testing.T, trials int, opt Options) map[string]*tally {
	games := loadRecords(t)
	out := map[string]*tally{}
	rng := rand.New(rand.NewPCG(29, 2026))
	for _, c := range corruptions {
		if *corruptOnly != "" && !strings.Contains(c.name, *corruptOnly) {
			continue
		}
		pool := corpusFor(games, c.fam)
		if len(pool) == 0 {
			t.Fatalf("%s: no game to corrupt", c.name)
		}
		tl := &tally{}
		out[c.name] = tl
		for attempt := 0; tl.trials < trials && attempt < 20*trials; attempt++ {
			g := pool[rng.IntN(len(pool))]
			k := rng.IntN(len(g.moves))
			line, ok := c.apply(rng, g.in.Line, g.moves, g.in.Start, k)
			if !ok {
				continue
			}
			tl.trials++
			in := g.in
			in.Line = line
			t0 := time.Now()
			res := Search(in, opt)
			tl.took += time.Since(t0)
			tl.slowest = max(tl.slowest, time.Since(t0))
			switch {
			case res.Fail < 0:
				tl.silent++
			case res.Repaired() && res.Complete && slices.Equal(res.Line, g.moves):
				tl.restored++
			case res.Repaired():
				tl.wrong++
				if testing.Verbose() && c.kind != 0 {
					t.Logf("%s: wrong repair of %s at ply %d (%q -> %q): %+v", c.name, g.key, k+1, g.in.Line[k].String(), line[min(k, len(line)-1)].String(), res.Repairs)
				}
			case listsOriginal(res, line, in, g.moves):
				tl.listed++
			default:
				tl.none++
			}
		}
	}
	return out
}

// listsOriginal reports whether one of the candidates restores the
// original moves.
func listsOriginal(res Result, line []Written, in Input, moves []board.Move) bool {
	for _, c := range res.Candidates {
		in2 := in
		in2.Line = applyEdit(line, c.Edit)
		s := &searcher{in: in2}
		s.replay()
		if s.fail < 0 && slices.Equal(s.moves, moves) {
			return true
		}
	}
	return false
}

// applyEdit applies an edit as a caller would, from its fields alone.
func applyEdit(line []Written, e Edit) []Written {
	out := slices.Clone(line)
	w := Written{Text: e.Text}
	if e.Text == "" || line[min(e.Index, len(line)-1)].Text == "" {
		w = Written{Move: e.Move}
	}
	switch e.Kind {
	case Missing:
		return slices.Insert(out, e.Index, w)
	case Extra:
		return slices.Delete(out, e.Index, e.Index+1)
	case Swapped:
		out[e.Index], out[e.Index+2] = out[e.Index+2], out[e.Index]
		return out
	}
	out[e.Index] = w
	return out
}

// TestCorruptedRecords makes slips of every kind in real games and checks
// that at least 99% of the repairs restore the original game, and that
// each kind keeps its recall. Run it with -v for the table.
func TestCorruptedRecords(t *testing.T) {
	trials := 200
	if testing.Short() {
		trials = 40
	}
	got := runCorruptions(t, trials, testOptions)
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%-28s %6s %6s %8s %6s %6s %6s %8s %9s %9s %9s\n", "slip", "trials", "silent", "restored", "wrong", "listed", "none", "recall", "precision", "mean", "max")
	restored, wrong := 0, 0
	for _, c := range corruptions {
		tl := got[c.name]
		if tl == nil {
			continue
		}
		fmt.Fprintf(&sb, "%-28s %6d %6d %8d %6d %6d %6d %7.1f%% %8.1f%% %7.1fms %7.0fms\n", c.name, tl.trials, tl.silent, tl.restored, tl.wrong, tl.listed, tl.none,
			100*tl.recall(), 100*ratio(tl.restored, tl.restored+tl.wrong), float64(tl.took.Microseconds())/1000/float64(tl.trials), float64(tl.slowest.Milliseconds()))
		if c.kind != 0 {
			restored += tl.restored
			wrong += tl.wrong
			if !testing.Short() && 100*tl.recall() < c.minRecall {
				t.Errorf("%s: recall %.1f%% < %.0f%%", c.name, 100*tl.recall(), c.minRecall)
			}
		}
	}
	precision := ratio(restored, restored+wrong)
	fmt.Fprintf(&sb, "precision over the modelled slips: %.2f%% (%d restored, %d wrong)\n", 100*precision, restored, wrong)
	t.Log(sb.String())
	if precision < 0.99 {
		t.Errorf("precision %.2f%% < 99%%", 100*precision)
	}
}

var testOptions = Options{}

var corruptOnly = flag.String("corrupt", "", "run only the corruptions whose name contains this")
