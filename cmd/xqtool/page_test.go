package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestPageHeadingsOnce: no heading of the sample's report page is written
// twice (the table of flagged games and their diagrams had the same one).
func TestPageHeadingsOnce(t *testing.T) {
	page := filepath.Join(t.TempDir(), "report.html")
	if _, errs, code := runCLI(t, "", "validate", "--quiet", "--with-moves", "--html", page, sampleDir(t)); code > 1 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`<h[1-3][^>]*>([^<]*)</h[1-3]>`).FindAllSubmatch(b, -1) {
		h := string(m[1])
		if seen[h] {
			t.Errorf("heading %q twice", h)
		}
		seen[h] = true
	}
	if len(seen) < 3 {
		t.Errorf("headings %v", seen)
	}
}
