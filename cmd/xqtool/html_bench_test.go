package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"runtime/debug"
	"testing"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/cputime"
)

// BenchmarkHTMLReport runs validate over the real records with 2 workers
// and each output: none (the floor), --report --with-moves (JSON lines)
// and --html (the page, written to nothing), and reports plies per
// CPU-second, so the cost of each output is the difference to "none".
func BenchmarkHTMLReport(b *testing.B) {
	dir := recordsDir(b)
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	opt, err := (&pipelineFlags{requireTags: "Event,Date,Red,Black,Result", rules: "cxa", repetitions: 3}).options()
	if err != nil {
		b.Fatal(err)
	}
	rules := ruleName(&opt)
	for _, out := range []string{"none", "report", "html"} {
		b.Run(out, func(b *testing.B) {
			pf := &pipelineFlags{workers: 2, quiet: true}
			cmd := &cobra.Command{}
			cmd.SetErr(os.Stderr)
			var plies int
			cpu0 := cputime.Process()
			for b.Loop() {
				var sink func(*analyze.Report) error
				var finish func() error
				switch out {
				case "none":
					sink = func(*analyze.Report) error { return nil }
					finish = func() error { return nil }
				case "report":
					bw := bufio.NewWriterSize(io.Discard, 1<<16)
					jw := newJSONLWriter(bw)
					sink = func(r *analyze.Report) error { return jw.write(toJSON(r, true, rules)) }
					finish = bw.Flush
				case "html":
					ho := &htmlOutput{b: htmlreport.NewBuilder(htmlreport.DefaultLimit), rules: rules}
					sink = func(r *analyze.Report) error { ho.add(r); return nil }
					finish = func() error { return ho.b.WriteTo(io.Discard, htmlreport.Run{Inputs: []string{dir}}) }
				}
				sum, err := runPipeline(context.Background(), cmd, []string{dir}, pf, opt, sink)
				if err == nil {
					err = finish()
				}
				if err != nil {
					b.Fatal(err)
				}
				plies += sum.Plies
			}
			cpu := (cputime.Process() - cpu0).Seconds()
			b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "plies/s")
			b.ReportMetric(float64(plies)/cpu, "plies/cpu-s")
		})
	}
}
