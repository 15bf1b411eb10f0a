package htmlreport_test

import (
	"context"
	"io"
	"runtime/debug"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/cputime"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

// BenchmarkHTMLReport runs validate over the real records with 2 workers
// and each output: none (the floor), the report lines with moves and the
// page (written to nothing), and reports plies per CPU-second, so the cost
// of each output is the difference to "none".
func BenchmarkHTMLReport(b *testing.B) {
	dir := shareddata.Dir(b, "records")
	defer debug.SetGCPercent(debug.SetGCPercent(pipeline.GCPercent))
	opt := pipeline.Options{Workers: 2, Analyze: analyze.Options{RequireTags: analyze.DefaultRequiredTags}}
	for _, name := range []string{"none", "report", "html"} {
		b.Run(name, func(b *testing.B) {
			var plies int
			cpu0 := cputime.Process()
			for b.Loop() {
				var sinks []pipeline.Sink
				out, _ := output.Open("", io.Discard)
				switch name {
				case "report":
					sinks = append(sinks, report.NewSink(out, report.SinkOptions{WithMoves: true}))
				case "html":
					sinks = append(sinks, htmlreport.NewSink(out, htmlreport.DefaultLimit))
				}
				sum, err := pipeline.Run(context.Background(), []string{dir}, opt, sinks...)
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
