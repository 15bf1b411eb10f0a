// # Repetition rules (棋例)
//
// repetition.go, classify.go and verdict.go implement the repetition adjudicator: an
// Adjudicator follows the main line, notices when a position occurs for
// the N-th time, classifies the moves of the repeating cycle (Classify) and
// judges the cycle under one of two rule sets. The interpretation choices
// are listed here with the rule text they interpret; the Chinese texts are
// the competition rules' articles on 棋例 (numbered as in the 2011 text).
//
// Move natures (Classify). Every move gets one class, the most serious of
// its natures ("凡走子兼具多种作用时，应从重称呼和裁处。如杀兼捉，按杀"):
//
//   - Check (将): "凡走子直接攻击对方帅(将)者" — the move leaves the opponent in
//     check (flying general included, as board.Position.InCheck reports).
//   - Threat (杀): "凡走子企图在下一着照将或连续照将，将死对方者". Read as: were
//     the opponent to pass, the mover could mate by a sequence of checking
//     moves, every defence considered. The search is bounded to
//     MateThreatChecks (3) checking moves of the mover and MateThreatNodes
//     positions; past the bound the answer is "no threat", so a very deep
//     mating net is idle. Mates by a quiet move (no check) are not threats,
//     and stalemate (困毙) does not count as mate here.
//   - Chase (捉): "凡走子后能够造成在下一着…吃掉对方某个无根子", "捉产生于刚走的这着
//     棋，上一着尚不存在" (29.2), "凡形式上捉子，一旦吃子立即会被对方将死者，均闲着处理".
//     The side that moved threatens to win a piece when, were it to move
//     again, it has a legal capture of an enemy piece of value (not the
//     king, not a pawn on its own side of the river: 25.3) that
//   - is by a piece other than the king (27.1: the king's own attacks are
//     idle) — pawn captures are recorded apart (PawnChased) and count
//     only as 27.2 says, see below;
//   - is not answered by a legal recapture on the same square: fake roots
//     ("假根", a pinned defender, a king that would walk into check or face
//     the other king) are not legal recaptures, so they give no
//     protection by construction (28.16); or the attacker is the weaker
//     piece — horse or cannon taking a rook, advisor or elephant taking a
//     rook, horse or cannon — when protection does not matter (piece
//     values of 25.3: a rook is worth two horses or cannons);
//   - is not an exchange offer: when attacker and victim are of the same
//     type and the victim can legally capture the attacker at once, the
//     attack is mutual ("兑", idle). Both tests are made as if a check
//     were answered (see "Protection in check" below);
//   - is not answered by an immediate mate (29.4).
//     A threat found after the move is new (a chase) unless the same
//     attacker (followed through the move) already threatened the same
//     victim before it ("从捉到捉…按闲着处理"). New are: direct and discovered
//     attacks; a same-type victim that could capture back before and cannot
//     now; a victim protected before whose protection the move made fake
//     (pinned defender, king recapture into attack, X-ray through the
//     capture square, a screen taken away, the moved piece standing in the
//     recapture's path). Not new: a victim whose defender the move cuts off
//     while interposing (see "Blocks" below).
//     When the mover was in check before the move, captures that were
//     illegal only because of that check count as existing. Checking and
//     threatening moves get a chase set too: a check can chase.
//   - Idle (闲): anything else, including offers, blocks and follows (兑献拦跟).
//
// Protection in check (both rule sets). When the move gives check, the
// victim's side could not recapture, or take a same-type attacker back,
// without answering the check; yet a check does not make a protected piece
// unprotected. Recaptures and exchanges are judged as if the check were
// answered: the checks standing before the capture are set aside, and a
// recapture counts unless it is illegal for a reason of its own — a
// blocked path, the king stepping onto an attacked point or facing the
// other king, or a new attack on its own king that it opens (a pinned
// piece leaving its line, a horse's leg or a cannon's screen taken away).
// A check that the capture itself makes (a discovered check) is not set
// aside: the recapture must answer it. This is the reading of the cycles
// that WXF rules 9, 13 and 32 allow (the "one check, one idle" and "one
// check, one threat" diagrams): were protection judged with the check
// standing, every piece a checking move attacks would look unprotected,
// and one check with one chase, one check with one mate threat, or chases
// of different pieces would read as a perpetual chase of one piece.
//
// Blocks (拦, 28.7: "凡走子阻拦对方棋子的活动，而又不具攻击作用者"). A move that
// stands in a defender's recapture path (between a rook or cannon and the
// victim, as a cannon's second screen, on a horse's leg or an elephant's
// eye) makes the victim newly chased, unless it also interposes against an
// enemy piece's capture of one of the mover's own pieces: it then stands
// there to defend, and the defender it cuts off in passing makes no chase.
// This reproduces the WXF diagrams of the "rook pinned by a horse" family
// (cases.tsv R022, R023, R089-R093, R121 and R189 need the exemption). A
// move whose only effect on the line is to cut the defender off has an
// attacking effect, so it is no block: the attacker is credited with a
// chase. The WXF book's "Example of Perpetual Chase" — a pawn shuttling so
// that a rook's target stays unprotected — is then the rook's perpetual
// chase, and the pawn's side loses.
//
// Not implemented (documented gaps): chases realised only through a series
// of checks (抽将) or a multi-capture exchange sequence that wins material
// ("通过完整的交换过程得子", "少根子" — an under-protected piece attacked twice and
// defended once); the "defensive point" exception for advisors and
// elephants (27.3); crossed-pawn values are not weighed (a crossed pawn is
// chased when unprotected, like any piece).
//
// Window. Positions are compared since the last capture or forward pawn
// step. Both are irreversible, so no earlier position can occur again after
// them: resetting on pawn steps as well changes no verdict and keeps the
// window short. Only Zobrist keys are kept; nothing is classified until a
// position occurs for the N-th time (N = repetitions, default 3, "循环反复三次").
//
// Cycle span. The span judged runs from the earliest of the N occurrences to
// the current ply (N-1 cycles), as Fairy-Stockfish and Pikafish do; every
// move in it counts. "Every move" of a side means every move it made in the
// span. After a verdict, further N-th occurrences of the same continuing
// cycle are not reported again until a new position appears.
//
// Rules "axf" (Asian / World federation rules as Fairy-Stockfish and the WXF
// diagram collection read them):
//
//  1. A side all of whose moves are checks checks perpetually. One side →
//     it loses (PerpetualCheck); both → draw. Perpetual check outranks
//     everything else.
//  2. A side chases perpetually when one and the same enemy piece is in the
//     chase set of each of its moves (checking moves included: a chase with
//     check is still a chase). Pieces keep their identity as they move. One
//     side → it loses (PerpetualChase); both → draw. Chasing different
//     pieces in turn is allowed; mate threats are idle.
//  3. Anything else is a draw (RepetitionDraw).
//
// Rules "cxa" (Chinese rules, the default; 25.2, 26.1–26.4):
//
//  1. Perpetual check as in axf: "在任何情况下，均不允许单方面长将" (26.1) — a
//     one-sided perpetual check loses even when the other side's moves are
//     forbidden too; both sides checking perpetually is a draw (26.3).
//  2. A side makes forbidden moves (禁止着法) when every one of its moves in
//     the span is an attack (打: check, threat or chase of any piece — "连续
//     追捉一子或数子" makes chasing several pieces in turn a perpetual chase):
//     长将, 长杀, 长捉 and the mixed 一将一杀, 一将一捉, 一杀一捉. One idle move
//     in the span makes it allowed ("数将一闲、数杀一闲、数捉一闲 … 统称为允许着法").
//  3. One side forbidden, the other allowed → the forbidden side must change
//     (26.4). The kind reported is PerpetualThreat when all its moves are
//     threats, PerpetualChase when all are chases or when one piece is
//     chased on every move, else ForbiddenCycle (mixed attacks).
//  4. Both forbidden → draw (26.3), with one exception from the 2007 trial
//     rules (§5.9.11 item 9): when both sides only chase, one side chases an
//     unprotected piece on every move, and the other side's chases include a
//     move that attacks protected pieces only (stronger-piece chases), the
//     side chasing the unprotected piece must change.
//  5. Pawn chases (27.2 "兵(卒)本身捉吃对方的棋子…按闲处理;如形成相互长打局面，则
//     应按捉处理"): when exactly one side is forbidden and the other would be
//     forbidden too if its pawn chases counted, both attack perpetually: draw.
//  6. Neither forbidden → draw (26.2).
//
// The verdict names the side that must change (Loser): the rules let it
// change its move; a record that keeps repeating loses (24.3). The flag
// codes are perpetual_check, perpetual_threat, perpetual_chase,
// forbidden_cycle and repetition_draw.
package analyze

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
)

