package corpus

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// EntryKind says what an Entry of a walk's plan is.
type EntryKind uint8

// Entry kinds.
const (
	// EntryFile is a file to read for games (its format is detected when
	// it is opened).
	EntryFile EntryKind = iota
	// EntryArchive is a .zip, .tar or .tar.gz/.tgz archive: its members
	// are files of their own, listed when it is opened.
	EntryArchive
	// EntryStdin is standard input ("-").
	EntryStdin
	// EntrySkipped is an input that is not read: an output of the run
	// (ErrExcluded), a match of Walker.Patterns (ErrPattern), a path
	// that cannot be resolved or listed. Err says why; it is reported as a
	// file problem.
	EntrySkipped
)

// Entry is one input of a walk, as planned before anything is opened:
// what it is, where it is, which shard reads it, and why it is not read
// when it is not.
type Entry struct {
	// Path is the input as the walk reached it (the name games and
	// problems report, Record.Source).
	Path string
	// Key is the identity of a file or archive (Item.Key): its absolute
	// path with symbolic links resolved; "" for stdin (the SHA-256 of
	// its bytes, known once read) and skipped entries.
	Key  string
	Kind EntryKind
	// Archive is "zip", "tar" or "tgz" for an EntryArchive.
	Archive string
	// Arg and Rel are the entry's shard key (see Shard): the position of
	// its input argument and its slash-separated path relative to it.
	Arg int
	Rel string
	// Shard tells whether the walker's shard reads the file, or reports
	// the problem of a skipped entry or of an archive as a whole (an
	// archive's members are shared out one by one when it is opened).
	Shard bool
	// Size is the file's size in bytes when the plan knows it (an input
	// named directly), else -1.
	Size int64
	// Err is why an EntrySkipped is not read.
	Err error
}

// Plan returns the entries Walk reads or reports for paths, in its order,
// without opening any file (directories are listed). An error is returned
// for a path that does not exist or a pattern that matches nothing, as
// Walk returns it.
func (w *Walker) Plan(paths []string) ([]Entry, error) {
	var out []Entry
	p := planner{w: w, seen: &reached{}}
	err := p.plan(paths, func(e Entry) error {
		out = append(out, e)
		return nil
	})
	return out, err
}

// planner computes the entries of a walk: the position in the arguments
// (the shard key), the outputs to exclude as spelled from the current
// root, and the files and directories reached so far. It opens nothing.
type planner struct {
	w    *Walker
	key  keyState
	skip []exclusion // Walker.Exclude as spelled from the current root
	seen *reached
}

// plan calls yield with the entries of paths in order: paths in the order
// given, directory entries sorted by name. It stops at the first error of
// yield.
func (p *planner) plan(paths []string, yield func(Entry) error) error {
	for i, path := range paths {
		if err := p.planArg(i, path, yield); err != nil {
			return err
		}
	}
	return nil
}

// planArg calls yield with the entries of paths[i] = path.
func (p *planner) planArg(i int, path string, yield func(Entry) error) error {
	p.key.arg = i
	p.key.setRoot(path, "")
	return p.path(path, yield)
}

// entry returns the entry of name (under the current root) of the given
// kind; the shard takes it by its own key.
func (p *planner) entry(name string, kind EntryKind) Entry {
	e := Entry{Path: name, Kind: kind, Arg: p.key.arg, Rel: p.key.rel(name), Size: -1}
	e.Shard = p.w.Shard.Has(e.Arg, e.Rel)
	return e
}

// skipped returns the entry of name, not read because of err.
func (p *planner) skipped(name string, err error) Entry {
	e := p.entry(name, EntrySkipped)
	e.Err = err
	return e
}

