package repair

import (
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// opening is a game of 24 plies in Chinese notation (a common line of the
// central cannon against the screen horses).
const opening = "炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３ 兵七进一 卒７进１ " +
	"车二进六 炮８平９ 车二平三 炮９退１ 马八进七 士４进５ 马七进六 炮９平７ " +
	"车三平四 马７进８ 炮八平七 车１平２ 车九平八 炮２进４ 马六进四 车８进２"

// written returns the words of a line as written moves.
func written(line string) []Written {
	var out []Written
	for _, w := range strings.Fields(line) {
		out = append(out, Written{Text: w})
	}
	return out
}

// openingMoves returns the moves of the opening, checking that it replays.
func openingMoves(t *testing.T) []board.Move {
	t.Helper()
	s := &searcher{in: Input{Start: board.StartPosition(), Notation: notation.NotationChinese, Line: written(opening)}}
	s.replay()
	if s.fail >= 0 {
		t.Fatalf("the opening fails at ply %d", s.fail+1)
	}
	return s.moves
}

// inNotation writes the opening's moves in notation nt ("" for
// coordinates).
func inNotation(t *testing.T, nt notation.Notation) Input {
	moves := openingMoves(t)
	in := Input{Start: board.StartPosition(), Notation: nt}
	p := in.Start
	for _, m := range moves {
		switch nt {
		case notation.NotationCoords:
			in.Line = append(in.Line, Written{Move: m})
		default:
			in.Line = append(in.Line, Written{Text: notation.Format(&p, m, nt)})
		}
		p.MakeMove(m)
	}
	return in
}

// slip replaces move k (0-based) of a line by text.
func slip(in Input, k int, text string) Input {
	in.Line = slices.Clone(in.Line)
	in.Line[k] = Written{Text: text}
	return in
}

func TestSearchRepairs(t *testing.T) {
	chinese := inNotation(t, notation.NotationChinese)
	tests := []struct {
		name  string
		in    Input
		kind  Kind
		ply   int
		text  string // the replacement
		note  string
		check func(t *testing.T, r Result)
	}{
		{name: "direction 进 for 退", in: slip(chinese, 2, "马二退三"), kind: Direction, ply: 3, text: "马二进三", note: "进/退"},
		{name: "direction of a line mover", in: slip(chinese, 11, "炮９进１"), kind: Direction, ply: 12, text: "炮９退１", note: "退/进"},
		{name: "destination file off by one", in: slip(chinese, 12, "马八进六"), kind: Number, ply: 13, text: "马八进七", note: "七/六"},
		{name: "origin file off by one", in: slip(chinese, 18, "炮九平七"), kind: Number, ply: 19, text: "炮八平七", note: "八/九"},
		{name: "files counted from the other side", in: slip(chinese, 16, "车七平六"), kind: Mirror, ply: 17, text: "车三平四"},
		{name: "qualifier for a piece alone on its file", in: slip(chinese, 12, "前马进七"), kind: Qualifier, ply: 13, text: "马八进七"},
		{name: "another piece named", in: slip(chinese, 16, "炮三平四"), kind: Piece, ply: 17, text: "车三平四", note: "车/炮"},
		{name: "homophone typed", in: slip(chinese, 17, "马７近８"), kind: Glyph, ply: 18, text: "马７进８", note: "进/近"},
		{name: "character left out", in: slip(chinese, 17, "马进８"), kind: Glyph, ply: 18, text: "马７进８"},
		{name: "WXF direction sign", in: slip(inNotation(t, notation.NotationWXF), 2, "H2-3"), kind: Direction, ply: 3, text: "H2+3"},
		{name: "ICCS one character", in: slip(inNotation(t, notation.NotationICCS), 12, "b0d2"), kind: Character, ply: 13, text: "b0c2"},
		{name: "coordinates: one square's file", in: func() Input {
			in := inNotation(t, notation.NotationCoords)
			in.Line[14] = Written{Move: board.NewMove(board.SquareAt(2, 2), board.SquareAt(3, 5))} // c2d5 for c2d4
			return in
		}(), kind: Character, ply: 15, text: "c2d4"},
		{name: "missing ply", in: func() Input {
			in := chinese
			in.Line = slices.Delete(slices.Clone(in.Line), 4, 5) // 车一平二 left out
			return in
		}(), kind: Missing, ply: 5, text: "车一平二"},
		{name: "extra ply", in: func() Input {
			in := chinese
			in.Line = slices.Insert(slices.Clone(in.Line), 9, Written{Text: "车二进六"}) // written twice
			return in
		}(), kind: Extra, ply: 10},
		{name: "swapped plies", in: func() Input {
			in := chinese
			in.Line = slices.Clone(in.Line)
			in.Line[12], in.Line[14] = in.Line[14], in.Line[12]
			return in
		}(), kind: Swapped, ply: 13, text: "马八进七 / 马七进六"},
		{name: "traditional characters kept", in: func() Input {
			in := chinese
			in.Line = slices.Clone(in.Line)
			for i, w := range in.Line {
				in.Line[i].Text = strings.NewReplacer("马", "馬", "车", "車", "进", "進").Replace(w.Text)
			}
			in.Line[2].Text = "馬二退三"
			return in
		}(), kind: Direction, ply: 3, text: "馬二進三"},
		{name: "inserted move in the record's style", in: func() Input {
			in := chinese
			in.Line = slices.Clone(in.Line)
			for i, w := range in.Line {
				in.Line[i].Text = strings.NewReplacer("马", "馬", "车", "車", "进", "進", "８", "8", "７", "7", "２", "2", "３", "3", "９", "9", "１", "1", "４", "4", "５", "5").Replace(w.Text)
			}
			in.Line = slices.Delete(in.Line, 3, 4) // 車9平8 left out
			return in
		}(), kind: Missing, ply: 4, text: "車9平8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Search(tt.in, Options{})
			if !r.Repaired() {
				t.Fatalf("not repaired (fail at ply %d): candidates %+v", r.Fail+1, r.Candidates)
			}
			e := r.Repairs[0]
			if len(r.Repairs) != 1 || e.Kind != tt.kind || e.Ply != tt.ply || tt.text != "" && e.Text != tt.text || tt.note != "" && e.Note != tt.note {
				t.Fatalf("repairs %+v, want one %s at ply %d to %q (%s)", r.Repairs, tt.kind, tt.ply, tt.text, tt.note)
			}
			if !r.Complete || len(r.Texts) != len(r.Line) {
				t.Fatalf("complete %v, %d texts for %d moves", r.Complete, len(r.Texts), len(r.Line))
			}
			want := openingMoves(t)
			if !slices.Equal(r.Line, want) {
				t.Errorf("repaired line %v, want the opening %v", r.Line, want)
			}
			// The repaired texts replay to the repaired line.
			s := &searcher{in: Input{Start: tt.in.Start, Notation: tt.in.Notation, Line: r.Texts}}
			s.replay()
			if s.fail >= 0 || !slices.Equal(s.moves, r.Line) {
				t.Errorf("the repaired texts replay to %v (fail %d)", s.moves, s.fail)
			}
			// The edit alone, applied by a caller, gives the same line.
			if got := applyEdit(tt.in.Line, e); !slices.Equal(got, r.Texts) {
				t.Errorf("applying %+v gives %v, want %v", e, got, r.Texts)
			}
		})
	}
}

