package repair

import (
	"fmt"
	"strings"
)

// Detail is the detail of the repaired flag for e: what was written, what
// replaces it and the kind of slip, e.g.
//
//	ply 12: written "马８退７", repaired to "马８进７" (direction 进/退)
func (e Edit) Detail() string {
	switch e.Kind {
	case Missing:
		return fmt.Sprintf("ply %d: not in the record, inserted %q (missing ply)", e.Ply, e.Text)
	case Extra:
		return fmt.Sprintf("ply %d: written %q, removed (extra ply)", e.Ply, e.Written)
	case Swapped:
		return fmt.Sprintf("plies %d and %d: written %q, repaired to %q (swapped)", e.Ply, e.Ply+2, e.Written, e.Text)
	}
	return fmt.Sprintf("ply %d: written %q, repaired to %q (%s %s)", e.Ply, e.Written, e.Text, e.Kind, e.Note)
}

// meant says what e proposes, for a question: "马二进三 (进/退)".
func (e Edit) meant() string {
	switch e.Kind {
	case Missing:
		return fmt.Sprintf("%s inserted at ply %d (missing ply)", e.Text, e.Ply)
	case Extra:
		return fmt.Sprintf("%s at ply %d removed (extra ply)", e.Written, e.Ply)
	case Swapped:
		return fmt.Sprintf("%s at plies %d and %d (swapped)", e.Text, e.Ply, e.Ply+2)
	case Other:
		return fmt.Sprintf("%s at ply %d", e.Move, e.Ply)
	}
	return fmt.Sprintf("%s (%s)", e.Text, e.Note)
}

// maxSuggested bounds the candidates a suggestion names.
const maxSuggested = 3

// Suggestion is the question a validate flag asks about a failing move,
// or "" when the search has nothing to say:
//
//	did you mean 马二进三 (进/退)?
//	did you mean 马二进三 (进/退) or 马二进四 (四/三)?
//	did you mean 后兵平四 (后/前)? (not proven: another move, g7h7 at ply 9, fits as well)
//
// It names the accepted repairs, else the candidates that make the line
// replay at least Options.Confirm plies past the failure (or to its end),
// but for the removal of a failing last move, which anything would fit.
func (r Result) Suggestion(opt Options) string {
	if r.Repaired() {
		parts := make([]string, len(r.Repairs))
		for i, e := range r.Repairs {
			parts[i] = e.meant()
		}
		return "did you mean " + strings.Join(parts, " and ") + "?"
	}
	var named []string
	var other *Candidate
	for i, c := range r.Candidates {
		if !c.Full && c.Reach < r.Fail+opt.confirm() {
			continue
		}
		if c.Kind == Extra && c.Index == r.Fail && c.Reach == c.Index+1 {
			continue // the failing last move removed: nothing proves it
		}
		if c.Kind == Other {
			if other == nil {
				other = &r.Candidates[i]
			}
			continue
		}
		if len(named) < maxSuggested {
			named = append(named, c.meant())
		}
	}
	if len(named) == 0 {
		return ""
	}
	s := "did you mean " + strings.Join(named, " or ") + "?"
	if other != nil {
		s += fmt.Sprintf(" (not proven: another move, %s, fits as well)", other.meant())
	}
	return s
}
