// Package analyze judges a replayed game record and flags what is wrong
// with it: illegal or unreadable moves, missing records (漏记: empty or
// truncated games, gaps in the move numbers, missing result or tags), a
// declared result that contradicts the final position, moves after the
// end, the natural move limit, forbidden repetition cycles (棋例) and
// suspect text encodings.
//
// Every flag has a stable code (package flags, the one table of codes and
// their severities), the ply it refers to (0 = the whole game), the side
// concerned and a detail text. A game's status is its worst flag's
// severity: "error" when the moves, the start position or the result are
// wrong or unreadable (the record could not be read at all included),
// "warning" when only warnings are raised (missing tags or result, suspect
// encoding, rule notes), "ok" otherwise; info flags never change it.
package analyze

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/notation"
	"github.com/xqtool/xqtool/opening"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/replay"
)

// Status of a game.
type Status string

// Statuses.
const (
	StatusOK      Status = "ok"      // no error or warning flag
	StatusWarning Status = "warning" // warnings only
	StatusError   Status = "error"   // an error flag
)

// Results.
const (
	ResultRed     = "1-0"
	ResultBlack   = "0-1"
	ResultDraw    = "1/2-1/2"
	ResultUnknown = "*"
)

// Terminations, as decided from the moves.
const (
	TermMate       = "mate"
	TermStalemate  = "stalemate"
	TermLimit      = "limit"
	TermRepetition = "repetition"
	TermUnknown    = "unknown"
)

// DefaultRequiredTags are the tags a tournament record must carry.
var DefaultRequiredTags = []string{"Event", "Date", "Red", "Black", "Result"}

// NaturalLimitPlies is the natural move limit (自然限着): 60 rounds without
// a capture.
const NaturalLimitPlies = 120

// Options configures Analyze.
type Options struct {
	// RequireTags lists the tags whose absence is flagged missing_tags;
	// nil means DefaultRequiredTags, an empty non-nil slice disables it.
	RequireTags []string
	// SkipVariations does not replay variations.
	SkipVariations bool
	// Rules is the repetition rule set (default RulesCXA) and
	// Repetitions the occurrence of a position at which a cycle is
	// judged (default DefaultRepetitions).
	Rules       RuleSet
	Repetitions int
	// NoRepetition turns the repetition adjudicator off.
	NoRepetition bool
}

// Report is the verdict on one game.
type Report struct {
	Record  *parse.Record
	ReadErr error        // non-nil when the record could not be read
	Game    *replay.Game // nil when ReadErr is non-nil
	Flags   []flags.Flag
	Status  Status
	// ResultByPosition is the result the final position decides ("1-0"
	// or "0-1" after mate or stalemate), else "".
	ResultByPosition string
	Termination      string
	// Verdicts are the repetition rulings on the main line, and Classes
	// the classification (check, threat, chase, idle) of the moves of the
	// cycles judged.
	Verdicts []*Verdict
	Classes  []Classification
	// Rules is the repetition rule set used.
	Rules RuleSet
	// Opening is the ECCO class computed from the main line (package
	// opening); its Code is "" for a game from another start or with no
	// move.
	Opening opening.Class
}

// Declared returns the declared result, "*" when none.
func (r *Report) Declared() string {
	if r.Record == nil || r.Record.Result == "" {
		return ResultUnknown
	}
	return r.Record.Result
}

func sideName(c board.Color) string { return c.String() }

func (r *Report) add(code flags.Code, ply int, side string, detail string) {
	if r.Flags == nil {
		// Room for the usual few (missing tags and result, a note of the
		// end): one allocation rather than one per flag.
		r.Flags = make([]flags.Flag, 0, 4)
	}
	r.Flags = append(r.Flags, flags.New(code, ply, side, detail))
}

// HasCode reports whether the report carries a flag with the code.
func (r *Report) HasCode(code flags.Code) bool {
	for _, f := range r.Flags {
		if f.Code == code {
			return true
		}
	}
	return false
}

