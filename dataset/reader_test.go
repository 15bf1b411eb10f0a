package dataset

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/pipeline"
)

// hyparquetResult is one line printed by testdata/read_parquet.mjs.
type hyparquetResult struct {
	File      string           `json:"file"`
	NumRows   int64            `json:"num_rows"`
	Decoded   int64            `json:"decoded"`
	RowGroups int              `json:"row_groups"`
	Columns   []string         `json:"columns"`
	Rows      []map[string]any `json:"rows"`
}

// readIndependently reads Parquet files with hyparquet (JavaScript, not
// arrow-go) through node, or skips the test when node or the package is
// missing. Install: npm ci --prefix dataset/testdata/node
func readIndependently(t *testing.T, rows int, files ...string) []hyparquetResult {
	t.Helper()
	// .ci/run installs the reader and sets XQTOOL_REQUIRE_PARQUET_READER:
	// there a missing reader is a failure, not a skip.
	skip := t.Skip
	if os.Getenv("XQTOOL_REQUIRE_PARQUET_READER") != "" {
		skip = t.Fatal
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skip("node not found: the independent Parquet reader test needs node and hyparquet (npm ci --prefix dataset/testdata/node)")
	}
	if _, err := os.Stat(filepath.Join("testdata", "node", "node_modules", "hyparquet")); err != nil {
		skip("hyparquet not installed: run npm ci --prefix dataset/testdata/node")
	}
	args := append([]string{filepath.Join("testdata", "read_parquet.mjs"), "--rows=" + itoa(rows)}, files...)
	out, err := exec.Command(node, args...).Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("node read_parquet.mjs: %v\n%s", err, msg)
	}
	var res []hyparquetResult
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r hyparquetResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		res = append(res, r)
	}
	if len(res) != len(files) {
		t.Fatalf("%d results for %d files", len(res), len(files))
	}
	return res
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestIndependentReader(t *testing.T) {
	reps := pgnReports(t, samplePGN)
	if !testing.Short() {
		if _, err := os.Stat(recordsDir); err == nil {
			reps = append(reps, reports(t, realRecords(t, "hbsxcjp__cchess_c"), realRecords(t, "walker8088__cchess"))...)
		}
	}
	dir := t.TempDir()
	// Small row groups: several per file.
	writeDataset(t, dir, reps, WithRowGroupRows(2000))
	var plies, flags int64
	for _, r := range reps {
		if r.Game != nil && r.Game.HasStart {
			plies += int64(len(r.Game.Plies))
		}
		flags += int64(len(r.Flags))
	}
	res := readIndependently(t, 2,
		filepath.Join(dir, "games.parquet"), filepath.Join(dir, "positions.parquet"), filepath.Join(dir, "flags.parquet"))
	want := []int64{int64(len(reps)), plies, flags}
	schemas := []int{GamesSchema.NumFields(), PositionsSchema.NumFields(), FlagsSchema.NumFields()}
	for i, r := range res {
		if r.NumRows != want[i] || r.Decoded != want[i] || len(r.Columns) != schemas[i] {
			t.Errorf("%s: %d rows in footer, %d decoded, %d columns; want %d rows, %d columns",
				filepath.Base(r.File), r.NumRows, r.Decoded, len(r.Columns), want[i], schemas[i])
		}
	}
	t.Logf("hyparquet read %d games, %d positions, %d flags (%d positions row groups)", want[0], want[1], want[2], res[1].RowGroups)

	g := res[0].Rows[0]
	moves, _ := g["moves_iccs"].([]any)
	other, _ := g["other_tags"].(map[string]any)
	if g["game_id"] != pipeline.GameID("test.pgn", 0) || g["event"] != "Test Cup" || g["year"] != 1999.0 ||
		g["date_parsed"] != "1999-05-02" || g["red_elo"] != 2400.0 || g["black_elo"] != nil ||
		len(moves) != 6 || moves[0] != "h2e2" || other["Annotator"] != "someone" || g["result_declared"] != "1-0" {
		t.Errorf("games row 1 as read by hyparquet: %v", g)
	}
	p := res[1].Rows[1]
	if p["fen"] != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1" || p["side"] != "black" ||
		p["move_iccs"] != "h9g7" || p["move_wxf"] != "H8+7" || p["move_chinese"] != "马８进７" || p["capture"] != nil ||
		p["gives_check"] != false || p["result_stm"] != -1.0 || p["plies_to_end"] != 5.0 || p["ply"] != 1.0 {
		t.Errorf("positions row 2 as read by hyparquet: %v", p)
	}
	f := res[2].Rows[0]
	if f["game_id"] != pipeline.GameID("test.pgn", 0) || f["code"] == nil || f["severity"] == nil {
		t.Errorf("flags row 1 as read by hyparquet: %v", f)
	}
}
