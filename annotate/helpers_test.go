package annotate

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/internal/fakeengine"
	"github.com/xqtool/xqtool/internal/shareddata"
)

// writeEvals writes the games' rows as an evals table (engine
// "synthetic") to w.
func writeEvals(t testing.TB, w io.Writer, games ...GameEval) {
	t.Helper()
	ew, err := NewWriter(w, Profile{Engine: "synthetic", Limits: "depth 1"}, DefaultThresholds)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if err := ew.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := ew.Close(); err != nil {
		t.Fatal(err)
	}
}

// openEvalsSet opens the evals tables at paths, closed when the test
// ends, and fails t unless they index games games.
func openEvalsSet(t *testing.T, paths []string, games int) *Evals {
	t.Helper()
	e, err := OpenEvalsSet(paths)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if e.Len() != games {
		t.Fatalf("%d games indexed, want %d", e.Len(), games)
	}
	return e
}

// annotateAll runs an annotator of opt over games, failing t on any
// error, and returns it with its progress.
func annotateAll(t testing.TB, opt Options, games []Game) (*Annotator, Progress) {
	t.Helper()
	a, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	for _, g := range games {
		if err := a.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	p, err := a.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return a, p
}

func TestMain(m *testing.M) {
	fakeengine.Main()
	os.Exit(m.Run())
}

// fakeOptions runs the fake engine with spec, k processes, short timeouts.
func fakeOptions(spec fakeengine.Spec, k int) Options {
	proto := engine.UCI
	if spec.Protocol == "ucci" {
		proto = engine.UCCI
	}
	return Options{
		Engine: engine.Config{
			Command:          fakeengine.Command(),
			Env:              []string{spec.Env()},
			Protocol:         proto,
			Limits:           engine.Limits{Depth: 3},
			HandshakeTimeout: 5 * time.Second,
			Deadline:         2 * time.Second,
		},
		Engines: k,
	}
}

// game plays ICCS moves from fen ("" = the start) and fails the test on an
// illegal one.
func game(t testing.TB, id, fen, result string, moves ...string) Game {
	t.Helper()
	start := board.StartPosition()
	if fen != "" {
		p, err := board.PositionFromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		start = p
	}
	g := Game{ID: id, Start: start, Result: result}
	for _, s := range moves {
		m, err := board.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, m)
	}
	if _, err := g.positions(); err != nil {
		t.Fatal(err)
	}
	return g
}

// recordGames reads every step-th game of the real records, as
// expected.jsonl (an independent reader) gives them: start FEN, moves in
// ICCS and the declared result, the shape of an exported dataset row. A game
// is kept up to its first move that board does not accept (the valid
// prefix).
func recordGames(t testing.TB, step int) []Game {
	t.Helper()
	var games []Game
	for n, e := range shareddata.Expected[struct {
		File    string   `json:"file"`
		Index   int      `json:"index"`
		InitFEN string   `json:"init_fen"`
		Moves   []string `json:"moves_iccs"`
		Result  string   `json:"result"`
	}](t, shareddata.Dir(t, "records")) {
		if n%step != 0 {
			continue
		}
		start := board.StartPosition()
		if e.InitFEN != "" {
			p, err := board.PositionFromFEN(e.InitFEN + " - - 0 1")
			if err != nil {
				continue // no start position: nothing to annotate
			}
			start = p
		}
		g := Game{ID: e.File + "#" + itoa(e.Index), Start: start, Result: e.Result}
		p := start
		for _, s := range e.Moves {
			m, err := board.ParseMove(strings.ToLower(strings.ReplaceAll(s, "-", "")))
			if err != nil {
				break
			}
			next, err := p.Play(m)
			if err != nil {
				break
			}
			g.Moves = append(g.Moves, m)
			p = next
		}
		games = append(games, g)
	}
	return games
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