func TestSearchRefuses(t *testing.T) {
	chinese := inNotation(t, notation.NotationChinese)
	tests := []struct {
		name    string
		in      Input
		opt     Options
		listed  []string // texts of the candidates listed first
		suggest string
	}{
		{
			// 马７进８ (g7h5) and 马７退９ (g7i8) both fit: the horse
			// never moves again.
			name: "two slips fit", in: slip(chinese, 17, "马７退８"),
			listed:  []string{"马７进８", "马７退９"},
			suggest: "did you mean 马７进８ (进/退) or 马７退９ (９/８)?",
		},
		{
			// 炮８平７ is playable if black's 14th move was 炮９平８: the
			// record does not prove the file slip.
			name: "another move fits", in: slip(chinese, 15, "炮８平７"),
			listed:  []string{"炮９平７"},
			suggest: "did you mean 炮９平７ (９/８)? (not proven: another move, i8h8 at ply 14, fits as well)",
		},
		{
			// Strict: 马二进一 fits as well as 马二进三.
			name: "strict", in: slip(chinese, 2, "马二退三"), opt: Options{Strict: true},
			listed: []string{"马二进三"},
		},
		{
			name: "last move: nothing to prove it", in: slip(chinese, 23, "车８退２"),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Search(tt.in, tt.opt)
			if r.Repaired() {
				t.Fatalf("repaired: %+v", r.Repairs)
			}
			for i, text := range tt.listed {
				if i >= len(r.Candidates) || r.Candidates[i].Text != text {
					t.Fatalf("candidates %+v, want %q first", r.Candidates, tt.listed)
				}
			}
			if got := r.Suggestion(tt.opt); got != tt.suggest && tt.suggest != "" {
				t.Errorf("suggestion %q, want %q", got, tt.suggest)
			}
		})
	}
}