// Analyze replays rec and judges it. readErr is the error the reader
// returned with rec, if any (the game could not be read).
func Analyze(rec *parse.Record, readErr error, opt Options) *Report {
	rules := opt.Rules
	if rules == "" {
		rules = RulesCXA
	}
	r := &Report{Record: rec, ReadErr: readErr, Termination: TermUnknown, Rules: rules}
	if readErr != nil {
		r.add(flags.UnreadableRecord, 0, "", readErr.Error())
		r.finish()
		return r
	}
	g := replay.Replay(rec, replay.Options{SkipVariations: opt.SkipVariations})
	r.Game = g
	r.checkRecord(opt)
	r.checkStart()
	if g.HasStart {
		r.checkMoves()
		r.classifyOpening()
		if !opt.NoRepetition {
			r.checkRepetition(opt)
		}
		r.checkEnd()
	}
	r.finish()
	return r
}

// Release hands the replay's memory back for later games (see
// replay.Game.Release): r.Game is nil after it. A caller that keeps
// nothing of r past this point may call it; one that does not loses
// only the reuse.
func (r *Report) Release() {
	if r.Game != nil {
		r.Game.Release()
		r.Game = nil
	}
}

// finish sets the status from the flags.
func (r *Report) finish() {
	r.Status = StatusOf(r.Flags)
}

// Worse reports whether s is a worse state than t (error, then warning,
// then ok).
func (s Status) Worse(t Status) bool { return s.rank() < t.rank() }

func (s Status) rank() int {
	switch s {
	case StatusError:
		return 0
	case StatusWarning:
		return 1
	}
	return 2
}

// StatusOf returns the status of a game with flags fs: its worst
// severity, info counting as ok.
func StatusOf(fs []flags.Flag) Status {
	switch flags.Worst(fs) {
	case flags.Error:
		return StatusError
	case flags.Warning:
		return StatusWarning
	}
	return StatusOK
}

// checkRecord flags problems of the record itself: reader problems,
// encoding, tags, result.
func (r *Report) checkRecord(opt Options) {
	rec := r.Record
	for _, p := range rec.Problems {
		switch {
		case errors.Is(p, parse.ErrTruncated):
			r.add(flags.Truncated, 0, "", p.Error())
		case errors.Is(p, parse.ErrMoveNumber):
			// checkNumbers judges the main line's numbers with the
			// ply and side; the reader's note would repeat it.
		case errors.Is(p, parse.ErrEncoding):
			r.add(flags.EncodingSuspect, 0, "", p.Error())
		default:
			r.add(flags.RecordSyntax, 0, "", p.Error())
		}
	}
	if rec.Replaced {
		r.add(flags.EncodingSuspect, 0, "",
			fmt.Sprintf("text decoded as %s with replacement characters", rec.Encoding))
	}
	req := opt.RequireTags
	if req == nil {
		req = DefaultRequiredTags
	}
	// The detail is written on the stack and copied once.
	const missingTags = "missing or empty: "
	var buf [128]byte
	detail := append(buf[:0], missingTags...)
	for _, t := range req {
		if v, ok := rec.Tags.Get(t); !ok || strings.TrimSpace(v) == "" {
			if len(detail) > len(missingTags) {
				detail = append(detail, ", "...)
			}
			detail = append(detail, t...)
		}
	}
	if len(detail) > len(missingTags) {
		r.add(flags.MissingTags, 0, "", string(detail))
	}
	if rec.Result == "" || rec.Result == ResultUnknown {
		r.add(flags.MissingResult, 0, "", "no result recorded")
	}
}

func (r *Report) checkStart() {
	g := r.Game
	if g.FENNote != "" {
		r.add(flags.RecordSyntax, 0, "", g.FENNote)
	}
	if g.StartErr == nil {
		return
	}
	detail := fmt.Sprintf("FEN %q: %v", r.Record.FEN, g.StartErr)
	if g.HasStart {
		detail += " (moves replayed with relaxed placement rules)"
	}
	r.add(flags.InvalidStart, 0, "", detail)
}

