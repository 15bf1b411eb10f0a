// Package corpus finds and opens the inputs of a run — files, directories
// (recursively), glob patterns, .zip, .tar and .tar.gz/.tgz archives (read
// in memory or streaming, never extracted to disk) and "-" for standard
// input — detects each file's format from its content and streams its
// games.
//
// It also runs the ordered worker pool (Process) that the commands use to
// replay and judge games on all cores while keeping the input order.
package corpus

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/xqtool/xqtool/parse"
)

// MaxMemberSize bounds the size of one archive member or stdin read into
// memory (binary formats need random access).
const MaxMemberSize = 1 << 30

// Errors reported for inputs.
var (
	ErrUnknownFormat = errors.New("unknown format")
	ErrInsecurePath  = errors.New("insecure archive member name (not followed)")
	ErrTooLarge      = errors.New("file too large")
)

// FileProblem is an input that yielded no game: an unknown format, an
// insecure archive member, an unreadable file.
type FileProblem struct {
	Name string
	Err  error
}

func (p FileProblem) Error() string { return p.Name + ": " + p.Err.Error() }

// Item is one game, or one file-level problem, in input order.
type Item struct {
	Rec  *parse.Record // the game (nil for a file problem or a raw game)
	Err  error         // the reader's error for this game (game status "error")
	File *FileProblem  // set instead of Rec when a file yields no game
	// FileIndex is the 0-based index of the file the item came from.
	FileIndex int
	// Raw is a PGN game split from its file but not parsed (Walker.Raw):
	// Load parses it.
	Raw *parse.RawGame
	// End closes the items of a file (Walker.FileEnds): it is set on the
	// file's last item (a game or a problem, to be handled first), or on
	// an item of its own when the file gave none.
	End *FileEnd
	// Key is the identity of the game's file, the same however the path
	// was spelled and wherever the walk ran: its absolute path with
	// symbolic links resolved (an archive member: the archive's, "!" and
	// the member's name; standard input: "stdin:" and the SHA-256 of its
	// bytes). It is set on game items.
	Key string
}

// Load parses a raw game into Rec (safe to call from any goroutine).
// After Load, an item with neither Rec nor File held no game at all (junk
// between games) and is to be skipped; the game numbers of a file are then
// given by a Numberer in input order.
func (it *Item) Load() {
	if it.Raw != nil {
		it.Rec = it.Raw.Parse()
		it.Raw = nil
	}
}

// Numberer gives the games of each file their final numbers, in input
// order, after raw games were parsed out of order (see Walker.Raw).
type Numberer struct {
	file, next int
	started    bool
}

// Number sets rec's index to the next game number of file fileIndex.
func (n *Numberer) Number(rec *parse.Record, fileIndex int) {
	if !n.started || fileIndex != n.file {
		n.file, n.next, n.started = fileIndex, 0, true
	}
	if rec.Index != n.next {
		rec.SetIndex(n.next)
	}
	n.next++
}

// Walker streams the games of a set of input paths.
type Walker struct {
	// Stdin is read for the path "-" (os.Stdin when nil).
	Stdin io.Reader
	// Raw makes PGN games come out unparsed (Item.Raw), so that workers
	// can decode and parse them in parallel; the reader only splits the
	// file. Call Item.Load in the worker and number the games with a
	// Numberer in input order.
	Raw bool
	// Exclude lists the outputs of the run (a report, an export
	// directory, converted files): a listed file, everything under a
	// listed directory and the temporary files written beside a listed
	// path (".NAME.tmp-*") are not read. Each excluded file or directory
	// is given as a file problem ErrExcluded (status skipped) by the
	// shard its key selects, so that shards together list it once; the
	// temporary files, which exist only while the run writes them, are
	// passed over in silence. A command adds one output with one append.
	Exclude []string
	// Patterns are glob patterns (path.Match) of files and directories
	// not to read (--exclude): a pattern with a slash is matched against
	// the path relative to the input argument, one without against the
	// name. Each match is given as a file problem ErrPattern (status
	// skipped), so that it is accounted for.
	Patterns []string
	// FileEnds makes every file end with an Item whose End is set, so
	// that every input file can be accounted for.
	FileEnds bool
	// Shard selects the files to read (see Shard); the zero value reads
	// them all. Files outside the shard are not opened (an archive is,
	// to list its members) and are not counted by Files.
	Shard Shard
	files int
	ident string  // Item.Key of the file being read
	seen  reached // the files and directories the plan reached so far
	hint  encodingHint
	at    dirAt // the directory being listed, while its entries are read
}

