package pipeline

import (
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
)

// TestSummaryByState: a game's codes are counted under its state, and
// move with it when a late flag (an annotator's warning) makes the state
// worse; a code the game already carries is not counted twice.
func TestSummaryByState(t *testing.T) {
	s := &Summary{ByCode: map[flags.Code]int{}, ByState: map[analyze.Status]map[flags.Code]int{}}
	ok := &analyze.Report{Status: analyze.StatusOK, Flags: []flags.Flag{{Code: flags.ECCOMismatch, Severity: flags.Info}}}
	warn := &analyze.Report{Status: analyze.StatusWarning, Flags: []flags.Flag{
		{Code: flags.MissingResult, Severity: flags.Warning}, {Code: flags.MissingTags, Severity: flags.Warning}}}
	bad := &analyze.Report{Status: analyze.StatusError, Flags: []flags.Flag{
		{Code: flags.IllegalMove, Severity: flags.Error}, {Code: flags.MissingResult, Severity: flags.Warning}}}
	c0, c1, c2 := s.add(ok), s.add(warn), s.add(bad)
	late := Dup{Flags: []flags.Flag{{Code: flags.SuspectMove, Severity: flags.Warning}, {Code: flags.MissingResult, Severity: flags.Warning}}}
	// Verdicts carry the final state (Verdicts.Of sets it by FinalState).
	final := func(d Dup, was analyze.Status) Dup { d.State = FinalState(was, d.Flags); return d }
	s.addDup(final(late, analyze.StatusOK), analyze.StatusOK, c0)
	s.addDup(final(Dup{}, analyze.StatusWarning), analyze.StatusWarning, c1)
	s.addDup(final(late, analyze.StatusError), analyze.StatusError, c2)
	want := map[analyze.Status]map[flags.Code]int{
		analyze.StatusWarning: {flags.ECCOMismatch: 1, flags.SuspectMove: 1, flags.MissingResult: 2, flags.MissingTags: 1},
		analyze.StatusError:   {flags.IllegalMove: 1, flags.MissingResult: 1, flags.SuspectMove: 1},
	}
	for st, codes := range want {
		for c, n := range codes {
			if got := s.ByState[st][c]; got != n {
				t.Errorf("%s %s: %d, want %d", st, c, got, n)
			}
		}
		if len(s.ByState[st]) != len(codes) {
			t.Errorf("%s: %v, want %v", st, s.ByState[st], codes)
		}
	}
	if len(s.ByState[analyze.StatusOK]) != 0 || s.OK != 0 || s.Warnings != 2 || s.Errors != 1 {
		t.Errorf("ok codes %v; states %d %d %d", s.ByState[analyze.StatusOK], s.OK, s.Warnings, s.Errors)
	}
	if s.ByCode[flags.MissingResult] != 3 || s.ByCode[flags.SuspectMove] != 2 {
		t.Errorf("by code %v", s.ByCode)
	}
}
