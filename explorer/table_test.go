package explorer

import (
	"strings"
	"testing"
)

// TestWriteRightAligned: cells of Chinese moves and of ASCII end in the
// same terminal column on every line (a Chinese character takes two).
func TestWriteRightAligned(t *testing.T) {
	rows := [][]string{
		{"", "move", "iccs", "years"},
		{"1", "炮二平五", "h2e2", "2024"},
		{"2", "车９平８", "i9h9", "1990–2001"},
		{"10", "C2.5", "a0a1", "–"},
	}
	var sb strings.Builder
	writeRightAligned(&sb, rows, 2)
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != len(rows) {
		t.Fatalf("%d lines", len(lines))
	}
	for col := range rows[0] {
		end := -1
		for i, l := range lines {
			// The end column of cell col: the width of the line up to
			// and including it.
			cells := rows[i][:col+1]
			last := cells[len(cells)-1]
			if last == "" {
				continue
			}
			at := 0
			for _, c := range cells[:col] {
				at = strings.Index(l[at:], c) + at + len(c)
			}
			at = strings.Index(l[at:], last) + at + len(last)
			if w := displayWidth(l[:at]); end < 0 {
				end = w
			} else if w != end {
				t.Errorf("column %d ends at %d on line %d, %d above:\n%s", col, w, i, end, sb.String())
			}
		}
	}
	if displayWidth("炮二平五") != 8 || displayWidth("h2e2") != 4 || displayWidth("９") != 2 || displayWidth("–") != 1 {
		t.Error("displayWidth")
	}
}
