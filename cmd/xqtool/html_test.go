package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

// withoutInputs drops the page's inputs line (the one thing a page
// rendered from a saved report says differently).
func withoutInputs(page []byte) []byte {
	var out [][]byte
	for _, l := range bytes.Split(page, []byte("\n")) {
		if !bytes.HasPrefix(l, []byte("<tr><th>inputs</th>")) {
			out = append(out, l)
		}
	}
	return bytes.Join(out, []byte("\n"))
}

// TestHTMLSamePage checks that validate --html gives the same page for
// any --workers, that export and convert give it too, and that report
// --html renders the same page from the saved --report file.
func TestHTMLSamePage(t *testing.T) {
	dirs := map[string]string{"sample": filepath.Join("..", "..", "sample")}
	if p := shareddata.Path("records"); testing.Short() {
		t.Log("-short: the sample corpus only")
	} else if _, err := os.Stat(p); err == nil {
		dirs["records"] = p
	}
	for name, in := range dirs {
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			read := func(f string) []byte {
				b, err := os.ReadFile(filepath.Join(tmp, f))
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			for _, w := range []string{"1", "2"} {
				_, errs, code := runCLI(t, "", "validate", "--quiet", "--workers", w, "--with-moves",
					"--report", filepath.Join(tmp, "r"+w+".jsonl"), "--html", filepath.Join(tmp, "v"+w+".html"), in)
				if code > 1 {
					t.Fatalf("validate --workers %s: exit %d: %s", w, code, errs)
				}
			}
			page := read("v1.html")
			if !bytes.Equal(page, read("v2.html")) {
				t.Error("the page differs between --workers 1 and 2")
			}
			if !bytes.Contains(page, []byte(`<section class="game"`)) {
				t.Error("no game drawn")
			}
			_, errs, code := runCLI(t, "", "report", "--html", filepath.Join(tmp, "rep.html"), filepath.Join(tmp, "r2.jsonl"))
			if code != 0 {
				t.Fatalf("report: exit %d: %s", code, errs)
			}
			if !bytes.Equal(withoutInputs(page), withoutInputs(read("rep.html"))) {
				t.Error("report --html renders another page than validate --html")
			}
			if name != "sample" {
				return
			}
			_, errs, code = runCLI(t, "", "convert", "--quiet", "-o", filepath.Join(tmp, "c.jsonl"), "--html", filepath.Join(tmp, "c.html"), in)
			if code > 1 {
				t.Fatalf("convert: exit %d: %s", code, errs)
			}
			// Without the tournament checks, which export runs and validate
			// does not (their flags would be on the page).
			_, errs, code = runCLI(t, "", "export", "--quiet", "--no-events", "-o", filepath.Join(tmp, "out"), "--html", filepath.Join(tmp, "e.html"), in)
			if code > 1 {
				t.Fatalf("export: exit %d: %s", code, errs)
			}
			for _, f := range []string{"c.html", "e.html"} {
				if !bytes.Equal(page, read(f)) {
					t.Errorf("%s differs from validate's page", f)
				}
			}
		})
	}
}

func TestReportCommandErrors(t *testing.T) {
	tmp := t.TempDir()
	bad := filepath.Join(tmp, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"source\":\"a\",\"status\":\"ok\"}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(tmp, "p.html")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", bad}, "--html FILE is required"},
		{[]string{"report", "--html", page, bad}, "bad.jsonl: line 2"},
		{[]string{"report", "--html", page, filepath.Join(tmp, "missing.jsonl")}, "missing.jsonl"},
		{[]string{"report", "--html", page, "--html-limit", "-1", bad}, "--html-limit"},
	} {
		_, errs, code := runCLI(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	if _, err := os.Stat(page); !os.IsNotExist(err) {
		t.Error("a failed report left a page behind")
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 1 {
		t.Errorf("temporary files left: %v", ents)
	}
}
