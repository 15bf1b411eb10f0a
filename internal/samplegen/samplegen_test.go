package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestSampleIsUpToDate checks that the committed sample corpus is exactly
// what the generator writes (regenerate with go run ./internal/samplegen
// -o sample).
func TestSampleIsUpToDate(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "sample")
	seen := map[string]bool{}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if rel == "README.md" {
			return nil
		}
		seen[rel] = true
		want, ok := files[rel]
		if !ok {
			t.Errorf("sample/%s is not made by the generator", rel)
			return nil
		}
		got, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, want) {
			t.Errorf("sample/%s differs from the generator's output; run go run ./internal/samplegen -o sample", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name := range files {
		if !seen[name] {
			t.Errorf("sample/%s is missing; run go run ./internal/samplegen -o sample", name)
		}
	}
}