// checkMoves flags the main-line failure, variation failures, move-number
// gaps, empty games and the natural limit.
func (r *Report) checkMoves() {
	g := r.Game
	line := g.Line
	if len(line) == 0 {
		r.add(flags.EmptyGame, 0, "", "the record has no moves")
	}
	if f := g.Fail; f != nil {
		code, detail := failureCode(f)
		if f.Terminal != board.Ongoing {
			code = flags.MovesAfterEnd
			detail = fmt.Sprintf("%d move(s) recorded after %s at ply %d (first: %q)", g.Unplayed, f.Terminal, f.Ply-1, f.Text)
		}
		r.add(code, f.Ply, sideName(f.Side), detail)
	}
	for _, f := range g.VarFails {
		_, detail := failureCode(f)
		r.add(flags.IllegalVariationMove, f.Ply, sideName(f.Side), detail)
	}
	r.checkNumbers(line)
	quiet := 0
	for i, p := range g.Plies {
		if p.Capture != board.NoPiece {
			quiet = 0
			continue
		}
		quiet++
		if quiet+g.Start.HalfMove() == NaturalLimitPlies {
			r.add(flags.NaturalLimit, i+1, "", "60 rounds (120 plies) without a capture")
			break
		}
	}
}

// failureCode maps a replay failure to a flag code and detail.
func failureCode(f *replay.Failure) (flags.Code, string) {
	where := fmt.Sprintf("ply %d (move %d, %s) %q", f.Ply, f.MoveNumber, sideName(f.Side), f.Text)
	code := flags.IllegalMove
	var reason string
	switch {
	case errors.Is(f.Err, notation.ErrSyntax):
		code = flags.UnreadableMove
		reason = "not a move"
	case errors.Is(f.Err, notation.ErrAmbiguous):
		code = flags.AmbiguousMove
		reason = "matches several legal moves"
	default:
		reason = illegalReason(f.Err)
	}
	return code, fmt.Sprintf("%s: %s; position %s", where, reason, f.FEN)
}

// illegalReason names why a move is illegal.
func illegalReason(err error) string {
	switch {
	case errors.Is(err, board.ErrNoPiece):
		return "no such piece"
	case errors.Is(err, board.ErrWrongSide):
		return "wrong side (a move may be missing from the record)"
	case errors.Is(err, board.ErrBlocked):
		return "blocked"
	case errors.Is(err, board.ErrSelfCheck):
		return "leaves the king in check"
	case errors.Is(err, board.ErrFlyingGeneral):
		return "kings facing"
	case errors.Is(err, board.ErrOwnPiece):
		return "captures an own piece"
	case errors.Is(err, board.ErrBadPath):
		return "the piece cannot move that way"
	}
	return err.Error()
}

// checkNumbers flags the first main-line move number that does not follow
// from the first one written (numbers may start anywhere: endgame records
// often start at 1 whatever the FEN says).
func (r *Report) checkNumbers(line []*parse.Node) {
	g := r.Game
	s := 0
	if g.Start.Side() == board.Black {
		s = 1
	}
	base := -1
	for i, n := range line {
		if n.Number <= 0 {
			continue
		}
		rel := (i + s) / 2
		if base < 0 {
			base = n.Number - rel
			continue
		}
		if want := base + rel; n.Number != want {
			side := board.Red
			if (i+s)%2 == 1 {
				side = board.Black
			}
			r.add(flags.MoveNumberGap, i+1, sideName(side),
				fmt.Sprintf("move number %d where %d was expected (%s)", n.Number, want, n.Pos))
			return
		}
	}
}

