package pipeline

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/flags"
)

// LabelWidth is the width of the first column of the summary tables
// xqtool prints (the longest flag code, indented, fits).
const LabelWidth = 28

// WriteTable writes the summary table of a run: the files, the games by
// state (ok, warning, error) with, under each state, the warning and
// error codes of the games in that state (a code counts the games
// carrying it), the info codes, the copies, the plies and the speed.
func (s *Summary) WriteTable(w io.Writer) {
	row := func(indent int, name string, n int) {
		fmt.Fprintf(w, "%*s%-*s %10d\n", indent, "", LabelWidth-indent, name, n)
	}
	row(0, "files", s.Files)
	if len(s.NoGames) > 0 || s.Docs > 0 {
		row(2, "with games", s.Files-len(s.NoGames)-s.Docs)
	}
	if len(s.NoGames) > 0 {
		row(2, "other files", len(s.NoGames))
	}
	if s.Docs > 0 {
		row(2, "documentation", s.Docs)
	}
	row(0, "games", s.Games)
	codes := make([]flags.Code, 0, len(s.ByCode))
	for c := range s.ByCode {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, func(a, b flags.Code) int { return a.Order() - b.Order() })
	// Under a state, the warning and error codes of the games in that
	// state (an error game's warnings too); info codes apart.
	byState := func(st analyze.Status) {
		for _, c := range codes {
			if n := s.ByState[st][c]; n > 0 && c.Severity() != flags.Info {
				row(4, string(c), n)
			}
		}
	}
	row(2, "ok", s.OK)
	row(2, "warning", s.Warnings)
	byState(analyze.StatusWarning)
	row(2, "error", s.Errors)
	byState(analyze.StatusError)
	if s.Unreadable > 0 {
		row(4, "(unreadable)", s.Unreadable)
	}
	info := false
	for _, c := range codes {
		info = info || c.Severity() == flags.Info
	}
	if info {
		fmt.Fprintln(w, "info (any state)")
		for _, c := range codes {
			if c.Severity() == flags.Info {
				row(4, string(c), s.ByCode[c])
			}
		}
	}
	s.WriteDuplicates(w)
	row(0, "plies", s.Plies)
	if s.Rules != "" {
		fmt.Fprintf(w, "%-*s %10s\n", LabelWidth, "rules", s.Rules)
	}
	rate := float64(s.Games) / s.Elapsed.Seconds()
	prate := float64(s.Plies) / s.Elapsed.Seconds()
	fmt.Fprintf(w, "%-*s %10.0f  (%.0f plies/s, %d workers, %v)\n", LabelWidth, "games/s", rate, prate, s.Workers, s.Elapsed.Round(time.Millisecond))
}

// WriteDuplicates writes the summary rows of duplicate detection.
func (s *Summary) WriteDuplicates(w io.Writer) {
	if s.Clusters > 0 {
		fmt.Fprintf(w, "%-*s %10d\n", LabelWidth, "clusters of copies", s.Clusters)
	}
	if !s.Duplicates.KeptOnly {
		return
	}
	fmt.Fprintf(w, "%-*s %10d\n", LabelWidth, "dropped (--dedupe)", s.DroppedTotal())
	for _, k := range []dedupe.Kind{dedupe.Exact, dedupe.Prefix, dedupe.Mirror} {
		fmt.Fprintf(w, "  %-*s %10d\n", LabelWidth-2, k, s.Dropped[k])
	}
}

// NoteNoGames says in one line which input files gave no game (the
// first three); listed names the output of the command that lists them
// all ("" for none: validate --report is suggested).
func (s *Summary) NoteNoGames(w io.Writer, listed string) {
	n := len(s.NoGames)
	if n == 0 {
		return
	}
	names := s.NoGames[:min(n, 3)]
	more := ""
	if n > len(names) {
		more = fmt.Sprintf(" and %d more", n-len(names))
	}
	if listed == "" {
		listed = "xqtool validate --report FILE"
	}
	fmt.Fprintf(w, "xqtool: %d input file(s) held no game: %s%s (%s lists each)\n",
		n, strings.Join(names, "; "), more, listed)
}

// NoteRepeated says which inputs were reached again (named twice, or
// inside another input) and read only once.
func (s *Summary) NoteRepeated(w io.Writer) {
	if s.Repeated == 0 {
		return
	}
	more := ""
	if n := s.Repeated - len(s.RepeatedPaths); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	fmt.Fprintf(w, "xqtool: read once: %d input(s) reached again: %s%s\n", s.Repeated, strings.Join(s.RepeatedPaths, "; "), more)
}
