package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/report"
)

// realLine is the main line of a real game (呂欽/00001954.pgn of the
// Yvonne761 records, 76 plies) in ICCS.
const realLine = `H2-E2 H9-G7 H0-G2 I9-H9 I0-H0 B9-C7 C3-C4 G6-G5 H0-H6 H7-I7 H6-G6 I7-I8
B0-C2 D9-E8 B2-A2 A9-B9 A0-B0 I8-G8 G6-F6 G7-H5 F6-F8 G8-G3 G0-I2 B7-B3 E3-E4 G3-C3
G2-F4 B3-B8 F8-F5 G5-G4 F4-G2 C9-E7 E4-E5 E6-E5 I2-G4 B8-B3 F5-E5 H9-H6 I3-I4 H5-G3
D0-E1 H6-D6 C2-E3 C3-A3 E5-D5 D6-G6 D5-D2 G3-E2 A2-E2 A3-E3 G2-E3 B3-B5 E0-D0 B5-G5
B0-B9 C7-B9 E1-F2 B9-C7 F0-E1 G6-F6 G4-I2 A6-A5 E3-G4 F6-E6 D2-D5 C6-C5 D5-E5 E6-D6
D0-E0 D6-D5 C4-C5 D5-E5 G4-E5 G5-C5 E5-D7 E9-D9`

// pgnGame writes a PGN game of the first n plies of realLine (mirrored
// left-right when mirror) with the tags given.
func pgnGame(n int, mirror bool, tags ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(tags); i += 2 {
		fmt.Fprintf(&b, "[%s %q]\n", tags[i], tags[i+1])
	}
	b.WriteString("[Format \"ICCS\"]\n\n")
	for i, mv := range strings.Fields(realLine)[:n] {
		if mirror {
			m := []byte(mv)
			m[0], m[3] = 'A'+'I'-m[0], 'A'+'I'-m[3]
			mv = string(m)
		}
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(mv + " ")
	}
	b.WriteString("*\n\n")
	return b.String()
}

// dupFiles writes the synthetic copies: the whole game, a prefix with
// other tags, the mirror, and a 12-ply opening (too short to be a copy).
func dupFiles(t *testing.T) (string, []string) {
	dir := t.TempDir()
	games := []string{
		pgnGame(76, false, "Event", "五羊杯", "Result", "1/2-1/2"),
		pgnGame(30, false, "Red", "呂欽", "Black", "柳大華", "Date", "1990.1.9"),
		pgnGame(76, true),
		pgnGame(12, false),
	}
	for i, g := range games {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%c.pgn", 'a'+i)), []byte(g), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, games
}

// jsonLines decodes convert's JSON lines.
func jsonLines(t *testing.T, out string) []*report.Game {
	t.Helper()
	var gs []*report.Game
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var g report.Game
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		gs = append(gs, &g)
	}
	return gs
}

func flagDetail(g *report.Game, code flags.Code) string {
	for _, f := range g.Flags {
		if f.Code == code {
			return f.Detail
		}
	}
	return ""
}

