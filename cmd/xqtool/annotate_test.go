package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/xqtool/xqtool/annotate"
	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/fakeengine"
	"github.com/xqtool/xqtool/parse"
)

// The test binary is also the fake engine (see fakeEngine).
func init() { fakeengine.Main() }

// shellQuote quotes s as one word of a command line (engine.ParseCommand).
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// fakeEngine returns the --engine command line of the fake engine with
// spec. It goes through env(1), which clears envRunMain (a child of an
// xqtool process run by runProcess would otherwise be xqtool again) and
// sets the spec, so that the command works both in-process and from a
// separate xqtool process.
func fakeEngine(spec fakeengine.Spec) string {
	return strings.Join([]string{"env", envRunMain + "=", shellQuote(spec.Env()), shellQuote(os.Args[0]), "-test.run=^$"}, " ")
}

// wukongFiles copies three real record files of 15 games each into a
// directory of their own.
func wukongFiles(t *testing.T) string {
	t.Helper()
	src := filepath.Join(recordsDir(t), "maksimKorzh__wukong-xiangqi", "xqdb", "games_pgn")
	dir := t.TempDir()
	for _, n := range []string{"bulk_games_uci.pgn", "xqdb_international.pgn", "xqdb_traditional.pgn"} {
		b, err := os.ReadFile(filepath.Join(src, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// readEvals reads the rows of an evals table.
func readEvals(t *testing.T, path string) []annotate.Row {
	t.Helper()
	rows, _ := readEvalsFile(t, path)
	return rows
}

// readEvalsFile reads the rows and the metadata of an evals table.
func readEvalsFile(t *testing.T, path string) ([]annotate.Row, map[string]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, meta, err := annotate.ReadEvals(f)
	if err != nil {
		t.Fatal(err)
	}
	return rows, meta
}

// searchable counts the distinct positions of rows that an engine is asked
// about (all but those without a legal move).
func searchable(rows []annotate.Row) int {
	keys := map[uint64]bool{}
	for _, r := range rows {
		if r.Status != "mate" {
			keys[r.Key] = true
		}
	}
	return len(keys)
}

// scriptedPGN holds two games from the start: the first is declared 1-0,
// and the fake engine is told (scriptedTable) that red stands won (+700),
// throws it away with 炮二平五 (-200), that black's 马8进7 gives it back
// (+700) and that black wins the final position (-1500): suspect_move at
// ply 1, result_contradicted at the end. The second shares the start.
const scriptedPGN = `[Event "scripted"]
[Date "2024.05.01"]
[Red "甲"]
[Black "乙"]
[Result "1-0"]
1. 炮二平五 马８进７ 2. 马二进三 1-0

[Event "other"]
[Date "2024.05.02"]
[Red "丙"]
[Black "丁"]
[Result "1/2-1/2"]
1. 兵七进一 卒７进１ 1/2-1/2
`

// scriptedPositions are the positions of the first scripted game.
func scriptedPositions(t *testing.T) []board.Position {
	t.Helper()
	p := board.StartPosition()
	ps := []board.Position{p}
	for _, s := range []string{"h2e2", "h9g7", "h0g2"} {
		m, _ := board.ParseMove(s)
		next, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, next)
		p = next
	}
	return ps
}

// scriptedTable scores the first scripted game's positions (from the side
// to move, as engines print) in protocol proto.
func scriptedTable(t *testing.T, proto string) map[string][]string {
	ps := scriptedPositions(t)
	scores := []int{700, 200, 700, 1500} // red +700, -200, +700, -1500
	// Best moves other than those played (the engine's own best move
	// loses nothing).
	best := []string{"b2e2", "b9c7", "b0c2", "i9i8"}
	table := map[string][]string{}
	for i := range ps {
		score := fmt.Sprintf("cp %d", scores[i])
		if proto == "ucci" {
			score = fmt.Sprint(scores[i])
		}
		table[fakeengine.Key(&ps[i])] = []string{
			fmt.Sprintf("info depth 3 score %s nodes 100 pv %s", score, best[i]),
			"bestmove " + best[i],
		}
	}
	return table
}

// annotateCount returns the number of the summary line name of annotate.
func annotateCount(t *testing.T, out, name string) int {
	t.Helper()
	for line := range strings.Lines(out) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), name+" ")
		var n int
		if _, err := fmt.Sscan(rest, &n); ok && err == nil {
			return n
		}
	}
	t.Fatalf("no %q line in\n%s", name, out)
	return 0
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAnnotateBothProtocols runs annotate with the fake engine in UCI and
// in UCCI (found by --protocol auto): every distinct position searched
// once, the scripted evaluations in evals.parquet from red's side, the
// engine's flags in the report lines, the HTML page and the table, and
// convert --evals writing them into PGN that reads back.
func TestAnnotateBothProtocols(t *testing.T) {
	for _, proto := range []string{"uci", "ucci"} {
		t.Run(proto, func(t *testing.T) {
			dir := t.TempDir()
			pgn := writeFile(t, dir, "games.pgn", scriptedPGN)
			log := filepath.Join(dir, "engine.log")
			spec := fakeengine.Spec{Protocol: proto, Table: scriptedTable(t, proto), Log: log}
			out := filepath.Join(dir, "evals")
			args := []string{"annotate", "--quiet", "--engine", fakeEngine(spec), "--depth", "3", "--engines", "2",
				"-o", out, "--report", filepath.Join(dir, "report.jsonl"), "--html", filepath.Join(dir, "page.html"), pgn}
			if proto == "uci" {
				args = append(args, "--protocol", "uci")
			}
			stdout, stderr, code := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			t.Log(stdout)
			rows := readEvals(t, filepath.Join(out, annotate.EvalsName))
			if len(rows) != 4+3 {
				t.Fatalf("%d rows, want 7", len(rows))
			}
			searched := fakeengine.LogLines(t, log, "go")
			if len(searched) != searchable(rows) || len(slices.Compact(slices.Sorted(slices.Values(searched)))) != len(searched) {
				t.Fatalf("%d searches (%d distinct positions): %v", len(searched), searchable(rows), searched)
			}
			if annotateCount(t, stdout, "searched") != len(searched) || annotateCount(t, stdout, "positions annotated") != len(rows) {
				t.Errorf("summary:\n%s", stdout)
			}
			for i, want := range []int{700, -200, 700, -1500} {
				if r := rows[i]; r.Status != "ok" || !r.HasCP || r.ScoreRedCP != want || r.Depth != 3 || r.Nodes != 100 {
					t.Errorf("row %d: %+v, want %+d cp for red", i, r, want)
				}
			}
			if !slices.Contains(rows[0].Flags, string(flags.SuspectMove)) || !slices.Contains(rows[3].Flags, string(flags.ResultContradicted)) {
				t.Errorf("flags in the table: %v %v", rows[0].Flags, rows[3].Flags)
			}
			rep, err := os.ReadFile(filepath.Join(dir, "report.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			games := jsonLines(t, string(rep))
			if len(games) != 2 || flagDetail(games[0], flags.SuspectMove) == "" || flagDetail(games[0], flags.ResultContradicted) == "" {
				t.Fatalf("report lines: %s", rep)
			}
			if games[0].Status == "ok" || len(games[1].Flags) != 0 {
				t.Errorf("report: status %s, second game's flags %v", games[0].Status, games[1].Flags)
			}
			page, _ := os.ReadFile(filepath.Join(dir, "page.html"))
			for _, c := range []flags.Code{flags.SuspectMove, flags.ResultContradicted} {
				if !strings.Contains(string(page), string(c)) {
					t.Errorf("the page does not show %s", c)
				}
			}
			annotated := filepath.Join(dir, "annotated.pgn")
			if _, stderr, code := runCLI(t, "", "convert", "--quiet", "--to", "pgn", "--evals", out, "-o", annotated, pgn); code != 0 {
				t.Fatalf("convert --evals: exit %d\n%s", code, stderr)
			}
			checkAnnotatedPGN(t, annotated, rows)
			text, _ := os.ReadFile(annotated)
			for _, want := range []string{"{[%eval 7.00,3]}", "1. 炮二平五 $4 {[%eval -2.00,3] blunder, best 炮八平五 suspect_move}",
				"[%eval -15.00,3] blunder, best 马八进七 result_contradicted}"} {
				if !strings.Contains(string(text), want) {
					t.Errorf("no %q in\n%s", want, text)
				}
			}
		})
	}
}

// evalRE finds the evaluation command of a comment.
var evalRE = regexp.MustCompile(`\[%eval [^\]]*\]`)

// checkAnnotatedPGN reads the PGN that convert --evals wrote and checks
// that each position's [%eval] is that of its row (the games in the
// table's order).
func checkAnnotatedPGN(t *testing.T, path string, rows []annotate.Row) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := parse.NewPGNReader(bufio.NewReader(f), path)
	next := 0
	games := 0
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		games++
		n := &rec.Root
		for ply := 0; ; ply++ {
			if next >= len(rows) || rows[next].Ply != ply {
				t.Fatalf("game %d: ply %d has no row (row %d)", games, ply, next)
			}
			if got, want := evalRE.FindString(n.Comment), annotate.EvalComment(&rows[next]); got != want {
				t.Fatalf("game %d ply %d: %q, want %q (comment %q)", games, ply, got, want, n.Comment)
			}
			next++
			if len(n.Children) == 0 {
				break
			}
			n = n.Children[0]
		}
	}
	if next != len(rows) || games == 0 {
		t.Fatalf("read %d games, %d of %d rows", games, next, len(rows))
	}
}

// TestAnnotateEngineFaults drives every fault of the fake engine through
// the command, in both protocols: a one-line error per fault, the run goes
// on, the position hit is recorded as not evaluated, every other position
// is evaluated, and the exit code says some position was not.
func TestAnnotateEngineFaults(t *testing.T) {
	dir := t.TempDir()
	pgn := writeFile(t, dir, "games.pgn", scriptedPGN)
	bad := scriptedPositions(t)[2]
	sentinels := map[string]string{
		"die": "engine died", "hang": "no answer in time", "control": "garbage output", "longline": "garbage output",
		"flood": "garbage output", "badnumber": "garbage output", "illegal": "illegal move", "illegal-pv": "illegal move",
		"nomove": "no move", "noscore": "garbage output",
	}
	for _, proto := range []string{"uci", "ucci"} {
		for fault, sentinel := range sentinels {
			t.Run(proto+"/"+fault, func(t *testing.T) {
				spec := fakeengine.Spec{Protocol: proto, Fault: fault, FaultFEN: fakeengine.Key(&bad)}
				out := t.TempDir()
				stdout, stderr, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(spec), "--protocol", proto,
					"--depth", "2", "--engines", "1", "--deadline", "1s", "-o", out, pgn)
				if code != 1 {
					t.Fatalf("exit %d, want 1\n%s%s", code, stdout, stderr)
				}
				lines := strings.Split(strings.TrimSpace(stderr), "\n")
				faults := 0
				for _, l := range lines {
					if strings.Contains(l, sentinel) {
						faults++
					}
					if len(l) > 700 || strings.ContainsAny(l, "\x00\x01\r") {
						t.Errorf("not a clean line: %q", l)
					}
				}
				if faults == 0 {
					t.Errorf("no line says %q:\n%s", sentinel, stderr)
				}
				rows := readEvals(t, filepath.Join(out, annotate.EvalsName))
				for i, r := range rows {
					isBad := r.Key == bad.Key()
					switch {
					case isBad && (r.Status != "error" || !strings.Contains(r.Err, sentinel)):
						t.Errorf("row %d (the bad position): %s %q", i, r.Status, r.Err)
					case !isBad && r.Status != "ok":
						t.Errorf("row %d: %s %q", i, r.Status, r.Err)
					}
				}
				if annotateCount(t, stdout, "not evaluated") != 1 {
					t.Errorf("summary:\n%s", stdout)
				}
			})
		}
	}
}