// RuleSet names the repetition rules used to judge a cycle.
type RuleSet string

// The rule sets.
const (
	RulesAXF RuleSet = "axf" // Asian / World Xiangqi Federation rules
	RulesCXA RuleSet = "cxa" // Chinese Xiangqi Association rules (default)
)

// DefaultRepetitions is the occurrence count that triggers a ruling.
const DefaultRepetitions = 3

// ParseRuleSet parses a rule-set name: "axf" (also "wxf", "asian") or
// "cxa" (also "chinese"); the empty string gives the default, RulesCXA.
func ParseRuleSet(s string) (RuleSet, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "cxa", "chinese":
		return RulesCXA, nil
	case "axf", "wxf", "asian":
		return RulesAXF, nil
	}
	return "", fmt.Errorf("analyze: unknown rule set %q (want axf or cxa)", s)
}

// VerdictKind is the nature of a judged cycle.
type VerdictKind uint8

// Verdict kinds.
const (
	RepetitionDraw  VerdictKind = iota // nobody must change: draw
	PerpetualCheck                     // 长将
	PerpetualThreat                    // 长杀 (cxa only)
	PerpetualChase                     // 长捉
	ForbiddenCycle                     // mixed attacks: 一将一杀, 一将一捉, 一杀一捉 (cxa only)
)

