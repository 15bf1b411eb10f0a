package analyze

import (
	"errors"

	"github.com/xqtool/xqtool/board"
)

// MoveClass is the nature of a move for the repetition rules (棋例).
type MoveClass uint8

// Move classes, from the least to the most serious. A move with several
// natures takes the most serious one ("杀兼捉，按杀"): Check > Threat > Chase.
const (
	Idle   MoveClass = iota // 闲: none of the below (offers, blocks, follows included)
	Chase                   // 捉: newly threatens to win an unprotected piece of value
	Threat                  // 杀: threatens mate next move by a check or a series of checks
	Check                   // 将: attacks the enemy king

	// NotChecked marks a move of a cycle that was not classified beyond
	// "not a check", because the cycle was decided by the other side's
	// perpetual check (which outranks everything else).
	NotChecked MoveClass = 255
	// Skipped marks a move of a cycle that was not classified because
	// its side had already made an allowed (idle) move in the cycle, which
	// settles that side's part of the verdict. It counts as idle.
	Skipped MoveClass = 254
)

// attack reports whether c is check, mate threat or chase (打).
func (c MoveClass) attack() bool { return c == Check || c == Threat || c == Chase }

// String returns "idle", "chase", "threat" or "check".
func (c MoveClass) String() string {
	switch c {
	case Chase:
		return "chase"
	case Threat:
		return "threat"
	case Check:
		return "check"
	case NotChecked:
		return "no-check"
	case Skipped:
		return "unclassified"
	}
	return "idle"
}

// Classification is the repetition-rule nature of one move.
type Classification struct {
	// Ply is the 1-based ply of the move in its line (0 when the
	// classification came from Classify on a lone position).
	Ply int
	// Move is the classified move and Side the side that played it.
	Move board.Move
	Side board.Color
	// Class is the most serious nature of the move.
	Class MoveClass
	// Check and Threat report the two king attacks separately: a check
	// can also chase, and Class keeps only the most serious nature.
	Check  bool
	Threat bool
	// Chased lists the enemy pieces (their squares after the move) that
	// the move newly threatens to win: captures by any piece but king and
	// pawn, of any piece but the king and an uncrossed pawn, that are not
	// answered by a legal recapture, plus the "stronger piece" cases. It
	// is filled for checking and threatening moves too.
	Chased []board.Square
	// ChasedProtected is the subset of Chased whose victims are protected
	// (a legal recapture exists): they count only by the stronger-piece
	// rule (horse or cannon attacking a rook; advisor or elephant attacking
	// a rook, horse or cannon).
	ChasedProtected []board.Square
	// PawnChased lists unprotected pieces newly attacked by a pawn. A
	// pawn's chase is idle except, under the Chinese rules, when both
	// sides attack perpetually (CXA 10.2).
	PawnChased []board.Square
}

// String returns e.g. "chase(c7,d5)" or "check".
func (c Classification) String() string {
	s := c.Class.String()
	if len(c.Chased) > 0 {
		s += "("
		for i, sq := range c.Chased {
			if i > 0 {
				s += ","
			}
			s += sq.String()
		}
		s += ")"
	}
	return s
}

// Bounds of the mate-threat search. A move threatens mate when, if the
// opponent passed, the mover could mate by a sequence of at most
// MateThreatChecks checking moves (every defence considered). The search
// gives up (answering "no threat") after MateThreatNodes positions: the
// positions after a checking move of the attacker or after a reply of the
// defender (the attacker's quiet moves are never played, so they are not
// counted).
const (
	MateThreatChecks = 3
	MateThreatNodes  = 4096
)

// Classify returns the nature of the legal move m in the position before.
//
// The move is a check when it leaves the opponent in check; a mate threat
// when it is no check and, were the opponent to pass, the mover could mate
// by at most MateThreatChecks consecutive checks; and a chase when it newly
// creates a threat to win an enemy piece of value (see Classification.Chased
// and the package notes). The threats are those found after the move,
// minus those that already existed before it, so discovered attacks, pins
// that make a defender a fake root and moves that take a defender away are
// all covered by one comparison.
func Classify(before *board.Position, m board.Move) Classification {
	return clsClassify(before, m, true)
}

