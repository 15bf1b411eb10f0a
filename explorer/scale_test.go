package explorer

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/cputime"
)

// scaleResult is what a child process reports of one build.
type scaleResult struct {
	Factor     int     `json:"factor"`
	Games      int64   `json:"games"`
	Plies      int64   `json:"plies"`
	Rows       int64   `json:"rows"`
	Positions  int64   `json:"positions"`
	Runs       int     `json:"runs"`
	TreeBytes  int64   `json:"tree_bytes"`
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds"`
	PeakRSS    int64   `json:"peak_rss"` // VmHWM, bytes
}

// TestMemoryScale measures the tree of the real records at several sizes,
// each built in a child process whose peak resident memory (VmHWM) is
// read at its end: XQTOOL_EXPLORER_SCALE lists the factors ("1,10,100"),
// XQTOOL_EXPLORER_BUDGET the memory budget in MiB (default the
// builder's); XQTOOL_EXPLORER_CPUPROFILE=PREFIX writes each child's CPU
// profile to PREFIX-FACTOR.out. Copy k ≥ 1 of a game has its own game_id and follows the
// game for the first k mod (its length + 1) plies, then plays random legal
// moves (seeded by k) up to the game's length: the bigger corpora have new
// positions, as a bigger real corpus has, rather than the same rows with
// bigger counts. Peak memory must not grow with the corpus: at the
// largest factor it stays within 1.5 times that of the smallest factor
// that spilled.
func TestMemoryScale(t *testing.T) {
	env := os.Getenv("XQTOOL_EXPLORER_SCALE")
	if env == "" {
		t.Skip("set XQTOOL_EXPLORER_SCALE=1,10,100 to measure peak memory at those multiples of the real records")
	}
	games := realGames(t)
	dir := t.TempDir()
	// The games, encoded as the Sink spools them, one per line of a file
	// (a length, then the record) the children read.
	var data []byte
	for i := range games {
		rec := appendGame(nil, &games[i], DefaultMaxPly)
		if games[i].Copy {
			rec = append(rec, 1)
		} else {
			rec = append(rec, 0)
		}
		data = binary.AppendUvarint(data, uint64(len(rec)))
		data = append(data, rec...)
	}
	spoolPath := filepath.Join(dir, "games.bin")
	if err := os.WriteFile(spoolPath, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var results []scaleResult
	for _, f := range strings.Split(env, ",") {
		factor, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || factor < 1 {
			t.Fatalf("bad factor %q", f)
		}
		args := []string{"-test.run=^TestScaleChild$", "-test.count=1"}
		if prof := os.Getenv("XQTOOL_EXPLORER_CPUPROFILE"); prof != "" {
			args = append(args, fmt.Sprintf("-test.cpuprofile=%s-%d.out", prof, factor))
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), fmt.Sprintf("XQTOOL_EXPLORER_CHILD=%s,%d,%d,%s", spoolPath, len(games), factor, dir))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("child at %d×: %v\n%s", factor, err, out.String())
		}
		if testing.Verbose() {
			t.Logf("child at %d×:\n%s", factor, out.String())
		}
		var r scaleResult
		sc := bufio.NewScanner(&out)
		found := false
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), "RESULT "); ok {
				found = json.Unmarshal([]byte(line), &r) == nil
			}
		}
		if !found {
			t.Fatalf("child at %d× gave no result:\n%s", factor, out.String())
		}
		results = append(results, r)
		t.Logf("%4d×: %9d games %11d plies %10d rows %10d positions %4d runs  tree %7.1f MB  %7.1f s (CPU %7.1f s)  peak RSS %6.1f MB",
			r.Factor, r.Games, r.Plies, r.Rows, r.Positions, r.Runs, float64(r.TreeBytes)/1e6, r.Seconds, r.CPUSeconds, float64(r.PeakRSS)/(1<<20))
	}
	var base *scaleResult
	for i := range results {
		if results[i].Runs > 0 && base == nil {
			base = &results[i]
		}
	}
	if last := results[len(results)-1]; base != nil && last.Factor > base.Factor && float64(last.PeakRSS) > 1.5*float64(base.PeakRSS) {
		t.Errorf("peak memory grows with the corpus: %.1f MB at %d×, %.1f MB at %d×",
			float64(base.PeakRSS)/(1<<20), base.Factor, float64(last.PeakRSS)/(1<<20), last.Factor)
	}
}

