package fakeengine

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// EnvRequireEngine makes a missing real engine a test failure instead of a
// skip: .ci/run installs Fairy-Stockfish and sets it.
const EnvRequireEngine = "XQTOOL_REQUIRE_ENGINE"

// FairyStockfish returns the command that runs the real Fairy-Stockfish
// (the npm package fairy-stockfish-nnue.wasm under Node.js, installed with
// "npm ci --prefix engine/testdata/node"), or skips tb when node or the
// package is missing (fails it when EnvRequireEngine is set).
func FairyStockfish(tb testing.TB) []string {
	tb.Helper()
	skip := tb.Skip
	if os.Getenv(EnvRequireEngine) != "" {
		skip = tb.Fatal
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skip("node not found: the Fairy-Stockfish tests need Node.js and npm ci --prefix engine/testdata/node")
	}
	uci := filepath.Join(moduleRoot(), "engine", "testdata", "node", "node_modules", "fairy-stockfish-nnue.wasm", "uci.js")
	if _, err := os.Stat(uci); err != nil {
		skip("Fairy-Stockfish not installed: run npm ci --prefix engine/testdata/node")
	}
	return []string{node, "--no-experimental-fetch", uci}
}

// moduleRoot returns the directory of go.mod above the working directory.
func moduleRoot() string {
	wd, _ := os.Getwd()
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return wd
		}
		dir = up
	}
}
