package repair

import (
	"cmp"
	"slices"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/notation"
)

// step is one move of an edited segment: written text (or coordinates) to
// resolve, or a move already known to be legal where it is played.
type step struct {
	w Written
	m board.Move
}

// cand is one edit under test: the steps seg replace the written moves
// line[k:resume], played from the position before line[k].
type cand struct {
	edit   Edit
	k      int
	seg    []step
	resume int

	// Replay state: reach is the index of the written move reached
	// (-1 when the segment itself does not play), at the position there
	// and hash the moves played since the window's start.
	reach int
	at    board.Position
	hash  uint64
	moves int
}

// searcher holds one game under repair: its current written line and the
// replay of the line's valid prefix.
type searcher struct {
	in    Input
	opt   Options
	st    style
	ls    letterStyle
	work  int              // moves resolved, against Options.MaxWork
	pos   []board.Position // pos[i]: the position before line[i], i <= fail
	moves []board.Move     // moves[i]: line[i] resolved, i < fail
	fail  int              // index of the first move that fails; -1: none
}

// Search looks for the slip that makes the written line of in fail, and
// returns the repairs it could prove or the candidates it could not tell
// apart. A line that replays cleanly is not searched (Result.Fail is -1).
//
// A repair that makes the line replay only part of the way (a second slip
// further on) stands only if the repairs after it, each proven the same
// way, make the whole line replay: a repaired line always replays to its
// end.
//
// It never proposes a game without moves: a repair or a candidate that
// removes every written move is left out (anything "fits" an empty game).
func Search(in Input, opt Options) Result {
	return keepMoves(search(in, opt), len(in.Line))
}

// keepMoves leaves out of res what would leave the game without a move:
// a repaired line that is empty, a candidate that removes the only one of
// the written moves.
func keepMoves(res Result, written int) Result {
	if res.Complete && len(res.Line) == 0 {
		res = Result{Fail: res.Fail, GaveUp: res.GaveUp}
	}
	if written == 1 {
		res.Candidates = slices.DeleteFunc(res.Candidates, func(c Candidate) bool { return c.Kind == Extra })
	}
	return res
}

func search(in Input, opt Options) Result {
	s := &searcher{in: in, opt: opt}
	s.replay()
	if s.fail < 0 {
		return Result{Fail: -1}
	}
	res := Result{Fail: s.fail}
	s.learn()
	var chain []*cand
	var first []Candidate // the first step's candidate, should the chain fail
	lo := 0
	for step := 0; step < opt.maxRepairs(); step++ {
		acc, cands := s.searchAt(lo)
		if acc == nil {
			if step > 0 {
				cands = first // the chain stops short of the end
			}
			return Result{Fail: res.Fail, Candidates: cands, GaveUp: s.exhausted()}
		}
		e := s.finish(acc)
		if step == 0 {
			first = []Candidate{{Edit: e, Reach: acc.reach, Full: acc.reach == len(s.in.Line)}}
		}
		chain = append(chain, acc)
		res.Repairs = append(res.Repairs, e)
		s.in.Line = acc.apply(s.in.Line)
		lo = acc.k + len(acc.seg)
		s.replay()
		if s.fail >= 0 {
			continue
		}
		if len(chain) > 1 && !opt.Quick && !verifyChain(in, opt, chain, s.moves) {
			return Result{Fail: res.Fail, Candidates: first}
		}
		res.Line = slices.Clone(s.moves)
		res.Texts = s.in.Line
		res.Complete = true
		return res
	}
	// Out of repairs with the line still failing.
	return Result{Fail: res.Fail, Candidates: first}
}

// verifyChain checks each repair of a chain (several slips in one game)
// against the others: with every other repair made and this one undone,
// a search must find this one, alone and unrefuted. Two slips can
// otherwise be explained away by two other edits that happen to fit
// together.
func verifyChain(in Input, opt Options, chain []*cand, final []board.Move) bool {
	one := opt
	one.MaxRepairs = 1
	for i := range chain {
		line := in.Line
		shift := 0
		for j, c := range chain {
			if j == i {
				shift = (c.resume - c.k) - len(c.seg)
				continue
			}
			d := *c
			if j > i {
				d.k, d.resume = d.k+shift, d.resume+shift
			}
			line = d.apply(line)
		}
		in2 := in
		in2.Line = line
		r := Search(in2, one)
		if !r.Complete || !slices.Equal(r.Line, final) {
			return false
		}
	}
	return true
}

