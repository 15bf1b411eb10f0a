package corpus

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		err  bool
	}{
		{in: "0/1", want: Shard{0, 1}},
		{in: "2/3", want: Shard{2, 3}},
		{in: " 1 / 4 ", want: Shard{1, 4}},
		{in: "3/3", err: true},
		{in: "-1/3", err: true},
		{in: "0/0", err: true},
		{in: "1", err: true},
		{in: "a/b", err: true},
		{in: "", err: true},
	} {
		got, err := ParseShard(tc.in)
		if (err != nil) != tc.err || (!tc.err && got != tc.want) {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
		}
		if err != nil && !errors.Is(err, ErrShard) {
			t.Errorf("ParseShard(%q): error %v does not wrap ErrShard", tc.in, err)
		}
	}
}

func TestShardFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name  string
		env   map[string]string
		count int
		want  Shard
		err   bool
	}{
		{"kubernetes", map[string]string{EnvJobIndex: "2"}, 4, Shard{2, 4}, false},
		{"kubernetes without count", map[string]string{EnvJobIndex: "2"}, 0, Shard{}, true},
		{"kubernetes index too large", map[string]string{EnvJobIndex: "4"}, 4, Shard{}, true},
		{"slurm", map[string]string{EnvSlurmID: "1", EnvSlurmCount: "3"}, 0, Shard{1, 3}, false},
		{"slurm from 1", map[string]string{EnvSlurmID: "3", EnvSlurmCount: "3", EnvSlurmMin: "1"}, 0, Shard{2, 3}, false},
		{"slurm count agrees", map[string]string{EnvSlurmID: "0", EnvSlurmCount: "3"}, 3, Shard{0, 3}, false},
		{"slurm count disagrees", map[string]string{EnvSlurmID: "0", EnvSlurmCount: "3"}, 4, Shard{}, true},
		{"kubernetes first", map[string]string{EnvJobIndex: "1", EnvSlurmID: "0", EnvSlurmCount: "3"}, 2, Shard{1, 2}, false},
		{"nothing set", map[string]string{}, 3, Shard{}, true},
		{"garbage", map[string]string{EnvSlurmID: "x", EnvSlurmCount: "3"}, 0, Shard{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ShardFromEnv(func(k string) string { return tc.env[k] }, tc.count)
			if (err != nil) != tc.err || got != tc.want {
				t.Errorf("got %v, %v; want %v, error %v", got, err, tc.want, tc.err)
			}
			if err != nil && !errors.Is(err, ErrShard) {
				t.Errorf("error %v does not wrap ErrShard", err)
			}
		})
	}
}

// TestShardKeyHashStable pins the hash: shards of one job may run
// different builds of xqtool, and must still split the files alike.
func TestShardKeyHashStable(t *testing.T) {
	if got := ShardKeyHash(0, "a/b.pgn"); got != 0x23b783c441391bd0 {
		t.Errorf("ShardKeyHash(0, a/b.pgn) = %#x; the documented hash changed", got)
	}
	if ShardKeyHash(0, "a") == ShardKeyHash(1, "a") {
		t.Error("the argument position does not change the key")
	}
}

// walkShard returns what a walk of paths in shard s yields: games as
// source#index and problems, and the files it counted.
func walkShard(t *testing.T, s Shard, paths ...string) (items []string, files int) {
	t.Helper()
	w := &Walker{Shard: s, Raw: true}
	var num Numberer
	err := w.Walk(context.Background(), paths, func(it Item) error {
		if it.File != nil {
			items = append(items, "problem "+filepath.ToSlash(it.File.Error()))
			return nil
		}
		it.Load()
		if it.Rec == nil {
			return nil
		}
		num.Number(it.Rec, it.FileIndex)
		items = append(items, fmt.Sprintf("%s#%d", filepath.ToSlash(it.Rec.Source), it.Rec.Index))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return items, w.Files()
}

// checkPartition checks that the shards of n split what a single walk
// yields: each item in exactly one shard, in the single walk's order.
func checkPartition(t *testing.T, n int, paths ...string) {
	t.Helper()
	all, allFiles := walkShard(t, Shard{}, paths...)
	var union []string
	files := 0
	nonEmpty := 0
	for i := range n {
		part, f := walkShard(t, Shard{i, n}, paths...)
		for _, it := range part {
			if !slices.Contains(all, it) {
				t.Errorf("shard %d/%d: %q is not in the single walk", i, n, it)
			}
		}
		if len(part) > 0 {
			nonEmpty++
		}
		union = append(union, part...)
		files += f
	}
	slices.Sort(union)
	sorted := slices.Sorted(slices.Values(all))
	if !slices.Equal(union, sorted) {
		t.Errorf("%d shards: %d items, single walk %d (or not the same ones)", n, len(union), len(all))
	}
	if files != allFiles {
		t.Errorf("%d shards counted %d files, the single walk %d", n, files, allFiles)
	}
	if n > 1 && len(all) >= 4*n && nonEmpty < 2 {
		t.Errorf("%d shards: only %d have items", n, nonEmpty)
	}
}

func TestShardPartitionsFiles(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		sub := filepath.Join(dir, fmt.Sprintf("d%d", i%3))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("g%02d.pgn", i)), []byte(pgnN(1+i%3)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "junk.bin"), []byte{0, 1, 2, 0xff}, 0o644); err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for i := range 12 {
		f, _ := zw.Create(fmt.Sprintf("m/%02d.pgn", i))
		f.Write([]byte(pgnN(2)))
	}
	f, _ := zw.Create("../evil.pgn")
	f.Write([]byte(pgnN(1)))
	zw.Close()
	if err := os.WriteFile(filepath.Join(dir, "big.zip"), zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.zip"), []byte("PK not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	single := filepath.Join(dir, "d0", "g00.pgn")
	for _, n := range []int{1, 2, 3, 7} {
		checkPartition(t, n, dir, single, filepath.Join(dir, "d1", "*.pgn"))
	}

	// A shard takes the same files whatever the argument's spelling.
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, dir)
	if err != nil {
		t.Skip(err)
	}
	for i := range 3 {
		a, _ := walkShard(t, Shard{i, 3}, dir)
		b, _ := walkShard(t, Shard{i, 3}, rel+string(filepath.Separator))
		if len(a) != len(b) {
			t.Errorf("shard %d/3: %d items from %s, %d from %s", i, len(a), dir, len(b), rel)
		}
		for j := range min(len(a), len(b)) {
			if !strings.HasSuffix(a[j], strings.TrimPrefix(b[j], "problem ")[len(filepath.ToSlash(rel)):]) {
				t.Errorf("shard %d/3: item %d is %q from %s, %q from %s", i, j, a[j], dir, b[j], rel)
				break
			}
		}
	}
}

func TestShardPartitionsRealRecords(t *testing.T) {
	dir := shareddata.Dir(t, "records")
	checkPartition(t, 3, dir)
}
