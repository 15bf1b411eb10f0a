package corpus

import (
	"hash/maphash"
)

// reached remembers the files and directories a walk has reached, by
// their real paths, so that an input reached twice — named twice, under
// two spellings, inside another input, or through a symbolic link — is
// read once. A file costs 16 bytes (two hashes of its real path), a
// directory its path. The first reach wins, whatever shard reads it:
// every shard walks the same paths in the same order, so they agree.
type reached struct {
	files    map[[2]uint64]struct{}
	dirs     map[string]bool
	s1, s2   maphash.Seed
	repeated []string // the paths reached again (the first maxRepeats)
	repeats  int
}

// maxRepeats bounds the paths reached again that are named.
const maxRepeats = 20

// again reports whether the file of real path real was reached before
// (name is how it was reached this time), and remembers it.
func (r *reached) again(real, name string) bool {
	if r.files == nil {
		r.files = map[[2]uint64]struct{}{}
		r.s1, r.s2 = maphash.MakeSeed(), maphash.MakeSeed()
	}
	k := [2]uint64{maphash.String(r.s1, real), maphash.String(r.s2, real)}
	if _, ok := r.files[k]; ok {
		r.note(name)
		return true
	}
	r.files[k] = struct{}{}
	return false
}

// dir reports whether the directory of real path real was entered before,
// and remembers it. A directory named as an input that was already read
// (whole, or inside another input) is noted.
func (r *reached) dir(real, name string) bool {
	if r.dirs == nil {
		r.dirs = map[string]bool{}
	}
	if r.dirs[real] {
		r.note(name)
		return true
	}
	r.dirs[real] = true
	return false
}

func (r *reached) note(name string) {
	r.repeats++
	if len(r.repeated) < maxRepeats {
		r.repeated = append(r.repeated, name)
	}
}

// Repeated returns how many inputs were reached again (and not read
// again) and the first of their paths as reached the second time.
func (w *Walker) Repeated() (n int, paths []string) {
	return w.seen.repeats, w.seen.repeated
}
