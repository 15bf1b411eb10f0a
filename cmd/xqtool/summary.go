package main

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/pipeline"
)

// printSummary writes the summary table of a run.
func printSummary(w io.Writer, s *pipeline.Summary) {
	rate := float64(s.Games) / s.Elapsed.Seconds()
	prate := float64(s.Plies) / s.Elapsed.Seconds()
	fmt.Fprintf(w, "%-24s %10d\n", "files", s.Files)
	if len(s.NoGames) > 0 {
		fmt.Fprintf(w, "%-24s %10d\n", "files without games", len(s.NoGames))
	}
	fmt.Fprintf(w, "%-24s %10d\n", "games", s.Games)
	fmt.Fprintf(w, "%-24s %10d\n", "ok", s.OK)
	fmt.Fprintf(w, "%-24s %10d\n", "flagged", s.Flagged)
	codes := make([]flags.Code, 0, len(s.ByCode))
	for c := range s.ByCode {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		fmt.Fprintf(w, "  %-22s %10d\n", c, s.ByCode[c])
	}
	fmt.Fprintf(w, "%-24s %10d\n", "unreadable", s.Errors)
	printDups(w, s)
	fmt.Fprintf(w, "%-24s %10d\n", "plies", s.Plies)
	if s.Rules != "" {
		fmt.Fprintf(w, "%-24s %10s\n", "rules", s.Rules)
	}
	fmt.Fprintf(w, "%-24s %10.0f  (%.0f plies/s, %d workers, %v)\n", "games/s", rate, prate, s.Workers, s.Elapsed.Round(time.Millisecond))
	for i, f := range s.NoGames {
		if i == 20 {
			fmt.Fprintf(w, "  … and %d more files without games\n", len(s.NoGames)-20)
			break
		}
		fmt.Fprintf(w, "  no games: %s\n", f)
	}
}

// printDups writes the summary rows of duplicate detection.
func printDups(w io.Writer, s *pipeline.Summary) {
	if s.Clusters > 0 {
		fmt.Fprintf(w, "%-24s %10d\n", "clusters of copies", s.Clusters)
	}
	if !s.Duplicates.KeptOnly {
		return
	}
	fmt.Fprintf(w, "%-24s %10d\n", "dropped (--dedupe)", s.DroppedTotal())
	for _, k := range []dedupe.Kind{dedupe.Exact, dedupe.Prefix, dedupe.Mirror} {
		fmt.Fprintf(w, "  %-22s %10d\n", k, s.Dropped[k])
	}
}
