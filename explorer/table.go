package explorer

import (
	"strings"

	"golang.org/x/text/width"
)

// displayWidth is the number of terminal columns s takes: two for an East
// Asian wide or fullwidth character (炮二平五, ８), one for the others.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// writeRightAligned writes rows as a table whose cells are aligned to the
// right by display width (text/tabwriter counts a Chinese character as one
// column, a terminal shows it in two), each cell gap spaces after the one before (or the line's start).
func writeRightAligned(sb *strings.Builder, rows [][]string, gap int) {
	var widths []int
	for _, row := range rows {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(c))
		}
	}
	for _, row := range rows {
		for i, c := range row {
			pad := widths[i] - displayWidth(c) + gap
			sb.WriteString(strings.Repeat(" ", pad))
			sb.WriteString(c)
		}
		sb.WriteString("\n")
	}
}