// dirAt is the directory a walk is listing: its open descriptor, and the
// prefix the paths of its entries begin with ("" for none). Its files are
// opened relative to it (see readSmall).
type dirAt struct {
	fd     int
	prefix string
}

// rel returns name relative to the directory and the directory's
// descriptor when name is one of its entries, else -1.
func (a dirAt) rel(name string) (string, int) {
	if a.prefix == "" || len(name) <= len(a.prefix) || name[:len(a.prefix)] != a.prefix {
		return "", -1
	}
	rel := name[len(a.prefix):]
	if strings.IndexByte(rel, filepath.Separator) >= 0 {
		return "", -1
	}
	return rel, a.fd
}

// Files returns the number of input files seen so far (archive members
// count as files).
func (w *Walker) Files() int { return w.files }

// Walk expands paths and calls yield for every game and every file
// problem, in a deterministic order: paths in the order given, directory
// entries and archive members sorted by name. It stops at the first error
// yield returns, or when ctx is done. Errors opening a path that does not
// exist are returned (they are usage errors).
//
// The walk is planned first (see Plan): each input becomes an Entry —
// path, key, kind, shard, why it is skipped — before it is opened; then
// the entry is opened and read. Entries are planned as the walk goes (a
// directory's when it is reached), so that a large tree is never held
// whole; a caller that needs the number of files first (a progress bar)
// counts them (Count), which lists the directories once more but holds
// nothing.
func (w *Walker) Walk(ctx context.Context, paths []string, yield func(Item) error) error {
	for i, p := range paths {
		if err := w.WalkArg(ctx, i, p, yield); err != nil {
			return err
		}
	}
	return nil
}

// WalkArg walks one input path as Walk walks its paths[i] (the shard keys
// of its files are those of argument i): a caller that reads some of its
// arguments otherwise walks the others one at a time, in order.
func (w *Walker) WalkArg(ctx context.Context, i int, path string, yield func(Item) error) error {
	p := planner{w: w, seen: &w.seen}
	return p.planArg(i, path, func(e Entry) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return w.open(ctx, e, yield)
	})
}

// Count returns the number of files a walk of the inputs paths[i], for
// each i of args in order, reads or reports (what Files counts once they
// are read, but an archive counts as one file, its members being known
// only when it is opened). It plans them with the walker's settings and
// a memory of its own, holding nothing of the plan: a progress bar gets
// its total for a second listing of the directories, and the walk that
// follows plans as it goes. Errors are left to the walk.
func (w *Walker) Count(paths []string, args []int) int {
	c := &Walker{Stdin: w.Stdin, Exclude: w.Exclude, Patterns: w.Patterns, Shard: w.Shard}
	p := planner{w: c, seen: &c.seen}
	n := 0
	for _, i := range args {
		_ = p.planArg(i, paths[i], func(e Entry) error {
			if e.Shard || e.Kind == EntryArchive {
				n++
			}
			return nil
		})
	}
	return n
}

// open reads the entry e: its games, or its problem, when the walker's
// shard takes it.
func (w *Walker) open(ctx context.Context, e Entry, yield func(Item) error) error {
	switch e.Kind {
	case EntryArchive:
		return w.archive(ctx, e, yield)
	case EntrySkipped:
		return w.shardProblem(e, e.Path, e.Err, yield)
	}
	if !e.Shard {
		return nil
	}
	if e.Kind == EntryStdin {
		in := w.Stdin
		if in == nil {
			in = os.Stdin
		}
		data, err := readBounded(in, MaxMemberSize)
		if err != nil {
			return fmt.Errorf("stdin: %w", err)
		}
		sum := sha256.Sum256(data)
		w.ident = "stdin:" + hex.EncodeToString(sum[:])
		return w.data(ctx, e.Path, data, yield)
	}
	return w.file(ctx, e, yield)
}