func TestConvertDuplicates(t *testing.T) {
	dir, _ := dupFiles(t)
	out, stderr, code := runCLI(t, "", "convert", "--quiet", "--workers", "1", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	gs := jsonLines(t, out)
	if len(gs) != 4 {
		t.Fatalf("%d games, want 4", len(gs))
	}
	kept := filepath.Join(dir, "a.pgn") + "#1"
	for i, want := range []struct {
		code   flags.Code
		detail string
	}{
		{"", ""},
		{flags.NearDuplicate, "main line (30 plies) is the start of the kept copy " + kept + " (76 plies)"},
		{flags.NearDuplicate, "left-right mirror of the kept copy " + kept},
		{"", ""},
	} {
		for _, c := range []flags.Code{flags.Duplicate, flags.NearDuplicate} {
			if d := flagDetail(gs[i], c); c == want.code && d != want.detail || c != want.code && d != "" {
				t.Errorf("game %d: %s %q, want %q %q", i, c, d, want.code, want.detail)
			}
		}
	}

	// --dedupe --fill-tags: the whole game, with the prefix's tags, and
	// the short opening; the same for any --workers and from stdin.
	var outs []string
	for _, workers := range []string{"1", "2"} {
		out, stderr, code := runCLI(t, "", "convert", "--quiet", "--workers", workers, "--dedupe", "--fill-tags", dir)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if !strings.Contains(stderr, fmt.Sprintf("%-28s %10d", "dropped (--dedupe)", 2)) {
			t.Errorf("summary of the dropped copies:\n%s", stderr)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Error("--dedupe output differs between --workers 1 and 2")
	}
	gs = jsonLines(t, outs[0])
	if len(gs) != 2 || gs[0].Source != filepath.Join(dir, "a.pgn") || gs[1].Source != filepath.Join(dir, "d.pgn") {
		t.Fatalf("--dedupe wrote %d games, want a.pgn and d.pgn", len(gs))
	}
	for tag, want := range map[string]string{"Event": "五羊杯", "Red": "呂欽", "Black": "柳大華", "Date": "1990.1.9"} {
		if gs[0].Tags[tag] != want {
			t.Errorf("kept copy's %s = %q, want %q", tag, gs[0].Tags[tag], want)
		}
	}
	if d := flagDetail(gs[0], flags.TagsFilled); !strings.Contains(d, `Red "呂欽" from `+filepath.Join(dir, "b.pgn")+"#1") {
		t.Errorf("tags_filled: %q", d)
	}

	// Stdin is read once, like any input.
	var in strings.Builder
	for _, n := range []string{"a", "b", "c", "d"} {
		b, _ := os.ReadFile(filepath.Join(dir, n+".pgn"))
		in.Write(b)
	}
	out, stderr, code = runCLI(t, in.String(), "convert", "--quiet", "--dedupe", "-")
	if code != 0 {
		t.Fatalf("stdin: exit %d: %s", code, stderr)
	}
	if gs := jsonLines(t, out); len(gs) != 2 || gs[0].Index != 0 || gs[1].Index != 3 {
		t.Errorf("stdin --dedupe: %d games, want #1 and #4", len(gs))
	}

	// Usage errors.
	for _, args := range [][]string{
		{"convert", "--dedupe", "--no-duplicates", dir},
		{"convert", "--dup-min-plies", "-1", dir},
	} {
		if _, _, code := runCLI(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestMinPlies: --dup-min-plies sets the shortest prefix copy.
func TestMinPlies(t *testing.T) {
	dir, _ := dupFiles(t)
	for _, c := range []struct {
		min  string
		near int
	}{{"12", 3}, {"13", 2}, {"31", 1}, {"77", 0}} {
		out, _, _ := runCLI(t, "", "validate", "--quiet", "--dup-min-plies", c.min, dir)
		want := fmt.Sprintf("    %-24s %10d", "near_duplicate", c.near)
		if c.near == 0 {
			if strings.Contains(out, "near_duplicate") {
				t.Errorf("--dup-min-plies %s: near duplicates\n%s", c.min, out)
			}
		} else if !strings.Contains(out, want) {
			t.Errorf("--dup-min-plies %s: want %q in\n%s", c.min, want, out)
		}
	}
}

// TestNoDuplicates: --no-duplicates flags no copy.
func TestNoDuplicates(t *testing.T) {
	dir, _ := dupFiles(t)
	out, _, _ := runCLI(t, "", "validate", "--quiet", "--no-duplicates", dir)
	if strings.Contains(out, "duplicate") || strings.Contains(out, "clusters") {
		t.Errorf("--no-duplicates:\n%s", out)
	}
	out, _, _ = runCLI(t, "", "validate", "--quiet", dir)
	if !strings.Contains(out, "near_duplicate") {
		t.Errorf("no near_duplicate without --no-duplicates:\n%s", out)
	}
}

// TestExportDuplicates: the cluster columns of games.parquet, and
// --dedupe writing the kept copies only.
func TestExportDuplicates(t *testing.T) {
	dir, _ := dupFiles(t)
	rows := func(args ...string) [][3]string {
		out := t.TempDir()
		if _, stderr, code := runCLI(t, "", append([]string{"export", "--quiet", "-o", out}, append(args, dir)...)...); code != 0 {
			t.Fatalf("export %v: exit %d: %s", args, code, stderr)
		}
		tbl := testgames.ReadTable(t, filepath.Join(out, "games.parquet"))
		var got [][3]string
		tr := array.NewTableReader(tbl, -1)
		defer tr.Release()
		for tr.Next() {
			rec := tr.RecordBatch()
			col := func(name string) *array.String {
				return rec.Column(rec.Schema().FieldIndices(name)[0]).(*array.String)
			}
			id, cl, kind, of := col("game_id"), col("cluster_id"), col("duplicate_kind"), col("duplicate_of")
			for i := range int(rec.NumRows()) {
				c := "self"
				if cl.Value(i) != id.Value(i) {
					c = cl.Value(i)
				}
				got = append(got, [3]string{c, kind.Value(i), strings.TrimPrefix(of.Value(i), dir+string(filepath.Separator))})
			}
		}
		return got
	}
	keptID := pipeline.GameID(filepath.Join(dir, "a.pgn"), 0)
	want := [][3]string{{"self", "", ""}, {keptID, "prefix", "a.pgn#1"}, {keptID, "mirror", "a.pgn#1"}, {"self", "", ""}}
	if got := rows(); !slices.Equal(got, want) {
		t.Errorf("games.parquet:\n got %q\nwant %q", got, want)
	}
	if got := rows("--dedupe"); !slices.Equal(got, [][3]string{want[0], want[3]}) {
		t.Errorf("games.parquet with --dedupe:\n got %q", got)
	}
}

// TestDuplicateNamesAcrossScripts: a copy whose players are typed in
// traditional characters names the kept copy's simplified spellings in
// its flag, so users see the script split.
func TestDuplicateNamesAcrossScripts(t *testing.T) {
	dir := t.TempDir()
	for name, g := range map[string]string{
		"a.pgn": pgnGame(76, false, "Event", "全国个人赛", "Red", "胡荣华", "Black", "柳大华", "Result", "1/2-1/2"),
		"b.pgn": pgnGame(76, false, "Red", "胡榮華", "Black", "柳大華"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(g), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, code := runCLI(t, "", "convert", "--quiet", "--workers", "1", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	gs := jsonLines(t, out)
	if len(gs) != 2 {
		t.Fatalf("%d games, want 2", len(gs))
	}
	d := flagDetail(gs[1], flags.Duplicate)
	for _, want := range []string{`name "胡榮華" written "胡荣华"`, `name "柳大華" written "柳大华"`} {
		if !strings.Contains(d, want) {
			t.Errorf("duplicate detail %q lacks %s", d, want)
		}
	}
	if d := flagDetail(gs[0], flags.Duplicate); d != "" {
		t.Errorf("the kept copy is flagged: %s", d)
	}
}
