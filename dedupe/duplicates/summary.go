package duplicates

import (
	"fmt"
	"io"
	"time"

	"github.com/xqtool/xqtool/dedupe"
)

// WriteTable writes the summary table of a search taking elapsed: the
// games files and games read, the clusters, the copies of each kind and
// the speed.
func (s *Summary) WriteTable(w io.Writer, elapsed time.Duration) {
	fmt.Fprintf(w, "%-24s %10d\n", "games files", s.Files)
	fmt.Fprintf(w, "%-24s %10d\n", "games", s.Games)
	fmt.Fprintf(w, "%-24s %10d\n", "clusters", s.Clusters)
	for _, k := range []dedupe.Kind{dedupe.Exact, dedupe.Prefix, dedupe.Mirror} {
		fmt.Fprintf(w, "  %-22s %10d\n", k.String(), s.ByKind[k])
	}
	fmt.Fprintf(w, "%-24s %10.0f  (%v)\n", "games/s", float64(s.Games)/elapsed.Seconds(), elapsed.Round(time.Millisecond))
}
