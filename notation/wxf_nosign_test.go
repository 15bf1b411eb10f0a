package notation

import "testing"

// TestWXFNoSign: hand-typed WXF without the direction sign (C25 for C2.5)
// is read when exactly one reading is a legal move, and is a syntax error
// (an unreadable move) when several are.
func TestWXFNoSign(t *testing.T) {
	W, A := NotationWXF, NotationAuto
	const rookTwoWays = "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1"
	runResolveCases(t, []resolveCase{
		{"sideways", "", nil, "C25", W, "h2e2", nil},
		{"sideways auto", "", nil, "C25", A, "h2e2", nil},
		{"sideways annotated", "", nil, "C25!", A, "h2e2", nil},
		{"black sideways", "", []string{"b0c2"}, "C85", W, "h7e7", nil},
		{"black sideways or forward", "", []string{"h2e2"}, "C85", W, "", []error{ErrSyntax}},
		{"advisor: forward only", "", nil, "A45", W, "f0e1", nil},
		{"only forward legal", "", nil, "H23", W, "h0g2", nil},
		{"only forward legal, rook", "", nil, "R12", W, "i0i2", nil},
		{"same file is forward", "", nil, "C22", W, "h2h4", nil},
		{"sideways and forward both legal", rookTwoWays, nil, "R93", W, "", []error{ErrSyntax}},
		{"no piece", "", nil, "C15", W, "", []error{ErrIllegal}},
		{"signed form unchanged", rookTwoWays, nil, "R9.3", W, "a0g0", nil},
	})
	for _, s := range []string{"C2", "C2x", "925", "C05", "C25x"} {
		if _, err := ParseWXF(s); err == nil {
			t.Errorf("ParseWXF(%q) = nil error", s)
		}
	}
}
