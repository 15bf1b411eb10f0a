// Package dataset reads the games of export datasets back: one dataset, or
// many (the shards of a sharded export, separate runs), as one stream in
// the order a single run over the same files would have written them.
//
// It is what "xqtool dedupe" runs on: games.parquet holds each game's
// start position and main line, the tags the kept-copy rule counts and the
// flag codes, which is all duplicate detection needs.
package dataset

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Errors of this package.
var (
	ErrNoGames = errors.New("no games.parquet file")
	ErrSchema  = errors.New("not a games.parquet of xqtool export")
	ErrRow     = errors.New("bad games row")
	// ErrDamaged is wrapped by the error of a file the Parquet library
	// could not decode without failing inside (a damaged or hostile
	// file): the reader turns its panic into this error.
	ErrDamaged = errors.New("damaged Parquet file")
)

// recovered turns a panic of the Parquet library while reading path into
// an error wrapping ErrDamaged; it must be the deferred function itself
// (recover works only there).
func recovered(path string, err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%s: %w: %v", path, ErrDamaged, p)
	}
}

// Game is what a games.parquet row tells of one game. Its slices are
// reused by the next call of Reader.Next.
type Game struct {
	GameID string
	Source string
	Index  int
	// StartFEN is the start position ("" when unknown).
	StartFEN string
	// MovesICCS is the valid prefix of the main line, lowercase ICCS.
	MovesICCS []string
	// Codes are the flag codes of the game (flag_codes).
	Codes []string
	// Event, Date, Site, Round, Red and Black tags ("" when absent).
	Event, Date, Site, Round, Red, Black string
	// Result is result_declared ("*" when none).
	Result string
	// ClusterID is the game_id of the game's cluster of copies
	// (cluster_id).
	ClusterID string
	// Dir is the position of the dataset directory (in Open's dirs) the
	// game was read from.
	Dir int
	// File is the games file it was read from.
	File string
}

// readColumns are the leaf columns of games.parquet read, in the order
// of Game's fields.
var readColumns = []string{
	colGameID, colSource, colIndex, colStartFEN, leafMoves, leafFlagCodes,
	colEvent, colDate, colSite, colRound, colRed, colBlack, colResultDeclared, colClusterID,
}

// Positions of the columns in readColumns.
const (
	rdGameID = iota
	rdSource
	rdIndex
	rdStartFEN
	rdMoves
	rdCodes
	rdEvent
	rdDate
	rdSite
	rdRound
	rdRed
	rdBlack
	rdResult
	rdCluster
)

// GamesFiles returns the games files of the datasets under dir, sorted:
// every games.parquet, and every .parquet file below a directory named
// games (a dataset partitioned by year), at any depth (a directory of
// shards). Temporary directories of an export in progress (names starting
// with ".") are skipped.
func GamesFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == "games.parquet" || (strings.HasSuffix(d.Name(), ".parquet") && underGames(dir, path)) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w", dir, ErrNoGames)
	}
	slices.Sort(out)
	return out, nil
}

// underGames reports whether path has a directory named games between
// root and itself.
func underGames(root, path string) bool {
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil {
		return false
	}
	return slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), "games")
}

// batchRows is the number of rows read from a games file at once. Every
// file of the datasets is open at once (to merge them), each holding a
// batch and a decompressed page per column (~2.5 MB with the export's
// pages): small batches keep that down, at no cost in speed.
const readBatchRows = 64

// Reader streams the games of several games files merged into the
// order of a single run (see Less).
type Reader struct {
	files    []*cursor
	repeated []string
	heap     cursorHeap
	game     Game
	err      error
}

