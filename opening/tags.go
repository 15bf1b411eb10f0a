package opening

import (
	"strings"

	"github.com/xqtool/xqtool/parse"
)

// ClassifyTags returns tags with the ECCO, Opening and Variation tags of
// c, for records written out (convert --classify). A declared tag is
// kept and only absent or empty ones are filled; when the declared ECCO
// differs from c's code nothing changes (the declared Opening and
// Variation go with the declared code), unless fix is set: then the three
// tags are replaced (Variation removed when c names none). A zero Class
// (another start, no move) changes nothing. tags itself is never changed:
// when something changes, the result is a new slice; changed says whether
// it did.
func ClassifyTags(tags parse.Tags, c Class, fix bool) (out parse.Tags, changed bool) {
	if c.Code == "" {
		return tags, false
	}
	declared := strings.TrimSpace(tags.Value(parse.TagECCO))
	differs := declared != "" && !strings.EqualFold(declared, c.Code)
	if differs && !fix {
		return tags, false
	}
	out = tags
	edit := func() {
		if !changed {
			out = append(parse.Tags(nil), tags...)
			changed = true
		}
	}
	for _, t := range [...]struct{ name, value string }{
		{parse.TagECCO, c.Code}, {parse.TagOpening, c.Opening}, {parse.TagVariation, c.Variation},
	} {
		old, ok := out.Get(t.name)
		switch {
		case differs && t.value == "":
			if ok {
				edit()
				kept := out[:0]
				for _, tg := range out {
					if !strings.EqualFold(tg.Name, t.name) {
						kept = append(kept, tg)
					}
				}
				out = kept
			}
		case t.value == "" || old == t.value:
		case differs || strings.TrimSpace(old) == "":
			edit()
			out.Set(t.name, t.value)
		}
	}
	return out, changed
}
