package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/players"
)

// summaryValue returns the number of a line of the players summary.
func summaryValue(t *testing.T, out, name string) int {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, name+" "); ok {
			n, err := strconv.Atoi(strings.TrimSpace(rest))
			if err == nil {
				return n
			}
		}
	}
	t.Fatalf("no %q in the summary:\n%s", name, out)
	return 0
}

// TestPlayersCLI runs "xqtool players" on the records and on their
// export: the same players either way; the export's red_id and black_id
// name players of players.parquet; --no-players and --aliases.
func TestPlayersCLI(t *testing.T) {
	records := recordsDir(t)
	tmp := t.TempDir()
	out, stderr, code := runCLI(t, "", "players", "-o", filepath.Join(tmp, "p"), "--quiet", records)
	if code != 0 {
		t.Fatalf("players: exit %d\n%s", code, stderr)
	}
	n := summaryValue(t, out, "players")
	if !strings.Contains(out, "top players by games:") || !strings.Contains(out, "胡荣华") {
		t.Errorf("no top players in the summary:\n%s", out)
	}
	rows := testgames.Columns(t, filepath.Join(tmp, "p", "players.parquet"), "player_id", "name", "games")
	if len(rows) != n {
		t.Errorf("players.parquet has %d rows, the summary says %d players", len(rows), n)
	}

	// The export resolves the same players, and so does players on it.
	ds := filepath.Join(tmp, "ds")
	if _, stderr, code := runCLI(t, "", "export", "-o", ds, "--quiet", records); code > 1 {
		t.Fatalf("export: exit %d\n%s", code, stderr)
	}
	fromExport := testgames.Columns(t, filepath.Join(ds, "players.parquet"), "player_id", "name", "games")
	if !slices.EqualFunc(rows, fromExport, slices.Equal) {
		t.Error("export's players.parquet differs from players -o's")
	}
	out2, stderr, code := runCLI(t, "", "players", "-o", filepath.Join(tmp, "p2"), ds)
	if code != 0 {
		t.Fatalf("players on a dataset: exit %d\n%s", code, stderr)
	}
	if out2 != strings.Replace(out, filepath.Join(tmp, "p"), filepath.Join(tmp, "p2"), 1) {
		t.Errorf("players on the dataset:\n%s\nwant as on the records:\n%s", out2, out)
	}
	if fromDS := testgames.Columns(t, filepath.Join(tmp, "p2", "players.parquet"), "player_id", "name", "games"); !slices.EqualFunc(rows, fromDS, slices.Equal) {
		t.Error("players.parquet of players on the dataset differs from players on the records")
	}
	// The evidence of --suggest (the same game under two names) counts
	// clusters of copies alike from the records and from the dataset: a
	// prefix copy is another game on both sides (players.Cluster).
	sugRecords, stderr, code := runCLI(t, "", "players", "--suggest", "--quiet", records)
	if code != 0 {
		t.Fatalf("players --suggest: exit %d\n%s", code, stderr)
	}
	sugDS, stderr, code := runCLI(t, "", "players", "--suggest", ds)
	if code != 0 {
		t.Fatalf("players --suggest on a dataset: exit %d\n%s", code, stderr)
	}
	if sugRecords != sugDS || !strings.Contains(sugRecords, "same_games=") {
		t.Errorf("players --suggest on the dataset:\n%s\nwant as on the records:\n%s", sugDS, sugRecords)
	}
	ids := map[string]bool{}
	for _, r := range rows {
		ids[r[0]] = true
	}
	games := testgames.Columns(t, filepath.Join(ds, "games.parquet"), "red", "red_id", "black", "black_id")
	for _, g := range games {
		for _, side := range [][2]string{{g[0], g[1]}, {g[2], g[3]}} {
			named := players.Parse(side[0]).Key != "" && side[0] != "(null)"
			if named != (side[1] != "(null)") || named && !ids[side[1]] {
				t.Fatalf("name %q has id %q", side[0], side[1])
			}
		}
	}

	// --no-players: no ids, no players.parquet.
	plain := filepath.Join(tmp, "plain")
	if _, stderr, code := runCLI(t, "", "export", "-o", plain, "--quiet", "--no-players", records); code > 1 {
		t.Fatalf("export --no-players: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(plain, "players.parquet")); !os.IsNotExist(err) {
		t.Errorf("export --no-players wrote players.parquet (%v)", err)
	}
	for _, g := range testgames.Columns(t, filepath.Join(plain, "games.parquet"), "red_id", "black_id") {
		if g[0] != "(null)" || g[1] != "(null)" {
			t.Fatalf("export --no-players: ids %q", g)
		}
	}

	// --aliases: the reviewed file joins what no rule joins.
	aliases := filepath.Join(tmp, "aliases.tsv")
	if err := os.WriteFile(aliases, []byte("# reviewed\n杨官璘\t杨官麟\tYANG GuanLin\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out3, stderr, code := runCLI(t, "", "players", "-o", filepath.Join(tmp, "p3"), "--aliases", aliases, ds)
	if code != 0 {
		t.Fatalf("players --aliases: exit %d\n%s", code, stderr)
	}
	if got := summaryValue(t, out3, "players"); got != n-2 {
		t.Errorf("--aliases joining three players: %d players, want %d", got, n-2)
	}
	withAliases := filepath.Join(tmp, "dsa")
	if _, stderr, code := runCLI(t, "", "export", "-o", withAliases, "--quiet", "--aliases", aliases, records); code > 1 {
		t.Fatalf("export --aliases: exit %d\n%s", code, stderr)
	}
	want := players.PlayerID("杨官璘")
	for _, g := range testgames.Columns(t, filepath.Join(withAliases, "games.parquet"), "red", "red_id") {
		if g[0] == "YANG GuanLin" && g[1] != want {
			t.Fatalf("export --aliases: YANG GuanLin is %s, want 杨官璘's %s", g[1], want)
		}
	}

	// Errors: a bad alias file names its line; -o or --suggest needed.
	bad := filepath.Join(tmp, "bad.tsv")
	if err := os.WriteFile(bad, []byte("胡荣华\n许银川\t\x01\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI(t, "", "players", "-o", tmp, "--aliases", bad, ds); code != 2 || !strings.Contains(stderr, "line 2") {
		t.Errorf("bad alias file: exit %d, %q", code, stderr)
	}
	if _, _, code := runCLI(t, "", "players", ds); code != 2 {
		t.Errorf("players without -o or --suggest: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "export", "-o", tmp, "--no-players", "--aliases", aliases, ds); code != 2 {
		t.Errorf("export --no-players --aliases: exit %d", code)
	}
}

// TestPlayersSuggestCLI checks that --suggest prints an alias file: read
// back, it parses, and its pairs are pairs no rule merged.
func TestPlayersSuggestCLI(t *testing.T) {
	out, stderr, code := runCLI(t, "", "players", "--suggest", "--quiet", recordsDir(t))
	if code != 0 {
		t.Fatalf("players --suggest: exit %d\n%s", code, stderr)
	}
	a, err := players.ReadAliases(strings.NewReader(out))
	if err != nil {
		t.Fatalf("--suggest output is no alias file: %v", err)
	}
	if len(a.Lines()) == 0 {
		t.Fatal("no suggestion")
	}
	for _, l := range a.Lines() {
		if len(l.Aliases) != 1 {
			t.Errorf("line %d: %d aliases, want one pair", l.Line, len(l.Aliases))
		}
	}
	// The romanized 杨官璘 reads as several Han names of the records:
	// suggested, with its evidence.
	if !strings.Contains(out, "YANG GuanLin\t杨官璘\t# reason=") {
		t.Errorf("no suggestion YANG GuanLin / 杨官璘:\n%.2000s", out)
	}
}
