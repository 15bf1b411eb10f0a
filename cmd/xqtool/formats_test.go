package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/report"
)

// platformFormats are the shared sample files of the platform readers and
// the format each is read as.
var platformFormats = map[string]string{
	"sample_08_movesky.mxq":       "mxq",
	"sample_14_QQchess.che":       "che",
	"sample_10_17pk.CCM":          "ccm",
	"sample_11_ourgame-chess.chn": "chn",
	"sample_13_ourgame-chess.xqi": "chn",
	"sample_31_pengfei.pfc":       "pfc",
	"sample_32_xiexieXiangqi.xgf": "xgf",
	"sample_41_fen.fen":           "fen",
	"sample_42_xfen.xfen":         "xfen",
}

// The platform formats go through validate (report lines and the HTML
// page), convert and export like the others: each sample file's games
// carry its format, and their moves survive the round trip through PGN.
func TestPlatformFormatsCommands(t *testing.T) {
	dir := shareddata.Dir(t, "formats")
	tmp := t.TempDir()
	page := filepath.Join(tmp, "report.html")
	out, stderr, code := runCLI(t, "", "validate", "--quiet", "--report", "-", "--html", page, dir)
	if code != 0 && code != 1 {
		t.Fatalf("validate: exit %d\n%s", code, stderr)
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var g report.Game
		if err := json.Unmarshal([]byte(l), &g); err != nil || g.Source == "" {
			continue // a file line
		}
		base := filepath.Base(g.Source)
		if want, ok := platformFormats[base]; ok {
			if g.Format != want {
				t.Errorf("%s: format %q, want %q", base, g.Format, want)
			}
			seen[base] = true
		}
	}
	for f := range platformFormats {
		if !seen[f] {
			t.Errorf("%s: no game in the report", f)
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	// The page shows the flagged games (the MXQ game is clean).
	for _, f := range []string{"che", "ccm", "chn", "pfc", "xgf", "xfen"} {
		if !bytes.Contains(html, []byte("record ("+f+")")) {
			t.Errorf("the HTML page shows no game of format %s", f)
		}
	}

	// convert: the PGN written holds the same moves.
	moves := func(args ...string) (n int) {
		out, stderr, c := runCLI(t, "", append([]string{"convert", "--quiet"}, args...)...)
		if c > 1 {
			t.Fatalf("convert %v: exit %d\n%s", args, c, stderr)
		}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var g report.Game
			if json.Unmarshal([]byte(l), &g) == nil {
				n += len(g.Moves)
			}
		}
		return n
	}
	pgn := filepath.Join(tmp, "out.pgn")
	if _, stderr, c := runCLI(t, "", "convert", "--to", "pgn", "-o", pgn, "--quiet", dir); c > 1 {
		t.Fatalf("convert: exit %d\n%s", c, stderr)
	}
	if a, b := moves(dir), moves(pgn); a == 0 || a != b {
		t.Errorf("%d moves read, %d in the PGN written from them", a, b)
	}

	// export: games.parquet's format column.
	ex := filepath.Join(tmp, "ds")
	if _, stderr, c := runCLI(t, "", "export", "-o", ex, "--quiet", dir); c > 1 {
		t.Fatalf("export: exit %d\n%s", c, stderr)
	}
	got := map[string]string{}
	for _, r := range testgames.Columns(t, filepath.Join(ex, "games.parquet"), "source", "format") {
		got[filepath.Base(r[0])] = r[1]
	}
	for f, want := range platformFormats {
		if got[f] != want {
			t.Errorf("games.parquet: %s has format %q, want %q", f, got[f], want)
		}
	}
}

// find --fen-list finds each position of a .fen list: the start position
// of the shared list reaches the same games as find --fen with it, and an
// XFEN entry that is no position is named on stderr.
func TestFindFenList(t *testing.T) {
	dir := shareddata.Dir(t, "formats")
	ds := t.TempDir()
	if _, stderr, c := runCLI(t, "", "export", "-o", ds, "--quiet", sampleDir(t)); c > 1 {
		t.Fatalf("export: exit %d\n%s", c, stderr)
	}
	list, _, c := runCLI(t, "", "find", "--fen-list", filepath.Join(dir, "sample_41_fen.fen"), ds)
	if c != 0 {
		t.Fatalf("find --fen-list: exit %d\n%s", c, list)
	}
	one, _, c := runCLI(t, "", "find", "--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", ds)
	if c != 0 {
		t.Fatalf("find --fen: exit %d", c)
	}
	// The list's first block (up to its second "# " line) is the same
	// table as find --fen's.
	blocks := strings.Split(list, "\n# ")
	if len(blocks) != 2 || !strings.HasPrefix(blocks[0], "# 标准象棋开局 ") {
		t.Fatalf("find --fen-list printed %d blocks:\n%s", len(blocks), list)
	}
	table := strings.Split(strings.TrimSpace(blocks[0]), "\n")[1:]
	want := strings.Split(strings.TrimSpace(one), "\n")
	want = want[:len(want)-1] // "N games"
	if len(want) < 2 || strings.Join(table, "\n") != strings.Join(want, "\n") {
		t.Errorf("the start position's games differ:\n%s\nfind --fen:\n%s", strings.Join(table, "\n"), strings.Join(want, "\n"))
	}
	_, stderr, _ := runCLI(t, "", "find", "--fen-list", filepath.Join(dir, "sample_42_xfen.xfen"), ds)
	if !strings.Contains(stderr, "棋图符号示例2: not a position") {
		t.Errorf("stderr %q", stderr)
	}
}
