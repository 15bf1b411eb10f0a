package annotate

import (
	"fmt"

	"github.com/xqtool/xqtool/flags"
)

// Share selects the distinct positions one of Count runs searches when
// the runs share out the positions of the same games ("xqtool annotate
// --shard I/N --by position"): a position belongs to run Index when its
// position_key (board.Position.Key, a Zobrist key of uniformly random
// bits) is Index mod Count — `position_key % N = I` in SQL. Every run
// replays every game; none searches a position another searches.
//
// The zero Share (and any with Count 1) selects every position.
type Share struct {
	Index, Count int
}

// All reports whether s selects every position.
func (s Share) All() bool { return s.Count <= 1 }

// Has reports whether the position with key belongs to s.
func (s Share) Has(key uint64) bool {
	return s.All() || key%uint64(s.Count) == uint64(s.Index)
}

// String returns "I/N".
func (s Share) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// check validates s.
func (s Share) check() error {
	if s.Count < 0 || s.Index < 0 || (s.Count > 0 && s.Index >= s.Count) {
		return fmt.Errorf("annotate: share %d/%d: want 0 <= I < N", s.Index, s.Count)
	}
	return nil
}

// shareRows keeps the rows of s's positions of a game classified whole,
// and the flags raised at them. classify appends its flags in the order of
// the rows that carry their codes (suspect_move in ply order, then the
// result's flag on the last row), so the i-th code met walking the rows is
// the i-th flag.
func shareRows(s Share, rows []Row, fs []flags.Flag) ([]Row, []flags.Flag) {
	var keptRows []Row
	var keptFlags []flags.Flag
	n := 0
	for i := range rows {
		own := s.Has(rows[i].Key)
		for range rows[i].Flags {
			if own && n < len(fs) {
				keptFlags = append(keptFlags, fs[n])
			}
			n++
		}
		if own {
			keptRows = append(keptRows, rows[i])
		}
	}
	return keptRows, keptFlags
}
