package training

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/internal/hashid"
)

// defaultMinPlies is the duplicate detection's default shortest copy.
const defaultMinPlies = dedupe.DefaultMinPlies

// Split is the part of a dataset a game belongs to.
type Split uint8

// Splits.
const (
	Train Split = iota
	Valid
	Test
)

// String returns "train", "valid" or "test".
func (s Split) String() string {
	switch s {
	case Train:
		return "train"
	case Valid:
		return "valid"
	case Test:
		return "test"
	}
	return "split(" + strconv.Itoa(int(s)) + ")"
}

// Proportions are the relative sizes of the train, valid and test splits
// (90,5,5 and 0.9,0.05,0.05 are the same).
type Proportions [3]float64

// DefaultProportions is 90% train, 5% valid, 5% test.
var DefaultProportions = Proportions{90, 5, 5}

// ErrProportions is returned (wrapped) for proportions that cannot be read.
var ErrProportions = errors.New("training: bad split proportions")

// ParseProportions reads "TRAIN,VALID,TEST" (--split 90,5,5): three
// non-negative decimal numbers, not all zero.
func ParseProportions(s string) (Proportions, error) {
	var p Proportions
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return p, fmt.Errorf("%w: %q: want three numbers TRAIN,VALID,TEST", ErrProportions, s)
	}
	sum := 0.0
	for i, f := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(v >= 0 && v <= 1e9) { // NaN and ±Inf fail too
			return p, fmt.Errorf("%w: %q: %q is not a number from 0 to 1e9", ErrProportions, s, f)
		}
		p[i] = v
		sum += v
	}
	if sum == 0 {
		return p, fmt.Errorf("%w: %q: all zero", ErrProportions, s)
	}
	return p, nil
}

// String returns the proportions as "90,5,5".
func (p Proportions) String() string {
	var b []byte
	for i, v := range p {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendFloat(b, v, 'g', -1, 64)
	}
	return string(b)
}

// Splitter assigns a split to a group of games from the group's key
// (GroupKey). The split of a group depends only on its key, the seed and
// the proportions: the same in every run, whatever other games the run
// reads, so adding games never moves an existing game. Each group lands in
// train, valid or test with the requested probabilities, so the shares of
// games come within a sampling error of the proportions.
type Splitter struct {
	seed uint64
	// cut[0] and cut[1] divide the 64-bit range: below cut[0] train, below
	// cut[1] valid, else test.
	cut [2]uint64
	all Split // when one split takes everything (cut cannot say 2^64)
	one bool
}

// NewSplitter returns a splitter for the proportions and seed
// (--split-seed).
func NewSplitter(p Proportions, seed uint64) Splitter {
	s := Splitter{seed: hashid.Mix(seed ^ 0x7370_6c69_7421)} // "split!"
	sum := p[0] + p[1] + p[2]
	for i, v := range p {
		if v == sum {
			s.all, s.one = Split(i), true
			return s
		}
	}
	// cut = 2^64 * share, computed in float64 (53 bits are plenty for a
	// proportion) and kept monotone.
	share := func(x float64) uint64 {
		f := x / sum
		if f <= 0 {
			return 0
		}
		if f >= 1 {
			return ^uint64(0)
		}
		return uint64(f*(1<<53)) << 11
	}
	s.cut[0] = share(p[0])
	s.cut[1] = max(s.cut[0], share(p[0]+p[1]))
	return s
}

// Split returns the split of the group with key k.
func (s Splitter) Split(k uint64) Split {
	if s.one {
		return s.all
	}
	u := hashid.Mix(k ^ s.seed)
	switch {
	case u < s.cut[0]:
		return Train
	case u < s.cut[1]:
		return Valid
	}
	return Test
}

// GroupKey returns the split key of a game: a hash of its start position
// (placement and side to move; not the move counters) and of its first
// min(minPlies, len(moves)) moves, or of the left-right mirror of both,
// whichever hash is smaller. minPlies must be the shortest main line the
// duplicate detection lets be a prefix or mirror copy
// (dedupe.Options.MinPlies, dedupe.DefaultMinPlies when 0).
//
// Every copy of a game that package dedupe finds has the game's key: an
// exact copy has its line, a prefix copy at least its first minPlies
// moves, a mirror copy its mirrored line; and every member of a cluster
// is such a copy of the cluster's kept copy. So games grouped by GroupKey
// never split a cluster, and the key is known as soon as the game is read,
// before the clusters are. Games that are not copies may share a key too
// (the same first minPlies moves): they then share a split.
func GroupKey(start *board.Position, moves []board.Move, minPlies int) uint64 {
	if minPlies <= 0 {
		minPlies = defaultMinPlies
	}
	h := groupSide[start.Side()]
	m := h
	b := start.Board()
	for sq, pc := range b {
		if !pc.IsEmpty() {
			h ^= groupPiece[pc][sq]
			m ^= groupPiece[pc][board.Square(sq).Mirror()]
		}
	}
	for _, mv := range moves[:min(minPlies, len(moves))] {
		h = hashid.Mix(h ^ (uint64(mv)+1)*0x9E3779B97F4A7C15)
		m = hashid.Mix(m ^ (uint64(mv.Mirror())+1)*0x9E3779B97F4A7C15)
	}
	return min(h, m)
}

// groupPiece and groupSide are the random values GroupKey hashes a
// start position with (fixed: the keys must not change between runs).
var groupPiece, groupSide = func() (t [board.NumPieces][board.Squares]uint64, s [2]uint64) {
	x := uint64(0x67726f7570) // "group"
	next := hashid.Sequence(x)
	for pc := range t {
		for sq := range t[pc] {
			t[pc][sq] = next()
		}
	}
	s[0], s[1] = next(), next()
	return t, s
}()
