package report

import (
	"errors"
	"testing"
)

func TestParseList(t *testing.T) {
	for _, c := range []struct {
		kind     string
		max      int
		warnings bool
		wantMax  int
		on       bool
		err      error
	}{
		{"errors", 20, false, 20, true, nil},
		{"warnings", 5, true, 5, true, nil},
		{"all", 20, true, 0, true, nil},
		{"none", 20, false, 20, false, nil},
		{"every", 20, false, 0, false, ErrListKind},
		{"", 20, false, 0, false, ErrListKind},
		{"errors", -1, false, 0, false, ErrListMax},
	} {
		opt, on, err := ParseList(c.kind, c.max)
		if !errors.Is(err, c.err) || (err == nil) != (c.err == nil) {
			t.Errorf("ParseList(%q, %d): error %v, want %v", c.kind, c.max, err, c.err)
			continue
		}
		if err != nil {
			continue
		}
		if opt.Warnings != c.warnings || opt.Max != c.wantMax || on != c.on || opt.More != "--list all" {
			t.Errorf("ParseList(%q, %d) = %+v, %v; want warnings %v, max %d, on %v", c.kind, c.max, opt, on, c.warnings, c.wantMax, c.on)
		}
	}
}
