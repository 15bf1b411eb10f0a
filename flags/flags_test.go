package flags_test

import (
	"path/filepath"
	"testing"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/tournament"
)

// TestLate: the late codes are those of duplicate detection and of the
// annotators (the tournament checks, the engine's), none of which the
// analysis of a record raises; no late code ends a line or is an error.
func TestLate(t *testing.T) {
	want := map[flags.Code]bool{
		flags.Duplicate: true, flags.NearDuplicate: true, flags.TagsFilled: true,
		flags.SuspectMove: true, flags.ResultContradicted: true, flags.DrawContradicted: true,
	}
	for _, c := range tournament.Checks {
		want[c] = true
	}
	for _, d := range flags.All() {
		if d.Code.Late() != want[d.Code] || d.Late != d.Code.Late() {
			t.Errorf("%s: Late %v, want %v", d.Code, d.Code.Late(), want[d.Code])
		}
		if d.Late && (d.Ends || d.Severity == flags.Error) {
			t.Errorf("%s: late, and ends a line or is an error", d.Code)
		}
	}
	if flags.Code("no_such_code").Late() {
		t.Error("an unknown code is late")
	}
	for _, r := range testgames.Reports(t, filepath.Join("..", "sample")) {
		for _, f := range r.Flags {
			if f.Code.Late() {
				t.Errorf("%s#%d: the analysis raised the late code %s", r.Record.Source, r.Record.Index+1, f.Code)
			}
		}
	}
}
