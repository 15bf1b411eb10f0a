package corpus

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/xqtool/xqtool/parse"
)

// ErrExcluded is the problem of a file that is an output of the run
// (Walker.Exclude): it is not read.
var ErrExcluded = errors.New("an output of this run (not read)")

// ErrPattern is the problem of a file or directory that a pattern of
// Walker.Patterns excludes: it is not read (status skipped).
var ErrPattern = errors.New("excluded by --exclude")

// ErrDocumentation is the problem of a file that documentation or a
// picture comes in (README.md, notes.txt, a .png: see IsDocumentation)
// and whose content holds no game record: it is not an input and is not
// read (status skipped). A file of such a name that holds game text (a
// .txt of PGN) is read as any other.
var ErrDocumentation = errors.New("documentation, no game record in it")

// docExts are the extensions of documentation and pictures.
var docExts = []string{
	".md", ".markdown", ".rst", ".adoc", ".txt", ".text", ".pdf", ".doc", ".docx", ".odt", ".rtf",
	".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".bmp", ".ico", ".tif", ".tiff",
}

// docNames are the names of documentation files without an extension.
var docNames = []string{"README", "LICENSE", "LICENCE", "COPYING", "NOTICE", "AUTHORS", "CHANGELOG", "CHANGES"}

// IsDocumentation reports whether a file's name says that it holds
// documentation or a picture (by extension, or a README or LICENSE
// without one). The walker decides on the content too: such a file is
// passed over (ErrDocumentation) only when no game format is detected in
// it.
func IsDocumentation(name string) bool {
	base := path.Base(filepath.ToSlash(name))
	for _, e := range docExts {
		if hasSuffixFold(base, e) {
			return true
		}
	}
	for _, n := range docNames {
		if strings.EqualFold(base, n) {
			return true
		}
	}
	return false
}

// matches reports the pattern of Walker.Patterns that excludes q (a path
// under the current root), "" when none does. A pattern with a slash is
// matched against the path relative to the input argument ("sub/*.txt"),
// one without against the name alone ("*.md").
func (p *planner) matches(q string) string {
	if len(p.w.Patterns) == 0 {
		return ""
	}
	base := filepath.Base(q)
	var rel string
	for _, pat := range p.w.Patterns {
		if strings.Contains(pat, "/") {
			if rel == "" {
				rel = p.key.rel(q)
			}
			if ok, _ := path.Match(pat, rel); ok {
				return pat
			}
		} else if ok, _ := path.Match(pat, base); ok {
			return pat
		}
	}
	return ""
}

// FileStatus tells what became of one input file.
type FileStatus string

// File statuses.
const (
	FileRead       FileStatus = "read"       // its format was recognised and its games read
	FileUnreadable FileStatus = "unreadable" // unknown format, I/O error, too large
	FileSkipped    FileStatus = "skipped"    // deliberately not read: an output of the run, documentation, an insecure archive member
)

// FileEnd closes the items of one input file (Walker.FileEnds): what the
// walker knows of the file once its games were all given.
type FileEnd struct {
	Name   string       // as in Record.Source
	Size   int64        // bytes (-1 if unknown)
	Format parse.Format // detected format ("" if none)
	Status FileStatus
	Err    error // why it was not read (nil when read)
}

// fileEnd yields the end item of file fi when the walker was asked for
// them.
func (w *Walker) fileEnd(fi int, e FileEnd, yield func(Item) error) error {
	if !w.FileEnds {
		return nil
	}
	return yield(Item{End: &e, FileIndex: fi})
}

// problemStatus is the status of a file that gave problem err.
func problemStatus(err error) FileStatus {
	if errors.Is(err, ErrExcluded) || errors.Is(err, ErrPattern) || errors.Is(err, ErrInsecurePath) || errors.Is(err, ErrDocumentation) {
		return FileSkipped
	}
	return FileUnreadable
}

// exclusion is one path of Walker.Exclude, spelled as the walk of one
// root spells the paths under it.
type exclusion struct {
	path string // the excluded file or directory
	tmp  string // prefix of the temporary files written beside it
}

// exclusions returns Walker.Exclude as seen from the walk of root: the
// outputs that lie at or under root, spelled from root. It is computed
// once per root (absolute paths are compared only here).
func (w *Walker) exclusions(root string) []exclusion {
	if len(w.Exclude) == 0 || root == "-" {
		return nil
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	var out []exclusion
	for _, e := range w.Exclude {
		if e == "" || e == "-" {
			continue
		}
		absE, err := filepath.Abs(e)
		if err != nil {
			continue
		}
		var p string
		switch {
		case absE == absRoot:
			p = filepath.Clean(root)
		case strings.HasPrefix(absE, joinPrefix(absRoot)):
			p = filepath.Join(root, absE[len(joinPrefix(absRoot)):])
		case strings.HasPrefix(absRoot, joinPrefix(absE)):
			// The root lies inside an output directory.
			p = filepath.Clean(root)
		default:
			// The temporary files beside e may still be under root
			// when e's directory is root.
			if filepath.Dir(absE) != absRoot {
				continue
			}
			p = filepath.Join(root, filepath.Base(absE))
		}
		out = append(out, exclusion{path: p, tmp: filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".tmp-")})
	}
	return out
}

// excluded reports whether path q (spelled from the current root) is an
// output of the run or lies under one (then it is reported as skipped),
// or is a temporary file of one (temp: it is passed over in silence, as
// it exists only while the run writes it and its name is random).
func (p *planner) excluded(q string) (excluded, temp bool) {
	for _, e := range p.skip {
		if strings.HasPrefix(q, e.tmp) {
			return true, true
		}
		if q == e.path || len(q) > len(e.path) && strings.HasPrefix(q, e.path) && os.IsPathSeparator(q[len(e.path)]) {
			return true, false
		}
	}
	return false, false
}

// encodingHint remembers the legacy encoding of the last file of a
// directory (or archive folder) whose text decided it clearly, for the
// files of the same directory whose text cannot (tags only).
type encodingHint struct {
	dir, enc string
}

// group is the directory or archive folder of a file name.
func group(name string) string {
	return path.Dir(filepath.ToSlash(name))
}

// give passes the hint to the reader of file name.
func (h *encodingHint) give(pr *parse.PGNReader, name string) {
	if h.enc != "" && h.dir == group(name) {
		pr.SetEncodingHint(h.enc)
	}
}

// learn keeps the encoding of file name when its text decided it.
func (h *encodingHint) learn(pr *parse.PGNReader, name string) {
	if enc, weak := pr.EncodingChoice(); !weak && (enc == parse.EncGB18030 || enc == parse.EncBig5) {
		h.dir, h.enc = group(name), enc
	}
}
