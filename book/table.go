package book

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// WriteMoves writes the book moves of p as a table: a row per move, in
// the given order, with its Chinese and ICCS notation, its value, and,
// where the book keeps them, its games from the side that plays it (won,
// drawn, lost) and its score (a win 1, a draw ½); a note says when the
// position was found as its mirror or a move is not legal.
func WriteMoves(w io.Writer, p board.Position, moves []Move) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "position  %s\n", p.FEN())
	if len(moves) == 0 {
		sb.WriteString("\nthe book has no move for this position\n")
		_, err := io.WriteString(w, sb.String())
		return err
	}
	if moves[0].Mirrored {
		sb.WriteString("found     as its left-right mirror (moves mirrored back)\n")
	}
	sb.WriteString("\n")
	counts := false
	for _, m := range moves {
		counts = counts || m.Counts
	}
	tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', tabwriter.AlignRight)
	if counts {
		fmt.Fprintln(tw, "\tmove\ticcs\tvalue\twon\tdrawn\tlost\tscore\tnote\t")
	} else {
		fmt.Fprintln(tw, "\tmove\ticcs\tvalue\tnote\t")
	}
	for i, m := range moves {
		chinese, note := "?", m.Comment
		if m.Legal {
			chinese = notation.FormatChinese(&p, m.Move, notation.ChineseStyle{})
		} else {
			note = strings.TrimSpace("not legal here " + note)
		}
		won, drawn, lost, score := "–", "–", "–", "–"
		if m.Counts {
			won, drawn, lost = strconv.FormatInt(m.Wins, 10), strconv.FormatInt(m.Draws, 10), strconv.FormatInt(m.Losses, 10)
			if n := m.Wins + m.Draws + m.Losses; n > 0 {
				score = strconv.FormatFloat(100*(float64(m.Wins)+float64(m.Draws)/2)/float64(n), 'f', 1, 64) + "%"
			}
		}
		if counts {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t\n", i+1, chinese, m.Move, m.Value, won, drawn, lost, score, note)
		} else {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t\n", i+1, chinese, m.Move, m.Value, note)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
