package export

import (
	"strings"

	"github.com/xqtool/xqtool/analyze"
)

// ClassifyTags writes the ECCO class computed from the moves (r.Opening)
// into the ECCO, Opening and Variation tags of r's record, for the PGN
// and JSON writers. A declared tag is kept and only absent or empty ones
// are filled; a record whose declared ECCO differs from the computed one
// is left as it is (its Opening and Variation go with its code), unless
// fix is set: then the three tags are replaced (Variation removed when the
// computed code names none). A game with no computed class (another
// start, no move) is left as it is. It reports whether a tag changed.
func ClassifyTags(r *analyze.Report, fix bool) bool {
	c := r.Opening
	if r.Record == nil || c.Code == "" {
		return false
	}
	tags := &r.Record.Tags
	declared := strings.TrimSpace(tags.Value(tagECCO))
	differs := declared != "" && !strings.EqualFold(declared, c.Code)
	if differs && !fix {
		return false // the declared Opening and Variation go with the declared code
	}
	replace := differs
	changed := false
	for _, t := range [...]struct{ name, value string }{
		{tagECCO, c.Code}, {tagOpening, c.Opening}, {tagVariation, c.Variation},
	} {
		old, ok := tags.Get(t.name)
		switch {
		case replace && t.value == "":
			if ok {
				filtered := (*tags)[:0]
				for _, tg := range *tags {
					if !strings.EqualFold(tg.Name, t.name) {
						filtered = append(filtered, tg)
					}
				}
				*tags = filtered
				changed = true
			}
		case t.value == "" || old == t.value:
		case replace || strings.TrimSpace(old) == "":
			tags.Set(t.name, t.value)
			changed = true
		}
	}
	return changed
}