// realPath returns the absolute path of p with symbolic links resolved.
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// joinPrefix returns what filepath.Join(dir, name) puts before name, for
// any name that is a single path element other than "." and "..": the
// cleaned dir and a separator ("" for ".", the root alone for a root).
func joinPrefix(dir string) string {
	j := filepath.Join(dir, "x")
	return j[:len(j)-1]
}

// shardProblem is problem for an entry that is not a file read by games
// (a skipped entry, an archive as a whole): only the shard that its own
// key selects reports it.
func (w *Walker) shardProblem(e Entry, name string, err error, yield func(Item) error) error {
	if !e.Shard {
		return nil
	}
	return w.problem(name, err, yield)
}

func (w *Walker) problem(name string, err error, yield func(Item) error) error {
	return w.sizedProblem(name, -1, err, yield)
}

// sizedProblem is problem for a file of known size.
func (w *Walker) sizedProblem(name string, size int64, err error, yield func(Item) error) error {
	w.files++
	if err := yield(Item{File: &FileProblem{Name: name, Err: err}, FileIndex: w.files - 1}); err != nil {
		return err
	}
	return w.fileEnd(w.files-1, FileEnd{Name: name, Size: size, Status: problemStatus(err), Err: err}, yield)
}

func archiveKind(name string) string {
	switch {
	case hasSuffixFold(name, ".zip"):
		return "zip"
	case hasSuffixFold(name, ".tar"):
		return "tar"
	case hasSuffixFold(name, ".tar.gz"), hasSuffixFold(name, ".tgz"):
		return "tgz"
	}
	return ""
}

// hasSuffixFold reports whether name ends in suffix (ASCII lower case),
// ignoring case, without lowering the whole name (every file name is
// asked).
func hasSuffixFold(name, suffix string) bool {
	return len(name) >= len(suffix) && strings.EqualFold(name[len(name)-len(suffix):], suffix)
}

// file reads one file of games from disk.
func (w *Walker) file(ctx context.Context, e Entry, yield func(Item) error) error {
	name := e.Path
	w.ident = e.Key
	// Most files are small game files: read them whole with the fewest
	// system calls (see readSmall).
	buf := smallPool.Get().(*[]byte)
	defer smallPool.Put(buf)
	data, ok, err := readSmall(w.at, name, buf)
	if err != nil {
		return w.problem(name, err, yield)
	}
	if ok {
		return w.games(ctx, name, bytes.NewReader(data), int64(len(data)), yield)
	}
	f, err := os.Open(name)
	if err != nil {
		return w.problem(name, err, yield)
	}
	defer f.Close()
	size := e.Size
	if size < 0 {
		st, err := f.Stat()
		if err != nil {
			return w.problem(name, err, yield)
		}
		size = st.Size()
	}
	if size >= 0 && size <= smallFile {
		// One read instead of many small ones (binary readers seek
		// around; text readers refill a buffer): most record files are
		// small, and system calls were a sixth of the time. (Where
		// readSmall cannot, or the file was not regular.)
		if cap(*buf) < int(size)+1 {
			*buf = make([]byte, size+1)
		}
		b := (*buf)[:size+1]
		n, err := io.ReadFull(f, b)
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			// The file may have changed size since it was listed: read
			// what is there.
			return w.games(ctx, name, bytes.NewReader(b[:n]), int64(n), yield)
		}
		if err != nil {
			return w.problem(name, err, yield)
		}
		// Larger than when it was listed: stream it instead.
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return w.problem(name, err, yield)
		}
	}
	return w.games(ctx, name, f, size, yield)
}

// archive reads the members of an archive (a problem of the archive as a
// whole is reported by the shard of its own key, each member by its own).
func (w *Walker) archive(ctx context.Context, e Entry, yield func(Item) error) error {
	name := e.Path
	f, err := os.Open(name)
	if err != nil {
		return w.shardProblem(e, name, err, yield)
	}
	defer f.Close()
	size := e.Size
	if size < 0 {
		st, err := f.Stat()
		if err != nil {
			return w.shardProblem(e, name, err, yield)
		}
		size = st.Size()
	}
	switch e.Archive {
	case "zip":
		zr, err := zip.NewReader(f, size)
		if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
			return w.shardProblem(e, name, err, yield)
		}
		return w.zip(ctx, e, zr, yield)
	case "tar":
		return w.tar(ctx, e, f, yield)
	}
	gz, err := gzip.NewReader(f)
	if err != nil {
		return w.shardProblem(e, name, err, yield)
	}
	defer gz.Close()
	return w.tar(ctx, e, gz, yield)
}

