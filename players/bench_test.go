package players

import (
	"context"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
)

// BenchmarkResolve measures resolution per game: the names of the real
// records' games (collected once) resolved again, b.N games per op
// reported as ns/game.
func BenchmarkResolve(b *testing.B) {
	tb := keptRecords(b)
	games := gamesOf(b, tb, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		r := NewResolver(nil)
		for _, g := range games {
			r.Add(g)
		}
		t, err := r.Resolve()
		if err != nil {
			b.Fatal(err)
		}
		t.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(games)), "ns/game")
}

// BenchmarkSuggest measures the suggestions over the real records.
func BenchmarkSuggest(b *testing.B) {
	tb := keptRecords(b)
	b.ResetTimer()
	for range b.N {
		if _, err := tb.Suggest(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tb.Games()), "ns/game")
}

// keptRecords resolves the real records with their games kept (closed
// at the end of the benchmark).
func keptRecords(b *testing.B) *Table {
	s := NewSink(nil)
	s.KeepGames = true
	if _, err := pipeline.Run(context.Background(), []string{shareddata.Dir(b, "records")}, pipeline.Options{}, s); err != nil {
		b.Fatal(err)
	}
	tb := s.Table()
	b.Cleanup(func() { tb.Close() })
	return tb
}

// BenchmarkSinkGame measures what the annotator adds to each game of a
// pass (its Game method: names cloned, event normalized, date read), on
// the real records' games.
func BenchmarkSinkGame(b *testing.B) {
	games := testgames.Games(testgames.Reports(b, shareddata.Dir(b, "records")))
	b.ResetTimer()
	for range b.N {
		s := NewSink(nil)
		for _, g := range games {
			if err := s.Game(g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(games)), "ns/game")
}