// clsClassify is Classify; with threat false it skips the mate-threat
// search (the costly part) and leaves Threat false.
func clsClassify(before *board.Position, m board.Move, threat bool) Classification {
	if before == nil {
		return Classification{Move: m}
	}
	c := Classification{Move: m, Side: before.Side()}
	if !before.IsLegal(m) {
		return c
	}
	after := *before
	after.MakeMove(m)
	c.Check = after.InCheck()

	// Threats after the move: the mover is to move in the null-move
	// position; the victims' side is to move in after.
	var tbuf [32]clsThreat
	nullAfter, okA := after.Pass()
	var tAfter []clsThreat
	if okA {
		tAfter = clsThreats(&nullAfter, &after, tbuf[:0])
	}
	var nullBefore board.Position
	okB := false
	for i, t := range tAfter {
		if clsFind(tAfter[:i], t.victim) >= 0 {
			continue // victim already handled
		}
		// The strongest new reading of this victim over all attackers.
		found, pawn, protected := false, true, true
		for _, u := range tAfter[i:] {
			if u.victim != t.victim {
				continue
			}
			if !okB {
				nullBefore, okB = before.Pass()
				if !okB {
					break
				}
			}
			if clsExisted(before, &nullBefore, &nullAfter, m, u) {
				continue
			}
			found = true
			pawn = pawn && u.pawn
			if !u.pawn {
				protected = protected && u.protected
			}
		}
		switch {
		case !found:
		case pawn:
			c.PawnChased = append(c.PawnChased, t.victim)
		default:
			c.Chased = append(c.Chased, t.victim)
			if protected {
				c.ChasedProtected = append(c.ChasedProtected, t.victim)
			}
		}
	}
	if threat && !c.Check && okA {
		nodes := 0
		c.Threat = clsMatesByChecks(&nullAfter, MateThreatChecks, &nodes)
	}
	c.setClass()
	return c
}

// setClass sets Class from Check, Threat and Chased.
func (c *Classification) setClass() {
	c.Class = Idle
	switch {
	case c.Check:
		c.Class = Check
	case c.Threat:
		c.Class = Threat
	case len(c.Chased) > 0:
		c.Class = Chase
	}
}

// clsThreat reports whether the legal move m, which does not give check,
// threatens mate (see MateThreatChecks).
func clsIsThreat(before *board.Position, m board.Move) bool {
	after := *before
	after.MakeMove(m)
	nullAfter, ok := after.Pass()
	if !ok {
		return false
	}
	nodes := 0
	return clsMatesByChecks(&nullAfter, MateThreatChecks, &nodes)
}

// ClassifyLine classifies every move of a line from start. It stops at the
// first illegal move; the result then covers the moves before it.
func ClassifyLine(start board.Position, moves []board.Move) []Classification {
	out := make([]Classification, 0, len(moves))
	pos := start
	for i, m := range moves {
		if !pos.IsLegal(m) {
			break
		}
		c := Classify(&pos, m)
		c.Ply = i + 1
		out = append(out, c)
		pos.MakeMove(m)
	}
	return out
}

// clsThreat is one piece that the side to move threatens to win.
type clsThreat struct {
	attacker  board.Square
	victim    board.Square
	protected bool // won only by the stronger-piece rule
	pawn      bool // threatened by a pawn only
}

// clsStronger reports the "stronger piece" cases: the attacker wins
// material by capturing even a protected victim.
func clsStronger(att, vic board.Kind) bool {
	switch att {
	case board.Knight, board.Cannon:
		return vic == board.Rook
	case board.Advisor, board.Bishop:
		return vic == board.Rook || vic == board.Cannon || vic == board.Knight
	}
	return false
}

// clsValuable reports whether pc counts as a piece (子力): everything but
// the king and a pawn that has not crossed the river.
func clsValuable(pc board.Piece, sq board.Square) bool {
	switch pc.Kind() {
	case board.King, board.NoKind:
		return false
	case board.Pawn:
		if pc.Color() == board.Red {
			return sq.Rank() >= 5
		}
		return sq.Rank() <= 4
	}
	return true
}

