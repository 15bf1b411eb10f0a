package analyze

import (
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/opening"
)

// classifyOpening sets r.Opening from the main line and flags a declared
// ECCO tag that differs from it.
func (r *Report) classifyOpening() {
	g := r.Game
	var buf [2 * opening.Rounds]board.Move
	n := min(len(g.Plies), len(buf))
	for i := range n {
		buf[i] = g.Plies[i].Move
	}
	c, ok := opening.Classify(g.Start, buf[:n])
	if !ok {
		return
	}
	r.Opening = c
	declared, _ := r.Record.Tags.Get("ECCO")
	declared = strings.TrimSpace(declared)
	if declared != "" && !strings.EqualFold(declared, c.Code) {
		r.add(flags.ECCOMismatch, 0, "", "declared "+declared+", computed "+c.Code+" "+c.Name())
	}
}
