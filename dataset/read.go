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
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/internal/table"
	"github.com/xqtool/xqtool/parse"
)

// Errors of this package.
var (
	ErrNoGames = errors.New("no games.parquet file")
	ErrSchema  = errors.New("not a games.parquet of xqtool export")
	ErrRow     = errors.New("bad games row")
	// ErrDamaged is wrapped by the error of a file the Parquet library
	// could not decode without failing inside (a damaged or hostile
	// file): the reader turns its panic into this error.
	ErrDamaged = table.ErrDamaged
)

// Game is what a games.parquet row tells of one game: the one decoded
// row every reader of games tables uses (dedupe, find, the pipeline's
// dataset source). Its slices are reused by the next call of Reader.Next.
type Game struct {
	GameID string
	Source string
	Index  int
	// Format and Encoding are the record's format and text encoding
	// ("" when none).
	Format, Encoding string
	// StartFEN is the start position ("" when unknown: the record could
	// not be read).
	StartFEN string
	// MovesICCS is the valid prefix of the main line, lowercase ICCS.
	MovesICCS []string
	// Codes are the flag codes of the game (flag_codes).
	Codes []string
	// Status is the game's state as the export decided it (status).
	Status string
	// Event, Date, Site, Round, Red and Black tags ("" when absent).
	Event, Date, Site, Round, Red, Black string
	// Tags are the game's tags as the row holds them: those with a column
	// of their own that are set (the Elo tags when they are numbers), in
	// the columns' order, then other_tags. Result and FEN are not among
	// them (Result, StartFEN).
	Tags parse.Tags
	// Result is result_declared ("*" when none).
	Result string
	// Year is the year of the Date tag (0 when unknown).
	Year int
	// ClusterID is the game_id of the game's cluster of copies
	// (cluster_id); DuplicateKind is "exact", "prefix" or "mirror" for a
	// copy that is not the cluster's kept copy, else "".
	ClusterID, DuplicateKind string
	// Dir is the position of the dataset directory (in Open's dirs) the
	// game was read from.
	Dir int
	// File is the games file it was read from, and Row the game's row
	// there (from 1).
	File string
	Row  int64

	// the decoded start position and moves (see Line)
	line lineCache
}

// readColumns are the leaf columns of games.parquet read, by rd* index:
// the text columns first.
var readColumns = []string{
	colGameID, colSource, colStartFEN, colEvent, colDate, colSite, colRound, colRed, colBlack,
	colResultDeclared, colClusterID, colDuplicateKind, colFormat, colEncoding,
	colRedTeam, colBlackTeam, colECCO, colOpening, colVariation, colStatus,
	colIndex, colYear, colRedElo, colBlackElo, leafMoves, leafFlagCodes, leafOtherKeys, leafOtherValues,
}

// Positions of the columns in readColumns.
const (
	rdGameID = iota
	rdSource
	rdStartFEN
	rdEvent
	rdDate
	rdSite
	rdRound
	rdRed
	rdBlack
	rdResult
	rdCluster
	rdDupKind
	rdFormat
	rdEncoding
	rdRedTeam
	rdBlackTeam
	rdECCO
	rdOpening
	rdVariation
	rdStatus
	rdIndex // the first column that is not text
	rdYear
	rdRedElo
	rdBlackElo
	rdMoves
	rdCodes
	rdOtherKeys
	rdOtherValues
)

// tagColumns are the text columns of tags, in the order of Game.Tags
// (GamesSchema's), with their tags.
var tagColumns = []struct {
	col int
	tag string
}{
	{rdEvent, parse.TagEvent}, {rdSite, parse.TagSite}, {rdDate, parse.TagDate}, {rdRound, parse.TagRound},
	{rdRed, parse.TagRed}, {rdBlack, parse.TagBlack}, {rdRedTeam, parse.TagRedTeam}, {rdBlackTeam, parse.TagBlackTeam},
	{rdECCO, parse.TagECCO}, {rdOpening, parse.TagOpening}, {rdVariation, parse.TagVariation},
}