// TestScaleChild is the child process of TestMemoryScale.
func TestScaleChild(t *testing.T) {
	env := os.Getenv("XQTOOL_EXPLORER_CHILD")
	if env == "" {
		t.Skip("run by TestMemoryScale")
	}
	parts := strings.Split(env, ",")
	if len(parts) != 4 {
		t.Fatalf("bad XQTOOL_EXPLORER_CHILD %q", env)
	}
	spoolPath, dir := parts[0], parts[3]
	n, _ := strconv.Atoi(parts[1])
	factor, _ := strconv.Atoi(parts[2])
	opt := Options{TempDir: dir}
	if mb, err := strconv.Atoi(os.Getenv("XQTOOL_EXPLORER_BUDGET")); err == nil {
		opt.MemoryBudget = int64(mb) << 20
	}
	data, err := os.ReadFile(spoolPath)
	if err != nil {
		t.Fatal(err)
	}
	each := func(fn func(g *Game) error) error {
		var g Game
		b := data
		for range n {
			l, k := binary.Uvarint(b)
			rec := b[k : k+int(l)]
			b = b[k+int(l):]
			if err := decodeGame(rec[:len(rec)-1], &g); err != nil {
				return err
			}
			g.Copy = rec[len(rec)-1] == 1
			if err := fn(&g); err != nil {
				return err
			}
		}
		return nil
	}
	cpu0 := cputime.Process()
	start := time.Now()
	b := NewBuilder(opt)
	defer b.Close()
	var moves []board.Move
	for k := range factor {
		rng := rand.New(rand.NewPCG(uint64(k), 7))
		err := each(func(g *Game) error {
			if k > 0 {
				g.ID = fmt.Sprintf("%s-%d", g.ID, k)
				moves = diverge(rng, g, k, moves[:0])
				g.Moves = moves
			}
			return b.Add(g)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	fmt.Printf("peak RSS after adding: %d MB\n", peakRSS()>>20)
	out, err := os.Create(filepath.Join(dir, fmt.Sprintf("tree-%d.parquet", factor)))
	if err != nil {
		t.Fatal(err)
	}
	st, err := b.Write(out)
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := out.Stat()
	out.Close()
	os.Remove(out.Name())
	r := scaleResult{Factor: factor, Games: st.Games, Plies: st.Plies, Rows: st.Rows, Positions: st.Positions,
		Runs: st.Runs, TreeBytes: fi.Size(), Seconds: time.Since(start).Seconds(),
		CPUSeconds: (cputime.Process() - cpu0).Seconds(), PeakRSS: peakRSS()}
	js, _ := json.Marshal(r)
	fmt.Printf("RESULT %s\n", js)
}

// diverge returns the moves of copy k of g: g's first k mod (len+1)
// plies, then random legal moves up to g's length.
func diverge(rng *rand.Rand, g *Game, k int, out []board.Move) []board.Move {
	keep := k % (len(g.Moves) + 1)
	p := g.Start
	for i, m := range g.Moves {
		if i == keep || !p.IsLegal(m) {
			break
		}
		p.MakeMove(m)
		out = append(out, m)
	}
	var buf [board.MaxMoves]board.Move
	for len(out) < len(g.Moves) {
		legal := p.AppendLegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		p.MakeMove(m)
		out = append(out, m)
	}
	return out
}

// peakRSS returns the process's peak resident set (VmHWM), 0 where
// /proc is absent.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