// TestAnnotateEngineCannotStart: a missing program or one that is not an
// engine stops the run at once with a one-line error (exit 2), and leaves
// no table.
func TestAnnotateEngineCannotStart(t *testing.T) {
	dir := t.TempDir()
	pgn := writeFile(t, dir, "games.pgn", scriptedPGN)
	for name, cmdline := range map[string]string{
		"missing":         "./no-such-engine --flag",
		"exits":           fakeEngine(fakeengine.Spec{Handshake: "exit"}),
		"babbles":         fakeEngine(fakeengine.Spec{Handshake: "babble"}),
		"unknown option":  fakeEngine(fakeengine.Spec{}) + " ",
		"unclosed quote ": "'./engine",
	} {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "evals")
			args := []string{"annotate", "--quiet", "--engine", cmdline, "--depth", "2", "-o", out, pgn}
			if name == "unknown option" {
				args = append(args, "--option", "Hahs=16")
			}
			_, stderr, code := runCLI(t, "", args...)
			if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.HasPrefix(stderr, "xqtool: ") {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if _, err := os.Stat(filepath.Join(out, annotate.EvalsName)); err == nil {
				t.Error("a table was written")
			}
			t.Log(stderr)
		})
	}
	if _, _, code := runCLI(t, "", "annotate", "--engine", "x", "-o", dir, pgn); code != 2 {
		t.Errorf("no limit: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "annotate", "--depth", "3", "-o", dir, pgn); code != 2 {
		t.Errorf("no engine: exit %d", code)
	}
}