// replay resolves the current line from the start, keeping the position
// before every move of its valid prefix.
func (s *searcher) replay() {
	p := s.in.Start
	s.pos, s.moves = s.pos[:0], s.moves[:0]
	s.fail = -1
	for i, w := range s.in.Line {
		s.pos = append(s.pos, p)
		m, ok := s.resolve(&p, w)
		if !ok {
			s.fail = i
			return
		}
		s.moves = append(s.moves, m)
		p.MakeMove(m)
	}
	s.pos = append(s.pos, p)
}

// resolve reads a written move as replay.ResolveNode does (the reading
// that found the failure), without explaining a failure.
func (s *searcher) resolve(p *board.Position, w Written) (board.Move, bool) {
	if s.work++; s.work > s.opt.maxWork() {
		return board.NoMove, false
	}
	if w.Text == "" {
		return w.Move, p.CheckMove(w.Move) == nil
	}
	return notation.Try(p, w.Text, s.in.Notation)
}

// exhausted reports that the search has used up its budget: every
// resolution fails from then on, and nothing is accepted.
func (s *searcher) exhausted() bool { return s.work > s.opt.maxWork() }

// learn reads the record's style from its text, for the moves written by
// edits.
func (s *searcher) learn() {
	// The sides are known as far as the line replays: the moves after
	// the failure may belong to either.
	n := s.fail
	texts := make([]string, n)
	sides := make([]board.Color, n)
	for i := range n {
		texts[i], sides[i] = s.in.Line[i].Text, s.pos[i].Side()
	}
	s.st = learnStyle(texts, sides)
	all := make([]string, len(s.in.Line))
	for i, w := range s.in.Line {
		all[i] = w.Text
	}
	s.ls = learnLetters(all)
}

// searchAt searches the window before the failure (not before index lo,
// where an earlier repair ends) and returns the accepted candidate, or
// nil and the candidates to list.
func (s *searcher) searchAt(lo int) (*cand, []Candidate) {
	f := s.fail
	w0 := max(lo, f-s.opt.window())
	hashes := s.prefixHashes(w0)
	var live []*cand
	best := f
	for k := f; k >= w0 && !s.exhausted(); k-- {
		s.generate(k, func(c *cand) {
			s.start(c, hashes[c.k-w0])
			s.run(c, len(s.in.Line))
			if c.reach > f {
				live = append(live, c)
				best = max(best, c.reach)
			}
		})
	}
	live = distinct(live)
	if s.exhausted() {
		return nil, s.list(live)
	}
	var top []*cand
	for _, c := range live {
		if c.reach == best {
			top = append(top, c)
		}
	}
	if len(top) == 1 && (best == len(s.in.Line) || best >= f+s.opt.confirm()) {
		acc := top[0]
		b := s.refute(acc, w0)
		switch {
		case b != nil:
			return nil, s.list([]*cand{acc, b})
		case s.exhausted():
			return nil, s.list([]*cand{acc})
		}
		return acc, nil
	}
	if len(top) > 1 {
		return nil, s.list(top)
	}
	return nil, s.list(live)
}

// refute looks for another reading of the record that replays as far as
// the candidate c: any legal move in place of any written move from w0 to
// the failing one. If there is one, the rest of the game does not prove
// c, however plausible its slip.
func (s *searcher) refute(c *cand, w0 int) *cand {
	if s.opt.Quick {
		return nil
	}
	var buf [board.MaxMoves]board.Move
	for j := s.fail; j >= w0; j-- {
		p := &s.pos[j]
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			if s.exhausted() {
				return nil
			}
			if j < s.fail && m == s.moves[j] || j == c.k && len(c.seg) == 1 && c.resume == j+1 && (!s.opt.Strict || m == c.edit.Move) {
				continue
			}
			b := &cand{edit: Edit{Kind: Other, Index: j, Ply: j + 1, Written: s.in.Line[j].String(), Move: m, Note: "another move"},
				k: j, seg: []step{{m: m}}, resume: j + 1}
			s.start(b, 0)
			s.run(b, c.reach)
			if b.reach >= c.reach {
				return b
			}
		}
	}
	return nil
}