// GamesFiles returns the games files of the datasets under dir, sorted:
// every games.parquet, and every .parquet file below a directory named
// games (a dataset partitioned by year), at any depth (a directory of
// shards). Temporary directories of an export in progress (names starting
// with ".") are skipped.
func GamesFiles(dir string) ([]string, error) {
	out, err := table.Find(dir, "games", table.FindOptions{Partitioned: true})
	if errors.Is(err, table.ErrNotFound) {
		return nil, fmt.Errorf("%s: %w", dir, ErrNoGames)
	}
	return out, err
}

// IsDataset reports whether path is a directory holding an export
// dataset: a games table (see GamesFiles).
func IsDataset(path string) bool {
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		return false
	}
	files, err := GamesFiles(path)
	return err == nil && len(files) > 0
}

// readBatchRows is the number of rows read from a games file at once
// when files games files are merged. Every file of the datasets is open
// at once (to merge them), each holding a batch and a decompressed page
// per column (~2.5 MB with the export's pages and batches of 64 rows):
// the batches of all files together hold about allBatchRows rows, each at
// least minBatchRows (small batches cost little) and at most
// maxBatchRows (larger ones save nothing).
func readBatchRows(files int) int {
	return min(maxBatchRows, max(minBatchRows, allBatchRows/max(files, 1)))
}

const (
	minBatchRows = 64
	allBatchRows = 4096
)

// maxBatchRows is a variable for the tests (rows numbered across batches).
var maxBatchRows = 1024

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
// number of files (~2.5 MB each; see readBatchRows), not of games.
//
// The batches are allocated by Go's garbage-collected allocator, so the
// strings of a Game stay valid while they are referenced, after the
// reader moved on.
//
// A games file reached twice (a directory named twice, or inside another
// one named too, or through a symbolic link) is read once, from the first
// directory that reaches it (see Repeated).
func Open(dirs []string) (*Reader, error) { return open(dirs, nil) }

// open is Open, passing over the games files skip accepts.
func open(dirs []string, skip func(path string) bool) (*Reader, error) {
	r := &Reader{}
	seen := map[string]bool{}
	type input struct {
		path string
		dir  int
	}
	var inputs []input
	for d, dir := range dirs {
		files, err := GamesFiles(dir)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if skip != nil && skip(f) {
				continue
			}
			real, err := filepath.Abs(f)
			if err == nil {
				real, err = filepath.EvalSymlinks(real)
			}
			if err != nil {
				return nil, err
			}
			if seen[real] {
				r.repeated = append(r.repeated, f)
				continue
			}
			seen[real] = true
			inputs = append(inputs, input{f, d})
		}
	}
	batch := readBatchRows(len(inputs))
	for _, in := range inputs {
		c, err := openCursor(in.path, in.dir, len(r.files), batch)
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
	t     *table.File
	rows  *table.Rows
	// the columns of the current batch, by rd* index.
	str                  [rdIndex]*array.String
	index, year          *array.Int32
	redElo, blackElo     *array.Int32
	moves, codes         *array.List
	other                *array.Map
	otherKeys, otherVals *array.String
	// the key of the current row
	source string
	idx    int
}

func openCursor(path string, dir, order, batchRows int) (*cursor, error) {
	t, err := table.Open(path, batchRows)
	if err != nil {
		return nil, err
	}
	c := &cursor{path: path, dir: dir, order: order, t: t}
	if c.rows, err = t.Rows(readColumns, nil); err != nil {
		t.Close()
		if errors.Is(err, table.ErrColumn) {
			err = fmt.Errorf("%w: %w", ErrSchema, err)
		}
		return nil, err
	}
	return c, nil
}

// advance moves to the next row and reports whether there is one.
func (c *cursor) advance() (ok bool, err error) {
	defer table.Recover(c.path, &err)
	if !c.rows.Next() {
		return false, c.rows.Err()
	}
	if c.rows.Fresh() {
		if err := c.bind(); err != nil {
			return false, err
		}
	}
	i := c.rows.Index()
	if c.str[rdSource].IsNull(i) || c.index.IsNull(i) {
		return false, c.rows.Errorf(i, "%w: null source or index", ErrRow)
	}
	c.source = c.str[rdSource].Value(i)
	c.idx = int(c.index.Value(i))
	return true, nil
}