// cachedPositions reads the positions (board and side) of a cache
// directory's entries.
func cachedPositions(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	out := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			var e struct{ FEN string }
			if json.Unmarshal([]byte(l), &e) == nil && e.FEN != "" {
				w := strings.Fields(e.FEN)
				out[w[0]+" "+w[1]] = true
			}
		}
	}
	return out
}

// TestAnnotateResume stops an annotate process with SIGINT (Ctrl-C) in the
// middle of its search: it exits 130, writes no table and keeps what it
// searched; the same command again searches exactly the positions the
// first did not finish, none twice.
func TestAnnotateResume(t *testing.T) {
	records := wukongFiles(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "evals")
	log1, log2 := filepath.Join(dir, "run1.log"), filepath.Join(dir, "run2.log")
	slow := fakeengine.Spec{Log: log1, Delay: 20 * time.Millisecond}
	cmd := exec.Command(os.Args[0], "annotate", "--engine", fakeEngine(slow), "--depth", "3", "--engines", "2", "-o", out, records)
	cmd.Env = append(os.Environ(), envRunMain+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Minute); len(fakeengine.LogLines(t, log1, "done")) < 50; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no 50 searches in time:\n%s", stderr.String())
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("after Ctrl-C: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") || !strings.Contains(stderr.String(), "run the same command again") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(out, annotate.EvalsName)); err == nil {
		t.Fatal("an interrupted run wrote its table")
	}
	cached := cachedPositions(t, filepath.Join(out, "cache"))
	if len(cached) < 50 {
		t.Fatalf("%d positions in the cache after 50 searches", len(cached))
	}

	fast := fakeengine.Spec{Log: log2}
	stdout, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(fast), "--depth", "3", "--engines", "2", "-o", out, records)
	if code != 0 {
		t.Fatalf("resumed: exit %d\n%s", code, errs)
	}
	rows := readEvals(t, filepath.Join(out, annotate.EvalsName))
	second := fakeengine.LogLines(t, log2, "go")
	for _, p := range second {
		if cached[p] {
			t.Fatalf("searched again: %s", p)
		}
	}
	if len(second)+len(cached) != searchable(rows) || len(slices.Compact(slices.Sorted(slices.Values(second)))) != len(second) {
		t.Fatalf("%d searched before, %d after, %d to search", len(cached), len(second), searchable(rows))
	}
	if annotateCount(t, stdout, "in the cache") != len(cached) {
		t.Errorf("summary:\n%s", stdout)
	}
	t.Logf("%d positions searched before Ctrl-C, %d after, %d rows", len(cached), len(second), len(rows))
}

