package pipeline_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/pipeline"
)

// countRun validates paths and checks count conservation: every game read
// is ok, flagged or unreadable, exactly once, and a sink sees every game
// once.
func countRun(t *testing.T, paths ...string) *pipeline.Summary {
	t.Helper()
	opt := defaultOptions()
	opt.Analyze.RequireTags = analyze.DefaultRequiredTags
	games := 0
	status := map[analyze.Status]int{}
	c := &collector{game: func(g *pipeline.Game) {
		games++
		status[g.Status()]++
		if g.Status() == analyze.StatusError && g.Report().ReadErr == nil {
			t.Errorf("%s#%d: status error without a read error", g.Source(), g.Index())
		}
	}}
	sum := run(t, opt, paths, c)
	if sum.Games != games || sum.OK+sum.Flagged+sum.Errors != sum.Games ||
		status[analyze.StatusOK] != sum.OK || status[analyze.StatusFlagged] != sum.Flagged || status[analyze.StatusError] != sum.Errors {
		t.Fatalf("counts do not add up: games %d, seen %d, ok %d + flagged %d + unreadable %d; statuses %v",
			sum.Games, games, sum.OK, sum.Flagged, sum.Errors, status)
	}
	if len(c.dups) != sum.Games {
		t.Fatalf("%d verdicts for %d games", len(c.dups), sum.Games)
	}
	return sum
}

// TestCountConservationRealData: the real records: as many games as
// expected.jsonl lists (one line per game), except that each compressed
// CCBridge library, one unsupported_cbl line there, counts the games it
// holds (parse's TestCBLZRealFiles checks them against the count the
// library declares).
func TestCountConservationRealData(t *testing.T) {
	dir := recordsDir(t)
	want := expectedGames(t, dir)
	sum := countRun(t, dir)
	if sum.Games != want {
		t.Errorf("games = %d, want %d (expected.jsonl, compressed libraries counted by their games)", sum.Games, want)
	}
	t.Logf("real data: %d games: %d ok, %d flagged, %d unreadable; %d files without games", sum.Games, sum.OK, sum.Flagged, sum.Errors, len(sum.NoGames))
}

// TestCountConservationInjectedFaults copies real files with faults
// injected — truncated files, bit-flipped XQF, junk lines, bytes invalid in
// every encoding — and checks that nothing is lost: every game of the
// corrupted copy is read (ok, flagged or unreadable), never dropped, and
// no fault ends the run.
func TestCountConservationInjectedFaults(t *testing.T) {
	src := recordsDir(t)
	rng := rand.New(rand.NewPCG(5, 7))
	dir := t.TempDir()
	var pgns, xqfs []string
	filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".pgn":
			pgns = append(pgns, p)
		case ".xqf":
			xqfs = append(xqfs, p)
		}
		return nil
	})
	if len(pgns) < 50 || len(xqfs) < 50 {
		t.Fatalf("too few real files: %d PGN, %d XQF", len(pgns), len(xqfs))
	}
	n := 0
	write := func(kind string, data []byte) {
		n++
		name := filepath.Join(dir, kind, fmt.Sprintf("%03d.%s", n, strings.SplitN(kind, "-", 2)[0]))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for i := 0; i < 40; i++ {
		p := read(pgns[rng.IntN(len(pgns))])
		x := read(xqfs[rng.IntN(len(xqfs))])
		// Truncated at a random point.
		write("pgn-truncated", p[:rng.IntN(len(p)+1)])
		write("xqf-truncated", x[:rng.IntN(len(x)+1)])
		// Bit flips in the XQF header and tree.
		f := append([]byte(nil), x...)
		for k := 0; k < 1+rng.IntN(8); k++ {
			j := rng.IntN(len(f))
			f[j] ^= 1 << rng.IntN(8)
		}
		write("xqf-bitflip", f)
		// Junk lines in the PGN.
		lines := strings.Split(string(p), "\n")
		for k := 0; k < 3; k++ {
			j := rng.IntN(len(lines) + 1)
			junk := []string{"%%% junk line %%%", "]]]][[[[", "{ unterminated", "1. 2. 3. 4.", "红方： 黑方：", "\x00\x01\x02"}[rng.IntN(6)]
			lines = append(lines[:j], append([]string{junk}, lines[j:]...)...)
		}
		write("pgn-junk", []byte(strings.Join(lines, "\n")))
		// Bytes invalid in UTF-8, GBK and Big5.
		b := append([]byte(nil), p...)
		for k := 0; k < 5; k++ {
			j := rng.IntN(len(b) + 1)
			b = append(b[:j], append([]byte{0xff, 0x80, 0xfe}, b[j:]...)...)
		}
		write("pgn-badbytes", b)
	}
	sum := countRun(t, dir)
	if sum.Games < 150 {
		t.Errorf("only %d games read from %d corrupted files", sum.Games, n)
	}
	t.Logf("%d corrupted files: %d games (%d ok, %d flagged, %d unreadable), %d files without games",
		n, sum.Games, sum.OK, sum.Flagged, sum.Errors, len(sum.NoGames))
}
