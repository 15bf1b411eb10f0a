package notation

import (
	"errors"
	"testing"

	"github.com/xqtool/xqtool/board"
)

// play returns the position after the UCCI moves from fen ("" = start).
func play(t testing.TB, fen string, moves ...string) board.Position {
	t.Helper()
	p := board.StartPosition()
	if fen != "" {
		var err error
		if p, err = board.PositionFromFEN(fen); err != nil {
			t.Fatalf("FEN %q: %v", fen, err)
		}
	}
	for _, s := range moves {
		m, err := board.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return p
}

// TestExamples3_7 checks every row of the FORMATS 3.7 table both ways.
func TestExamples3_7(t *testing.T) {
	tests := []struct {
		name    string
		pre     []string // moves leading to the position
		chinese string
		wxf     string
		iccs    string
	}{
		{"cannon to centre", nil, "炮二平五", "C2.5", "H2-E2"},
		{"black horse", []string{"h2e2"}, "马８进７", "H8+7", "H9-G7"},
		{"red horse", []string{"h2e2", "h9g7"}, "马二进三", "H2+3", "H0-G2"},
		{"black chariot", []string{"h2e2", "h9g7", "h0g2"}, "车９平８", "R9.8", "I9-H9"},
		{"pawn", nil, "兵七进一", "P7+1", "C3-C4"},
		{"cannon takes", []string{"h2e2", "h9g7"}, "炮五进四", "C5+4", "E2-E6"},
		{"black advisor", []string{"h2e2"}, "士４进５", "A4+5", "D9-E8"},
		{"front cannon", []string{"h2e2", "h9g7", "e2e6", "c6c5", "b2e2", "a9a8"}, "前炮退二", "C+-2", "E6-E4"},
		{"elephant", nil, "相三进五", "E3+5", "G0-E2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := play(t, "", tt.pre...)
			want, err := ParseICCS(tt.iccs)
			if err != nil {
				t.Fatal(err)
			}
			wm := want.Move()
			if got := FormatChinese(&p, wm, ChineseStyle{}); got != tt.chinese {
				t.Errorf("FormatChinese = %q, want %q", got, tt.chinese)
			}
			if got := FormatWXF(&p, wm); got != tt.wxf {
				t.Errorf("FormatWXF = %q, want %q", got, tt.wxf)
			}
			if got := FormatICCS(wm, true); got != tt.iccs {
				t.Errorf("FormatICCS = %q, want %q", got, tt.iccs)
			}
			for _, n := range []Notation{NotationChinese, NotationWXF, NotationICCS, NotationAuto} {
				for _, text := range []string{tt.chinese, tt.wxf, tt.iccs} {
					if n != NotationAuto && Detect(text) != n {
						continue
					}
					m, err := ResolveText(&p, text, n)
					if err != nil || m != wm {
						t.Errorf("ResolveText(%q, %q) = %v, %v; want %v", text, n, m, err, wm)
					}
				}
			}
		})
	}
}

func TestErrorsBasic(t *testing.T) {
	p := board.StartPosition()
	_, err := ResolveText(&p, "炮二平", NotationChinese)
	if !errors.Is(err, ErrSyntax) {
		t.Errorf("got %v, want ErrSyntax", err)
	}
	_, err = ResolveText(&p, "车一进四", NotationChinese)
	if !errors.Is(err, ErrIllegal) || !errors.Is(err, board.ErrBlocked) {
		t.Errorf("got %v, want ErrIllegal+ErrBlocked", err)
	}
	t.Log(err)
}