// TestAnnotateShardsMerge annotates two shards of the inputs as two
// machines would (each its own output and cache), then the whole with both
// caches merged: nothing is searched, and the rows are those of the shards
// together. convert --evals reads both shards' tables.
func TestAnnotateShardsMerge(t *testing.T) {
	records := wukongFiles(t)
	dir := t.TempDir()
	var shardRows []annotate.Row
	var merge []string
	for i := range 2 {
		out := filepath.Join(dir, fmt.Sprintf("machine%d", i))
		_, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{}), "--depth", "3",
			"--shard", fmt.Sprintf("%d/2", i), "-o", out, records)
		if code != 0 {
			t.Fatalf("shard %d: exit %d\n%s", i, code, errs)
		}
		shardRows = append(shardRows, readEvals(t, filepath.Join(out, fmt.Sprintf("shard=%d-of-2", i), annotate.EvalsName))...)
		merge = append(merge, "--merge-cache", filepath.Join(out, "cache"))
	}
	log := filepath.Join(dir, "merged.log")
	out := filepath.Join(dir, "all")
	args := append([]string{"annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{Log: log}), "--depth", "3", "-o", out}, merge...)
	stdout, errs, code := runCLI(t, "", append(args, records)...)
	if code != 0 {
		t.Fatalf("merged: exit %d\n%s", code, errs)
	}
	if s := fakeengine.LogLines(t, log, "go"); len(s) != 0 || annotateCount(t, stdout, "searched") != 0 {
		t.Fatalf("the merged run searched %d positions:\n%s", len(s), stdout)
	}
	all := readEvals(t, filepath.Join(out, annotate.EvalsName))
	key := func(r annotate.Row) string {
		return fmt.Sprintf("%s/%d/%x/%d/%v", r.GameID, r.Ply, r.Key, r.ScoreRedCP, r.Best)
	}
	a, b := make([]string, len(all)), make([]string, len(shardRows))
	for i, r := range all {
		a[i] = key(r)
	}
	for i, r := range shardRows {
		b[i] = key(r)
	}
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Fatalf("%d rows merged, %d in the shards", len(a), len(b))
	}
	pgn := filepath.Join(dir, "annotated.pgn")
	_, errs, code = runCLI(t, "", "convert", "--quiet", "--to", "pgn", "--evals", filepath.Join(dir, "machine0"), "--evals", filepath.Join(dir, "machine1"), "-o", pgn, records)
	if code != 0 || !strings.Contains(errs, " 0 without") {
		t.Fatalf("convert --evals of the shards: exit %d\n%s", code, errs)
	}
	checkAnnotatedPGN(t, pgn, all)
}