func TestCleanGameNotSearched(t *testing.T) {
	for _, nt := range []notation.Notation{notation.NotationChinese, notation.NotationWXF, notation.NotationICCS, notation.NotationCoords} {
		if r := Search(inNotation(t, nt), Options{}); r.Fail != -1 || r.Repaired() || len(r.Candidates) > 0 {
			t.Errorf("%s: a clean game gives %+v", nt, r)
		}
	}
}

func TestBudget(t *testing.T) {
	in := slip(inNotation(t, notation.NotationChinese), 2, "马二退三")
	r := Search(in, Options{MaxWork: 50})
	if !r.GaveUp || r.Repaired() {
		t.Errorf("with a budget of 50 moves: gave up %v, repairs %+v", r.GaveUp, r.Repairs)
	}
	if r := Search(in, Options{}); r.GaveUp || !r.Repaired() {
		t.Errorf("with the default budget: gave up %v, repairs %+v", r.GaveUp, r.Repairs)
	}
}

func TestTwoSlips(t *testing.T) {
	in := slip(inNotation(t, notation.NotationChinese), 2, "马二退三")
	in = slip(in, 16, "炮三平四")
	r := Search(in, Options{})
	if !r.Repaired() || len(r.Repairs) != 2 || !slices.Equal(r.Line, openingMoves(t)) {
		t.Fatalf("repairs %+v, candidates %+v", r.Repairs, r.Candidates)
	}
	if got, want := r.Suggestion(Options{}), "did you mean 马二进三 (进/退) and 车三平四 (车/炮)?"; got != want {
		t.Errorf("suggestion %q, want %q", got, want)
	}
	if r := Search(in, Options{MaxRepairs: 1}); r.Repaired() {
		t.Errorf("one repair allowed: %+v", r.Repairs)
	}
}

func TestFind(t *testing.T) {
	text := "1. 炮二平五 马８进７ 2. 马二退三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六 炮８平９\n"
	rec, err := parse.NewPGNReader(strings.NewReader(text), "t.pgn").Next()
	if err != nil {
		t.Fatal(err)
	}
	g := replay.Replay(rec, replay.Options{})
	r := Find(rec, g, Options{})
	if !r.Repaired() || r.Repairs[0].Text != "马二进三" {
		t.Fatalf("repairs %+v, candidates %+v", r.Repairs, r.Candidates)
	}
	if got, want := r.Repairs[0].Detail(), `ply 3: written "马二退三", repaired to "马二进三" (direction 进/退)`; got != want {
		t.Errorf("detail %q, want %q", got, want)
	}
	rec.Release() // the result holds nothing of the record
	if r.Texts[2].Text != "马二进三" || r.Repairs[0].Written != "马二退三" {
		t.Errorf("result changed with the record: %+v", r.Repairs[0])
	}
	if r := Find(rec, &replay.Game{}, Options{}); r.Fail != -1 {
		t.Errorf("a clean game: %+v", r)
	}
}