// generate calls try with the candidate edits at index k of the line
// (the failing move or one before it), in the order of the kinds, without
// two edits of the move that give the same move.
func (s *searcher) generate(k int, try func(*cand)) {
	kinds := s.opt.kinds()
	line := s.in.Line
	p := &s.pos[k]
	written := line[k]
	var seen []board.Move
	if k < s.fail {
		seen = append(seen, s.moves[k]) // an edit must change the move
	}
	if s.fail-k > s.opt.lineWindow() {
		kinds &^= KindsOf(Swapped, Missing, Extra)
	}
	add := func(kind Kind, text, nt string) {
		w := Written{Text: text}
		if written.Text == "" {
			// A coordinate record: the edit is of its coordinates.
			c, err := notation.ParseICCS(text)
			if err != nil {
				return
			}
			w = Written{Move: c.Move()}
		}
		m, ok := s.resolve(p, w)
		if !ok || slices.Contains(seen, m) {
			return
		}
		seen = append(seen, m)
		try(&cand{
			edit: Edit{Kind: kind, Index: k, Ply: k + 1, Written: written.String(), Text: w.String(), Move: m, Note: nt},
			k:    k, seg: []step{{w: w, m: m}}, resume: k + 1,
		})
	}
	switch {
	case written.Text == "":
		letterEdits(written.Move.String(), notation.NotationICCS, kinds, add)
	case s.notation(written.Text) == notation.NotationChinese:
		chineseEdits(written.Text, p.Side(), &s.st, kinds, add)
	default:
		letterEdits(written.Text, s.notation(written.Text), kinds, add)
	}
	if kinds.Has(Swapped) && k+2 < len(line) {
		try(&cand{
			edit: Edit{Kind: Swapped, Index: k, Ply: k + 1,
				Written: pair(line[k].String(), line[k+2].String()), Text: pair(line[k+2].String(), line[k].String()),
				Note: "moves of one side in the wrong order"},
			k: k, seg: []step{{w: line[k+2]}, {w: line[k+1]}, {w: line[k]}}, resume: k + 3,
		})
	}
	if kinds.Has(Missing) {
		var buf [board.MaxMoves]board.Move
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			try(&cand{
				edit: Edit{Kind: Missing, Index: k, Ply: k + 1, Move: m, Note: "missing ply"},
				k:    k, seg: []step{{m: m}}, resume: k,
			})
		}
	}
	if kinds.Has(Extra) {
		try(&cand{
			edit: Edit{Kind: Extra, Index: k, Ply: k + 1, Written: written.String(), Note: "a move that does not belong"},
			k:    k, resume: k + 1,
		})
	}
}

// notation is the notation a written move is read in.
func (s *searcher) notation(text string) notation.Notation {
	switch nt := s.in.Notation; nt {
	case notation.NotationAuto, notation.NotationCoords:
		return notation.Detect(text)
	default:
		return nt
	}
}

