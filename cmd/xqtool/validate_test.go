package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/flags"
)

// TestValidateListsFlags checks the lines validate prints before its
// summary against the report of the same run: one line per error flag
// (--list warnings and all: warning flags too) in input order, at most
// --list-max of them and then how many more.
func TestValidateListsFlags(t *testing.T) {
	dir := sampleDir(t)
	rep := filepath.Join(t.TempDir(), "r.jsonl")
	out, errs, code := runCLI(t, "", "validate", "--quiet", "--list", "all", "--report", rep, dir)
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	want := map[bool][]string{} // by "warnings too"
	for _, g := range jsonLines(t, string(data)) {
		if g.Source == "" {
			continue
		}
		for _, f := range g.Flags {
			line := fmt.Sprintf("%s#%d  %s  %s  %d  %s", g.Source, g.Index+1, g.Status, f.Code, f.Ply, f.Detail)
			switch f.Severity {
			case flags.Error:
				want[false] = append(want[false], line)
				want[true] = append(want[true], line)
			case flags.Warning:
				want[true] = append(want[true], line)
			}
		}
	}
	if len(want[false]) < 5 || len(want[true]) <= len(want[false]) {
		t.Fatalf("the sample should have errors and warnings: %d, %d", len(want[false]), len(want[true]))
	}
	listed := func(out string) []string {
		head, _, _ := strings.Cut(out, "\n\nfiles ")
		return strings.Split(head, "\n")
	}
	if got := listed(out); strings.Join(got, "\n") != strings.Join(want[true], "\n") {
		t.Errorf("--list all:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want[true], "\n"))
	}
	for _, c := range []struct {
		args     []string
		warnings bool
		max      int
	}{
		{nil, false, 20},
		{[]string{"--list-max", "3"}, false, 3},
		{[]string{"--list", "warnings", "--list-max", "4"}, true, 4},
	} {
		out, _, _ := runCLI(t, "", append([]string{"validate", "--quiet", dir}, c.args...)...)
		all := want[c.warnings]
		wantLines := all[:min(c.max, len(all))]
		if n := len(all) - len(wantLines); n > 0 {
			wantLines = append(wantLines[:len(wantLines):len(wantLines)], fmt.Sprintf("… and %d more (--list all)", n))
		}
		if got := listed(out); strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
			t.Errorf("%v:\n%s\nwant:\n%s", c.args, strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
		}
	}
	out, _, _ = runCLI(t, "", "validate", "--quiet", "--list", "none", dir)
	if !strings.HasPrefix(out, "files ") {
		t.Errorf("--list none prints lines:\n%s", out)
	}
	out, _, _ = runCLI(t, "", "validate", "--quiet", filepath.Join(dir, "broken", "slip.pgn"))
	if !strings.Contains(out, "error  illegal_move  3  ") || !strings.Contains(out, "did you mean 马二进三") {
		t.Errorf("slip.pgn: the error line with its question is missing:\n%s", out)
	}
}

// TestSummaryGroupsByState: under each state heading the summary lists
// the warning and error codes of the games in that state, counted from
// the report of the same run (a game in error with a missing result is
// counted under error, not under warning).
func TestSummaryGroupsByState(t *testing.T) {
	dir := sampleDir(t)
	rep := filepath.Join(t.TempDir(), "r.jsonl")
	out, errs, _ := runCLI(t, "", "validate", "--quiet", "--list", "none", "--report", rep, dir)
	data, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int{}
	for _, g := range jsonLines(t, string(data)) {
		if g.Source == "" {
			continue
		}
		seen := map[flags.Code]bool{}
		for _, f := range g.Flags {
			if seen[f.Code] || f.Severity == flags.Info {
				continue
			}
			seen[f.Code] = true
			if want[string(g.Status)] == nil {
				want[string(g.Status)] = map[string]int{}
			}
			want[string(g.Status)][string(f.Code)]++
		}
	}
	got := map[string]map[string]int{}
	state := ""
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "    ") && len(f) == 2:
			state = f[0]
		case strings.HasPrefix(line, "    ") && len(f) == 2 && f[0] != "(unreadable)" && (state == "warning" || state == "error"):
			var n int
			fmt.Sscan(f[1], &n)
			if got[state] == nil {
				got[state] = map[string]int{}
			}
			got[state][f[0]] = n
		case !strings.HasPrefix(line, " "):
			state = ""
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("codes by state:\n got %v\nwant %v\n%s%s", got, want, out, errs)
	}
	if want["error"][string(flags.MissingResult)] == 0 {
		t.Error("the sample should have a game in error that lacks its result (the case this test is about)")
	}
}
