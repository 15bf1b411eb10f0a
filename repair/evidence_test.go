package repair

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

var evidence = flag.Bool("evidence", false, "print the figures the defaults rest on (slow)")

// TestEvidence prints the figures the defaults rest on: how many plies
// after a slip the line first fails (the slip may give another legal move
// that breaks the record later), per kind of slip.
func TestEvidence(t *testing.T) {
	if !*evidence {
		t.Skip("run with -evidence")
	}
	games := loadRecords(t)
	rng := rand.New(rand.NewPCG(29, 7))
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n%-22s %6s %6s %6s %6s %6s %6s %6s %6s\n", "slip", "fails", "same", "p50", "p90", "p95", "p99", "max", "silent")
	for _, c := range corruptions {
		if c.kind == 0 {
			continue
		}
		pool := corpusFor(games, c.fam)
		var dist []int
		silent := 0
		for n := 0; n < 4000; n++ {
			s, k, ok := slipReplay(rng, pool, c, Options{})
			if !ok {
				continue
			}
			if s.fail < 0 {
				silent++
				continue
			}
			dist = append(dist, s.fail-k)
		}
		slices.Sort(dist)
		q := func(p float64) int { return dist[int(p*float64(len(dist)-1))] }
		same := 0
		for _, d := range dist {
			if d <= 0 {
				same++
			}
		}
		fmt.Fprintf(&sb, "%-22s %6d %6d %6d %6d %6d %6d %6d %6d\n", c.name, len(dist), same, q(.5), q(.9), q(.95), q(.99), dist[len(dist)-1], silent)
	}
	t.Log(sb.String())
}

// slipReplay makes slip c at a random ply k of a random game of pool and
// replays the line so corrupted with opt: the searcher after the replay,
// and k; ok is false when c cannot be made there.
func slipReplay(rng *rand.Rand, pool []realGame, c corruption, opt Options) (s *searcher, k int, ok bool) {
	g := pool[rng.IntN(len(pool))]
	k = rng.IntN(len(g.moves))
	line, ok := c.apply(rng, g.in.Line, g.moves, g.in.Start, k)
	if !ok {
		return nil, k, false
	}
	in := g.in
	in.Line = line
	s = &searcher{in: in, opt: opt}
	s.replay()
	return s, k, true
}

// TestEvidenceConfirm prints how far past the failing ply the wrong
// candidates of a slip replay before they fail too (those that replay to
// the end are not counted: they make a search ambiguous, not wrong).
func TestEvidenceConfirm(t *testing.T) {
	if !*evidence {
		t.Skip("run with -evidence")
	}
	games := loadRecords(t)
	rng := rand.New(rand.NewPCG(29, 8))
	var all []int
	var sb strings.Builder
	for _, c := range corruptions {
		if c.kind == 0 {
			continue
		}
		pool := corpusFor(games, c.fam)
		var dist []int
		for n := 0; n < 600; n++ {
			s, _, ok := slipReplay(rng, pool, c, testOptions)
			if !ok {
				continue
			}
			line := s.in.Line
			if s.fail < 0 {
				continue
			}
			s.learn()
			w0 := 0
			hashes := s.prefixHashes(w0)
			best := -1
			for k := s.fail; k >= w0; k-- {
				s.generate(k, func(cd *cand) {
					s.start(cd, hashes[cd.k-w0])
					s.run(cd, len(line))
					if cd.reach >= 0 && cd.reach < len(line) {
						best = max(best, cd.reach-s.fail)
					}
				})
			}
			if best >= 0 {
				dist = append(dist, best)
			}
		}
		slices.Sort(dist)
		all = append(all, dist...)
		q := func(p float64) int { return dist[int(p*float64(len(dist)-1))] }
		fmt.Fprintf(&sb, "%-22s %5d games: furthest failing candidate p50 %d p90 %d p99 %d max %d plies past the failure\n", c.name, len(dist), q(.5), q(.9), q(.99), dist[len(dist)-1])
	}
	slices.Sort(all)
	q := func(p float64) int { return all[int(p*float64(len(all)-1))] }
	fmt.Fprintf(&sb, "all: p50 %d p90 %d p99 %d p99.9 %d max %d\n", q(.5), q(.9), q(.99), q(.999), all[len(all)-1])
	t.Log("\n" + sb.String())
}

// TestEvidenceWindow compares search windows (Window: 0 is the whole line)
// for the edits of a move and for the edits of the line.
func TestEvidenceWindow(t *testing.T) {
	if !*evidence {
		t.Skip("run with -evidence")
	}
	var sb strings.Builder
	for _, o := range []Options{{Window: 6}, {Window: 20}, {LineWindow: 1 << 20}, {LineWindow: 40}, {}} {
		got := runCorruptions(t, 300, o)
		restored, wrong, failing := 0, 0, 0
		var took time.Duration
		for _, c := range corruptions {
			if c.kind == 0 {
				continue
			}
			tl := got[c.name]
			restored += tl.restored
			wrong += tl.wrong
			failing += tl.trials - tl.silent
			took += tl.took
		}
		fmt.Fprintf(&sb, "window %2d, line window %2d: %d failing games, %d restored, %d wrong (precision %.2f%%), %.1f ms a search\n",
			o.Window, o.lineWindow(), failing, restored, wrong, 100*ratio(restored, restored+wrong), float64(took.Milliseconds())/float64(failing))
	}
	t.Log("\n" + sb.String())
}