// Open opens the games files of the datasets in dirs (see GamesFiles).
// The files are read one batch of rows at a time: memory depends on the
// number of files (~2.5 MB each), not of games.
//
// The batches are allocated by Go's garbage-collected allocator, so the
// strings of a Game stay valid while they are referenced, after the
// reader moved on.
//
// A games file reached twice (a directory named twice, or inside another
// one named too, or through a symbolic link) is read once, from the first
// directory that reaches it (see Repeated).
func Open(dirs []string) (*Reader, error) {
	mem := memory.NewGoAllocator()
	r := &Reader{}
	seen := map[string]bool{}
	for d, dir := range dirs {
		files, err := GamesFiles(dir)
		if err != nil {
			r.Close()
			return nil, err
		}
		for _, f := range files {
			real, err := filepath.Abs(f)
			if err == nil {
				real, err = filepath.EvalSymlinks(real)
			}
			if err != nil {
				r.Close()
				return nil, err
			}
			if seen[real] {
				r.repeated = append(r.repeated, f)
				continue
			}
			seen[real] = true
			c, err := openCursor(f, d, len(r.files), mem)
			if err != nil {
				r.Close()
				return nil, err
			}
			r.files = append(r.files, c)
			ok, err := c.advance()
			if err != nil {
				r.Close()
				return nil, err
			}
			if ok {
				r.heap = append(r.heap, c)
			}
		}
	}
	heap.Init(&r.heap)
	return r, nil
}

// Repeated returns the games files reached again and not read twice.
func (r *Reader) Repeated() []string { return r.repeated }

// Files returns the games files the reader reads.
func (r *Reader) Files() []string {
	out := make([]string, len(r.files))
	for i, c := range r.files {
		out[i] = c.path
	}
	return out
}

// Next returns the next game, or io.EOF after the last. The Game is
// valid until the next call.
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	if len(r.heap) == 0 {
		return nil, io.EOF
	}
	c := r.heap[0]
	if err := c.game(&r.game); err != nil {
		r.err = err
		return nil, err
	}
	ok, err := c.advance()
	if err != nil {
		r.err = err
		return nil, err
	}
	if ok {
		heap.Fix(&r.heap, 0)
	} else {
		heap.Pop(&r.heap)
	}
	return &r.game, nil
}

// Close closes the files.
func (r *Reader) Close() error {
	var errs []error
	for _, c := range r.files {
		errs = append(errs, c.close())
	}
	r.files, r.heap = nil, nil
	return errors.Join(errs...)
}

// cursor is the read position in one games file.
type cursor struct {
	path  string
	dir   int
	order int // position among all files
	f     *os.File
	pf    *file.Reader
	rr    pqarrow.RecordReader
	rec   arrow.RecordBatch
	row   int
	// the columns of rec, by col* index.
	str   [rdCluster + 1]*array.String
	index *array.Int32
	moves *array.List
	codes *array.List
	// the key of the current row
	source string
	idx    int
}

