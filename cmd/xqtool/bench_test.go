package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// recordsDir returns ../shared/testdata/records beside the repository, or
// skips when it is absent (a user's clone; CI always has it).
func recordsDir(tb testing.TB) string {
	tb.Helper()
	return shareddata.Dir(tb, "records")
}

// BenchmarkValidate runs the whole validate pipeline (read, parse, replay,
// analyse, find copies) over the real records with 1 and 2 workers and
// reports plies/s and plies/s per worker; also without duplicate
// detection, and with a report (the input read twice). The files are read once before timing so the
// page cache is warm.
func BenchmarkValidate(b *testing.B) {
	dir := recordsDir(b)
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent)) // as the command runs
	opt, err := (&pipelineFlags{requireTags: "Event,Date,Red,Black,Result", rules: "cxa", repetitions: 3}).options()
	if err != nil {
		b.Fatal(err)
	}
	noRep := opt
	noRep.NoRepetition = true
	for _, bc := range []struct {
		name    string
		workers int
		opt     analyze.Options
		noDups  bool // --no-duplicates
		report  bool // a sink, as validate --report: two passes
	}{
		{"workers=1", 1, opt, false, false},
		{"workers=2", 2, opt, false, false},
		// The same without the repetition adjudicator, to measure its cost.
		{"workers=1/no-repetition", 1, noRep, false, false},
		{"workers=2/no-repetition", 2, noRep, false, false},
		// Without duplicate detection, and with reports (two passes).
		{"workers=1/no-duplicates", 1, opt, true, false},
		{"workers=2/no-duplicates", 2, opt, true, false},
		{"workers=2/report", 2, opt, false, true},
	} {
		workers := bc.workers
		b.Run(bc.name, func(b *testing.B) {
			pf := &pipelineFlags{workers: workers, quiet: true, dup: dupFlags{off: bc.noDups}}
			cmd := &cobra.Command{}
			cmd.SetErr(os.Stderr)
			var sink func(*analyze.Report) error // validate without --report
			if bc.report {
				sink = func(*analyze.Report) error { return nil }
			}
			var plies, games int
			cpu0 := cputime.Process()
			for b.Loop() {
				sum, err := runPipeline(context.Background(), cmd, []string{dir}, pf, bc.opt, sink)
				if err != nil {
					b.Fatal(err)
				}
				plies += sum.Plies
				games += sum.Games
			}
			sec := b.Elapsed().Seconds()
			cpu := (cputime.Process() - cpu0).Seconds()
			b.ReportMetric(float64(plies)/sec, "plies/s")
			// Per CPU-second of the whole process (all goroutines, GC
			// included): the per-core throughput, robust to a loaded
			// machine.
			b.ReportMetric(float64(plies)/cpu, "plies/cpu-s")
			b.ReportMetric(float64(plies)/sec/float64(workers), "plies/s/worker")
			b.ReportMetric(float64(games)/sec, "games/s")
		})
	}
}

// BenchmarkExportPipeline runs the whole export command (read, parse,
// replay, analyse, write the three Parquet files) over the real records
// with 1 and 2 workers and reports plies per CPU-second end to end.
func BenchmarkExportPipeline(b *testing.B) {
	dir := recordsDir(b)
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent)) // export sets its own; restore
	opt, err := (&pipelineFlags{requireTags: "Event,Date,Red,Black,Result", rules: "cxa", repetitions: 3}).options()
	if err != nil {
		b.Fatal(err)
	}
	sum, err := runPipeline(context.Background(), &cobra.Command{}, []string{dir}, &pipelineFlags{workers: 1, quiet: true}, opt, func(*analyze.Report) error { return nil })
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			out := b.TempDir()
			cpu0 := cputime.Process()
			for b.Loop() {
				root := newRootCmd()
				root.SetOut(io.Discard)
				root.SetErr(io.Discard)
				root.SetArgs([]string{"export", "--quiet", "--workers", strconv.Itoa(workers), "-o", out, dir})
				var ee *exitError
				if err := root.Execute(); err != nil && !(errors.As(err, &ee) && ee.code == 1) {
					b.Fatal(err) // exit 1 only says some record was unreadable
				}
			}
			plies := float64(sum.Plies) * float64(b.N)
			b.ReportMetric(plies/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(plies/(cputime.Process()-cpu0).Seconds(), "plies/cpu-s")
		})
	}
}
