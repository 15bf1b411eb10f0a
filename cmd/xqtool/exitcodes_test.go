package main

import (
	"path/filepath"
	"testing"
)

// TestProducingCommandsExitZero: the commands that produce something exit
// 0 on the sample corpus (whose broken records are on purpose: their
// findings are in the output), 1 with --strict; validate, a check, exits
// 1 as its errors say.
func TestProducingCommandsExitZero(t *testing.T) {
	dir := sampleDir(t)
	tmp := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
	}{
		{"export", []string{"export", "--quiet", "-o", filepath.Join(tmp, "out")}},
		{"convert", []string{"convert", "--quiet", "--to", "xqf", "-o", filepath.Join(tmp, "xqf")}},
		{"explore", []string{"explore", "--quiet", "-o", filepath.Join(tmp, "tree")}},
		{"tournament", []string{"tournament", "--quiet", "-o", filepath.Join(tmp, "events")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, errs, code := runCLI(t, "", append(c.args, dir)...); code != 0 {
				t.Errorf("exit %d, want 0: %s", code, errs)
			}
			if _, errs, code := runCLI(t, "", append(c.args, "--strict", dir)...); code != 1 {
				t.Errorf("--strict: exit %d, want 1: %s", code, errs)
			}
		})
	}
	if _, _, code := runCLI(t, "", "validate", "--quiet", dir); code != 1 {
		t.Errorf("validate: exit %d, want 1", code)
	}
}