var verdictCodes = [...]flags.Code{
	RepetitionDraw:  flags.RepetitionDraw,
	PerpetualCheck:  flags.PerpetualCheck,
	PerpetualThreat: flags.PerpetualThreat,
	PerpetualChase:  flags.PerpetualChase,
	ForbiddenCycle:  flags.ForbiddenCycle,
}

// Code returns the flag code of the kind, e.g. "perpetual_check".
func (k VerdictKind) Code() flags.Code {
	if int(k) < len(verdictCodes) {
		return verdictCodes[k]
	}
	return "unknown"
}

// String returns the flag code.
func (k VerdictKind) String() string { return string(k.Code()) }

// Verdict is the ruling on a repetition cycle.
type Verdict struct {
	Kind VerdictKind
	// Loser is the side that must change (and loses if it does not).
	// It is meaningless when Kind is RepetitionDraw.
	Loser board.Color
	// Ply is the 1-based ply at which the position occurred for the N-th
	// time.
	Ply int
	// Chased lists the chased pieces of a perpetual chase, as the kind
	// letter and the square at Ply, e.g. "R@c7".
	Chased []string
	// Detail explains the ruling in one line.
	Detail string
	// Cycle is the span judged, as first and last ply (1-based).
	Cycle [2]int
	// Rules is the rule set that produced the verdict.
	Rules RuleSet
}

// Code returns the flag code of the verdict.
func (v *Verdict) Code() flags.Code { return v.Kind.Code() }

// Draw reports whether nobody must change.
func (v *Verdict) Draw() bool { return v.Kind == RepetitionDraw }

// Adjudicator follows a main line move by move and judges repetitions.
// Without a repetition Push only plays the move and compares Zobrist keys;
// moves are classified lazily, when a cycle is judged.
type Adjudicator struct {
	rules RuleSet
	n     int

	pos      board.Position // current position
	start    board.Position // position at the window start
	startPly int            // plies played before the window start
	ply      int            // plies pushed
	keys     []uint64       // keys[i]: key after i moves of the window
	moves    []board.Move   // moves of the window
	filter   [4]uint64      // bit set of key&255 over keys
	suppress bool           // a verdict was given for the current cycle

	wcls    []Classification // classifications of window moves (cached)
	wdone   []bool
	wthreat []int8 // threat search result per window move (0: not run)
	wlist   []bool // window move already in classes
	memo    map[uint64]repMemo
	spanPos []board.Position
	spanCls []Classification // judgeChecks' buffer
	classes []Classification
}

