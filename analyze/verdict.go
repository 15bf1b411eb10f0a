package analyze

// The verdict on a span of a repeated cycle: each side's moves summarised
// (checks, chases, attacks, threats), then the rules of the rule set
// applied to them (see repetition.go for the rules).

import (
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/board"
)

// repSide summarises one side's moves in a span.
type repSide struct {
	moves     int
	checks    int
	threats   int
	chases    int // moves whose class is Chase
	attacks   int // moves whose class is not Idle
	pawnAtt   int // moves that attack counting pawn chases
	unprot    int // moves chasing at least one unprotected piece
	protOnly  int // Chase moves whose victims are all protected
	same      [2]uint64
	anyChased [2]uint64
	classes   []string
}

func (s *repSide) perpetualCheck() bool { return s.moves > 0 && s.checks == s.moves }
func (s *repSide) sameChase() bool      { return s.moves > 0 && s.same != [2]uint64{} }
func (s *repSide) forbidden() bool      { return s.moves > 0 && s.attacks == s.moves }

// repJudge judges the span of moves cls played from start.
func repJudge(rules RuleSet, start *board.Position, cls []Classification) *Verdict {
	var ids [board.Squares]int8
	var kinds [board.Squares]board.Kind
	for sq := board.Square(0); sq < board.Squares; sq++ {
		ids[sq] = -1
		if pc := start.Piece(sq); !pc.IsEmpty() {
			ids[sq] = int8(sq)
			kinds[sq] = pc.Kind()
		}
	}
	var sides [2]repSide
	for i := range sides {
		sides[i].same = [2]uint64{^uint64(0), ^uint64(0)}
	}
	for _, c := range cls {
		from, to := c.Move.From(), c.Move.To()
		if from.Valid() && to.Valid() {
			ids[to], ids[from] = ids[from], -1
		}
		s := &sides[c.Side&1]
		s.moves++
		s.classes = append(s.classes, c.Class.String())
		var set [2]uint64
		for _, sq := range c.Chased {
			if id := ids[sq]; id >= 0 {
				set[id>>6] |= 1 << (uint(id) & 63)
			}
		}
		s.same[0] &= set[0]
		s.same[1] &= set[1]
		s.anyChased[0] |= set[0]
		s.anyChased[1] |= set[1]
		switch c.Class {
		case Check:
			s.checks++
		case Threat:
			s.threats++
		case Chase:
			s.chases++
			if len(c.ChasedProtected) == len(c.Chased) {
				s.protOnly++
			}
		}
		if c.Class.attack() {
			s.attacks++
		}
		if c.Class.attack() || len(c.PawnChased) > 0 {
			s.pawnAtt++
		}
		if len(c.Chased) > len(c.ChasedProtected) {
			s.unprot++
		}
	}
	for i := range sides {
		if sides[i].moves == 0 {
			sides[i].same = [2]uint64{}
		}
	}
	v := &Verdict{Rules: rules}
	summary := fmt.Sprintf("red: %s; black: %s",
		strings.Join(sides[board.Red].classes, ","), strings.Join(sides[board.Black].classes, ","))
	lose := func(k VerdictKind, c board.Color, why string, chased [2]uint64) *Verdict {
		v.Kind, v.Loser = k, c
		v.Detail = fmt.Sprintf("%s must change: %s; %s", c, why, summary)
		v.Chased = repChasedNames(&ids, &kinds, chased)
		return v
	}
	draw := func(why string) *Verdict {
		v.Kind = RepetitionDraw
		v.Detail = "draw: " + why + "; " + summary
		return v
	}
	r, b := &sides[board.Red], &sides[board.Black]

	// Perpetual check, the same in both rule sets.
	switch {
	case r.perpetualCheck() && b.perpetualCheck():
		return draw("both sides check perpetually")
	case r.perpetualCheck():
		return lose(PerpetualCheck, board.Red, "perpetual check (长将)", [2]uint64{})
	case b.perpetualCheck():
		return lose(PerpetualCheck, board.Black, "perpetual check (长将)", [2]uint64{})
	}

	if rules == RulesAXF {
		switch {
		case r.sameChase() && b.sameChase():
			return draw("both sides chase perpetually")
		case r.sameChase():
			return lose(PerpetualChase, board.Red, "perpetual chase of the same piece (长捉)", r.same)
		case b.sameChase():
			return lose(PerpetualChase, board.Black, "perpetual chase of the same piece (长捉)", b.same)
		}
		return draw("no perpetual check or chase")
	}

	// Chinese rules.
	label := func(s *repSide) (VerdictKind, string, [2]uint64) {
		switch {
		case s.threats == s.moves:
			return PerpetualThreat, "perpetual mate threat (长杀)", [2]uint64{}
		case s.chases == s.moves:
			return PerpetualChase, "perpetual chase (长捉)", s.anyChased
		case s.sameChase():
			return PerpetualChase, "perpetual chase of the same piece, with checks or threats (长捉)", s.same
		}
		return ForbiddenCycle, "attacks on every move, mixed (" + repMixName(s) + ")", s.anyChased
	}
	rf, bf := r.forbidden(), b.forbidden()
	switch {
	case rf && bf:
		if r.chases == r.moves && b.chases == b.moves {
			if r.unprot == r.moves && b.protOnly > 0 {
				return lose(PerpetualChase, board.Red, "perpetual chase of an unprotected piece against chases of protected pieces", r.anyChased)
			}
			if b.unprot == b.moves && r.protOnly > 0 {
				return lose(PerpetualChase, board.Black, "perpetual chase of an unprotected piece against chases of protected pieces", b.anyChased)
			}
		}
		return draw("both sides make forbidden moves (长打对长打)")
	case rf || bf:
		loser, att, other := board.Red, r, b
		if bf {
			loser, att, other = board.Black, b, r
		}
		if other.moves > 0 && other.pawnAtt == other.moves {
			return draw("mutual perpetual attacks, the pawn chases count (兵卒互打)")
		}
		k, why, chased := label(att)
		return lose(k, loser, why, chased)
	}
	return draw("both sides make allowed moves")
}

// repMixName names a mixed attack cycle, e.g. "一将一捉".
func repMixName(s *repSide) string {
	var parts []string
	if s.checks > 0 {
		parts = append(parts, "check")
	}
	if s.threats > 0 {
		parts = append(parts, "threat")
	}
	if s.chases > 0 {
		parts = append(parts, "chase")
	}
	return strings.Join(parts, "+")
}

// repChasedNames returns "R@c7"-style names of the pieces in set, located
// by their identities at the end of the span.
func repChasedNames(ids *[board.Squares]int8, kinds *[board.Squares]board.Kind, set [2]uint64) []string {
	var out []string
	for sq := board.Square(0); sq < board.Squares; sq++ {
		id := ids[sq]
		if id < 0 || set[id>>6]&(1<<(uint(id)&63)) == 0 {
			continue
		}
		out = append(out, string(kinds[id].Letter())+"@"+sq.String())
	}
	return out
}
