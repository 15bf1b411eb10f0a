package dedupe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// realGames reads the games of the real records from expected.jsonl
// (start FEN, main line, tags): those with at least one move.
func realGames(tb testing.TB) []Game {
	tb.Helper()
	var out []Game
	for _, line := range shareddata.ExpectedLines(tb, shareddata.Dir(tb, "records")) {
		var e struct {
			File    string            `json:"file"`
			Index   int               `json:"index"`
			Headers map[string]string `json:"headers"`
			FEN     string            `json:"init_fen"`
			Moves   []string          `json:"moves_iccs"`
			Result  string            `json:"result"`
		}
		if err := json.Unmarshal(line, &e); err != nil || len(e.Moves) == 0 {
			continue
		}
		start, err := board.ParseFEN(e.FEN)
		if err != nil {
			continue
		}
		moves := make([]board.Move, len(e.Moves))
		for i, m := range e.Moves {
			if moves[i], err = board.ParseMove(m); err != nil {
				break
			}
		}
		row := Row{Source: e.File, Index: e.Index, Start: start, Moves: moves, LineErr: err, ResultDeclared: e.Result,
			Event: e.Headers["Event"], Date: e.Headers["Date"], Site: e.Headers["Site"], Round: e.Headers["Round"],
			Red: e.Headers["Red"], Black: e.Headers["Black"]}
		if g, err := FromRow(&row); err == nil && g.Complete {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		tb.Skip("no games in expected.jsonl")
	}
	return out
}

// synthetic returns copy i of the real games, slightly mutated: an
// exact copy with other tags, a copy cut short, a mirrored copy, or a
// different game (one move changed).
func synthetic(base []Game, i int, r *rand.Rand, buf []board.Move) Game {
	g := base[i%len(base)]
	g.Source, g.Index = "synthetic/"+strconv.Itoa(i/1000)+".pgn", i%1000
	moves := append(buf[:0], g.Moves...)
	switch k := r.IntN(10); {
	case k < 4: // exact copy, other tags
		g.Tags[r.IntN(7)] = ""
	case k < 6: // cut short
		moves = moves[:1+r.IntN(len(moves))]
	case k < 7: // mirrored
		g.Start = g.Start.Mirror()
		for j, mv := range moves {
			moves[j] = mv.Mirror()
		}
	default: // another game: one move changed
		j := r.IntN(len(moves))
		moves[j] = board.NewMove(moves[j].To(), moves[j].From())
	}
	g.Moves = moves
	return g
}

// BenchmarkIndex adds N synthetic copies of the real records to an index
// and decides: time per game, and the peak RSS of the process (VmHWM)
// for the largest size. Run with -benchtime 1x:
//
//	go test ./dedupe -run XXX -bench Index/games=1000000 -benchtime 1x
func BenchmarkIndex(b *testing.B) {
	base := realGames(b)
	for _, n := range []int{len(base), 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			for b.Loop() {
				ix := New(Options{FillTags: true, TempDir: b.TempDir()})
				r := rand.New(rand.NewPCG(1, 2))
				var buf []board.Move
				t0 := time.Now()
				for i := range n {
					g := synthetic(base, i, r, buf)
					buf = g.Moves
					if _, err := ix.Add(&g); err != nil {
						b.Fatal(err)
					}
				}
				add := time.Since(t0)
				if err := ix.Finish(); err != nil {
					b.Fatal(err)
				}
				fin := time.Since(t0) - add
				byKind, clusters := ix.Counts()
				ix.Close()
				b.ReportMetric(float64(add.Nanoseconds())/float64(n), "ns-add/game")
				b.ReportMetric(float64(fin.Nanoseconds())/float64(n), "ns-finish/game")
				b.ReportMetric(float64(clusters), "clusters")
				b.ReportMetric(float64(byKind[Exact]+byKind[Prefix]+byKind[Mirror]), "copies")
				b.ReportMetric(float64(peakRSS())/(1<<20), "peak-RSS-MB")
			}
		})
	}
}

// peakRSS returns the process's peak resident set (VmHWM), 0 where
// /proc is absent.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range bytes.Split(data, []byte("\n")) {
		if v, ok := bytes.CutPrefix(l, []byte("VmHWM:")); ok {
			kb, _ := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(v), []byte("kB")))), 10, 64)
			return kb << 10
		}
	}
	return 0
}