// clsThreats appends to buf the enemy pieces that the side to move in p
// threatens to win next move. q is the same board with the other side to
// move (used to test whether a same-type victim could capture back).
func clsThreats(p, q *board.Position, buf []clsThreat) []clsThreat {
	var mbuf [board.MaxMoves]board.Move
	moves := p.AppendLegalCaptures(mbuf[:0]) // a threat is a capture
	us := p.Side()
	for _, mv := range moves {
		from, to := mv.From(), mv.To()
		vic := p.Piece(to)
		if vic.IsEmpty() || vic.Color() == us || !clsValuable(vic, to) {
			continue
		}
		att := p.Piece(from).Kind()
		if att == board.King {
			continue // the king's own attacks are idle (CXA 10.1)
		}
		stronger := clsStronger(att, vic.Kind())
		if !stronger && att == vic.Kind() && clsCanTakeBack(p, q, board.NewMove(to, from)) {
			continue // exchange offer: the victim can take the attacker
		}
		protected := clsHasRecapture(p, mv)
		if protected && !stronger {
			continue
		}
		if clsCaptureMated(p, mv) {
			continue // the capture would be answered by mate (CXA 29.4)
		}
		buf = append(buf, clsThreat{attacker: from, victim: to, protected: protected, pawn: att == board.Pawn})
	}
	return buf
}

func clsFind(ts []clsThreat, sq board.Square) int {
	for i, t := range ts {
		if t.victim == sq {
			return i
		}
	}
	return -1
}

// clsHasRecapture reports whether, after the capture mv in p, the victim's
// side has a legal move back onto the capture square. Pinned defenders and
// a king that would walk into check or face the other king are not legal
// recaptures: fake roots are no protection by construction.
func clsHasRecapture(p *board.Position, mv board.Move) bool {
	c := *p
	c.MakeMove(mv)
	to := mv.To()
	if !c.Attacked(to, c.Side()) {
		return false
	}
	var mbuf [board.MaxMoves]board.Move
	if len(c.AppendLegalMovesTo(mbuf[:0], to)) > 0 {
		return true
	}
	// In check, protection is judged as if the check were answered.
	return c.InCheck() && clsRecaptureAside(p, &c, mv)
}

// clsCanTakeBack reports whether the victim's side, to move in q, can
// play r (the victim taking its attacker back); p is q with the attacker's
// side to move. In check, r is judged as if the check were answered.
func clsCanTakeBack(p, q *board.Position, r board.Move) bool {
	if q.IsLegal(r) {
		return true
	}
	return q.InCheck() && clsLegalAside(q, r, clsCheckers(p))
}

// clsCaptureMated reports whether the opponent can mate at once after the
// capture mv in p.
func clsCaptureMated(p *board.Position, mv board.Move) bool {
	c := *p
	c.MakeMove(mv)
	// A mate is a check: only the moves that may give check are tested.
	var mbuf [board.MaxMoves]board.Move
	inCheck := c.InCheck()
	for _, r := range c.AppendCheckCandidates(mbuf[:0]) {
		if c.CheckMoveInCheck(r, inCheck) != nil {
			continue
		}
		d := c
		d.MakeMove(r)
		if d.InCheck() && !d.HasLegalMove() {
			return true
		}
	}
	return false
}

// clsMatesByChecks reports whether the side to move in p mates by at most
// depth consecutive checks, whatever the defence.
func clsMatesByChecks(p *board.Position, depth int, nodes *int) bool {
	// Only checking moves are played: only the moves that may give check
	// are generated and tested for legality.
	var mbuf [board.MaxMoves]board.Move
	inCheck := p.InCheck()
	for _, m := range p.AppendCheckCandidates(mbuf[:0]) {
		if p.CheckMoveInCheck(m, inCheck) != nil {
			continue
		}
		if *nodes >= MateThreatNodes {
			return false
		}
		*nodes++
		c := *p
		c.MakeMove(m)
		// Before m the defender's king was not attacked: p is either a
		// null-move position after a non-checking move, or the defender
		// has just answered a check legally.
		if !c.InCheckAfter(m, false) {
			continue
		}
		if depth <= 1 {
			if !c.HasLegalMove() {
				return true
			}
			continue
		}
		// The replies, generated once: none is mate.
		var rbuf [board.MaxMoves]board.Move
		replies := c.AppendLegalMoves(rbuf[:0])
		if len(replies) == 0 || clsAllRepliesMated(&c, replies, depth-1, nodes) {
			return true
		}
	}
	return false
}

