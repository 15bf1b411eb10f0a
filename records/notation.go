package records

import (
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/parse"
)

// Notation is the move notation of written PGN: package notation's type.
type Notation = notation.Notation

// Notations of written PGN.
const (
	Chinese = notation.NotationChinese // 炮二平五 (xqbase standard)
	WXF     = notation.NotationWXF     // C2.5
	ICCS    = notation.NotationICCS    // H2-E2
)

// ParseNotation returns the notation named s (case-insensitive).
func ParseNotation(s string) (Notation, error) {
	switch n := Notation(strings.ToLower(strings.TrimSpace(s))); n {
	case Chinese, WXF, ICCS:
		return n, nil
	}
	return "", fmt.Errorf("export: unknown notation %q (want chinese, wxf or iccs)", s)
}

// FormatMove writes m, a legal move of p, in notation n as written PGN
// writes it (Chinese: the xqbase standard; ICCS upper case with a hyphen).
func FormatMove(n Notation, p *board.Position, m board.Move) string {
	return formatMove(n, p, m)
}

// formatMove writes m, a legal move of p, in notation n of written PGN.
func formatMove(n Notation, p *board.Position, m board.Move) string {
	switch n {
	case WXF:
		return notation.FormatWXF(p, m)
	case ICCS:
		return notation.FormatICCS(m, true)
	}
	return notation.FormatChinese(p, m, notation.ChineseStyle{})
}

// nodeText returns a node's move as written (ICCS for coordinates).
func nodeText(n *parse.Node) string {
	if n.Text != "" {
		return n.Text
	}
	return n.Move.String()
}

// restOfLine returns the texts of n and its main continuation.
func restOfLine(n *parse.Node) string {
	var b strings.Builder
	for ; n != nil; n = first(n) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(nodeText(n))
	}
	return b.String()
}

func first(n *parse.Node) *parse.Node {
	if len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}
