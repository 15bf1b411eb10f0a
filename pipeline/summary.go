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

func (s *Summary) add(r *analyze.Report) {
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
	for i, f := range r.Flags {
		if !flags.Has(r.Flags[:i], f.Code) {
			s.ByCode[f.Code]++
		}
	}
}

// addDup counts what a verdict adds to a game whose state after the pass
// was was: each code once, and the game moved to a worse state when a flag
// of the verdict (an annotator's warning) makes it worse.
func (s *Summary) addDup(d Dup, was analyze.Status) {
	for i, f := range d.Flags {
		if !flags.Has(d.Flags[:i], f.Code) {
			s.ByCode[f.Code]++
		}
	}
	if now := analyze.StatusOf(d.Flags); now.Worse(was) {
		s.move(was, now)
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
