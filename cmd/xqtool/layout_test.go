package main

import (
	"go/build"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// layers are the packages of the module by layer, lowest first (README,
// Layout): a package may import only packages of lower layers.
var layers = [][]string{
	{"internal/hashid", "internal/spill"},
	{"board", "flags", "tagnorm", "internal/output", "internal/cputime", "internal/shareddata", "internal/golden", "internal/browsertest", "internal/table", "internal/parquetw"},
	{"notation", "svgboard", "engine", "internal/fakeengine", "internal/randgame", "training/nnue"},
	{"parse"},
	{"replay", "corpus", "opening"},
	{"analyze", "dedupe"},
	{"pipeline", "book"},
	{"tournament"},
	{"report", "dataset", "records", "repair", "players"},
	{"training", "dedupe/duplicates"},
	{"htmlreport", "annotate", "explorer", "training/px0"},
	{"training/positions", "internal/progress"},
	{"internal/cliflags"},
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

// compiledKind names the executable format whose header starts b (ELF,
// Mach-O, a PE/COFF executable), "" for any other content.
func compiledKind(b []byte) string {
	switch {
	case len(b) >= 4 && string(b[:4]) == "\x7fELF":
		return "ELF"
	case len(b) >= 4 && (string(b[:4]) == "\xfe\xed\xfa\xce" || string(b[:4]) == "\xfe\xed\xfa\xcf" ||
		string(b[:4]) == "\xce\xfa\xed\xfe" || string(b[:4]) == "\xcf\xfa\xed\xfe"):
		return "Mach-O"
	case len(b) >= 8 && string(b[:4]) == "\xca\xfe\xba\xbe" && b[4] == 0 && b[5] == 0 && b[6] == 0 && b[7] < 0x20:
		// A universal Mach-O binary (a Java class file shares the
		// magic, with its version, 0x2d or more, in bytes 6-7).
		return "Mach-O"
	case len(b) >= 0x40 && string(b[:2]) == "MZ":
		off := int(b[0x3c]) | int(b[0x3d])<<8 | int(b[0x3e])<<16 | int(b[0x3f])<<24
		if off >= 0 && off+4 <= len(b) && string(b[off:off+4]) == "PE\x00\x00" {
			return "PE"
		}
	}
	return ""
}

// TestNoCompiledBinaries fails when a file tracked by git is a compiled
// program (a binary built at the root and committed by mistake): builds
// go to bin/ or a temporary directory, never into the repository.
func TestNoCompiledBinaries(t *testing.T) {
	pe := make([]byte, 0x84)
	copy(pe, "MZ")
	pe[0x3c] = 0x80
	copy(pe[0x80:], "PE\x00\x00")
	for _, c := range []struct {
		head, want string
	}{
		{"\x7fELF\x02\x01\x01", "ELF"}, {"\xcf\xfa\xed\xfe\x07", "Mach-O"}, {"\xca\xfe\xba\xbe\x00\x00\x00\x02", "Mach-O"},
		{string(pe), "PE"}, {"\xca\xfe\xba\xbe\x00\x00\x00\x34", ""}, {"MZ" + strings.Repeat("x", 80), ""},
		{"\x89PNG\r\n\x1a\n", ""}, {"PK\x03\x04", ""}, {"package main", ""},
	} {
		if got := compiledKind([]byte(c.head)); got != c.want {
			t.Errorf("compiledKind(%q) = %q, want %q", c.head[:min(len(c.head), 8)], got, c.want)
		}
	}
	root := filepath.Join("..", "..")
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	files := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(files) < 100 {
		t.Fatalf("git ls-files lists %d files", len(files))
	}
	head := make([]byte, 4096)
	for _, name := range files {
		f, err := os.Open(filepath.Join(root, name))
		if err != nil {
			continue // deleted in the working tree
		}
		n, _ := io.ReadFull(f, head)
		f.Close()
		if kind := compiledKind(head[:n]); kind != "" {
			t.Errorf("%s is a compiled %s program tracked by git: git rm --cached it (builds go to bin/)", name, kind)
		}
	}
}
