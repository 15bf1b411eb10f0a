package explorer

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteTable writes the book as a table, the way an opening book query
// shows a position: a line on the position, then a row per move (most
// played first) with its games, its share of the position's games, the
// results in percent of the games with a known result (Red wins, draws,
// Black wins), Red's score (a win 1, a draw ½), the games without a known
// result and the years played; then the example games.
func (b *Book) WriteTable(w io.Writer) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "position  %s\n", b.FEN)
	opening := "—"
	if b.ECCO != "" {
		opening = b.ECCO + " " + b.ECCOName
	}
	fmt.Fprintf(&sb, "games     %s\nECCO      %s\n", thousands(b.Games), opening)
	if len(b.Moves) == 0 {
		sb.WriteString("\nno game of the tree reaches this position\n")
		_, err := io.WriteString(w, sb.String())
		return err
	}
	sb.WriteString("\n")
	rows := [][]string{{"", "move", "iccs", "games", "share", "red", "draw", "black", "score", "unknown", "years"}}
	for i, r := range b.Moves {
		known := r.RedWins + r.Draws + r.BlackWins
		pct := func(n int64) string {
			if known == 0 {
				return "–"
			}
			return strconv.FormatFloat(100*float64(n)/float64(known), 'f', 0, 64) + "%"
		}
		score := "–"
		if known > 0 {
			score = strconv.FormatFloat(100*(float64(r.RedWins)+float64(r.Draws)/2)/float64(known), 'f', 1, 64) + "%"
		}
		share := strconv.FormatFloat(100*float64(r.Games)/float64(b.Games), 'f', 1, 64) + "%"
		rows = append(rows, []string{strconv.Itoa(i + 1), r.MoveChinese, r.Move.String(),
			thousands(r.Games), share, pct(r.RedWins), pct(r.Draws), pct(r.BlackWins), score, thousands(r.Unknown), years(r.FirstYear, r.LastYear)})
	}
	writeRightAligned(&sb, rows, 2)
	if len(b.Examples) > 0 {
		sb.WriteString("\nexample games\n")
		for _, x := range b.Examples {
			fmt.Fprintf(&sb, "  %s\n", x)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// String describes the example game on one line: players, result, event,
// date, the ply of the move, and where the game is.
func (x Example) String() string {
	name := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s – %s  %s", name(x.Red), name(x.Black), x.Result)
	if x.Event != "" {
		sb.WriteString("  " + x.Event)
	}
	switch {
	case x.Date != "":
		sb.WriteString("  " + x.Date)
	case x.Year != 0:
		sb.WriteString("  " + strconv.Itoa(x.Year))
	}
	fmt.Fprintf(&sb, "  (ply %d; %s#%d)", x.Ply, x.Source, x.Index+1)
	return sb.String()
}

func years(first, last int) string {
	switch {
	case first == 0:
		return "–"
	case first == last:
		return strconv.Itoa(first)
	}
	return strconv.Itoa(first) + "–" + strconv.Itoa(last)
}

// thousands writes n with a comma every three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 || len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
