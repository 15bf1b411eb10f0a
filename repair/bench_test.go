package repair

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/corpus"
	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// BenchmarkClean replays the clean games of the records with and without
// a call to Find, as a pipeline step would make it for every game: the
// cost of repair for a game that replays cleanly must be nil.
//
//	go test ./repair -run XXX -bench Clean -count 10 | benchstat -col /find -
func BenchmarkClean(b *testing.B) {
	dir := shareddata.Dir(b, "records")
	var recs []*parse.Record
	w := &corpus.Walker{}
	err := w.Walk(context.Background(), []string{dir}, func(it corpus.Item) error {
		if it.Rec != nil && it.Err == nil && len(recs) < 1000 {
			if g := replay.Replay(it.Rec, replay.Options{}); g.HasStart && g.Fail == nil {
				recs = append(recs, it.Rec)
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, find := range []bool{false, true} {
		name := "find=no"
		if find {
			name = "find=yes"
		}
		b.Run(name, func(b *testing.B) {
			repaired := 0
			for i := 0; b.Loop(); i++ {
				rec := recs[i%len(recs)]
				g := replay.Replay(rec, replay.Options{})
				if find && Find(rec, g, Options{}).Repaired() {
					repaired++
				}
			}
			if repaired > 0 {
				b.Fatalf("%d clean games repaired", repaired)
			}
		})
	}
}

// BenchmarkFindOnClean is Find alone on the replay of a clean game: what
// a pipeline pays per clean game for the repair step.
func BenchmarkFindOnClean(b *testing.B) {
	rec, err := parse.NewPGNReader(strings.NewReader("1. 炮二平五 马８进７ 2. 马二进三 车９平８\n"), "b.pgn").Next()
	if err != nil {
		b.Fatal(err)
	}
	g := replay.Replay(rec, replay.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if Find(rec, g, Options{}).Fail != -1 {
			b.Fatal("searched a clean game")
		}
	}
}

// BenchmarkSearch searches failing games: real games given one slip of
// each modelled kind (a fixed seed), with the proof (--repair) and
// without it (Options.Quick: validate's question).
func BenchmarkSearch(b *testing.B) {
	games := loadRecords(b)
	rng := rand.New(rand.NewPCG(29, 3))
	var inputs []Input
	for _, c := range corruptions {
		if c.kind == 0 {
			continue
		}
		pool := corpusFor(games, c.fam)
		for n := 0; n < 20; {
			g := pool[rng.IntN(len(pool))]
			k := rng.IntN(len(g.moves))
			line, ok := c.apply(rng, g.in.Line, g.moves, g.in.Start, k)
			if !ok || replays(g.in.Start, line) {
				continue
			}
			in := g.in
			in.Line = line
			inputs = append(inputs, in)
			n++
		}
	}
	b.ResetTimer()
	for _, quick := range []bool{false, true} {
		name := "proof"
		if quick {
			name = "quick"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				Search(inputs[i%len(inputs)], Options{Quick: quick})
			}
		})
	}
}
