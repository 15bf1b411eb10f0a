package corpus

import (
	"hash/maphash"
	"path/filepath"
)

// reached remembers the files and directories a walk has reached, by
// their real paths, so that an input reached twice — named twice, under
// two spellings, inside another input, or through a symbolic link — is
// read once. The first reach wins, whatever shard reads it: every shard
// walks the same paths in the same order, so they agree.
//
// A directory costs its path and a few words. A file costs nothing when
// it is reached as a plain entry of a directory listing (not a link),
// the way nearly every file of a large tree is: each real directory is
// listed once and its names are distinct, so two plain reaches are never
// the same file, and whether a later path (an argument, a link) reaches a
// file a listing already gave follows from where that listing is (see
// listing). Other files cost 16 bytes (two hashes of the real path): the
// inputs named as files, the targets of links, and the files a listing
// gives after its first entry that is not read (a match of
// Walker.Patterns, an output of the run).
type reached struct {
	files    map[[2]uint64]struct{}
	dirs     map[string]*listing
	s1, s2   maphash.Seed
	repeated []string // the paths reached again (the first maxRepeats)
	repeats  int
}

// listing is how far the plan has gone in the listing of a directory
// (os.ReadDir: names in increasing order). Every regular file of the
// listing named before cur (every one, once done) was reached as a plain
// entry, unless the listing skipped an entry: then only those before the
// first skipped one (skip), the later ones being remembered in
// reached.files.
type listing struct {
	cur     string
	done    bool
	skipped bool
	skip    string
}

// gave reports whether the listing gave the regular file name as a
// plain entry that reached.files does not hold.
func (l *listing) gave(name string) bool {
	switch {
	case l.skipped:
		return name < l.skip
	case l.done:
		return true
	}
	return name < l.cur
}

// at moves the listing to its entry name.
func (l *listing) at(name string) { l.cur = name }

// skipping notes that the listing does not read its entry name.
func (l *listing) skipping(name string) {
	if !l.skipped {
		l.skipped, l.skip = true, name
	}
}

// maxRepeats bounds the paths reached again that are named.
const maxRepeats = 20

func (r *reached) key(real string) [2]uint64 {
	if r.files == nil {
		r.files = map[[2]uint64]struct{}{}
		r.s1, r.s2 = maphash.MakeSeed(), maphash.MakeSeed()
	}
	return [2]uint64{maphash.String(r.s1, real), maphash.String(r.s2, real)}
}

// again reports whether the file of real path real, reached other than as
// a plain entry of a listing (an input named as a file, a link's target),
// was reached before (name is how it was reached this time), and
// remembers it.
func (r *reached) again(real, name string) bool {
	k := r.key(real)
	if _, ok := r.files[k]; ok {
		r.note(name)
		return true
	}
	if l := r.dirs[filepath.Dir(real)]; l != nil && l.gave(filepath.Base(real)) {
		r.note(name)
		return true
	}
	r.files[k] = struct{}{}
	return false
}

// plain reports whether the file of real path real, a plain entry of the
// listing l, was reached before (through a link, or named as an input),
// and remembers it when l no longer vouches for its entries.
func (r *reached) plain(l *listing, real, name string) bool {
	if r.files == nil && !l.skipped {
		return false
	}
	k := r.key(real)
	if _, ok := r.files[k]; ok {
		r.note(name)
		return true
	}
	if l.skipped {
		r.files[k] = struct{}{}
	}
	return false
}

// dir returns the listing of the directory of real path real, and whether
// it was entered before, and remembers it. A directory named as an input
// that was already read (whole, or inside another input) is noted.
func (r *reached) dir(real, name string) (*listing, bool) {
	if r.dirs == nil {
		r.dirs = map[string]*listing{}
	}
	if l := r.dirs[real]; l != nil {
		r.note(name)
		return l, true
	}
	l := &listing{}
	r.dirs[real] = l
	return l, false
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
