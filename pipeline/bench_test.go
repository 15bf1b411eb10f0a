package pipeline_test

import (
	"fmt"
	"io"
	"runtime/debug"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
	"github.com/xqtool/xqtool/training"
)

// benchRun runs the pipeline b.N times over the real records with the
// sinks newSinks makes for each run, and reports plies/s, plies per
// CPU-second of the whole process (all goroutines, GC included: the
// per-core throughput, robust to a loaded machine) and games/s.
func benchRun(b *testing.B, opt pipeline.Options, newSinks func() []pipeline.Sink) {
	dir := recordsDir(b)
	// One pass first, not counted: the first pass of a process fills its
	// pools and faults its heap in, which would otherwise be charged to
	// whichever benchmark happens to run first (and make, say, validate
	// with copies look dearer than without them by the warm-up).
	run(b, opt, []string{dir}, newSinks()...)
	var plies, games int
	cpu0 := cputime.Process()
	for b.Loop() {
		sum := run(b, opt, []string{dir}, newSinks()...)
		plies += sum.Plies
		games += sum.Games
	}
	sec := b.Elapsed().Seconds()
	cpu := (cputime.Process() - cpu0).Seconds()
	b.ReportMetric(float64(plies)/sec, "plies/s")
	b.ReportMetric(float64(plies)/cpu, "plies/cpu-s")
	b.ReportMetric(cpu*1e9/float64(plies), "cpu-ns/ply") // against BenchmarkStage
	b.ReportMetric(float64(plies)/sec/float64(opt.Workers), "plies/s/worker")
	b.ReportMetric(float64(games)/sec, "games/s")
}

// BenchmarkValidate runs the whole validate pipeline (read, parse, replay,
// analyse, find copies) over the real records with 1 and 2 workers; also
// without the repetition adjudicator, without duplicate detection, and
// with a report (every line held until the verdicts, then written).
func BenchmarkValidate(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(pipeline.GCPercent)) // as the command runs
	none := func() []pipeline.Sink { return nil }
	reportSink := func() []pipeline.Sink {
		out, _ := output.Open("", io.Discard)
		return []pipeline.Sink{report.NewSink(out, report.SinkOptions{Files: true})}
	}
	for _, bc := range []struct {
		name    string
		workers int
		noRep   bool
		noDups  bool
		sinks   func() []pipeline.Sink
	}{
		{"workers=1", 1, false, false, none},
		{"workers=2", 2, false, false, none},
		// Without the repetition adjudicator, to measure its cost.
		{"workers=1/no-repetition", 1, true, false, none},
		{"workers=2/no-repetition", 2, true, false, none},
		{"workers=1/no-duplicates", 1, false, true, none},
		{"workers=2/no-duplicates", 2, false, true, none},
		{"workers=1/report", 1, false, false, reportSink},
		{"workers=2/report", 2, false, false, reportSink},
	} {
		b.Run(bc.name, func(b *testing.B) {
			opt := defaultOptions()
			opt.Workers = bc.workers
			opt.Analyze.RequireTags = analyze.DefaultRequiredTags
			opt.Analyze.NoRepetition = bc.noRep
			opt.Duplicates.Off = bc.noDups
			benchRun(b, opt, bc.sinks)
		})
	}
}

// BenchmarkExportPipeline runs the whole export (read, parse, replay,
// analyse, find copies, write the four Parquet files with the cluster
// columns) over the real records with 1 and 2 workers; also without
// duplicate detection, and as training data (export --training): the
// default set, every game (--with-errors --with-copies: the rows of a
// plain export) and with mirrors (--mirror).
func BenchmarkExportPipeline(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(pipeline.ExportGCPercent)) // as the command runs
	all := training.Filter{WithErrors: true, WithCopies: true}
	for _, workers := range []int{1, 2} {
		for _, bc := range []struct {
			name     string
			noDups   bool
			training *training.Options
		}{
			{"", false, nil},
			{"/no-duplicates", true, nil},
			{"/training", false, &training.Options{}},
			{"/training-all", false, &training.Options{Filter: all}},
			{"/training-mirror", false, &training.Options{Mirror: true}},
		} {
			b.Run(fmt.Sprintf("workers=%d%s", workers, bc.name), func(b *testing.B) {
				out := b.TempDir()
				opt := defaultOptions()
				opt.Workers = workers
				opt.Analyze.RequireTags = analyze.DefaultRequiredTags
				opt.Duplicates.Off = bc.noDups
				benchRun(b, opt, func() []pipeline.Sink {
					var dopts []dataset.Option
					if bc.training != nil {
						dopts = append(dopts, dataset.WithLines(training.NewTable(*bc.training)))
					}
					s, err := dataset.NewSink(out, false, dopts...)
					if err != nil {
						b.Fatal(err)
					}
					return []pipeline.Sink{s}
				})
			})
		}
	}
}