func openCursor(path string, dir, order int, mem memory.Allocator) (c *cursor, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			f.Close()
			c, err = nil, fmt.Errorf("%s: %w: %v", path, ErrDamaged, p)
		}
	}()
	props := parquet.NewReaderProperties(mem)
	props.BufferedStreamEnabled = true
	pf, err := file.NewParquetReader(f, file.WithReadProps(props))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c = &cursor{path: path, dir: dir, order: order, f: f, pf: pf}
	schema := pf.MetaData().Schema
	idx := make([]int, len(readColumns))
	for i, name := range readColumns {
		if idx[i] = schema.ColumnIndexByName(name); idx[i] < 0 {
			c.close()
			return nil, fmt.Errorf("%s: %w: no column %s", path, ErrSchema, name)
		}
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: readBatchRows}, mem)
	if err != nil {
		c.close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if pf.NumRowGroups() == 0 {
		return c, nil
	}
	c.rr, err = fr.GetRecordReader(context.Background(), idx, nil)
	if err != nil {
		c.close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// advance moves to the next row and reports whether there is one.
func (c *cursor) advance() (ok bool, err error) {
	defer recovered(c.path, &err)
	c.row++
	for c.rec == nil || c.row >= int(c.rec.NumRows()) {
		if c.rr == nil || !c.rr.Next() {
			if c.rr != nil && c.rr.Err() != nil && !errors.Is(c.rr.Err(), io.EOF) {
				return false, fmt.Errorf("%s: %w", c.path, c.rr.Err())
			}
			return false, nil
		}
		c.rec, c.row = c.rr.RecordBatch(), 0
		if err := c.bind(); err != nil {
			return false, err
		}
	}
	if c.str[rdSource].IsNull(c.row) || c.index.IsNull(c.row) {
		return false, fmt.Errorf("%s: row %d: %w: null source or index", c.path, c.row, ErrRow)
	}
	c.source = c.str[rdSource].Value(c.row)
	c.idx = int(c.index.Value(c.row))
	return true, nil
}

// bind takes the typed columns of the batch just read (the record
// reader's columns are in the order of columns).
func (c *cursor) bind() error {
	for i, col := range c.rec.Columns() {
		var ok bool
		switch i {
		case rdIndex:
			c.index, ok = col.(*array.Int32)
		case rdMoves:
			c.moves, ok = col.(*array.List)
		case rdCodes:
			c.codes, ok = col.(*array.List)
		default:
			c.str[i], ok = col.(*array.String)
		}
		if !ok {
			return fmt.Errorf("%s: %w: column %s is %s", c.path, ErrSchema, readColumns[i], col.DataType())
		}
	}
	return nil
}

// game fills g from the current row. Its strings point into the batch
// (see Open).
func (c *cursor) game(g *Game) error {
	i := c.row
	s := func(col int) string {
		if c.str[col].IsNull(i) {
			return ""
		}
		return c.str[col].Value(i)
	}
	g.GameID, g.Source, g.Index = s(rdGameID), c.source, c.idx
	g.StartFEN = s(rdStartFEN)
	g.Event, g.Date, g.Site, g.Round, g.Red, g.Black = s(rdEvent), s(rdDate), s(rdSite), s(rdRound), s(rdRed), s(rdBlack)
	g.Result = s(rdResult)
	g.ClusterID = s(rdCluster)
	g.Dir, g.File = c.dir, c.path
	g.MovesICCS = g.MovesICCS[:0]
	start, end := c.moves.ValueOffsets(i)
	mv := c.moves.ListValues().(*array.String)
	for j := start; j < end; j++ {
		g.MovesICCS = append(g.MovesICCS, mv.Value(int(j)))
	}
	g.Codes = g.Codes[:0]
	start, end = c.codes.ValueOffsets(i)
	cv := c.codes.ListValues().(*array.String)
	for j := start; j < end; j++ {
		g.Codes = append(g.Codes, cv.Value(int(j)))
	}
	return nil
}

func (c *cursor) close() error {
	if c.rec != nil {
		c.rec = nil
	}
	if c.rr != nil {
		c.rr.Release()
		c.rr = nil
	}
	if c.f != nil {
		err := c.f.Close()
		c.f = nil
		return err
	}
	return nil
}

// cursorHeap orders the files by their current rows.
type cursorHeap []*cursor

func (h cursorHeap) Len() int { return len(h) }
func (h cursorHeap) Less(i, j int) bool {
	a, b := h[i], h[j]
	if c := CompareSources(a.source, b.source); c != 0 {
		return c < 0
	}
	if a.idx != b.idx {
		return a.idx < b.idx
	}
	return a.order < b.order
}
func (h cursorHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *cursorHeap) Push(x any)   { *h = append(*h, x.(*cursor)) }
func (h *cursorHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// CompareSources orders two game sources as a run over one directory
// reads them (corpus.Walker): path element by path element, each in
// name order (a directory's entries are read sorted), and the members of
// an archive ("archive.zip!member") by their whole names, after the
// archive's position. It returns -1, 0 or +1.
//
// It is the input order of games read back from datasets: two games of
// different sources keep the order of a single run over one directory
// (or archive) whichever datasets they were written to.
func CompareSources(a, b string) int {
	af, am := splitMember(filepath.ToSlash(a))
	bf, bm := splitMember(filepath.ToSlash(b))
	if c := comparePaths(af, bf); c != 0 {
		return c
	}
	return strings.Compare(am, bm)
}

// splitMember splits "archive.zip!member" at the "!" after an archive
// name; a source that is no archive member has member "".
func splitMember(s string) (path, member string) {
	for i := 0; i < len(s); i++ {
		if s[i] != '!' {
			continue
		}
		p := strings.ToLower(s[:i])
		if strings.HasSuffix(p, ".zip") || strings.HasSuffix(p, ".tar") || strings.HasSuffix(p, ".tgz") || strings.HasSuffix(p, ".tar.gz") {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// comparePaths compares paths element by element.
func comparePaths(a, b string) int {
	for a != "" && b != "" {
		ae, ar, _ := strings.Cut(a, "/")
		be, br, _ := strings.Cut(b, "/")
		if c := strings.Compare(ae, be); c != 0 {
			return c
		}
		a, b = ar, br
	}
	switch {
	case a == b:
		return 0
	case a == "":
		return -1
	}
	return 1
}
