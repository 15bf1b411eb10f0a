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
	Games   int
	OK      int
	Flagged int // games with an error or warning flag
	Errors  int // games whose record could not be read at all
	Plies   int // valid main-line plies
	// ByCode counts the games carrying each code (a game once per code),
	// the flags of duplicate detection included.
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
	case analyze.StatusFlagged:
		s.Flagged++
	default:
		s.Errors++
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

// addDup counts what a verdict adds.
func (s *Summary) addDup(d Dup) {
	for _, f := range d.Flags {
		s.ByCode[f.Code]++
	}
	if d.Drop {
		s.Dropped[d.Kind]++
	}
}

// DroppedTotal is the number of copies left out.
func (s *Summary) DroppedTotal() int {
	return s.Dropped[dedupe.Exact] + s.Dropped[dedupe.Prefix] + s.Dropped[dedupe.Mirror]
}
