package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/fakeengine"
	"github.com/xqtool/xqtool/training/px0"
)

// exportRun runs export over records and fails the test on an error.
func exportRun(t *testing.T, records string, args ...string) {
	t.Helper()
	args = append([]string{"export", "--quiet"}, args...)
	if _, stderr, code := runCLI(t, "", append(args, records)...); code != 0 && code != 1 {
		t.Fatalf("%v: exit %d\n%s", args, code, stderr)
	}
}

// fileBytes reads the files matching pattern, in name order, as one.
func fileBytes(t *testing.T, pattern string) []byte {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) == 0 {
		t.Fatalf("%s: %v %v", pattern, paths, err)
	}
	var all []byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

// plainBlocks splits .plain text into its position blocks (each ends with
// "e"), sorted.
func plainBlocks(b []byte) []string {
	blocks := strings.SplitAfter(string(b), "e\n")
	blocks = slices.DeleteFunc(blocks, func(s string) bool { return s == "" })
	slices.Sort(blocks)
	return blocks
}

// binRecords splits .bin bytes into 72-byte records, sorted.
func binRecords(t *testing.T, b []byte) []string {
	t.Helper()
	if len(b)%72 != 0 {
		t.Fatalf("%d bytes: not 72-byte records", len(b))
	}
	var out []string
	for i := 0; i < len(b); i += 72 {
		out = append(out, string(b[i:i+72]))
	}
	slices.Sort(out)
	return out
}

// px0Records reads the chunks in dir: the SHA-256 of each record, sorted,
// and the chunk file names.
func px0Records(t *testing.T, dir string) ([]string, []string) {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(dir, "*.gz"))
	var sums, names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(z)
		f.Close()
		if err != nil || len(b)%px0.RecordSize != 0 {
			t.Fatalf("%s: %d bytes, %v", p, len(b), err)
		}
		for i := 0; i < len(b); i += px0.RecordSize {
			sums = append(sums, fmt.Sprintf("%x", sha256.Sum256(b[i:i+px0.RecordSize])))
		}
	}
	slices.Sort(sums)
	return sums, names
}

// TestExportPositionShards exports real records as training positions in
// three shards of the files (--shard I/3): the shards' .plain and .bin files
// concatenate into the records of a single run (as sets: the order is the
// shards'), and their px0 chunks, named after the shard, gather into one
// directory without a clash, holding a single run's records. Evaluations
// join by position_key alone: the tables of an annotate run that shared
// out its positions (--by position) score exactly as a single run's table.
func TestExportPositionShards(t *testing.T) {
	records := filepath.Join(recordsDir(t), "hbsxcjp__cchess_c") // 66 files
	dir := t.TempDir()
	single, evals := filepath.Join(dir, "single"), filepath.Join(dir, "evals")
	if _, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{}), "--depth", "2", "-o", evals, records); code != 0 {
		t.Fatalf("annotate: exit %d\n%s", code, errs)
	}
	byPosition := filepath.Join(dir, "evals-by-position")
	for i := range 3 {
		if _, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", fakeEngine(fakeengine.Spec{}), "--depth", "2",
			"--shard", fmt.Sprintf("%d/3", i), "--by", "position", "-o", byPosition, records); code != 0 {
			t.Fatalf("annotate shard %d: exit %d\n%s", i, code, errs)
		}
	}
	common := []string{"--with-copies", "--split", "1,0,0"}
	for _, format := range []string{"plain", "nnue-bin", "px0"} {
		exportRun(t, records, append(common, "--format", format, "--evals", evals, "-o", filepath.Join(single, format))...)
		for i := range 3 {
			exportRun(t, records, append(common, "--format", format, "--evals", evals, "--shard", fmt.Sprintf("%d/3", i), "-o", filepath.Join(dir, "shards", format))...)
		}
	}
	one := plainBlocks(fileBytes(t, filepath.Join(single, "plain", "train.plain")))
	cat := plainBlocks(fileBytes(t, filepath.Join(dir, "shards", "plain", "shard=*", "train.plain")))
	if len(one) == 0 || !slices.Equal(one, cat) {
		t.Fatalf(".plain: %d blocks in a single run, %d in the shards' files together", len(one), len(cat))
	}
	oneBin := binRecords(t, fileBytes(t, filepath.Join(single, "nnue-bin", "train.bin")))
	catBin := binRecords(t, fileBytes(t, filepath.Join(dir, "shards", "nnue-bin", "shard=*", "train.bin")))
	if len(oneBin) != len(one) || !slices.Equal(oneBin, catBin) {
		t.Fatalf(".bin: %d records in a single run, %d in the shards' files together", len(oneBin), len(catBin))
	}
	gathered := filepath.Join(dir, "gathered")
	if err := os.MkdirAll(gathered, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		paths, _ := filepath.Glob(filepath.Join(dir, "shards", "px0", fmt.Sprintf("shard=%d-of-3", i), "train", "*.gz"))
		for _, p := range paths {
			to := filepath.Join(gathered, filepath.Base(p))
			if _, err := os.Stat(to); err == nil {
				t.Fatalf("%s: two shards' chunks of one name", filepath.Base(p))
			}
			if err := os.Rename(p, to); err != nil {
				t.Fatal(err)
			}
		}
	}
	onePX, _ := px0Records(t, filepath.Join(single, "px0", "train"))
	catPX, names := px0Records(t, gathered)
	if len(onePX) != len(one) || !slices.Equal(onePX, catPX) {
		t.Fatalf("px0: %d records in a single run, %d in the shards' chunks %v", len(onePX), len(catPX), names)
	}
	for _, n := range names {
		if ok, _ := filepath.Match("chunk-[012]-of-3-[0-9][0-9][0-9][0-9][0-9][0-9].gz", n); !ok {
			t.Errorf("chunk %s: not named after its shard", n)
		}
	}
	if len(names) < 3 {
		t.Errorf("chunks %v: a shard without positions shows nothing", names)
	}

	exportRun(t, records, append(common, "--format", "plain", "--evals", byPosition, "-o", filepath.Join(dir, "plain-by-position"))...)
	a := fileBytes(t, filepath.Join(single, "plain", "train.plain"))
	b := fileBytes(t, filepath.Join(dir, "plain-by-position", "train.plain"))
	if !bytes.Equal(a, b) {
		t.Fatalf("scored from the position shards' tables: %d bytes, from a single run's %d", len(b), len(a))
	}
	t.Logf("%d positions; %d px0 chunks of the shards gathered", len(one), len(names))
}
