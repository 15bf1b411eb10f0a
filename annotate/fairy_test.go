package annotate

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/engine"
	"github.com/xqtool/xqtool/internal/fakeengine"
)

const fairyDepth = 5

// TestFairyStockfishEvals annotates a few games with the real
// Fairy-Stockfish: mate in one for each side is mate_red +1 / -1, and every
// score in evals.parquet is the one the engine prints for that position and
// depth, read here from a separate engine process without package engine.
func TestFairyStockfishEvals(t *testing.T) {
	cmd := fakeengine.FairyStockfish(t)
	games := []Game{
		game(t, "red mates", "3k5/R8/9/8p/1R7/9/9/9/9/4K4 w - - 0 1", "1-0", "b5b9"),
		game(t, "black mates", "4k4/9/9/9/9/1r7/8P/9/r8/3K5 b - - 0 1", "0-1", "b4b0"),
		// Declared 1-0 although black mates next (a record that stops
		// there): result_contradicted.
		game(t, "contradicted", "4k4/9/9/9/9/1r7/8P/9/r8/3K5 b - - 0 1", "1-0"),
	}
	// The first moves of two real games, sharing the start position.
	startPos := board.StartPosition()
	for _, g := range recordGames(t, 61) {
		if len(games) == 5 {
			break
		}
		if g.Start.Key() == startPos.Key() && len(g.Moves) >= 12 {
			g.Moves = g.Moves[:12]
			games = append(games, g)
		}
	}
	if len(games) != 5 {
		t.Fatalf("%d games", len(games))
	}
	opt := Options{
		Engine: engine.Config{
			Command:          cmd,
			Options:          []engine.Option{{Name: "UCI_Variant", Value: "xiangqi"}},
			Limits:           engine.Limits{Depth: fairyDepth},
			HandshakeTimeout: time.Minute,
			Deadline:         2 * time.Minute,
		},
		Engines:  2,
		CacheDir: t.TempDir(),
	}
	a, prog := annotateAll(t, opt, games)
	if prog.Failed != 0 {
		t.Fatalf("progress %+v", prog)
	}
	path := filepath.Join(t.TempDir(), EvalsName)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWriter(f, a.Profile(), DefaultThresholds)
	if err != nil {
		t.Fatal(err)
	}
	var flags []string
	for _, ge := range a.Games() {
		if err := w.Write(ge); err != nil {
			t.Fatal(err)
		}
		for _, fl := range ge.Flags {
			flags = append(flags, ge.ID+": "+string(fl.Code))
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	f, err = os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, meta, err := ReadEvals(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(meta[MetaEngine], "Fairy-Stockfish") || meta[MetaOptions] != "UCI_Variant=xiangqi" || meta[MetaLimits] != "depth 5" {
		t.Fatalf("metadata %v", meta)
	}
	// Mate in one for each side, from red's point of view; the mated
	// positions after them.
	want := map[string][2]int{"red mates": {1, 0}, "black mates": {-1, 0}}
	for _, r := range rows {
		if m, ok := want[r.GameID]; ok {
			if !r.HasMate || r.MateRed != m[r.Ply] || r.HasCP {
				t.Errorf("%s ply %d: mate_red %d (%v), want %d", r.GameID, r.Ply, r.MateRed, r.HasMate, m[r.Ply])
			}
		}
	}
	if strings.Join(flags, ", ") != "contradicted: result_contradicted" {
		t.Errorf("flags %v", flags)
	}

	// What the engine prints, position by position, in a process of our
	// own, in the reverse order: with its threads made anew before each
	// search (see package engine), the order does not matter.
	ref := startRaw(t, cmd)
	defer ref.close()
	checked := map[uint64]bool{}
	for i := range rows {
		r := rows[len(rows)-1-i]
		if r.Status != "ok" || checked[r.Key] {
			continue
		}
		checked[r.Key] = true
		fen := fenOf(t, a, r.Key)
		score, best := ref.search(t, fen)
		kind, num, _ := strings.Cut(score, " ")
		v, _ := strconv.Atoi(num)
		if r.Side == board.Black {
			v = -v
		}
		got := fmt.Sprintf("cp %d", r.ScoreRedCP)
		if r.HasMate {
			got = fmt.Sprintf("mate %d", r.MateRed)
		}
		if got != fmt.Sprintf("%s %d", kind, v) || r.Best.String() != best || r.Depth != fairyDepth {
			t.Errorf("%s ply %d (%s): stored %s best %s depth %d, engine printed score %s (side %v) bestmove %s",
				r.GameID, r.Ply, fen, got, r.Best, r.Depth, score, r.Side, best)
		}
	}
	t.Logf("%d rows, %d positions checked against the engine's own output; %v", len(rows), len(checked), prog)
}

// rawEngine talks to Fairy-Stockfish directly, to read what it prints.
type rawEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startRaw(t *testing.T, command []string) *rawEngine {
	t.Helper()
	cmd := exec.Command(command[0], command[1:]...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &rawEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	fmt.Fprintln(in, "uci")
	e.until(t, "uciok")
	fmt.Fprintln(in, "setoption name UCI_Variant value xiangqi")
	fmt.Fprintln(in, "isready")
	e.until(t, "readyok")
	return e
}

// until reads lines up to one starting with prefix and returns the lines.
func (e *rawEngine) until(t *testing.T, prefix string) []string {
	t.Helper()
	var lines []string
	for e.out.Scan() {
		lines = append(lines, e.out.Text())
		if strings.HasPrefix(e.out.Text(), prefix) {
			return lines
		}
	}
	t.Fatalf("no %q from the engine", prefix)
	return nil
}

// search returns the score of the last info line with one ("cp 28",
// "mate -2") and the best move in ICCS.
func (e *rawEngine) search(t *testing.T, fen string) (score, best string) {
	t.Helper()
	fmt.Fprintf(e.in, "ucinewgame\nsetoption name Threads value 1\nposition fen %s\nisready\n", fen)
	e.until(t, "readyok")
	fmt.Fprintf(e.in, "go depth %d\n", fairyDepth)
	for _, l := range e.until(t, "bestmove") {
		w := strings.Fields(l)
		for i := 0; i+2 < len(w); i++ {
			if w[0] == "info" && w[i] == "score" {
				score = w[i+1] + " " + w[i+2]
			}
		}
		if w[0] == "bestmove" {
			best = iccsOf(w[1])
		}
	}
	return score, best
}

// iccsOf converts Fairy-Stockfish's xiangqi move (ranks 1–10) to ICCS.
func iccsOf(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		r, _ := strconv.Atoi(s[i+1 : j])
		b.WriteByte(s[i])
		b.WriteString(strconv.Itoa(r - 1))
		i = j
	}
	return b.String()
}

func (e *rawEngine) close() {
	fmt.Fprintln(e.in, "quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