// checkRepetition runs the repetition adjudicator over the main line and
// flags every cycle it judges: a forbidden cycle (perpetual check, threat
// or chase, or a mixed attack cycle) as a warning on the side that must
// change, a drawn cycle as info.
func (r *Report) checkRepetition(opt Options) {
	g := r.Game
	if len(g.Plies) < 4 {
		return
	}
	n := opt.Repetitions
	if n < 2 {
		n = DefaultRepetitions
	}
	if !mayRepeat(g.Start.Key(), g.Plies, n) {
		return
	}
	a := newAdjudicator(g.Start, r.Rules, opt.Repetitions)
	defer adjudicators.Put(a) // verdicts and Classes are copies
	for _, p := range g.Plies {
		v := a.Push(p.Move)
		if v == nil {
			continue
		}
		r.Verdicts = append(r.Verdicts, v)
		detail := v.Detail
		if len(v.Chased) > 0 {
			detail += "; chased: " + strings.Join(v.Chased, " ")
		}
		detail += fmt.Sprintf(" [%s rules]", v.Rules)
		if v.Draw() {
			r.add(v.Code(), v.Ply, "", detail)
		} else {
			r.add(v.Code(), v.Ply, sideName(v.Loser), detail)
		}
	}
	if len(r.Verdicts) > 0 {
		r.Classes = a.Classes()
	}
}

// mayRepeat reports whether some position of the line occurs n times
// within a stretch without captures — a cheap filter on the replay's
// position keys before the adjudicator replays and judges the line. (A
// pawn advance, which also ends the adjudicator's window, changes the key
// of every later position, so only captures need resetting here.)
func mayRepeat(startKey uint64, plies []replay.Ply, n int) bool {
	// The keys since the last capture are the replay's own (plies[from:]
	// and, before any capture, startKey); a 1024-bit filter of them
	// leaves a count only for likely repeats. (No copy of the keys: a
	// buffer for them cost more, zeroed per game, than the check.)
	var filter [16]uint64
	bit := func(k uint64) (int, uint64) { return int(k>>6) & 15, 1 << (k & 63) }
	w, m := bit(startKey)
	filter[w] |= m
	from, withStart := 0, true
	for i, p := range plies {
		if p.Capture != board.NoPiece {
			filter = [16]uint64{}
			from, withStart = i, false
		}
		w, m := bit(p.Key)
		if filter[w]&m != 0 {
			count := 1
			if withStart && startKey == p.Key {
				count++
			}
			for _, q := range plies[from:i] {
				if q.Key == p.Key {
					count++
				}
			}
			if count >= n {
				return true
			}
		}
		filter[w] |= m
	}
	return false
}

// checkEnd compares the declared result with the final position.
func (r *Report) checkEnd() {
	g := r.Game
	if g.Fail != nil {
		return // the final position of the record is unknown
	}
	switch g.Outcome {
	case board.Checkmate, board.Stalemate:
		loser := g.Final.Side()
		if loser == board.Red {
			r.ResultByPosition = ResultBlack
		} else {
			r.ResultByPosition = ResultRed
		}
		r.Termination = TermMate
		if g.Outcome == board.Stalemate {
			r.Termination = TermStalemate
		}
		if d := r.Record.Result; d != "" && d != ResultUnknown && d != r.ResultByPosition {
			r.add(flags.ResultMismatch, len(g.Plies), sideName(loser),
				fmt.Sprintf("declared %s but %s is %s after ply %d (%s)", d, loser, g.Outcome, len(g.Plies), r.ResultByPosition))
		}
	default:
		if n := len(r.Verdicts); n > 0 && r.Verdicts[n-1].Ply == len(g.Plies) {
			// The record ends on a judged cycle: the result must agree.
			v := r.Verdicts[n-1]
			r.Termination = TermRepetition
			want := ResultDraw
			if !v.Draw() {
				want = ResultRed
				if v.Loser == board.Red {
					want = ResultBlack
				}
			}
			r.ResultByPosition = want
			if d := r.Record.Result; d != "" && d != ResultUnknown && d != want {
				side := ""
				if !v.Draw() {
					side = sideName(v.Loser)
				}
				r.add(flags.ResultMismatch, v.Ply, side,
					fmt.Sprintf("declared %s but the record ends on a cycle judged %s under %s rules (%s)", d, v.Code(), v.Rules, want))
			}
		} else if r.HasCode(flags.NaturalLimit) && r.Record.Result == ResultDraw {
			r.Termination = TermLimit
		}
	}
}