// clsAllRepliesMated reports whether every legal reply in p (the defender
// to move, in check; replies are its legal moves) is met by a mate in at
// most depth checks.
func clsAllRepliesMated(p *board.Position, replies []board.Move, depth int, nodes *int) bool {
	for _, r := range replies {
		if *nodes >= MateThreatNodes {
			return false
		}
		*nodes++
		c := *p
		c.MakeMove(r)
		if !clsMatesByChecks(&c, depth, nodes) {
			return false
		}
	}
	return true
}

// clsExisted reports whether the threat t, found after the move m, already
// existed before it ("从捉到捉": no new chase). The attacker is followed
// through m. The threat is new when the capture was not possible before
// (a direct or discovered attack), when the victim could then capture the
// same-type attacker back and now cannot, or when the victim was protected
// before and m made the protection fake (pinned defender, king recapture
// into attack or facing the other king, a screen taken away, or the moved
// piece standing in the recapture's path). The one exception is a block
// (拦): when the moved piece stands in the recapture's path (on its horse
// leg or elephant eye, or as a cannon's second screen) and m interposes
// against an enemy attack on one of the mover's own pieces
// (clsInterposes), the victim is not newly chased.
func clsExisted(before, nullBefore, nullAfter *board.Position, m board.Move, t clsThreat) bool {
	a0 := t.attacker
	if a0 == m.To() {
		a0 = m.From()
	}
	cap0 := board.NewMove(a0, t.victim)
	if err := before.CheckMove(cap0); err != nil {
		if !before.InCheck() || !errors.Is(err, board.ErrSelfCheck) {
			return false
		}
	}
	att := before.Piece(a0).Kind()
	vic := before.Piece(t.victim).Kind()
	if clsStronger(att, vic) {
		return true
	}
	if att == vic && nullBefore.IsLegal(board.NewMove(t.victim, a0)) {
		return false // was an exchange offer, the victim can no longer hit back
	}
	b := *before
	b.MakeMove(cap0)
	var rbuf [board.MaxMoves]board.Move
	recaps := b.AppendLegalMovesTo(rbuf[:0], t.victim)
	if len(recaps) == 0 {
		return true // it was unprotected already
	}
	a := *nullAfter
	a.MakeMove(board.NewMove(t.attacker, t.victim))
	for _, r := range recaps {
		if err := a.CheckMove(r); err != nil && errors.Is(err, board.ErrBlocked) && clsOnPath(before.Piece(r.From()).Kind(), r, m.To()) {
			after := *before
			after.MakeMove(m)
			return clsInterposes(before, &after, m)
		}
	}
	return false
}

// clsOnPath reports whether sq lies on the path of the move r of a piece
// of kind k: strictly between the ends of a rook or cannon move, or on the
// leg of a horse or the eye of an elephant.
func clsOnPath(k board.Kind, r board.Move, sq board.Square) bool {
	from, to := r.From(), r.To()
	ff, fr, tf, tr := from.File(), from.Rank(), to.File(), to.Rank()
	sf, sr := sq.File(), sq.Rank()
	switch k {
	case board.Rook, board.Cannon:
		if ff == tf && sf == ff {
			return sr > min(fr, tr) && sr < max(fr, tr)
		}
		if fr == tr && sr == fr {
			return sf > min(ff, tf) && sf < max(ff, tf)
		}
	case board.Knight:
		df, dr := tf-ff, tr-fr
		if dr == 2 || dr == -2 {
			return sf == ff && sr == fr+dr/2
		}
		return sr == fr && sf == ff+df/2
	case board.Bishop:
		return sf == (ff+tf)/2 && sr == (fr+tr)/2
	}
	return false
}
