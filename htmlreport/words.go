package htmlreport

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/report"
	"github.com/xqtool/xqtool/svgboard"
)

// meaning says in a line what a flag code means (the code's tooltip on
// the page, and the chart's), from the flags table.
func meaning(c flags.Code) string {
	d, _ := flags.Lookup(c)
	return d.Meaning
}

// kindNames names the piece kinds in English, after their characters.
var kindNames = [board.NumKinds]string{"", "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"}

// pieceName is e.g. "Black's 炮 (cannon)".
func pieceName(p board.Piece) string {
	return sideName(p.Color()) + "'s " + svgboard.Char(p) + " (" + kindNames[p.Kind()] + ")"
}

func sideName(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "Red"
}

// plyPlace says where a ply is: "ply 3 (move 2, Red)", from the start
// position's side to move and move number.
func plyPlace(fen string, ply int) string {
	num, black := fenMoveNumber(fen)
	// Plies counted from a Red move: Black's first ply is ply 2 of move 1.
	k := ply - 1
	if black {
		k++
	}
	side := board.Red
	if k%2 == 1 {
		side = board.Black
	}
	return fmt.Sprintf("ply %d (move %d, %s)", ply, num+k/2, sideName(side))
}

// plyPrefix matches the place a detail starts with, which the page says
// itself: "ply 3 (move 2, red) ".
var plyPrefix = regexp.MustCompile(`^ply \d+ \(move \d+, (red|black)\):? `)

// flagText is the detail of a flag as the page words it: in plain
// language for the repetition verdicts (which piece attacks which, under
// which rules), otherwise the detail without what the page already says
// (the place of the ply, the path of the source).
func flagText(g *Game, f flags.Flag, v *view) string {
	if s := explainCycle(g, f, v); s != "" {
		return s
	}
	d := f.Detail
	d = strings.TrimPrefix(d, g.Source+": ")
	if f.Ply > 0 {
		d = plyPrefix.ReplaceAllString(d, "")
	}
	return d
}

// rulesName names the rules of a verdict from its detail ("[cxa rules]")
// or the game's.
func rulesName(detail, rules string) string {
	if i := strings.LastIndex(detail, "["); i >= 0 && strings.HasSuffix(detail, " rules]") {
		rules = detail[i+1 : len(detail)-len(" rules]")]
	}
	switch rules {
	case "axf":
		return "the Asian rules (AXF)"
	case "cxa", "":
		return "the Chinese rules (CXA)"
	}
	return "the " + rules + " rules"
}

// chasedRE reads the chased pieces of a verdict's detail: "chased: C@f6 R@d5".
var chasedRE = regexp.MustCompile(`chased: ((?:[KABNRCP]@[a-i][0-9] ?)+)`)

// explainCycle words a repetition verdict: who does what on every move of
// the cycle, what the rules call it and what follows. It returns "" for
// other flags, or when the cycle is not known.
func explainCycle(g *Game, f flags.Flag, v *view) string {
	if !contains(cycleCodes, f.Code) {
		return ""
	}
	var cyc report.Cycle
	for _, c := range g.Cycles {
		if c.Ply == f.Ply {
			cyc = c
		}
	}
	if cyc.First <= 0 || cyc.Last < cyc.First {
		return ""
	}
	rules := rulesName(f.Detail, g.Rules)
	span := fmt.Sprintf("the cycle of plies %d–%d", cyc.First, cyc.Last)
	if f.Code == flags.RepetitionDraw {
		why := strings.TrimPrefix(f.Detail, "draw: ")
		if i := strings.Index(why, ";"); i >= 0 {
			why = why[:i]
		}
		return fmt.Sprintf("The position repeats over %s and neither side must change (%s): a draw by repetition under %s.", span, why, rules)
	}
	loser := board.Red
	switch f.Side {
	case "black":
		loser = board.Black
	case "red":
	default:
		return ""
	}
	who := sideName(loser)
	tail := fmt.Sprintf(" Under %s %s must vary its moves, or loses.", rules, who)
	switch f.Code {
	case flags.PerpetualCheck:
		return fmt.Sprintf("%s gives check with every move of %s: a perpetual check (长将).%s", who, span, tail)
	case flags.PerpetualThreat:
		return fmt.Sprintf("%s threatens mate with every move of %s: a perpetual mate threat (长杀).%s", who, span, tail)
	}
	// A chase, or mixed attacks: name the pieces.
	attackers := v.attackers(g, loser, cyc)
	movers := v.movers(loser, cyc)
	var chased []string
	if m := chasedRE.FindStringSubmatch(f.Detail); m != nil {
		for _, s := range strings.Fields(m[1]) {
			k := strings.IndexByte("KABNRCP", s[0]) + 1
			chased = append(chased, pieceName(board.MakePiece(loser.Other(), board.Kind(k)))+" on "+s[2:])
		}
	}
	by, moving := who, ""
	if len(attackers) > 0 {
		by = strings.Join(attackers, " and ")
		if !sameSet(attackers, movers) && len(movers) > 0 {
			// The attack is kept up by other pieces' moves (a piece that
			// blocks or unblocks, or takes away a protection).
			moving = " (" + who + " moving its " + strings.Join(trimSide(movers), " and ") + ")"
		}
	}
	verb := "attacks"
	if f.Code == flags.PerpetualChase {
		verb = "chases"
	}
	if len(attackers) > 1 {
		verb = strings.TrimSuffix(verb, "s")
	}
	target := ""
	if len(chased) > 0 {
		target = " " + strings.Join(chased, " and ")
	}
	name := "a perpetual chase (长捉)"
	if f.Code == flags.ForbiddenCycle {
		name = "attacks on every move, of mixed kinds, which the rules forbid"
		if i := strings.Index(f.Detail, "mixed ("); i >= 0 {
			if j := strings.Index(f.Detail[i:], ")"); j > 0 {
				name = "mixed attacks (" + f.Detail[i+len("mixed ("):i+j] + ") on every move, which the rules forbid"
			}
		}
	}
	return fmt.Sprintf("%s %s%s with every move of %s%s: %s.%s", by, verb, target, span, moving, name, tail)
}