// bind takes the typed columns of the batch just read.
func (c *cursor) bind() error {
	rec := c.rows.Batch()
	var err error
	for i, leaf := range readColumns {
		switch name, _, _ := strings.Cut(leaf, "."); i {
		case rdIndex:
			c.index, err = table.Column[*array.Int32](rec, name)
		case rdYear:
			c.year, err = table.Column[*array.Int32](rec, name)
		case rdRedElo:
			c.redElo, err = table.Column[*array.Int32](rec, name)
		case rdBlackElo:
			c.blackElo, err = table.Column[*array.Int32](rec, name)
		case rdMoves:
			c.moves, _, err = table.ListOf[*array.String](rec, name)
		case rdCodes:
			c.codes, _, err = table.ListOf[*array.String](rec, name)
		case rdOtherKeys:
			if c.other, err = table.Column[*array.Map](rec, name); err == nil {
				var ok1, ok2 bool
				c.otherKeys, ok1 = c.other.Keys().(*array.String)
				c.otherVals, ok2 = c.other.Items().(*array.String)
				if !ok1 || !ok2 {
					err = fmt.Errorf("%w: %s is not a map of strings", table.ErrColumn, name)
				}
			}
		case rdOtherValues:
		default:
			c.str[i], err = table.Column[*array.String](rec, name)
		}
		if err != nil {
			return fmt.Errorf("%s: %w: %w", c.path, ErrSchema, err)
		}
	}
	return nil
}

// game fills g from the current row. Its strings point into the batch
// (see Open).
func (c *cursor) game(g *Game) (err error) {
	defer table.Recover(c.path, &err)
	i := c.rows.Index()
	s := func(col int) string { return table.String(c.str[col], i) }
	g.GameID, g.Source, g.Index = s(rdGameID), c.source, c.idx
	g.Format, g.Encoding, g.Status = s(rdFormat), s(rdEncoding), s(rdStatus)
	g.StartFEN = s(rdStartFEN)
	g.Event, g.Date, g.Site, g.Round, g.Red, g.Black = s(rdEvent), s(rdDate), s(rdSite), s(rdRound), s(rdRed), s(rdBlack)
	g.Result = s(rdResult)
	g.ClusterID, g.DuplicateKind = s(rdCluster), s(rdDupKind)
	g.Year = 0
	if !c.year.IsNull(i) {
		g.Year = int(c.year.Value(i))
	}
	g.Dir, g.File, g.Row = c.dir, c.path, c.rows.Row(i)
	g.line = lineCache{}
	g.MovesICCS = appendList(g.MovesICCS[:0], c.moves, i)
	g.Codes = appendList(g.Codes[:0], c.codes, i)
	g.Tags = g.Tags[:0]
	for _, tc := range tagColumns {
		if a := c.str[tc.col]; !a.IsNull(i) {
			g.Tags = append(g.Tags, parse.Tag{Name: tc.tag, Value: a.Value(i)})
		}
	}
	for _, e := range []struct {
		a   *array.Int32
		tag string
	}{{c.redElo, parse.TagRedElo}, {c.blackElo, parse.TagBlackElo}} {
		if !e.a.IsNull(i) {
			g.Tags = append(g.Tags, parse.Tag{Name: e.tag, Value: strconv.Itoa(int(e.a.Value(i)))})
		}
	}
	if !c.other.IsNull(i) {
		start, end := c.other.ValueOffsets(i)
		for j := int(start); j < int(end); j++ {
			g.Tags = append(g.Tags, parse.Tag{Name: c.otherKeys.Value(j), Value: table.String(c.otherVals, j)})
		}
	}
	return nil
}

// appendList appends the strings of row i of the list column l to out.
func appendList(out []string, l *array.List, i int) []string {
	start, end := l.ValueOffsets(i)
	v := l.ListValues().(*array.String)
	for j := start; j < end; j++ {
		out = append(out, v.Value(int(j)))
	}
	return out
}

func (c *cursor) close() error {
	if c.rows != nil {
		c.rows.Close()
		c.rows = nil
	}
	if c.t != nil {
		err := c.t.Close()
		c.t = nil
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
