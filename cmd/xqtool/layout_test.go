package main

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// layers are the packages of the module by layer, lowest first (README,
// Layout): a package may import only packages of lower layers.
var layers = [][]string{
	{"internal/hashid"},
	{"board", "flags", "tagnorm", "internal/output", "internal/cputime", "internal/shareddata", "internal/browsertest", "internal/table"},
	{"notation", "svgboard", "engine", "internal/fakeengine", "training/nnue"},
	{"parse"},
	{"replay", "corpus", "opening"},
	{"analyze", "dedupe"},
	{"pipeline", "book"},
	{"training", "tournament"},
	{"report", "dataset", "records", "repair", "players", "training/px0"},
	{"htmlreport", "annotate", "explorer"},
	{"training/positions"},
	{"cmd/xqtool", "internal/samplegen", "internal/testgames", "internal/fontgen", "internal/screenshot", "internal/e2e", "internal/datadict"},
}

// TestImportLayers checks that imports flow one way, downward, and that
// every package of the module has its layer.
func TestImportLayers(t *testing.T) {
	const module = "github.com/xqtool/xqtool/"
	layer := map[string]int{}
	for i, ps := range layers {
		for _, p := range ps {
			layer[p] = i
		}
	}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		l, ok := layer[rel]
		if !ok {
			t.Errorf("package %s has no layer in the test (add it, and to README's Layout)", rel)
			return nil
		}
		for _, imp := range pkg.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if dl, ok := layer[dep]; !ok || dl >= l {
				t.Errorf("%s (layer %d) imports %s (layer %d)", rel, l, dep, dl)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