// attackers names the pieces of side that attack what side's moves of a
// cycle chase: after each such move, the pieces that could capture on a
// chased square.
func (v *view) attackers(g *Game, side board.Color, cyc report.Cycle) []string {
	var out []string
	for _, c := range g.Classes {
		if c.Ply < cyc.First || c.Ply > cyc.Last || c.Ply > len(v.after) || c.Side != side.String() {
			continue
		}
		for _, s := range c.Chased {
			sq, err := board.ParseSquare(s)
			if err != nil {
				continue
			}
			for _, a := range capturers(v.after[c.Ply-1], side, sq) {
				if name := pieceName(a); !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
	}
	return out
}

// capturers returns the pieces of side that have a legal capture on sq
// in the placement b, side to move.
func capturers(b [board.Squares]board.Piece, side board.Color, sq board.Square) []board.Piece {
	p, err := board.NewPositionRelaxed(board.Setup{Board: b, Side: side, FullMove: 1}, ^board.PositionErrorKinds(0))
	if err != nil {
		return nil
	}
	var out []board.Piece
	for _, m := range p.LegalMoves() {
		if m.To() == sq {
			out = append(out, b[m.From()])
		}
	}
	return out
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// trimSide drops the side from piece names: "Red's 兵 (pawn)" -> "兵 (pawn)".
func trimSide(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		_, out[i], _ = strings.Cut(n, "'s ")
	}
	return out
}

// movers names the pieces a side moved in a cycle ("Red's 车 (chariot)"),
// from the replayed moves, in the order they first move.
func (v *view) movers(side board.Color, cyc report.Cycle) []string {
	var out []string
	for ply := cyc.First; ply <= cyc.Last && ply <= len(v.movedPieces); ply++ {
		p := v.movedPieces[ply-1]
		if p.IsEmpty() || p.Color() != side {
			continue
		}
		if name := pieceName(p); !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// gameTitle is the title of a game after its source: "Red – Black, Event,
// Date", leaving out what is empty.
func gameTitle(tags map[string]string) string {
	var parts []string
	red, black := strings.TrimSpace(tags["Red"]), strings.TrimSpace(tags["Black"])
	switch {
	case red != "" && black != "":
		parts = append(parts, red+" – "+black)
	case red != "":
		parts = append(parts, red+" (Red)")
	case black != "":
		parts = append(parts, black+" (Black)")
	}
	for _, k := range []string{"Event", "Date"} {
		if s := strings.TrimSpace(tags[k]); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// commonDir returns the directory prefix (ending in "/") that every
// source shares, so the table can show what differs.
func commonDir(sources []string) string {
	if len(sources) == 0 {
		return ""
	}
	prefix := sources[0]
	if i := strings.LastIndexByte(prefix, '/'); i >= 0 {
		prefix = prefix[:i+1]
	} else {
		return ""
	}
	for _, s := range sources[1:] {
		for !strings.HasPrefix(s, prefix) {
			i := strings.LastIndexByte(prefix[:len(prefix)-1], '/')
			if i < 0 {
				return ""
			}
			prefix = prefix[:i+1]
		}
	}
	return prefix
}
