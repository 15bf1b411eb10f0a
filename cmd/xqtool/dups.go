package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/tagnorm"
)

// dupFlags are the flags of duplicate detection.
type dupFlags struct {
	minPlies int
	off      bool // --no-duplicates
	dedupe   bool // convert, export: write only the kept copies
	fillTags bool // convert, export: fill the kept copies' empty tags
}

func (d *dupFlags) register(cmd *cobra.Command) {
	cmd.Flags().IntVar(&d.minPlies, "dup-min-plies", dedupe.DefaultMinPlies,
		"shortest main line that counts as a prefix or mirror copy (near_duplicate)")
	cmd.Flags().BoolVar(&d.off, "no-duplicates", false, "do not look for copies of games (one pass over the input)")
}

// registerOutput adds --dedupe and --fill-tags (convert and export).
func (d *dupFlags) registerOutput(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&d.dedupe, "dedupe", false, "write only the kept copy of each cluster of copies")
	cmd.Flags().BoolVar(&d.fillTags, "fill-tags", false, "fill the kept copy's empty tags from its copies")
}

func (d *dupFlags) check() error {
	if d.minPlies < 0 {
		return usageErr("--dup-min-plies must be at least 1 (0: the default), got %d", d.minPlies)
	}
	if d.off && (d.dedupe || d.fillTags) {
		return usageErr("--dedupe and --fill-tags need duplicate detection (drop --no-duplicates)")
	}
	return nil
}

// dupRun is duplicate detection during one run: the first pass adds
// every game to the index, the second (or the summary) reads verdicts.
type dupRun struct {
	flags *dupFlags
	ix    *dedupe.Index
	buf   []board.Move
	next  int // number of the next game of the second pass
	// dropped counts the games --dedupe left out, by kind.
	dropped [4]int
}

func newDupRun(f *dupFlags) *dupRun {
	return &dupRun{flags: f, ix: dedupe.New(dedupe.Options{MinPlies: f.minPlies, FillTags: f.fillTags, SameName: tagnorm.ScriptSplit})}
}

// add adds a report of the first pass.
func (d *dupRun) add(r *analyze.Report) error {
	g := dedupe.FromReport(r, d.buf)
	d.buf = g.Moves
	_, err := d.ix.Add(&g)
	return err
}

// errInputChanged means the second pass read other games than the first.
var errInputChanged = fmt.Errorf("the input changed between the two passes of duplicate detection")

// annotate gives a report of the second pass its verdict: its cluster,
// a duplicate or near_duplicate flag, the filled tags. keep is false
// when --dedupe leaves the game out.
func (d *dupRun) annotate(r *analyze.Report) (keep bool, err error) {
	num := d.next
	d.next++
	if num >= d.ix.Len() {
		return false, errInputChanged
	}
	v, err := d.ix.Verdict(num)
	if err != nil {
		return false, err
	}
	if g := r.Game; v.Kind != dedupe.None && (g == nil || len(g.Plies) != v.Plies) {
		return false, errInputChanged
	}
	if v.Kind == dedupe.None {
		if len(v.Fills) > 0 {
			fill(r, v.Fills)
		}
		return true, nil
	}
	r.Cluster = analyze.Cluster{Kind: v.Kind.String(), KeptSource: v.KeptRef.Source, KeptIndex: v.KeptRef.Index}
	r.AddDuplicate(v.Kind != dedupe.Exact, dupDetail(v))
	if d.flags.dedupe {
		d.dropped[v.Kind]++
		return false, nil
	}
	return true, nil
}

// dupDetail is the detail of a duplicate or near_duplicate flag.
func dupDetail(v dedupe.Verdict) string {
	kept := "the kept copy " + v.KeptRef.String()
	var s string
	switch {
	case v.Kind == dedupe.Exact:
		s = "same start position and main line as " + kept
	case v.Kind == dedupe.Prefix && v.Plies < v.KeptPlies:
		s = fmt.Sprintf("main line (%d plies) is the start of %s (%d plies)", v.Plies, kept, v.KeptPlies)
	case v.Kind == dedupe.Prefix:
		s = fmt.Sprintf("main line (%d plies) continues %s (%d plies)", v.Plies, kept, v.KeptPlies)
	case v.Plies < v.KeptPlies:
		s = fmt.Sprintf("left-right mirror of the start of %s (%d of %d plies)", kept, v.Plies, v.KeptPlies)
	case v.Plies > v.KeptPlies:
		s = fmt.Sprintf("left-right mirror of %s, continued (%d plies, the kept copy %d)", kept, v.Plies, v.KeptPlies)
	default:
		s = "left-right mirror of " + kept
	}
	for _, p := range v.NamePairs {
		s += fmt.Sprintf("; name %q written %q in the kept copy", p[0], p[1])
	}
	return s
}

// fill sets the kept copy's empty tags from its copies and records it.
func fill(r *analyze.Report, fills []dedupe.Fill) {
	var parts []string
	for _, f := range fills {
		if f.Name == "Result" {
			r.Record.Result = f.Value
		}
		r.Record.Tags.Set(f.Name, f.Value)
		parts = append(parts, fmt.Sprintf("%s %q from %s", f.Name, f.Value, f.From))
	}
	r.AddInfo(analyze.CodeTagsFilled, strings.Join(parts, "; "))
}

// finishSummary puts the counts of the index into the summary of a run
// that wrote no report (validate without --report): its games never saw
// a verdict.
func (d *dupRun) finishSummary(sum *summary) {
	byKind, clusters := d.ix.Counts()
	if n := byKind[dedupe.Exact]; n > 0 {
		sum.ByCode[analyze.CodeDuplicate] += n
	}
	if n := byKind[dedupe.Prefix] + byKind[dedupe.Mirror]; n > 0 {
		sum.ByCode[analyze.CodeNearDuplicate] += n
	}
	sum.Clusters = clusters
}

// stdinSpool keeps a copy of stdin for the second pass.
type stdinSpool struct {
	f *os.File
}

// newStdinSpool returns the reader of stdin for the first pass (a tee
// into a temporary file) when paths read stdin, else nil.
func newStdinSpool(paths []string, in io.Reader) (*stdinSpool, io.Reader, error) {
	if !slices.Contains(paths, "-") {
		return nil, in, nil
	}
	f, err := os.CreateTemp("", "xqtool-stdin-*")
	if err != nil {
		return nil, nil, err
	}
	return &stdinSpool{f: f}, io.TeeReader(in, f), nil
}

// again returns stdin as the first pass read it.
func (s *stdinSpool) again() (io.Reader, error) {
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.f, nil
}

func (s *stdinSpool) close() {
	s.f.Close()
	os.Remove(s.f.Name())
}

// printDups writes the summary rows of duplicate detection.
func (s *summary) printDups(w io.Writer) {
	if s.Clusters > 0 {
		fmt.Fprintf(w, "%-24s %10d\n", "clusters of copies", s.Clusters)
	}
	if !s.Deduped {
		return
	}
	total := s.Dropped[dedupe.Exact] + s.Dropped[dedupe.Prefix] + s.Dropped[dedupe.Mirror]
	fmt.Fprintf(w, "%-24s %10d\n", "dropped (--dedupe)", total)
	for _, k := range []dedupe.Kind{dedupe.Exact, dedupe.Prefix, dedupe.Mirror} {
		fmt.Fprintf(w, "  %-22s %10d\n", k, s.Dropped[k])
	}
}