// NewAdjudicator returns an adjudicator for a line starting at start, with
// the given rule set (empty: RulesCXA) and occurrence count (below 2:
// DefaultRepetitions).
func NewAdjudicator(start board.Position, rules RuleSet, repetitions int) *Adjudicator {
	a := &Adjudicator{
		keys:  make([]uint64, 0, 64),
		moves: make([]board.Move, 0, 64),
	}
	a.init(start, rules, repetitions)
	return a
}

// init starts a on a new line, as NewAdjudicator does, keeping the
// storage of an earlier line.
func (a *Adjudicator) init(start board.Position, rules RuleSet, repetitions int) {
	if rules != RulesAXF {
		rules = RulesCXA
	}
	if repetitions < 2 {
		repetitions = DefaultRepetitions
	}
	a.rules, a.n = rules, repetitions
	a.pos, a.ply = start, 0
	clear(a.memo)
	a.spanPos = a.spanPos[:0]
	a.classes = a.classes[:0]
	a.reset()
}

// adjudicators keeps Adjudicators for reuse by Report.checkRepetition: a
// line's windows and memo are then built in the storage of earlier lines.
var adjudicators = sync.Pool{New: func() any { return new(Adjudicator) }}

// newAdjudicator is NewAdjudicator from the pool; give it back with
// adjudicators.Put once nothing it returned is in use but copies.
func newAdjudicator(start board.Position, rules RuleSet, repetitions int) *Adjudicator {
	a := adjudicators.Get().(*Adjudicator)
	a.init(start, rules, repetitions)
	return a
}

// Rules returns the rule set in use.
func (a *Adjudicator) Rules() RuleSet { return a.rules }

// Repetitions returns the occurrence count that triggers a ruling.
func (a *Adjudicator) Repetitions() int { return a.n }

// Position returns the current position.
func (a *Adjudicator) Position() board.Position { return a.pos }

// Ply returns the number of moves pushed.
func (a *Adjudicator) Ply() int { return a.ply }

func (a *Adjudicator) reset() {
	a.start = a.pos
	a.startPly = a.ply
	a.keys = append(a.keys[:0], a.pos.Key())
	a.moves = a.moves[:0]
	a.filter = [4]uint64{}
	k := a.pos.Key() & 255
	a.filter[k>>6] |= 1 << (k & 63)
	a.suppress = false
	a.wcls = a.wcls[:0]
	a.wdone = a.wdone[:0]
	a.wthreat = a.wthreat[:0]
	a.wlist = a.wlist[:0]
}

// Push plays m, which must be legal in the current position, and returns a
// verdict when the resulting position occurs for the N-th time in the
// window, else nil. A move that does not move a piece of the side to move
// onto an empty or enemy point is ignored (nil, no state change); other
// illegal moves are not detected.
func (a *Adjudicator) Push(m board.Move) *Verdict {
	if !m.Valid() {
		return nil
	}
	from, to := m.From(), m.To()
	pc := a.pos.Piece(from)
	if pc.IsEmpty() || pc.Color() != a.pos.Side() {
		return nil
	}
	capt := a.pos.Piece(to)
	if !capt.IsEmpty() && capt.Color() == pc.Color() {
		return nil
	}
	a.pos.MakeMove(m)
	a.ply++
	if !capt.IsEmpty() || (pc.Kind() == board.Pawn && from.File() == to.File()) {
		a.reset()
		return nil
	}
	key := a.pos.Key()
	a.moves = append(a.moves, m)
	b := key & 255
	if a.filter[b>>6]&(1<<(b&63)) == 0 {
		a.filter[b>>6] |= 1 << (b & 63)
		a.keys = append(a.keys, key)
		a.suppress = false
		return nil
	}
	cur := len(a.keys)
	count, first := 1, cur
	for i := cur - 2; i >= 0; i -= 2 {
		if a.keys[i] == key {
			count++
			first = i
		}
	}
	a.keys = append(a.keys, key)
	if count < a.n {
		a.suppress = false
		return nil
	}
	if count > a.n || a.suppress {
		return nil
	}
	a.suppress = true
	return a.judgeSpan(first, cur)
}

// Classes returns the classifications made so far (moves inside judged
// cycles), in ply order.
func (a *Adjudicator) Classes() []Classification {
	out := append([]Classification(nil), a.classes...)
	sort.Slice(out, func(i, j int) bool { return out[i].Ply < out[j].Ply })
	return out
}

