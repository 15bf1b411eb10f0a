package pipeline

import (
	"testing"

	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/parse"
)

// TestTagValues: tagValues gives what parse.Tags.Value gives for each of
// the first six dedupe.TagNames: the first tag of the name in any case,
// names that fold to it (ſ, K), none for other names.
func TestTagValues(t *testing.T) {
	for _, tags := range []parse.Tags{
		nil,
		tagList("Event", "e", "Date", "d", "Site", "s", "Round", "r", "Red", "胡荣华", "Black", "杨官璘", "Result", "1-0"),
		tagList("EVENT", "e1", "event", "e2", "red", "r1", "RED", "r2", "BlacK", "b"),
		tagList("ſite", "long s", "Site", "second", "blac\u212a", "kelvin", "Black", "second"),
		tagList("", "empty name", "Redx", "x", "Re", "y", "Opening", "o", "FEN", "f", "Date", "", "Date", "later"),
		tagList("Round", "1", "Round", "2", "ROUND", "3", "Eventual", "no", " Event", "no"),
	} {
		var got [7]string
		tagValues(tags, &got)
		for i, name := range dedupe.TagNames[:6] {
			if want := tags.Value(name); got[i] != want {
				t.Errorf("%v: %s = %q, want %q", tags, name, got[i], want)
			}
		}
		if got[6] != "" {
			t.Errorf("%v: Result set to %q", tags, got[6])
		}
	}
}

// tagList builds tags from name, value pairs.
func tagList(kv ...string) parse.Tags {
	var tags parse.Tags
	for i := 0; i+1 < len(kv); i += 2 {
		tags = append(tags, parse.Tag{Name: kv[i], Value: kv[i+1]})
	}
	return tags
}