// member reports whether the walker's shard reads the member of archive e
// of the given name.
func (w *Walker) member(e Entry, member string) bool {
	return w.Shard.Has(e.Arg, e.Rel+"!"+member)
}

// smallFile is the size up to which a file is read into memory in one go;
// smallPool recycles those buffers (a file's games are all read before its
// buffer is reused; records never point into it).
const smallFile = 1 << 20

var smallPool = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// secureMember reports whether an archive member name is safe to report
// as a path (no absolute path, no "..").
func secureMember(name string) bool {
	if name == "" || strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) || strings.Contains(name, `\`) {
		return false
	}
	if len(name) > 1 && name[1] == ':' {
		return false
	}
	return fs.ValidPath(path.Clean(name)) && !strings.HasPrefix(path.Clean(name), "../") && path.Clean(name) != ".."
}

// memberProblem is why an archive member is not read (an insecure name,
// or tooLarge: a size over MaxMemberSize), nil when it is read.
func memberProblem(name string, tooLarge bool) error {
	switch {
	case !secureMember(name):
		return ErrInsecurePath
	case tooLarge:
		return ErrTooLarge
	}
	return nil
}

func (w *Walker) zip(ctx context.Context, e Entry, zr *zip.Reader, yield func(Item) error) error {
	name, real := e.Path, e.Key
	files := slices.Clone(zr.File)
	slices.SortStableFunc(files, func(a, b *zip.File) int { return strings.Compare(a.Name, b.Name) })
	for _, zf := range files {
		if zf.FileInfo().IsDir() || !w.member(e, zf.Name) {
			continue
		}
		member := name + "!" + zf.Name
		if bad := memberProblem(zf.Name, zf.UncompressedSize64 > MaxMemberSize); bad != nil {
			if err := w.problem(member, bad, yield); err != nil {
				return err
			}
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			if err := w.problem(member, err, yield); err != nil {
				return err
			}
			continue
		}
		data, err := readBounded(rc, MaxMemberSize)
		rc.Close()
		if err != nil {
			if err := w.problem(member, err, yield); err != nil {
				return err
			}
			continue
		}
		w.ident = real + "!" + member[len(name)+1:]
		if err := w.data(ctx, member, data, yield); err != nil {
			return err
		}
	}
	return nil
}

func (w *Walker) tar(ctx context.Context, e Entry, r io.Reader, yield func(Item) error) error {
	name, real := e.Path, e.Key
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return w.shardProblem(e, name, err, yield)
		}
		if h.Typeflag != tar.TypeReg || !w.member(e, h.Name) {
			continue
		}
		member := name + "!" + h.Name
		if bad := memberProblem(h.Name, h.Size > MaxMemberSize); bad != nil {
			if err := w.problem(member, bad, yield); err != nil {
				return err
			}
			continue
		}
		data, err := readBounded(tr, MaxMemberSize)
		if err != nil {
			return w.problem(member, err, yield)
		}
		w.ident = real + "!" + member[len(name)+1:]
		if err := w.data(ctx, member, data, yield); err != nil {
			return err
		}
	}
}

func readBounded(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, ErrTooLarge
	}
	return data, nil
}

// data streams the games of an in-memory file.
func (w *Walker) data(ctx context.Context, name string, data []byte, yield func(Item) error) error {
	return w.games(ctx, name, bytes.NewReader(data), int64(len(data)), yield)
}

// headSize is how much of a file is read to detect its format.
const headSize = 8192

// readerPool recycles the 64 KiB read buffers of text files (the PGN and
// DhtmlXQ readers keep using the buffer they are given, as it is as large
// as the one they would make).
var readerPool = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, parse.TextSniffSize) }}

// games detects the format of one file and streams its games.
func (w *Walker) games(ctx context.Context, name string, r io.Reader, size int64, yield func(Item) error) error {
	br := readerPool.Get().(*bufio.Reader)
	br.Reset(r)
	defer func() {
		br.Reset(nil)
		readerPool.Put(br)
	}()
	head, _ := br.Peek(headSize)
	format := parse.Detect(head, name)
	if format == "" {
		if IsDocumentation(name) {
			return w.sizedProblem(name, size, ErrDocumentation, yield)
		}
		return w.sizedProblem(name, size, ErrUnknownFormat, yield)
	}
	var src io.Reader = br
	if ra, ok := r.(io.ReaderAt); ok && format != parse.FormatPGN && format != parse.FormatDhtmlXQ {
		// Binary readers want random access; give them the file itself.
		if _, inMemory := r.(*bytes.Reader); !inMemory {
			// A large library file: its reader reads many small
			// pieces, mostly in order; serve them from a window.
			ra = &windowReaderAt{r: ra}
		}
		src = &readerAt{ReaderAt: ra, Reader: br}
	}
	rd, err := parse.NewReader(format, src, size, name)
	if err != nil {
		return w.sizedProblem(name, size, err, yield)
	}
	w.files++
	fi := w.files - 1
	end := FileEnd{Name: name, Size: size, Format: format, Status: FileRead}
	pr, _ := rd.(*parse.PGNReader)
	if pr != nil {
		w.hint.give(pr, name)
	}
	// The file's last item is held back so that its end can ride on it
	// (most files hold one game: no item of their own for the end).
	var held Item
	has := false
	hold := func(it Item) error {
		if has {
			if err := yield(held); err != nil {
				return err
			}
		}
		held, has = it, true
		return nil
	}
	err = w.gamesOf(ctx, name, rd, fi, hold)
	if pr != nil {
		w.hint.learn(pr, name)
	}
	if err != nil {
		var p *FileProblem
		if !errors.As(err, &p) {
			return err
		}
		// An I/O error ends the file: report it as a file problem.
		if err := hold(Item{File: p, FileIndex: fi}); err != nil {
			return err
		}
		end.Err = p.Err
	}
	if !has {
		return w.fileEnd(fi, end, yield)
	}
	if w.FileEnds {
		held.End = &end
	}
	return yield(held)
}

// gamesOf yields the games of one file, which has index fi. An I/O error
// that ends the file is returned as a *FileProblem.
func (w *Walker) gamesOf(ctx context.Context, name string, rd parse.Reader, fi int, yield func(Item) error) error {
	if pr, ok := rd.(*parse.PGNReader); ok && w.Raw {
		for {
			if err := ctx.Err(); err != nil {
				return err
			}
			g, err := pr.NextRaw()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return &FileProblem{Name: name, Err: err}
			}
			if err := yield(Item{Raw: g, FileIndex: fi, Key: w.ident}); err != nil {
				return err
			}
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		rec, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if rec == nil {
			return &FileProblem{Name: name, Err: err}
		}
		if err := yield(Item{Rec: rec, Err: err, FileIndex: fi, Key: w.ident}); err != nil {
			return err
		}
	}
}

// readerAt passes a file's ReaderAt through the buffered reader used for
// detection, so binary readers get random access.
type readerAt struct {
	io.ReaderAt
	io.Reader
}

// windowSize is the read size of windowReaderAt.
const windowSize = 256 << 10

// windowReaderAt serves reads of a file too large to be read whole from
// one buffered window of it, refilled (with one system call) at the
// offset of a read that falls outside it. A CCBridge library of
// thousands of records is read mostly front to back in pieces of a few
// bytes to a few kilobytes, each a system call without it. Not safe for
// concurrent use (one file is read by one goroutine).
type windowReaderAt struct {
	r   io.ReaderAt
	buf []byte // the window's bytes
	off int64  // file offset of buf[0]
}

func (w *windowReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("corpus: negative offset")
	}
	if off >= w.off && off+int64(len(p)) <= w.off+int64(len(w.buf)) {
		return copy(p, w.buf[off-w.off:]), nil
	}
	if len(p) >= windowSize {
		return w.r.ReadAt(p, off)
	}
	if w.buf == nil {
		w.buf = make([]byte, windowSize)
	}
	n, err := w.r.ReadAt(w.buf[:windowSize], off)
	w.buf, w.off = w.buf[:n], off
	if n >= len(p) {
		return copy(p, w.buf), nil
	}
	if err == nil {
		err = io.EOF
	}
	return copy(p, w.buf), err
}
