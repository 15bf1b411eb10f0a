package dedupe

import (
	"testing"

	"github.com/xqtool/xqtool/flags"
)

// TestFlag: the flag and detail of each kind of copy, the kept copy named
// as source#N (N 1-based).
func TestFlag(t *testing.T) {
	kept := Ref{Source: "a/b.pgn", Index: 122, ID: "x"}
	for _, tc := range []struct {
		v      Verdict
		code   flags.Code
		detail string
	}{
		{Verdict{Kind: Exact, KeptRef: kept, Plies: 40, KeptPlies: 40}, flags.Duplicate,
			"same start position and main line as the kept copy a/b.pgn#123"},
		{Verdict{Kind: Exact, KeptRef: kept, Plies: 40, KeptPlies: 40, NamePairs: [][2]string{{"胡榮華", "胡荣华"}}}, flags.Duplicate,
			`same start position and main line as the kept copy a/b.pgn#123; name "胡榮華" written "胡荣华" in the kept copy`},
		{Verdict{Kind: Prefix, KeptRef: kept, Plies: 30, KeptPlies: 40}, flags.NearDuplicate,
			"main line (30 plies) is the start of the kept copy a/b.pgn#123 (40 plies)"},
		{Verdict{Kind: Prefix, KeptRef: kept, Plies: 50, KeptPlies: 40}, flags.NearDuplicate,
			"main line (50 plies) continues the kept copy a/b.pgn#123 (40 plies)"},
		{Verdict{Kind: Mirror, KeptRef: kept, Plies: 30, KeptPlies: 40}, flags.NearDuplicate,
			"left-right mirror of the start of the kept copy a/b.pgn#123 (30 of 40 plies)"},
		{Verdict{Kind: Mirror, KeptRef: kept, Plies: 50, KeptPlies: 40}, flags.NearDuplicate,
			"left-right mirror of the kept copy a/b.pgn#123, continued (50 plies, the kept copy 40)"},
		{Verdict{Kind: Mirror, KeptRef: kept, Plies: 40, KeptPlies: 40}, flags.NearDuplicate,
			"left-right mirror of the kept copy a/b.pgn#123"},
	} {
		f, ok := tc.v.Flag()
		if !ok || f.Code != tc.code || f.Detail != tc.detail {
			t.Errorf("%v: %v %v %q, want %v %q", tc.v.Kind, ok, f.Code, f.Detail, tc.code, tc.detail)
		}
	}
	if _, ok := (Verdict{Kind: None, Copies: 2}).Flag(); ok {
		t.Error("kept copy: a flag")
	}
}
