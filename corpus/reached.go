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
// What is reached as a plain entry of a directory listing (not a link),
// the way nearly every file and directory of a large tree is, costs
// nothing once its listing is done: each real directory is listed once
// and its names are distinct, so two plain reaches are never the same
// path, and whether a later path (an input, a link) reaches what a
// listing already gave follows from where that listing is (see listing).
// Remembered are: the directories being listed (their path and a few
// words), the inputs and link targets (16 bytes a file, two hashes of its
// real path; a directory its path), and, in a listing that skipped an
// entry (a match of Walker.Patterns, an output of the run), what it gives
// after that entry.
type reached struct {
	files    map[[2]uint64]struct{}
	dirs     map[string]*listing
	s1, s2   maphash.Seed
	repeated []string // the paths reached again (the first maxRepeats)
	repeats  int
}

// listing is how far the plan has gone in the listing of a directory
// (os.ReadDir: names in increasing order). Every regular file and
// directory of the listing named before cur (every one, once done) was
// reached as a plain entry, unless the listing skipped an entry: then
// only those before the first skipped one (skip), the later ones being
// remembered in reached.files and reached.dirs.
type listing struct {
	cur     string
	done    bool
	skipped bool
	skip    string
	// keep is true when the directory itself must stay remembered once
	// listed: it was not reached as a plain entry of a listing that
	// vouches for it.
	keep bool
}

// gave reports whether the listing gave the entry name (a regular file
// or a directory) as a plain entry that reached does not remember.
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

// given reports whether the plan gave the real path real as a plain entry
// of a listing that reached no longer (or never) remembers. A listing
// that is not remembered was given so itself, and is done and skipped
// nothing (see done), so it gave every entry.
func (r *reached) given(real string) bool {
	parent := filepath.Dir(real)
	if parent == real {
		return false
	}
	if l := r.dirs[parent]; l != nil {
		return l.gave(filepath.Base(real))
	}
	return r.given(parent)
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
	if _, ok := r.files[k]; ok || r.given(real) {
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
// it was entered before, and remembers it while it is listed. parent is
// the listing that gives it as a plain entry, nil for an input or a
// link's target. A directory reached again is noted.
func (r *reached) dir(real, name string, parent *listing) (*listing, bool) {
	if r.dirs == nil {
		r.dirs = map[string]*listing{}
	}
	if l := r.dirs[real]; l != nil || parent == nil && r.given(real) {
		r.note(name)
		return l, true
	}
	l := &listing{keep: parent == nil || parent.skipped}
	r.dirs[real] = l
	return l, false
}

// done ends the listing l of the directory of real path real: it is
// forgotten when its parent's listing vouches for it and it skipped
// nothing (given then answers for it and its entries).
func (r *reached) done(real string, l *listing) {
	l.done = true
	if !l.keep && !l.skipped {
		delete(r.dirs, real)
	}
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
