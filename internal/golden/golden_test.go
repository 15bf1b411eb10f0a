package golden

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	for _, tc := range []struct {
		want, got string
		diff      string
	}{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb\n", "a\nc\n", "line 2:\n-b\n+c\n"},
		{"a\n", "a\nb\n", "line 2:\n-\n+b\n"},
	} {
		if d := Diff(tc.want, tc.got); d != tc.diff {
			t.Errorf("Diff(%q, %q) = %q, want %q", tc.want, tc.got, d, tc.diff)
		}
	}
	var want, got []string
	for i := range 30 {
		want = append(want, "x")
		got = append(got, strings.Repeat("y", i))
	}
	d := Diff(strings.Join(want, "\n"), strings.Join(got, "\n"))
	if n := strings.Count(d, "line "); n != 20 || !strings.HasSuffix(d, "(more lines differ)\n") {
		t.Errorf("a long difference lists %d lines:\n%s", n, d)
	}
}

// recorder is a testing.TB that records errors instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, format)
}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "golden.txt")
	r := &recorder{TB: t}
	Check(r, path, []byte("one\n"), true) // writes, then agrees
	if len(r.errors) != 0 {
		t.Fatalf("after -update: %v", r.errors)
	}
	Check(r, path, []byte("one\n"), false)
	if len(r.errors) != 0 {
		t.Fatalf("same bytes: %v", r.errors)
	}
	Check(r, path, []byte("two\n"), false)
	if len(r.errors) != 1 {
		t.Fatalf("other bytes: %d errors, want 1", len(r.errors))
	}
}
