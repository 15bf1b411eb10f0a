package main

import (
	"bytes"
	"context"
	"fmt"
	"hash/maphash"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/internal/testgames"
	"github.com/xqtool/xqtool/players"
)

// envRunMain makes the test binary run as xqtool (see init): the shard
// tests start it as separate processes, as a cluster would start xqtool.
const envRunMain = "XQTOOL_TEST_RUN_MAIN"

func init() {
	if os.Getenv(envRunMain) == "1" {
		os.Exit(run(os.Args[1:]))
	}
}

// runProcess runs the test binary as xqtool with args in a process of
// its own and returns its output and exit code.
func runProcess(t *testing.T, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), envRunMain+"=1"), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return string(out), ee.ExitCode()
		}
		t.Fatal(err)
	}
	return string(out), 0
}

// dupColumns are the columns of games.parquet, and dupCodes the flag
// codes, that depend on which other games a run sees: a sharded run finds
// only the duplicates within each shard (xqtool dedupe finds the rest),
// and resolves players from the names of its shard (red_id and black_id:
// a place recognised in an event, a romanized name read through the Han
// names of the corpus; see package players and TestExportShardsPlayers),
// and status, the game's final state, which those late flags can make
// worse (the flags themselves, with their severities, are compared in
// flags.parquet but for those codes).
var (
	dupColumns = map[string]bool{"cluster_id": true, "duplicate_kind": true, "duplicate_of": true, "red_id": true, "black_id": true, "status": true}
	// The tournament checks read whole events too, which a shard holds
	// part of (event_id depends on the event alone: it is compared).
	dupCodes = map[string]bool{"duplicate": true, "near_duplicate": true,
		"pairing_conflict": true, "repeated_pairing": true, "result_conflict": true, "date_outside_event": true, "name_variants": true}
)

var rowSeed = maphash.MakeSeed()

// rowMultiset reads the rows of the Parquet files and counts them, each
// as the hash of its cells (duplicate columns and flags left out).
func rowMultiset(t *testing.T, files []string) map[uint64]int {
	t.Helper()
	rows := map[uint64]int{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), parquet.NewReaderProperties(memory.DefaultAllocator),
			pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		names := make([]string, tbl.NumCols())
		for i := range names {
			names[i] = tbl.Schema().Field(i).Name
		}
		tr := array.NewTableReader(tbl, 0)
		var b strings.Builder
		for tr.Next() {
			rec := tr.RecordBatch()
		row:
			for i := range int(rec.NumRows()) {
				b.Reset()
				for c, col := range rec.Columns() {
					switch {
					case dupColumns[names[c]]:
						continue
					case names[c] == "code" && dupCodes[col.ValueStr(i)]:
						continue row // a flags row of a duplicate
					case names[c] == "flag_codes":
						b.WriteString(withoutDupCodes(col.(*array.List), i))
					default:
						b.WriteString(col.ValueStr(i))
					}
					b.WriteByte(0)
				}
				rows[maphash.String(rowSeed, b.String())]++
			}
		}
		tr.Release()
		tbl.Release()
	}
	return rows
}

// withoutDupCodes renders the codes of list row i but the duplicate ones.
func withoutDupCodes(l *array.List, i int) string {
	if l.IsNull(i) {
		return "null"
	}
	start, end := l.ValueOffsets(i)
	vals := l.ListValues().(*array.String)
	var codes []string
	for j := start; j < end; j++ {
		if c := vals.Value(int(j)); !dupCodes[c] {
			codes = append(codes, c)
		}
	}
	return strings.Join(codes, ",")
}

