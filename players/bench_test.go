package players

import (
	"testing"
)

// BenchmarkResolve measures resolution per game: the names of the real
// records' games (collected once) resolved again, b.N games per op
// reported as ns/game.
func BenchmarkResolve(b *testing.B) {
	tb := recordsPlayersB(b)
	games := tb.games
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		r := NewResolver(nil)
		for _, g := range games {
			r.Add(g)
		}
		r.Resolve()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(games)), "ns/game")
}

// BenchmarkSuggest measures the suggestions over the real records.
func BenchmarkSuggest(b *testing.B) {
	tb := recordsPlayersB(b)
	b.ResetTimer()
	for range b.N {
		tb.Suggest()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(tb.games)), "ns/game")
}
