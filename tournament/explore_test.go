package tournament

import (
	"fmt"
	"testing"

	"github.com/xqtool/xqtool/internal/shareddata"
)

func TestExploreReal(t *testing.T) {
	s, _ := run(t, Options{}, shareddata.Dir(t, "records"))
	fmt.Println(len(s.Events()), s.Flagged())
	for _, e := range s.Events() {
		if len(e.Flags) > 0 || e.Format != ByRound {
			fmt.Println(e.ID, e.Name, e.Year, e.Format, len(e.Games), e.Counted, len(e.Players), e.Span, e.Flags)
		}
	}
}
