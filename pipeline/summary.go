package pipeline

import (
	"time"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/flags"
)

// Summary counts what a run saw. Every count counts a thing once.
type Summary struct {
	// Files is the number of input files and archive members met (in the
	// run's shard).
	Files int
	// NoGames lists the input files that gave no game, each with the
	// reason ("name: problem").
	NoGames []string
	// Docs counts the files passed over as documentation or pictures
	// (corpus.ErrDocumentation), which are not in NoGames.
	Docs int
	// Repeated counts the inputs reached again (named twice, or inside
	// another input) and read once; RepeatedPaths names the first few.
	Repeated      int
	RepeatedPaths []string
	Games         int
	OK            int // games with no error or warning flag
	Warnings      int // games whose worst flag is a warning
	Errors        int // games with an error flag
	// Unreadable counts the games whose record could not be read at
	// all (among Errors).
	Unreadable int
	Plies      int // valid main-line plies
	// ByCode counts the games carrying each code (a game once per code),
	// the flags of duplicate detection and of annotators included; OK,
	// Warnings and Errors count a game by its state after them.
	ByCode map[flags.Code]int
	// ByState counts, for each state, the games in that state carrying
	// each code: the codes of the games a state heading counts (an
	// error game's warning codes are under error).
	ByState map[analyze.Status]map[flags.Code]int
	// Clusters is the number of clusters of copies (of more than one
	// game); Dropped counts the copies Duplicates.KeptOnly left out, by
	// kind.
	Clusters int
	Dropped  [4]int
	// Duplicates are the run's duplicate options.
	Duplicates Duplicates
	Elapsed    time.Duration
	Workers    int
	Rules      string
}

// codeSet is a set of flag codes, one bit per code of the flags table
// (by Code.Order; codes outside it share the last bit).
type codeSet uint64

func codeBit(c flags.Code) codeSet { return 1 << min(c.Order(), 63) }

// add counts one game after the pass and returns its set of codes.
func (s *Summary) add(r *analyze.Report) codeSet {
	s.Games++
	switch r.Status {
	case analyze.StatusOK:
		s.OK++
	case analyze.StatusWarning:
		s.Warnings++
	default:
		s.Errors++
	}
	if r.ReadErr != nil {
		s.Unreadable++
	}
	if r.Game != nil {
		s.Plies += len(r.Game.Plies)
	}
	var set codeSet
	for i, f := range r.Flags {
		if !flags.Has(r.Flags[:i], f.Code) {
			s.ByCode[f.Code]++
			s.stateCode(r.Status, f.Code, 1)
			set |= codeBit(f.Code)
		}
	}
	return set
}

// stateCode adds by to the count of code among the games in state st.
func (s *Summary) stateCode(st analyze.Status, c flags.Code, by int) {
	m := s.ByState[st]
	if m == nil {
		m = map[flags.Code]int{}
		s.ByState[st] = m
	}
	if m[c] += by; m[c] == 0 {
		delete(m, c)
	}
}

// addDup counts what a verdict adds to a game whose state after the pass
// was was and whose codes were codes: each new code once, and the game
// moved to its final state (Dup.State), with its codes, when a flag of the
// verdict (an annotator's warning) made it worse.
func (s *Summary) addDup(d Dup, was analyze.Status, codes codeSet) {
	now := d.State
	if now != was {
		s.move(was, now)
		for c := range s.ByState[was] {
			if codes&codeBit(c) != 0 {
				s.stateCode(was, c, -1)
				s.stateCode(now, c, 1)
			}
		}
	}
	for i, f := range d.Flags {
		if !flags.Has(d.Flags[:i], f.Code) && codes&codeBit(f.Code) == 0 {
			s.ByCode[f.Code]++
			s.stateCode(now, f.Code, 1)
		}
	}
	if d.Drop {
		s.Dropped[d.Kind]++
	}
}

// move moves a game from state was to state now.
func (s *Summary) move(was, now analyze.Status) {
	for _, c := range []struct {
		st analyze.Status
		by int
	}{{was, -1}, {now, +1}} {
		switch c.st {
		case analyze.StatusOK:
			s.OK += c.by
		case analyze.StatusWarning:
			s.Warnings += c.by
		default:
			s.Errors += c.by
		}
	}
}

// DroppedTotal is the number of copies left out.
func (s *Summary) DroppedTotal() int {
	return s.Dropped[dedupe.Exact] + s.Dropped[dedupe.Prefix] + s.Dropped[dedupe.Mirror]
}