// TestExportShardsEqualSingleRun exports the real records as one run and
// as three shards (three processes), and checks that the shards together
// hold exactly the single run's rows of games, positions and flags, but
// the duplicate columns and flags, with every file in one shard.
func TestExportShardsEqualSingleRun(t *testing.T) {
	if testing.Short() {
		t.Skip("exports the real records four times")
	}
	dir := recordsDir(t)
	want := testgames.ExpectedGames(t, dir)
	out := t.TempDir()
	single := filepath.Join(out, "single")
	sharded := filepath.Join(out, "sharded")
	if o, code := runProcess(t, nil, "export", "--quiet", "--workers", "1", "-o", single, dir); code > 1 {
		t.Fatalf("single export: exit %d\n%s", code, o)
	}
	var wg sync.WaitGroup
	outs := make([]string, 3)
	codes := make([]int, 3)
	for i := range 3 {
		wg.Go(func() {
			// Shard 1 takes its shard from the environment, as a Slurm
			// array task would.
			args := []string{"export", "--quiet", "--workers", "1", "--shard", fmt.Sprintf("%d/3", i), "-o", sharded, dir}
			var env []string
			if i == 1 {
				args = []string{"export", "--quiet", "--workers", "1", "--shard-from-env", "-o", sharded, dir}
				env = []string{"SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=3"}
			}
			outs[i], codes[i] = runProcess(t, env, args...)
		})
	}
	wg.Wait()
	games := 0
	for i := range 3 {
		if codes[i] > 1 {
			t.Fatalf("shard %d/3: exit %d\n%s", i, codes[i], outs[i])
		}
		games += summaryCount(t, outs[i], "games")
	}
	if games != want {
		t.Errorf("the shards read %d games, expected.jsonl lists %d", games, want)
	}
	shards, _ := filepath.Glob(filepath.Join(sharded, "shard=*-of-3"))
	if len(shards) != 3 {
		t.Fatalf("shard directories: %q", shards)
	}
	for _, name := range []string{"games", "positions", "flags"} {
		a := rowMultiset(t, []string{filepath.Join(single, name+".parquet")})
		files, _ := filepath.Glob(filepath.Join(sharded, "shard=*", name+".parquet"))
		b := rowMultiset(t, files)
		n := 0
		for _, c := range a {
			n += c
		}
		if !maps.Equal(a, b) {
			t.Errorf("%s: the 3 shards' rows differ from the single run's (%d distinct rows, %d in the shards)", name, len(a), len(b))
		}
		if name == "games" && n != want {
			t.Errorf("games: %d rows, want %d", n, want)
		}
		t.Logf("%s: %d rows, the same in the single run and the 3 shards", name, n)
	}

	// dedupe over the 3 shard datasets finds the single run's clusters.
	mustRun(t, "dedupe", single)
	mustRun(t, "dedupe", sharded)
	one := readDuplicates(t, filepath.Join(single, "duplicates.parquet"))
	three := readDuplicates(t, filepath.Join(sharded, "duplicates.parquet"))
	if len(one) != want || !maps.Equal(one, three) {
		t.Errorf("dedupe: %d rows of the single run, %d of the 3 shards (or not the same)", len(one), len(three))
	}
	clusters := map[string]int{}
	for _, d := range one {
		clusters[d[0]]++
	}
	multi := 0
	for _, n := range clusters {
		if n > 1 {
			multi++
		}
	}
	if multi == 0 {
		t.Error("dedupe found no cluster in the real records")
	}
	t.Logf("dedupe: %d games, %d clusters of copies, the same from 1 and 3 shards", len(one), multi)

	// The same clusters, kept copies and kinds as the single run's own
	// detection wrote into games.parquet.
	inRun := map[string][3]string{}
	for _, g := range testgames.Columns(t, filepath.Join(single, "games.parquet"), "game_id", "cluster_id", "duplicate_kind", "duplicate_of") {
		inRun[g[0]] = [3]string{g[1], g[2], g[3]}
	}
	if !maps.Equal(one, inRun) {
		diff := 0
		for id, d := range inRun {
			if one[id] != d {
				if diff < 5 {
					t.Errorf("game %s: in-run %q, dedupe %q", id, d, one[id])
				}
				diff++
			}
		}
		t.Errorf("dedupe differs from the in-run detection for %d of %d games", diff, len(inRun))
	}
}

// readDuplicates reads duplicates.parquet: game_id → cluster_id,
// duplicate_kind, duplicate_of.
func readDuplicates(t *testing.T, path string) map[string][3]string {
	t.Helper()
	out := map[string][3]string{}
	for _, r := range testgames.Columns(t, path, "game_id", "cluster_id", "duplicate_kind", "duplicate_of") {
		if _, dup := out[r[0]]; dup {
			t.Fatalf("%s: game %s twice", path, r[0])
		}
		out[r[0]] = [3]string{r[1], r[2], r[3]}
	}
	return out
}

// summaryCount returns the number on the summary line named name.
func summaryCount(t *testing.T, out, name string) int {
	t.Helper()
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) >= 2 && strings.Join(f[:len(f)-1], " ") == name {
			var n int
			fmt.Sscan(f[len(f)-1], &n)
			return n
		}
	}
	t.Fatalf("no %q line in\n%s", name, out)
	return 0
}