// judgeSpan classifies window moves [i0, i1) and judges them.
func (a *Adjudicator) judgeSpan(i0, i1 int) *Verdict {
	if n, k := len(a.wdone), len(a.moves); n < k {
		// Grow the per-move state to the window at once (a slot may hold
		// an earlier window's value: clear the new ones).
		a.wdone = slices.Grow(a.wdone, k-n)[:k]
		a.wcls = slices.Grow(a.wcls, k-n)[:k]
		a.wthreat = slices.Grow(a.wthreat, k-n)[:k]
		clear(a.wdone[n:])
		clear(a.wcls[n:])
		clear(a.wthreat[n:])
	}
	if a.memo == nil {
		a.memo = map[uint64]repMemo{}
	}
	if v := a.judgeChecks(i0, i1); v != nil {
		return v
	}
	// A side that makes one allowed move (not a check, chase or — under
	// the Chinese rules — mate threat) in the cycle makes only allowed
	// moves as far as the verdict goes ("several attacks with one idle
	// move" are allowed; a perpetual chase needs every move): its other
	// moves are not classified (Skipped), which spares most of the cost
	// of drawn cycles.
	var allowed [2]bool
	pos := a.start
	var spanStart board.Position
	before := slices.Grow(a.spanPos[:0], i1-i0)
	for i := 0; i < i1; i++ {
		m := a.moves[i]
		if i == i0 {
			spanStart = pos
		}
		if i >= i0 {
			before = append(before, pos)
			side := pos.Side()
			switch {
			case a.wdone[i]:
			case allowed[side]:
				a.wcls[i] = Classification{Ply: a.startPly + i + 1, Move: m, Side: side, Class: Skipped}
			default:
				// A cycle repeats its moves: classify each (position,
				// move) once.
				k := pos.Key() ^ uint64(m)*0x9E3779B97F4A7C15
				mm, ok := a.memo[k]
				if !ok {
					mm = repMemo{c: clsClassify(&pos, m, false)}
					a.memo[k] = mm
				}
				c := mm.c
				c.Ply = a.startPly + i + 1
				if mm.threat > 0 {
					c.Threat = true
					c.setClass()
				}
				a.wcls[i] = c
				a.wthreat[i] = mm.threat
				a.wdone[i] = true
			}
			// (A pawn's chase is idle, but counts when both sides
			// attack perpetually: it does not prove the side allowed.)
			if c := &a.wcls[i]; a.wdone[i] && !c.Check && len(c.Chased) == 0 && len(c.PawnChased) == 0 &&
				(a.rules == RulesAXF || !a.threatAt(i, &pos)) {
				allowed[side] = true
			}
		}
		pos.MakeMove(m)
	}
	a.spanPos = before
	if a.rules == RulesCXA {
		a.resolveThreats(i0, i1, before, allowed)
	}
	for i := i0; i < i1; i++ {
		if a.wcls[i].Class != Skipped && !a.wlisted(i) {
			a.classes = append(a.classes, a.wcls[i])
		}
	}
	v := repJudge(a.rules, &spanStart, a.wcls[i0:i1])
	v.Ply = a.ply
	v.Cycle = [2]int{a.startPly + i0 + 1, a.startPly + i1}
	v.Detail += fmt.Sprintf(" (plies %d-%d)", v.Cycle[0], v.Cycle[1])
	return v
}

// judgeChecks decides the span [i0, i1) when a side checks on every move
// (perpetual check outranks every other nature under both rule sets), from
// the check status alone, without the costly chase and threat analysis.
// It returns nil when no side checks perpetually. The moves of a side that
// does not check perpetually are recorded as check or NotChecked.
func (a *Adjudicator) judgeChecks(i0, i1 int) *Verdict {
	pos := a.start
	var spanStart board.Position
	var moves, checks [2]int
	cls := a.spanCls[:0]
	defer func() { a.spanCls = cls[:0] }()
	for i := 0; i < i1; i++ {
		m := a.moves[i]
		if i == i0 {
			spanStart = pos
		}
		side := pos.Side()
		pos.MakeMove(m)
		if i >= i0 {
			c := Classification{Ply: a.startPly + i + 1, Move: m, Side: side, Class: NotChecked}
			if pos.InCheck() {
				c.Check, c.Class = true, Check
				checks[side]++
			}
			moves[side]++
			cls = append(cls, c)
		}
	}
	if !(moves[board.Red] > 0 && checks[board.Red] == moves[board.Red]) &&
		!(moves[board.Black] > 0 && checks[board.Black] == moves[board.Black]) {
		return nil
	}
	for i, c := range cls {
		if !a.wlisted(i0 + i) {
			a.classes = append(a.classes, c)
		}
	}
	v := repJudge(a.rules, &spanStart, cls)
	v.Ply = a.ply
	v.Cycle = [2]int{a.startPly + i0 + 1, a.startPly + i1}
	v.Detail += fmt.Sprintf(" (plies %d-%d)", v.Cycle[0], v.Cycle[1])
	return v
}

