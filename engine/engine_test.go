package engine

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

func TestMain(m *testing.M) {
	fakeengine.Main()
	os.Exit(m.Run())
}

// fakeConfig runs the fake engine with spec, with short timeouts.
func fakeConfig(spec fakeengine.Spec) Config {
	proto := UCI
	if spec.Protocol == "ucci" {
		proto = UCCI
	}
	return Config{
		Command:          fakeengine.Command(),
		Env:              []string{spec.Env()},
		Protocol:         proto,
		Limits:           Limits{Depth: 4},
		HandshakeTimeout: 5 * time.Second,
		Deadline:         2 * time.Second,
	}
}

func mustFEN(t *testing.T, fen string) board.Position {
	t.Helper()
	p, err := board.PositionFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func start(t *testing.T, cfg Config) *Engine {
	t.Helper()
	e, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// Mate in one: a rook to the back rank (b5b9 for red; b4b0 for black), the
// other rook and the facing king guarding the escapes; a pawn keeps the
// defender from being stalemated by other moves.
const (
	redMatesFEN   = "3k5/R8/9/8p/1R7/9/9/9/9/4K4 w - - 0 1"
	blackMatesFEN = "4k4/9/9/9/9/1r7/8P/9/r8/3K5 b - - 0 1"
	redMatedFEN   = "1R1k5/R8/9/8p/9/9/9/9/9/4K4 b - - 0 1"
)

func TestSearchBothProtocols(t *testing.T) {
	for _, proto := range []string{"uci", "ucci"} {
		t.Run(proto, func(t *testing.T) {
			e := start(t, fakeConfig(fakeengine.Spec{Protocol: proto}))
			if e.Name() != "Fake Engine" || e.Ranks() != Ranks09 {
				t.Fatalf("name %q ranks %v", e.Name(), e.Ranks())
			}
			// The start position: the fake's material count is 0.
			r, err := e.Search(context.Background(), board.StartPosition(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != CP(0) || r.Depth != 4 || !r.Best.Valid() || len(r.PV) != 2 || r.PV[0] != r.Best || r.Nodes == 0 {
				t.Fatalf("start: %+v", r)
			}
			// Mate in one for the side to move, in both protocols'
			// mate notations (UCCI: 9999 = mate in 1 ply).
			for _, fen := range []string{redMatesFEN, blackMatesFEN} {
				p := mustFEN(t, fen)
				r, err := e.Search(context.Background(), p, nil)
				if err != nil {
					t.Fatal(err)
				}
				if r.Score != MateIn(1) {
					t.Fatalf("%s: score %v, want mate 1 (line %q)", fen, r.Score, r.Line)
				}
				want := 1
				if p.Side() == board.Black {
					want = -1
				}
				if got := r.Score.Red(p.Side()); got != MateIn(want) {
					t.Fatalf("%s: red's view %v, want mate %d", fen, got, want)
				}
				after, err := p.Play(r.Best)
				if err != nil || after.Outcome() != board.Checkmate {
					t.Fatalf("%s: best %v does not mate", fen, r.Best)
				}
			}
		})
	}
}

func TestBanMoves(t *testing.T) {
	for _, proto := range []string{"uci", "ucci"} {
		t.Run(proto, func(t *testing.T) {
			e := start(t, fakeConfig(fakeengine.Spec{Protocol: proto}))
			p := mustFEN(t, redMatesFEN)
			r, err := e.Search(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := e.Search(context.Background(), p, []board.Move{r.Best})
			if err != nil {
				t.Fatal(err)
			}
			if r2.Best == r.Best {
				t.Fatalf("banned move %v answered again", r.Best)
			}
		})
	}
}

func TestFairyStockfishRanks(t *testing.T) {
	// The fake numbers ranks 1–10 under Fairy-Stockfish's name; the
	// engine reads them back as ICCS.
	cfg := fakeConfig(fakeengine.Spec{Name: "Fairy-Stockfish fake"})
	cfg.Options = []Option{{"UCI_Variant", "xiangqi"}}
	e := start(t, cfg)
	if e.Ranks() != Ranks110 {
		t.Fatalf("ranks %v", e.Ranks())
	}
	// Black rook from rank 9 (ICCS) to rank 0 is a move across "10".
	p := mustFEN(t, "r3k4/9/9/9/9/9/9/9/9/5K3 b - - 0 1")
	r, err := e.Search(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsLegal(r.Best) || !strings.Contains(r.Line, "10") {
		t.Fatalf("%+v", r)
	}
	// Told the wrong numbering, the engine's moves are illegal or
	// malformed, and the search fails instead of storing a wrong move.
	cfg.Ranks = Ranks09
	e2 := start(t, cfg)
	if _, err := e2.Search(context.Background(), p, nil); !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrGarbage) {
		t.Fatalf("wrong numbering: %v", err)
	}
}

func TestScriptedTable(t *testing.T) {
	p := board.StartPosition()
	spec := fakeengine.Spec{Table: map[string][]string{
		fakeengine.Key(&p): {
			"info depth 1 score cp 10 nodes 5 pv h2e2",
			"info depth 2 score cp 40 lowerbound nodes 9 pv b0c2",
			"info depth 2 score cp 35 nodes 12 pv h2e2 h9g7",
			"info depth 2 currmove b0c2 currmovenumber 3 nodes 20",
			"info string all done",
			"bestmove h2e2 ponder h9g7",
		},
	}}
	e := start(t, fakeConfig(spec))
	r, err := e.Search(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != CP(35) || r.Depth != 2 || r.Nodes != 20 || r.Best.String() != "h2e2" || len(r.PV) != 2 || r.PV[1].String() != "h9g7" {
		t.Fatalf("%+v", r)
	}
	if r.Line != "info depth 2 score cp 35 nodes 12 pv h2e2 h9g7" {
		t.Fatalf("line %q", r.Line)
	}
	// Red's view of black to move's score is its negation.
	if CP(35).Red(board.Black) != CP(-35) || MateIn(-2).Red(board.Black) != MateIn(2) {
		t.Fatal("Red")
	}
}

func TestTerminalPositionNotSent(t *testing.T) {
	// The fake would die on any search: a mated position is answered
	// without it.
	e := start(t, fakeConfig(fakeengine.Spec{Fault: "die"}))
	p := mustFEN(t, redMatedFEN)
	if p.Outcome() != board.Checkmate {
		t.Fatal("not mate")
	}
	r, err := e.Search(context.Background(), p, nil)
	if err != nil || r.Outcome != board.Checkmate || !r.Score.IsMate || r.Score.Mate != 0 {
		t.Fatalf("%+v %v", r, err)
	}
}

func TestStartFaults(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want error
	}{
		{"not found", Config{Command: []string{"./no-such-engine-here"}, Limits: Limits{Depth: 1}}, ErrNotFound},
		{"exits at start", fakeConfig(fakeengine.Spec{Handshake: "exit"}), ErrNotEngine},
		{"echoes like cat", fakeConfig(fakeengine.Spec{Handshake: "echo"}), ErrNotEngine},
		{"says nothing", fakeConfig(fakeengine.Spec{Handshake: "silent"}), ErrNotEngine},
		{"babbles", fakeConfig(fakeengine.Spec{Handshake: "babble"}), ErrNotEngine},
		{"UCCI engine spoken to in UCI", func() Config {
			c := fakeConfig(fakeengine.Spec{Protocol: "ucci"})
			c.Protocol = UCI
			return c
		}(), ErrNotEngine},
		{"UCI engine spoken to in UCCI", func() Config {
			c := fakeConfig(fakeengine.Spec{})
			c.Protocol = UCCI
			return c
		}(), ErrNotEngine},
		{"unknown option", func() Config {
			c := fakeConfig(fakeengine.Spec{})
			c.Options = []Option{{"Hahs", "64"}}
			return c
		}(), ErrOption},
		{"Fairy-Stockfish without the variant", fakeConfig(fakeengine.Spec{Name: "Fairy-Stockfish fake"}), ErrOption},
		{"auto: neither protocol", func() Config {
			c := fakeConfig(fakeengine.Spec{Handshake: "silent"})
			c.Protocol = Auto
			return c
		}(), ErrNotEngine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.HandshakeTimeout = time.Second
			t0 := time.Now()
			e, err := Start(context.Background(), tt.cfg)
			if err == nil {
				e.Close()
				t.Fatal("started")
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error on several lines: %q", err)
			}
			if d := time.Since(t0); d > 20*time.Second {
				t.Fatalf("took %v", d)
			}
			t.Log(err)
		})
	}
}

// TestAutoProtocol: Auto finds the protocol each engine speaks, the UCCI
// one at once (it exits at "uci", as ElephantEye does).
func TestAutoProtocol(t *testing.T) {
	for _, proto := range []Protocol{UCI, UCCI} {
		t.Run(string(proto), func(t *testing.T) {
			cfg := fakeConfig(fakeengine.Spec{Protocol: string(proto)})
			cfg.Protocol = Auto
			t0 := time.Now()
			e := start(t, cfg)
			if e.Protocol() != proto {
				t.Fatalf("spoke %s, want %s", e.Protocol(), proto)
			}
			if d := time.Since(t0); d >= cfg.HandshakeTimeout {
				t.Errorf("detection took %v: it waited for a timeout", d)
			}
			res, err := e.Search(context.Background(), board.StartPosition(), nil)
			if err != nil || res.Best == board.NoMove {
				t.Fatalf("search: %+v %v", res, err)
			}
		})
	}
}

func TestSearchFaults(t *testing.T) {
	faults := []struct {
		fault string
		want  error
	}{
		{"die", ErrDied},
		{"hang", ErrTimeout},
		{"control", ErrGarbage},
		{"longline", ErrGarbage},
		{"flood", ErrGarbage},
		{"badnumber", ErrGarbage},
		{"illegal", ErrIllegalMove},
		{"illegal-pv", ErrIllegalMove},
		{"nomove", ErrNoMove},
		{"noscore", ErrGarbage},
	}
	for _, proto := range []string{"uci", "ucci"} {
		for _, f := range faults {
			t.Run(proto+"/"+f.fault, func(t *testing.T) {
				// The fault hits the second search: the first one
				// works, the second fails, the engine is then closed.
				cfg := fakeConfig(fakeengine.Spec{Protocol: proto, Fault: f.fault, FaultAt: 2})
				cfg.Deadline = time.Second
				e := start(t, cfg)
				p := board.StartPosition()
				if _, err := e.Search(context.Background(), p, nil); err != nil {
					t.Fatalf("first search: %v", err)
				}
				_, err := e.Search(context.Background(), p, nil)
				if !errors.Is(err, f.want) {
					t.Fatalf("error %v, want %v", err, f.want)
				}
				var ee *Error
				if !errors.As(err, &ee) || ee.FEN != SearchFEN(&p) || ee.Op != "search" {
					t.Fatalf("error %#v", err)
				}
				if strings.ContainsAny(err.Error(), "\n\r\x00") {
					t.Fatalf("error on several lines: %q", err)
				}
				if _, err := e.Search(context.Background(), p, nil); !errors.Is(err, ErrClosed) {
					t.Fatalf("after the fault: %v", err)
				}
				if e.cmd.ProcessState == nil {
					t.Fatal("the engine process was not reaped")
				}
				t.Log(err)
			})
		}
	}
}

func TestCancelEndsEngine(t *testing.T) {
	e := start(t, fakeConfig(fakeengine.Spec{Fault: "hang"}))
	e.cfg.Deadline = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	t0 := time.Now()
	_, err := e.Search(ctx, board.StartPosition(), nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v", err)
	}
	if d := time.Since(t0); d > 10*time.Second {
		t.Fatalf("cancel took %v", d)
	}
	if e.cmd.ProcessState == nil {
		t.Fatal("the engine process was not reaped")
	}
}

func TestCloseQuits(t *testing.T) {
	for _, proto := range []string{"uci", "ucci"} {
		e := start(t, fakeConfig(fakeengine.Spec{Protocol: proto}))
		e.Close()
		if st := e.cmd.ProcessState; st == nil || !st.Success() {
			t.Fatalf("%s: the engine did not quit cleanly: %v", proto, st)
		}
		e.Close() // twice is fine
	}
}

func TestValidate(t *testing.T) {
	bad := []Config{
		{},
		{Command: []string{"x"}},
		{Command: []string{"x"}, Limits: Limits{Depth: -1}},
		{Command: []string{"x"}, Protocol: "xboard", Limits: Limits{Depth: 1}},
		{Command: []string{"x"}, Protocol: UCCI, Limits: Limits{Depth: 1, Nodes: 5}},
	}
	for _, c := range bad {
		if c.Validate() == nil {
			t.Errorf("%+v: valid", c)
		}
	}
	good := Config{Command: []string{"x"}, Limits: Limits{Depth: 8, Nodes: 1000, MoveTime: 100 * time.Millisecond}}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	if got := good.Limits.String(); got != "depth 8 nodes 1000 movetime 100" {
		t.Fatalf("limits %q", got)
	}
	if got := (Limits{MoveTime: 1500 * time.Millisecond}).goCommand(UCCI, false); got != "go time 2" {
		t.Fatalf("UCCI seconds: %q", got)
	}
	if got := (Limits{MoveTime: 1500 * time.Millisecond}).goCommand(UCCI, true); got != "go time 1500" {
		t.Fatalf("UCCI milliseconds: %q", got)
	}
}
