package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
	"github.com/xqtool/xqtool/report"
)

// TestRepairCommands: validate asks about the sample's slip, --repair
// undoes it in validate, convert and export.
func TestRepairCommands(t *testing.T) {
	slip := filepath.Join(sampleDir(t), "broken", "slip.pgn")
	// Exit 1 for the illegal move (an error), 0 once repaired (a warning).
	flagsOf := func(wantCode int, args ...string) []flags.Flag {
		out, stderr, code := runCLI(t, "", append([]string{"validate", "--quiet", "--report", "-"}, append(args, slip)...)...)
		if code != wantCode {
			t.Fatalf("validate %v: exit %d, want %d: %s", args, code, wantCode, stderr)
		}
		var g report.Game
		if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &g); err != nil {
			t.Fatal(err)
		}
		return g.Flags
	}
	fs := flagsOf(1)
	if len(fs) != 1 || fs[0].Code != flags.IllegalMove || !strings.HasSuffix(fs[0].Detail, "; did you mean 马二进三 (三/四)?") {
		t.Errorf("validate: flags %v", fs)
	}
	fs = flagsOf(0, "--repair")
	if len(fs) != 1 || fs[0].Code != flags.Repaired || fs[0].Ply != 3 || fs[0].Side != "red" {
		t.Errorf("validate --repair: flags %v", fs)
	}

	pgn := filepath.Join(t.TempDir(), "fixed.pgn")
	if _, stderr, code := runCLI(t, "", "convert", "--quiet", "--repair", "--to", "pgn", "-o", pgn, slip); code != 0 {
		t.Fatalf("convert --repair: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "马二进三 {xqtool repair: written 马二进四 (number 三/四)}") {
		t.Errorf("converted PGN:\n%s", data)
	}
	rec, err := parse.NewPGNReader(bytes.NewReader(data), pgn).Next()
	if err != nil {
		t.Fatal(err)
	}
	if g := replay.Replay(rec, replay.Options{}); g.Fail != nil || len(g.Plies) != 12 {
		t.Errorf("the converted game: fail %v, %d plies", g.Fail, len(g.Plies))
	}

	out := t.TempDir()
	if _, stderr, code := runCLI(t, "", "export", "--quiet", "--repair", "-o", out, slip); code != 0 {
		t.Fatalf("export --repair: exit %d: %s", code, stderr)
	}
	tbl := testgames.ReadTable(t, filepath.Join(out, "games.parquet"))
	tr := array.NewTableReader(tbl, -1)
	defer tr.Release()
	for tr.Next() {
		b := tr.RecordBatch()
		repairs := b.Column(b.Schema().FieldIndices("repairs")[0]).(*array.Int32)
		plies := b.Column(b.Schema().FieldIndices("ply_count")[0]).(*array.Int32)
		if repairs.Value(0) != 1 || plies.Value(0) != 12 {
			t.Errorf("games.parquet: repairs %d, ply_count %d", repairs.Value(0), plies.Value(0))
		}
	}
}
