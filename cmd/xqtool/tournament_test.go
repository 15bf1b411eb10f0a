package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/tournament"
)

// conflictPGN is a hand-made event (real players' names): 胡荣华 has two
// opponents in round 1 (pairing_conflict, a warning), and 胡榮華 is the
// same name in another script, and so are 许银川 and 許銀川: the third
// game is flagged name_variants (once, for both sides).
const conflictPGN = `[Event "全国象棋个人赛"]
[Round "1"]
[Date "2001.05.01"]
[Red "胡荣华"]
[Black "吕钦"]
[Result "1-0"]

1. 炮二平五 马８进７ 1-0

[Event "全国象棋个人赛"]
[Round "1"]
[Date "2001.05.01"]
[Red "胡荣华"]
[Black "许银川"]
[Result "1/2-1/2"]

1. 马二进三 马８进７ 1/2-1/2

[Event "全國象棋個人賽"]
[Round "2"]
[Date "2001.05.02"]
[Red "許銀川"]
[Black "胡榮華"]
[Result "0-1"]

1. 相三进五 马８进７ 0-1
`

func writeConflict(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "event.pgn"), []byte(conflictPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestTournamentCLI runs the command on the hand-made event: the summary,
// the exit code of a warning, events.parquet and the page.
func TestTournamentCLI(t *testing.T) {
	in := writeConflict(t)
	out := t.TempDir()
	page := filepath.Join(out, "events.html")
	stdout, stderr, code := runCLI(t, "", "tournament", "--strict", "--html", page, "-o", filepath.Join(out, "ev"), in)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a warning fired, --strict); stderr %s", code, stderr)
	}
	for _, line := range []string{"events                                1", "  games in events", "  pairing_conflict                    2          1", "  name_variants                       1          1"} {
		if !strings.Contains(stdout, strings.TrimPrefix(line, "  ")) {
			t.Errorf("summary lacks %q:\n%s", line, stdout)
		}
	}
	norm, year, _ := tournament.EventKey("全国象棋个人赛", "2001.05.01")
	rows := testgames.Columns(t, filepath.Join(out, "ev", "events.parquet"), "event_id", "names", "games", "counted", "pairing_conflict", "name_variants", "format", "rounds")
	want := [][]string{{tournament.EventID(norm, year), `["全国象棋个人赛","全國象棋個人賽"]`, "3", "3", "2", "1", "by-round", `["1","2"]`}}
	if !slices.EqualFunc(rows, want, slices.Equal) {
		t.Errorf("events.parquet rows %q, want %q", rows, want)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`id="e-` + want[0][0] + `"`, `class="cross"`, `data-codes="pairing_conflict`, `<svg`} {
		if !strings.Contains(string(html), s) {
			t.Errorf("page lacks %s", s)
		}
	}
}

// TestExportEvents checks export's event_id column and events.parquet,
// and that --no-events leaves both out.
func TestExportEvents(t *testing.T) {
	in := writeConflict(t)
	out := t.TempDir()
	if _, stderr, code := runCLI(t, "", "export", "-o", out, in); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	games := testgames.Columns(t, filepath.Join(out, "games.parquet"), "event_id", "flag_codes")
	events := testgames.Columns(t, filepath.Join(out, "events.parquet"), "event_id")
	if len(events) != 1 {
		t.Fatalf("%d events, want 1", len(events))
	}
	for i, g := range games {
		if g[0] != events[0][0] {
			t.Errorf("game %d: event_id %s, want %s", i, g[0], events[0][0])
		}
	}
	if !strings.Contains(games[0][1], "pairing_conflict") {
		t.Errorf("game 0 flags %q lack pairing_conflict", games[0][1])
	}
	if _, stderr, code := runCLI(t, "", "export", "--no-events", "-o", out, in); code != 0 {
		t.Fatalf("export --no-events: exit %d: %s", code, stderr)
	}
	for _, g := range testgames.Columns(t, filepath.Join(out, "games.parquet"), "event_id") {
		if g[0] != "(null)" {
			t.Errorf("--no-events: event_id %s", g[0])
		}
	}
	if _, err := os.Stat(filepath.Join(out, "events.parquet")); !os.IsNotExist(err) {
		t.Errorf("--no-events left events.parquet of the earlier export: %v", err)
	}
}

// TestExportEventsRecords checks on the real records that games.parquet's
// event_id and events.parquet agree: every id of a game is an event's, and
// each event's games count its rows.
func TestExportEventsRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("exports the records")
	}
	out := t.TempDir()
	if _, stderr, code := runCLI(t, "", "export", "-o", out, recordsDir(t)); code > 1 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	perEvent := map[string]int{}
	for _, g := range testgames.Columns(t, filepath.Join(out, "games.parquet"), "event_id") {
		if g[0] != "(null)" {
			perEvent[g[0]]++
		}
	}
	events := testgames.Columns(t, filepath.Join(out, "events.parquet"), "event_id", "games")
	if len(events) != len(perEvent) {
		t.Errorf("%d events, %d event ids in games.parquet", len(events), len(perEvent))
	}
	for _, e := range events {
		if n, _ := strconv.Atoi(e[1]); n != perEvent[e[0]] {
			t.Errorf("event %s: %d games, %d rows of games.parquet", e[0], n, perEvent[e[0]])
		}
	}
}

// TestTournamentRoundRobinPage checks the players × players table of a
// round robin of three on the page, and the summary's format count.
func TestTournamentRoundRobinPage(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i, g := range [][3]string{{"胡荣华", "吕钦", "1-0"}, {"吕钦", "许银川", "1/2-1/2"}, {"许银川", "胡荣华", "0-1"}} {
		b.WriteString("[Event \"五羊杯\"]\n[Round \"" + strconv.Itoa(i+1) + "\"]\n[Date \"2001.01.0" + strconv.Itoa(i+1) + "\"]\n")
		b.WriteString("[Red \"" + g[0] + "\"]\n[Black \"" + g[1] + "\"]\n[Result \"" + g[2] + "\"]\n\n")
		b.WriteString([]string{"1. 炮二平五 马８进７ ", "1. 马二进三 马８进７ ", "1. 相三进五 马８进７ "}[i] + g[2] + "\n\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "rr.pgn"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "rr.html")
	stdout, stderr, code := runCLI(t, "", "tournament", "--html", page, dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "round robin                         1") {
		t.Errorf("summary:\n%s", stdout)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `class="self"`); n != 3 || !strings.Contains(string(html), `data-format="round-robin"`) {
		t.Errorf("%d diagonal cells (want 3) or no round-robin section", n)
	}
	// 胡荣华 first with 2 points: his row holds his two wins.
	if !strings.Contains(string(html), `<td>1</td><td class="name">胡荣华</td><td class="self"></td>`) {
		t.Errorf("胡荣华 is not ranked first in the table")
	}
}
