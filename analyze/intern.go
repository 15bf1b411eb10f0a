package analyze

import (
	"hash/maphash"
	"sync/atomic"
)

// details keeps the flag details that repeat from game to game (the same
// list of missing tags in most games of a collection) so that each is
// allocated once: a fixed table of slots, each holding the last detail
// that hashed to it. Lock-free and bounded; a miss only costs the
// allocation it would have cost anyway.
var details struct {
	seed  maphash.Seed
	slots [256]atomic.Pointer[string]
}

func init() { details.seed = maphash.MakeSeed() }

// intern returns b as a string, the same string as an earlier call's with
// the same bytes where the table still holds it.
func intern(b []byte) string {
	slot := &details.slots[maphash.Bytes(details.seed, b)%uint64(len(details.slots))]
	if p := slot.Load(); p != nil && *p == string(b) {
		return *p
	}
	s := string(b)
	slot.Store(&s)
	return s
}