// prefixHashes returns the hash of the moves line[w0:k] for k = w0..fail.
func (s *searcher) prefixHashes(w0 int) []uint64 {
	h := make([]uint64, 0, s.fail-w0+1)
	x := uint64(fnvOffset)
	h = append(h, x)
	for k := w0; k < s.fail; k++ {
		x = mix(x, s.moves[k])
		h = append(h, x)
	}
	return h
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func mix(h uint64, m board.Move) uint64 {
	h ^= uint64(m)
	return h * fnvPrime
}

// start plays c's segment from the position before line[c.k].
func (s *searcher) start(c *cand, h uint64) {
	c.at = s.pos[c.k]
	c.hash = h
	c.moves = c.k
	c.reach = -1
	for _, st := range c.seg {
		m := st.m
		if m == board.NoMove {
			var ok bool
			if m, ok = s.resolve(&c.at, st.w); !ok {
				return
			}
		}
		c.at.MakeMove(m)
		c.hash = mix(c.hash, m)
		c.moves++
	}
	c.reach = c.resume
}

// run replays the written line after c's segment up to index limit, or
// to the first move that fails.
func (s *searcher) run(c *cand, limit int) {
	if c.reach < 0 {
		return
	}
	for c.reach < limit {
		m, ok := s.resolve(&c.at, s.in.Line[c.reach])
		if !ok {
			return
		}
		c.at.MakeMove(m)
		c.hash = mix(c.hash, m)
		c.moves++
		c.reach++
	}
}

// distinct drops the candidates that give the same moves as one before
// them (two edits of one slip).
func distinct(cs []*cand) []*cand {
	type key struct {
		reach, moves int
		hash         uint64
	}
	seen := map[key]bool{}
	out := cs[:0:0]
	for _, c := range cs {
		if c.reach < 0 {
			continue
		}
		k := key{c.reach, c.moves, c.hash}
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// list returns the candidates to show, furthest first, then by kind and
// nearest the failure, at most maxListed, with their texts written out.
func (s *searcher) list(cs []*cand) []Candidate {
	slices.SortStableFunc(cs, func(a, b *cand) int {
		return cmp.Or(cmp.Compare(b.reach, a.reach), cmp.Compare(a.edit.Kind, b.edit.Kind), cmp.Compare(b.k, a.k))
	})
	if len(cs) > maxListed {
		cs = cs[:maxListed]
	}
	out := make([]Candidate, len(cs))
	for i, c := range cs {
		out[i] = Candidate{Edit: s.finish(c), Reach: c.reach, Full: c.reach == len(s.in.Line)}
	}
	return out
}

// finish writes out the texts of an edit that only knows its move.
func (s *searcher) finish(c *cand) Edit {
	e := c.edit
	switch e.Kind {
	case Missing:
		w := s.format(&s.pos[c.k], e.Move)
		c.seg[0].w = w
		e.Text = w.String()
	case Swapped:
		e.Move, _ = s.resolve(&s.pos[c.k], c.seg[0].w)
	}
	return e
}

// apply returns line with c's edit made.
func (c *cand) apply(line []Written) []Written {
	out := make([]Written, 0, len(line)+1)
	out = append(out, line[:c.k]...)
	for _, st := range c.seg {
		w := st.w
		if w == (Written{}) {
			w.Move = st.m
		}
		out = append(out, w)
	}
	return append(out, line[c.resume:]...)
}

// letterStyle is how a record writes letter and coordinate moves, for a
// move written anew.
type letterStyle struct {
	hyphen, upper, equals bool
}

func learnLetters(texts []string) letterStyle {
	var ls letterStyle
	for _, t := range texts {
		if strings.Contains(t, "-") && len(t) == 5 {
			ls.hyphen = true
		}
		if len(t) >= 4 && t[0] >= 'A' && t[0] <= 'I' && t[2] != '.' && t[2] != '+' && t[2] != '-' && t[2] != '=' {
			ls.upper = true
		}
		if strings.ContainsAny(t, "=＝") {
			ls.equals = true
		}
	}
	return ls
}

// format writes m, a legal move of p, as the record would: in its
// notation and style (a binary record gets its coordinates).
func (s *searcher) format(p *board.Position, m board.Move) Written {
	var text string
	switch s.dominant() {
	case notation.NotationCoords:
		return Written{Move: m}
	case notation.NotationChinese:
		text = s.st.format(p, m)
	case notation.NotationWXF:
		text = notation.FormatWXF(p, m)
		if s.ls.equals {
			text = strings.ReplaceAll(text, ".", "=")
		}
	case notation.NotationICCS:
		text = notation.FormatICCS(m, s.ls.hyphen)
		if s.ls.upper {
			text = strings.ToUpper(text)
		}
	default:
		text = notation.Format(p, m, s.in.Notation)
	}
	return Written{Text: text}
}

// dominant is the notation the record's moves are written in.
func (s *searcher) dominant() notation.Notation {
	if s.in.Notation != notation.NotationAuto && s.in.Notation != notation.NotationCoords {
		return s.in.Notation
	}
	for _, w := range s.in.Line {
		if w.Text != "" {
			return notation.Detect(w.Text)
		}
	}
	return notation.NotationCoords
}