// wlisted reports whether window move i is already in a.classes, and
// marks it listed.
func (a *Adjudicator) wlisted(i int) bool {
	for len(a.wlist) <= i {
		a.wlist = append(a.wlist, false)
	}
	if a.wlist[i] {
		return true
	}
	a.wlist[i] = true
	return false
}

// repMemo caches the classification of a (position, move) pair.
type repMemo struct {
	c      Classification
	threat int8 // 0 not searched, 1 threat, -1 no threat
}

// threatAt runs (once, memoised) the mate-threat search for window move
// i played from pos, records it in the classification and returns it.
func (a *Adjudicator) threatAt(i int, pos *board.Position) bool {
	if a.wthreat[i] == 0 {
		m := a.moves[i]
		k := pos.Key() ^ uint64(m)*0x9E3779B97F4A7C15
		mm := a.memo[k]
		if mm.threat == 0 {
			mm.threat = -1
			if threatSeen(k, pos, m) {
				mm.threat = 1
			}
			a.memo[k] = mm
		}
		a.wthreat[i] = mm.threat
		if mm.threat > 0 {
			a.wcls[i].Threat = true
			a.wcls[i].setClass()
		}
	}
	return a.wthreat[i] > 0
}

// threatTable remembers the answers of the mate-threat search across
// games and workers: copies of a game, and the games that repeat a
// known cycle, ask it about the same (position, move) pairs. A slot
// holds the pair's key (its two low bits replaced by the answer: 1 a
// threat, 2 none, 0 an empty slot); a pair whose slot holds another key
// is searched again. The search depends on the position and move alone,
// so the answers do not depend on the order of the games.
var threatTable [1 << 15]atomic.Uint64

// threatSeen returns clsIsThreat(pos, m), from threatTable when the pair
// (key k, see threatAt) was searched before.
func threatSeen(k uint64, pos *board.Position, m board.Move) bool {
	slot := &threatTable[k>>(64-15)]
	tag := k &^ 3
	if e := slot.Load(); e&^3 == tag && e&3 != 0 {
		return e&3 == 1
	}
	t := clsIsThreat(pos, m)
	v := tag | 2
	if t {
		v = tag | 1
	}
	slot.Store(v)
	return t
}

// resolveThreats runs the mate-threat search (Chinese rules only: under
// the Asian rules a threat is idle) where it can change the verdict. A
// side whose cycle holds a move that is neither a check, a chase nor a
// threat makes only allowed moves, whatever its other moves threaten; so
// the moves that are neither check nor chase are searched first, and the
// side's chases only when all of those turn out to be threats (the kind of
// forbidden cycle then depends on them). Moves not searched keep Threat
// false. before[i-i0] is the position before window move i.
func (a *Adjudicator) resolveThreats(i0, i1 int, before []board.Position, allowed [2]bool) {
	threat := func(i int) bool { return a.threatAt(i, &before[i-i0]) }
	for side := board.Red; side <= board.Black; side++ {
		if allowed[side] {
			continue
		}
		allAttack := true
		for i := i0; i < i1 && allAttack; i++ {
			c := &a.wcls[i]
			if c.Side == side && !c.Check && len(c.Chased) == 0 && !threat(i) {
				allAttack = false
			}
		}
		if !allAttack {
			continue
		}
		for i := i0; i < i1; i++ {
			if c := &a.wcls[i]; c.Side == side && !c.Check {
				threat(i)
			}
		}
	}
}
