package dedupe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/flags"
)

// Flag returns the flag a game's verdict gives it: duplicate for an exact
// copy, near_duplicate for a prefix or mirror copy, with a detail naming
// the kept copy and how the game copies it (and the player names written
// differently from the kept copy, Verdict.NamePairs). ok is false for a
// kept copy or a game without copies.
func (v Verdict) Flag() (f flags.Flag, ok bool) {
	if v.Kind == None {
		return flags.Flag{}, false
	}
	if v.Kind == Exact && len(v.NamePairs) == 0 { // most copies: one string built
		return flags.New(flags.Duplicate, 0, "", "same start position and main line as the kept copy "+
			v.KeptRef.Source+"#"+strconv.Itoa(v.KeptRef.Index+1)), true
	}
	kept := "the kept copy " + v.KeptRef.String()
	var s string
	switch {
	case v.Kind == Exact:
		s = "same start position and main line as " + kept
	case v.Kind == Prefix && v.Plies < v.KeptPlies:
		s = fmt.Sprintf("main line (%d plies) is the start of %s (%d plies)", v.Plies, kept, v.KeptPlies)
	case v.Kind == Prefix:
		s = fmt.Sprintf("main line (%d plies) continues %s (%d plies)", v.Plies, kept, v.KeptPlies)
	case v.Plies < v.KeptPlies:
		s = fmt.Sprintf("left-right mirror of the start of %s (%d of %d plies)", kept, v.Plies, v.KeptPlies)
	case v.Plies > v.KeptPlies:
		s = fmt.Sprintf("left-right mirror of %s, continued (%d plies, the kept copy %d)", kept, v.Plies, v.KeptPlies)
	default:
		s = "left-right mirror of " + kept
	}
	for _, p := range v.NamePairs {
		s += fmt.Sprintf("; name %q written %q in the kept copy", p[0], p[1])
	}
	code := flags.Duplicate
	if v.Kind != Exact {
		code = flags.NearDuplicate
	}
	return flags.New(code, 0, "", s), true
}

// FillFlag returns the tags_filled flag of a kept copy whose empty tags
// Verdict.Fills fills from its copies; ok is false when it has none.
func (v Verdict) FillFlag() (f flags.Flag, ok bool) {
	if len(v.Fills) == 0 {
		return flags.Flag{}, false
	}
	parts := make([]string, len(v.Fills))
	for i, fl := range v.Fills {
		parts[i] = fmt.Sprintf("%s %q from %s", fl.Name, fl.Value, fl.From)
	}
	return flags.New(flags.TagsFilled, 0, "", strings.Join(parts, "; ")), true
}
