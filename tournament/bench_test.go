package tournament

import (
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// BenchmarkBuild measures Finish's work on the real records' games
// (events, crosstables, checks), reported per game.
func BenchmarkBuild(b *testing.B) {
	s, _ := run(b, Options{}, shareddata.Dir(b, "records"))
	games := s.Games()
	b.ResetTimer()
	for b.Loop() {
		Build(games)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(games)), "ns/game")
}