// TestAnnotateDataset annotates an exported dataset: the same rows as from
// the records, and (the cache being the records run's) no search.
func TestAnnotateDataset(t *testing.T) {
	records := wukongFiles(t)
	dir := t.TempDir()
	ds := filepath.Join(dir, "ds")
	if _, errs, code := runCLI(t, "", "export", "--quiet", "-o", ds, records); code > 1 {
		t.Fatalf("export: exit %d\n%s", code, errs)
	}
	fromRecords := filepath.Join(dir, "evals-records")
	if _, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{}), "--depth", "3", "-o", fromRecords, records); code != 0 {
		t.Fatalf("annotate records: exit %d\n%s", code, errs)
	}
	log := filepath.Join(dir, "ds.log")
	out := filepath.Join(dir, "evals-ds")
	stdout, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{Log: log}), "--depth", "3",
		"--cache", filepath.Join(fromRecords, "cache"), "-o", out, ds)
	if code != 0 {
		t.Fatalf("annotate dataset: exit %d\n%s", code, errs)
	}
	if s := fakeengine.LogLines(t, log, "go"); len(s) != 0 {
		t.Errorf("searched %d positions the records run had searched:\n%s", len(s), stdout)
	}
	a := readEvals(t, filepath.Join(fromRecords, annotate.EvalsName))
	b := readEvals(t, filepath.Join(out, annotate.EvalsName))
	if len(a) != len(b) {
		t.Fatalf("%d rows from the records, %d from the dataset", len(a), len(b))
	}
	for i := range a {
		if a[i].GameID != b[i].GameID || a[i].Key != b[i].Key || a[i].ScoreRedCP != b[i].ScoreRedCP || a[i].Class != b[i].Class {
			t.Fatalf("row %d: %+v vs %+v", i, a[i], b[i])
		}
	}
	// --report works on a dataset as on records: the same lines.
	rep := func(name string, in ...string) []string {
		path := filepath.Join(dir, name+".jsonl")
		args := append([]string{"annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{}), "--depth", "3",
			"--cache", filepath.Join(fromRecords, "cache"), "--report", path, "-o", filepath.Join(dir, name)}, in...)
		if _, errs, code := runCLI(t, "", args...); code != 0 {
			t.Fatalf("annotate --report %v: exit %d\n%s", in, code, errs)
		}
		return gameLines(t, path)
	}
	if a, b := rep("rep-records", records), rep("rep-ds", ds); !slices.Equal(a, b) || len(a) == 0 {
		t.Errorf("report lines from the dataset differ from the records':\n%q\n%q", b, a)
	}
}