func TestShardFlags(t *testing.T) {
	dir := sampleDir(t)
	total := summaryCount(t, mustRun(t, "validate", "--quiet", dir), "games")
	sum := 0
	for i := range 2 {
		sum += summaryCount(t, mustRun(t, "validate", "--quiet", "--shard", fmt.Sprintf("%d/2", i), dir), "games")
	}
	if sum != total {
		t.Errorf("validate: shards 0/2 and 1/2 read %d games, a single run %d", sum, total)
	}
	t.Setenv(cliflags.EnvShard, "1/2")
	one := summaryCount(t, mustRun(t, "validate", "--quiet", dir), "games")
	t.Setenv(cliflags.EnvShard, "")
	if want := summaryCount(t, mustRun(t, "validate", "--quiet", "--shard", "1/2", dir), "games"); one != want {
		t.Errorf("%s=1/2 read %d games, --shard 1/2 %d", cliflags.EnvShard, one, want)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "0")
	k8s := summaryCount(t, mustRun(t, "validate", "--quiet", "--shard-from-env", "--shard-count", "2", dir), "games")
	if k8s != total-one {
		t.Errorf("JOB_COMPLETION_INDEX=0 of 2 read %d games, want %d", k8s, total-one)
	}
	for _, args := range [][]string{
		{"validate", "--shard", "2/2", dir},
		{"validate", "--shard", "x", dir},
		{"validate", "--shard", "0/2", "--shard-from-env", dir},
		{"validate", "--shard-count", "2", dir},
		{"validate", "--shard-from-env", dir}, // JOB_COMPLETION_INDEX without a count
		{"export", "-o", t.TempDir(), "--compression", "gzip", dir},
	} {
		if _, _, code := runCLI(t, "", args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	// export --shard writes under shard=I-of-N, convert --shard writes
	// the shard's games.
	out := t.TempDir()
	mustRun(t, "export", "--quiet", "--shard", "1/2", "--compression", "snappy", "-o", out, dir)
	ents, _ := os.ReadDir(out)
	if len(ents) != 1 || ents[0].Name() != "shard=1-of-2" {
		t.Errorf("export --shard 1/2 wrote %v", slices.Collect(func(yield func(string) bool) {
			for _, e := range ents {
				if !yield(e.Name()) {
					return
				}
			}
		}))
	}
	jsonl := mustRun(t, "convert", "--quiet", "--shard", "1/2", dir)
	if n := strings.Count(jsonl, "\n"); n != one {
		t.Errorf("convert --shard 1/2: %d lines, want %d", n, one)
	}
}

// mustRun runs the command line in-process; exit 0 and 1 (games
// flagged) are fine.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := runCLI(t, "", args...)
	if code > 1 {
		t.Fatalf("%q: exit %d\n%s", args, code, errs)
	}
	return out
}

// TestExportShardsPlayers exports the real records as one run and as two
// shards and compares each game side's player_id: a name whose key is two
// or three Han characters, written without a place before it or the bare
// 大师, is its own key in every run (no rule takes evidence from other
// games for it: a place run into a name makes four characters or more),
// so its id is the same in both; the share of sides that differ is
// reported.
func TestExportShardsPlayers(t *testing.T) {
	if testing.Short() {
		t.Skip("exports the real records three times")
	}
	dir := recordsDir(t)
	out := t.TempDir()
	single := filepath.Join(out, "single")
	if o, code := runProcess(t, nil, "export", "--quiet", "-o", single, dir); code > 1 {
		t.Fatalf("single export: exit %d\n%s", code, o)
	}
	for i := range 2 {
		if o, code := runProcess(t, nil, "export", "--quiet", "--shard", fmt.Sprintf("%d/2", i), "-o", filepath.Join(out, "sharded"), dir); code > 1 {
			t.Fatalf("shard %d/2: exit %d\n%s", i, code, o)
		}
	}
	ids := func(files []string) map[string][2]string {
		m := map[string][2]string{}
		for _, f := range files {
			for _, r := range testgames.Columns(t, f, "game_id", "red", "red_id", "black", "black_id") {
				m[r[0]+"/red"] = [2]string{r[1], r[2]}
				m[r[0]+"/black"] = [2]string{r[3], r[4]}
			}
		}
		return m
	}
	whole := ids([]string{filepath.Join(single, "games.parquet")})
	shardFiles, _ := filepath.Glob(filepath.Join(out, "sharded", "shard=*", "games.parquet"))
	parts := ids(shardFiles)
	if len(parts) != len(whole) {
		t.Fatalf("%d sides in the shards, %d in the single run", len(parts), len(whole))
	}
	differ, plain := 0, 0
	for k, w := range whole {
		p := parts[k]
		if p[1] != w[1] {
			differ++
		}
		f := players.Parse(w[0])
		if n := utf8.RuneCountInString(f.Key); f.Roman || f.Place != "" || f.Bare != "" || n < 2 || n > 3 || !isHan(f.Key) {
			continue
		}
		plain++
		if own := players.PlayerID(f.Key); p[1] != own || w[1] != own {
			t.Errorf("%s %q: %s in the shard, %s in the single run, want %s", k, w[0], p[1], w[1], own)
		}
	}
	if plain == 0 {
		t.Error("no plain Han name checked")
	}
	t.Logf("%d of %d game sides have the single run's player_id in 2 shards (%d differ: names resolved from other games); %d sides of plain Han names checked",
		len(whole)-differ, len(whole), differ, plain)
}

func isHan(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return true
}