func (p *planner) path(path string, yield func(Entry) error) error {
	if path == "-" {
		return yield(p.entry(path, EntryStdin))
	}
	if strings.ContainsAny(path, "*?[") {
		if _, err := os.Stat(path); err != nil {
			matches, gerr := filepath.Glob(path)
			if gerr != nil {
				return fmt.Errorf("%s: %w", path, gerr)
			}
			if len(matches) == 0 {
				return fmt.Errorf("%s: no file matches the pattern", path)
			}
			for _, m := range matches {
				p.key.setRoot(m, filepath.ToSlash(m))
				if err := p.path(m, yield); err != nil {
					return err
				}
			}
			return nil
		}
	}
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	p.skip = p.w.exclusions(path)
	if ex, temp := p.excluded(filepath.Clean(path)); ex {
		if temp {
			return nil
		}
		return yield(p.skipped(path, ErrExcluded))
	}
	real, err := realPath(path)
	if err != nil {
		return yield(p.skipped(path, err))
	}
	if !st.IsDir() {
		if p.seen.again(real, path) {
			return nil
		}
		e := p.file(path, real)
		e.Size = st.Size()
		return yield(e)
	}
	return p.dir(path, real, nil, yield)
}

// file returns the entry of the file name of real path real: an archive
// by its name, else a file of games.
func (p *planner) file(name, real string) Entry {
	kind := EntryFile
	archive := archiveKind(name)
	if archive != "" {
		kind = EntryArchive
	}
	e := p.entry(name, kind)
	e.Key, e.Archive = real, archive
	return e
}

// dir plans the files under dir recursively, in name order within each
// directory, without listing the whole tree first. Symbolic links to files
// and directories are followed; each real directory is entered once, so
// link cycles end, and each file is planned once however many paths reach
// it (see reached). real is dir's real path ("" to resolve it); parent is
// the listing that gives dir as a plain entry (nil for an input or a
// link).
func (p *planner) dir(dir, real string, parent *listing, yield func(Entry) error) error {
	if real == "" {
		var err error
		if real, err = realPath(dir); err != nil {
			return yield(p.skipped(dir, err))
		}
	}
	l, again := p.seen.dir(real, dir, parent)
	if again {
		return nil
	}
	defer p.seen.done(real, l)
	// The directory stays open while its entries are read: its files are
	// opened relative to it (see readSmall).
	d, fd, err := openDir(dir)
	var entries []fs.DirEntry
	if err == nil {
		defer d.Close()
		entries, err = d.ReadDir(-1)
	}
	if err != nil {
		l.skipping("") // gave nothing
		return yield(p.skipped(dir, err))
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	// An entry's name is one plain component, so joining it to a
	// directory only appends it to what Join gives for any name: the
	// cleaning is done once per directory, not per file.
	prefix, realPrefix := joinPrefix(dir), joinPrefix(real)
	outer := p.w.at
	p.w.at = dirAt{fd: fd, prefix: prefix}
	defer func() { p.w.at = outer }()
	for _, de := range entries {
		q := prefix + de.Name()
		l.at(de.Name())
		if pat := p.matches(q); pat != "" {
			l.skipping(de.Name())
			if err := yield(p.skipped(q, fmt.Errorf("%w %s", ErrPattern, pat))); err != nil {
				return err
			}
			continue
		}
		if p.skip != nil {
			if ex, temp := p.excluded(q); ex {
				l.skipping(de.Name())
				if !temp {
					if err := yield(p.skipped(q, ErrExcluded)); err != nil {
						return err
					}
				}
				continue
			}
		}
		// The real path of a plain subdirectory follows from its
		// parent's; only links need resolving (one system call each).
		qreal := realPrefix + de.Name()
		plain := l
		t := de.Type()
		if t&fs.ModeSymlink != 0 {
			plain = nil
			st, err := os.Stat(q)
			if err != nil {
				continue // dangling link
			}
			t = st.Mode().Type()
			qreal = ""
		}
		switch {
		case t.IsDir():
			if err := p.dir(q, qreal, plain, yield); err != nil {
				return err
			}
		case t.IsRegular():
			if qreal == "" {
				if qreal, err = realPath(q); err != nil {
					continue // gone since it was listed
				}
				if p.seen.again(qreal, q) {
					continue
				}
			} else if p.seen.plain(l, qreal, q) {
				continue
			}
			if err := yield(p.file(q, qreal)); err != nil {
				return err
			}
		}
	}
	return nil
}