// TestAnnotateFairyStockfish runs the real Fairy-Stockfish (installed in
// CI) through the command: mate in one for each side gives mate_red +1 and
// -1, the real records' openings are evaluated, and convert --evals
// writes what the table holds.
func TestAnnotateFairyStockfish(t *testing.T) {
	words := fakeengine.FairyStockfish(t)
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = shellQuote(w)
	}
	dir := t.TempDir()
	mates := writeFile(t, dir, "mates.pgn", `[Event "red mates in 1"]
[Result "1-0"]
[FEN "3k5/R8/9/8p/1R7/9/9/9/9/4K4 w - - 0 1"]
1-0

[Event "black mates in 1"]
[Result "0-1"]
[FEN "4k4/9/9/9/9/1r7/8P/9/r8/3K5 b - - 0 1"]
0-1
`)
	src := filepath.Join(recordsDir(t), "maksimKorzh__wukong-xiangqi", "xqdb", "games_pgn", "xqdb_traditional.pgn")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	real := writeFile(t, dir, "traditional.pgn", string(b))
	out := filepath.Join(dir, "evals")
	stdout, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", strings.Join(quoted, " "), "--option", "UCI_Variant=xiangqi",
		"--depth", "4", "--engines", "2", "--max-ply", "6", "-o", out, mates, real)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, errs)
	}
	t.Log(stdout)
	rows := readEvals(t, filepath.Join(out, annotate.EvalsName))
	if r := rows[0]; r.Status != "ok" || !r.HasMate || r.MateRed != 1 {
		t.Errorf("red mates in 1: %+v", r)
	}
	if r := rows[1]; r.Status != "ok" || !r.HasMate || r.MateRed != -1 {
		t.Errorf("black mates in 1: %+v", r)
	}
	for _, r := range rows {
		if r.Status != "ok" || r.Depth < 1 || r.Best == 0 {
			t.Fatalf("row %+v", r)
		}
	}
	pgn := filepath.Join(dir, "annotated.pgn")
	if _, errs, code := runCLI(t, "", "convert", "--quiet", "--to", "pgn", "--evals", out, "-o", pgn, mates, real); code != 0 {
		t.Fatalf("convert --evals: exit %d\n%s", code, errs)
	}
	text, _ := os.ReadFile(pgn)
	if !strings.Contains(string(text), "{[%eval #1,") || !strings.Contains(string(text), "{[%eval #-1,") {
		t.Errorf("no mate evaluations in\n%.2000s", text)
	}
}
