package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnnotateEngineNotStarting: an engine that cannot start is exit 2,
// one line, and leaves no -o directory behind (nor the directories above
// it that the run made).
func TestAnnotateEngineNotStarting(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "new", "evals")
	pgn := filepath.Join(sampleDir(t), "engine-iccs.pgn")
	_, errs, code := runCLI(t, "", "annotate", "--quiet", "--engine", filepath.Join(tmp, "no-such-engine"), "--depth", "2", "-o", out, pgn)
	if code != 2 || !strings.Contains(errs, "no-such-engine") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(tmp, "new")); !os.IsNotExist(err) {
		t.Errorf("the failed run left its output directory: %v", err)
	}
}
