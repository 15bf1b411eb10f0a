package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/testgames"
)

// TestREADMEParallelRecipe runs README's GNU parallel line with xqtool
// on the PATH (the test binary behind a wrapper script), from a scratch
// directory holding the sample corpus, and checks that the shards
// together export every game once. Without GNU parallel the line's
// jobs are run one by one, as parallel would run them ({} replaced by
// each argument after :::).
func TestREADMEParallelRecipe(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	f, err := os.Open(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var line string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "```") {
			in = !in
		} else if in && strings.HasPrefix(l, "parallel ") {
			line = l
		}
	}
	f.Close()
	if line == "" {
		t.Fatal("no parallel recipe in README.md")
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(root, "sample"), filepath.Join(dir, "sample")); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin")
	os.Mkdir(bin, 0o755)
	wrapper := fmt.Sprintf("#!/bin/sh\n%s=1 exec %q \"$@\"\n", envRunMain, os.Args[0])
	if err := os.WriteFile(filepath.Join(bin, "xqtool"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	run := func(script string) {
		t.Helper()
		cmd := exec.Command(sh, "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
	}
	job, args, ok := strings.Cut(line, " ::: ")
	if !ok {
		t.Fatalf("recipe %q has no ::: arguments", line)
	}
	n := len(strings.Fields(args))
	if _, err := exec.LookPath("parallel"); err == nil {
		run(line)
	} else {
		t.Log("GNU parallel is not installed: running the jobs one by one")
		words := shellWords(strings.TrimPrefix(job, "parallel "))
		script := words[len(words)-1] // the quoted command, after parallel's options
		for _, a := range strings.Fields(args) {
			run(strings.ReplaceAll(script, "{}", a))
		}
	}
	total := summaryCount(t, mustRun(t, "validate", "--quiet", filepath.Join(root, "sample")), "games")
	games := 0
	for i := range n {
		shard := filepath.Join(dir, "out", "shards", fmt.Sprintf("shard=%d-of-%d", i, n))
		rows := testgames.Columns(t, filepath.Join(shard, "games.parquet"), "game_id")
		games += len(rows)
	}
	if games != total {
		t.Errorf("the %d shards hold %d games, a single run reads %d", n, games, total)
	}
}
