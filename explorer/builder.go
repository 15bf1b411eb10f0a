package explorer

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unsafe"

	"github.com/xqtool/xqtool/opening"
)

// Defaults of Options.
const (
	DefaultMaxPly       = 30
	DefaultExamples     = 3
	DefaultMemoryBudget = 64 << 20
	// MaxExamples bounds Options.Examples.
	MaxExamples = 20
)

// Options configures a Builder.
type Options struct {
	// MaxPly is how many plies of each game are counted (0: DefaultMaxPly).
	MaxPly int
	// MergeMirrors counts a position and its left-right mirror as one
	// position (see the package doc for the canonical side).
	MergeMirrors bool
	// AllCopies counts every copy of a game; by default only games that
	// are not Game.Copy are counted.
	AllCopies bool
	// MinGames leaves out the rows played by fewer games (0 or 1: none
	// is left out). A tree written with MinGames above 1 cannot be merged
	// exactly with others, so Merge refuses it.
	MinGames int
	// Examples is the number of example games kept per row
	// (0: DefaultExamples; at most MaxExamples).
	Examples int
	// MemoryBudget is the memory, in bytes, the table of rows being
	// counted may take before it is sorted and spilled to a temporary
	// file (0: DefaultMemoryBudget). The process's peak memory is about
	// twice that with Go's default garbage collector settings.
	MemoryBudget int64
	// TempDir holds the spilled runs ("" for os.TempDir).
	TempDir string
}

func (o Options) withDefaults() Options {
	if o.MaxPly <= 0 {
		o.MaxPly = DefaultMaxPly
	}
	if o.MinGames < 1 {
		o.MinGames = 1
	}
	if o.Examples <= 0 {
		o.Examples = DefaultExamples
	}
	o.Examples = min(o.Examples, MaxExamples)
	if o.MemoryBudget <= 0 {
		o.MemoryBudget = DefaultMemoryBudget
	}
	return o
}

// Stats tells what a Builder counted and wrote.
type Stats struct {
	// Games is the number of games counted (trees merged in add theirs);
	// Copies the copies left out (see Options.AllCopies).
	Games, Copies int64
	// Plies is the number of (position, move) occurrences counted from
	// games: a game counts once per row, even if it plays the same move in
	// the same position twice.
	Plies int64
	// Rows and Positions are the rows and distinct positions written
	// (after MinGames).
	Rows, Positions int64
	// Runs is the number of sorted runs spilled to temporary files.
	Runs int
	// Trees is the number of trees merged in.
	Trees int
}

// entryBytes estimates the memory of a row in the in-memory table: the
// entry, its map slot and pointer, a vote and an example.
var entryBytes = int64(unsafe.Sizeof(entry{})) + 64 + int64(unsafe.Sizeof(vote{})) + int64(unsafe.Sizeof(exRef{}))

// Builder counts the rows of games and writes the tree. Add games (in any
// order: the tree does not depend on it), then Write. It is not safe for
// concurrent use; Close removes its temporary files.
type Builder struct {
	opt   Options
	stats Stats
	// the in-memory table
	rows   map[rowKey]*entry
	chunk  []entry
	bytes  int64
	seen   []rowKey
	inputs []input // spilled runs and trees to merge
	closed bool
}

// NewBuilder returns an empty builder.
func NewBuilder(opt Options) *Builder {
	return &Builder{opt: opt.withDefaults(), rows: map[rowKey]*entry{}}
}

// Options returns the builder's options with the defaults filled in.
func (b *Builder) Options() Options { return b.opt }

// Add counts the game g: every (position, move) of its first MaxPly moves
// up to the first that is not legal. A copy (g.Copy) is only counted with
// Options.AllCopies. Add does not keep g or its slices.
func (b *Builder) Add(g *Game) error {
	if b.closed {
		return ErrClosed
	}
	if g.Copy && !b.opt.AllCopies {
		b.stats.Copies++
		return nil
	}
	b.stats.Games++
	moves := g.Moves[:min(len(g.Moves), b.opt.MaxPly)]
	if len(moves) == 0 {
		return nil
	}
	l, err := newLine(g.Start, b.opt.MergeMirrors)
	if err != nil {
		return nil // no mirror of the start position: nothing to count
	}
	meta := newMeta(g)
	b.bytes += metaBytes(meta)
	result := g.Result
	if result > BlackWin {
		result = Unknown
	}
	year := g.Year
	if year < 1 || year > 9999 {
		year = 0
	}
	std := opening.IsStandardStart(g.Start)
	var code uint16
	seen := b.seen[:0]
	for i, m := range moves {
		if !l.p.IsLegal(m) {
			break
		}
		if std && i > 0 && i <= 2*opening.Rounds {
			// The class of the line to the position before the move
			// (the classification reads no further than Rounds rounds).
			if c, ok := opening.Classify(g.Start, moves[:i]); ok {
				code = eccoIndex[c.Code]
			}
		}
		key, pb, rm := l.play(m)
		rk := rowKey{key, rm}
		if slices.Contains(seen, rk) {
			continue
		}
		seen = append(seen, rk)
		e := b.entry(rk, &pb)
		e.n[result]++
		e.addYear(year, year)
		e.addVote(code, 1)
		e.addExample(exRef{meta, i + 1}, b.opt.Examples)
		b.stats.Plies++
	}
	b.seen = seen
	if b.bytes >= b.opt.MemoryBudget {
		return b.spill()
	}
	return nil
}

// newMeta copies the example fields of g (the strings may belong to a
// record that is recycled after the call).
func newMeta(g *Game) *gameMeta {
	return &gameMeta{
		id: strings.Clone(g.ID), source: strings.Clone(g.Source), index: g.Index,
		red: strings.Clone(strings.TrimSpace(g.Red)), black: strings.Clone(strings.TrimSpace(g.Black)),
		event: strings.Clone(strings.TrimSpace(g.Event)), date: strings.Clone(strings.TrimSpace(g.Date)),
		year: g.Year, result: g.Result, tags: g.tagCount(),
	}
}

func metaBytes(m *gameMeta) int64 {
	return int64(unsafe.Sizeof(*m)) + 16 + int64(len(m.id)+len(m.source)+len(m.red)+len(m.black)+len(m.event)+len(m.date))
}

// entry returns the row rk of the table, adding it when new.
func (b *Builder) entry(rk rowKey, pb *packedBoard) *entry {
	if e, ok := b.rows[rk]; ok {
		return e
	}
	if len(b.chunk) == cap(b.chunk) {
		b.chunk = make([]entry, 0, 4096)
	}
	b.chunk = append(b.chunk, entry{rowKey: rk, board: *pb})
	e := &b.chunk[len(b.chunk)-1]
	b.rows[rk] = e
	b.bytes += entryBytes + int64(b.opt.Examples-1)*int64(unsafe.Sizeof(exRef{}))/2
	return e
}

// sorted returns the table's rows sorted by key and move.
func (b *Builder) sorted() []*entry {
	out := make([]*entry, 0, len(b.rows))
	for _, e := range b.rows {
		out = append(out, e)
	}
	slices.SortFunc(out, func(x, y *entry) int { return compareRowKeys(x.rowKey, y.rowKey) })
	return out
}

// spill writes the table as a sorted run to a temporary file and empties
// it.
func (b *Builder) spill() error {
	if len(b.rows) == 0 {
		return nil
	}
	path, err := writeRun(b.opt.TempDir, b.sorted())
	if err != nil {
		return err
	}
	b.inputs = append(b.inputs, input{path: path})
	b.stats.Runs++
	b.rows, b.chunk, b.bytes = map[rowKey]*entry{}, nil, 0
	return nil
}

// AddTree adds the rows of the tree file at path (a tree.parquet written
// with the same MaxPly and MergeMirrors, and MinGames 1) to the tree
// Write writes: the shards of a corpus, or the trees of several datasets,
// merge into exactly the tree of one run over all their games. The file
// is read by Write.
func (b *Builder) AddTree(path string) error {
	if b.closed {
		return ErrClosed
	}
	meta, err := ReadMeta(path)
	if err != nil {
		return err
	}
	switch {
	case meta.MaxPly != b.opt.MaxPly:
		return fmt.Errorf("%s: %w: counted %d plies, not %d", path, ErrMerge, meta.MaxPly, b.opt.MaxPly)
	case meta.MergeMirrors != b.opt.MergeMirrors:
		return fmt.Errorf("%s: %w: merge-mirrors %v, not %v", path, ErrMerge, meta.MergeMirrors, b.opt.MergeMirrors)
	case meta.MinGames > 1:
		return fmt.Errorf("%s: %w: rows under %d games were left out", path, ErrMerge, meta.MinGames)
	case meta.AllCopies != b.opt.AllCopies:
		return fmt.Errorf("%s: %w: all-copies %v, not %v", path, ErrMerge, meta.AllCopies, b.opt.AllCopies)
	}
	b.inputs = append(b.inputs, input{path: path, tree: true})
	b.stats.Games += meta.Games
	b.stats.Copies += meta.Copies
	b.stats.Trees++
	return nil
}

// Write merges the rows counted (in memory and in the spilled runs) and
// the trees added, and writes tree.parquet to w, sorted by position key
// and move. The builder can be written once.
func (b *Builder) Write(w io.Writer) (Stats, error) {
	if b.closed {
		return b.stats, ErrClosed
	}
	b.closed = true
	defer b.removeRuns()
	// With runs on disk, the table goes to disk too: the merge then holds
	// a buffer per run, and the memory the table took is free for the
	// writer.
	if b.stats.Runs > 0 {
		if err := b.spill(); err != nil {
			return b.stats, err
		}
	}
	// Too many inputs to merge at once are merged in groups first.
	for len(b.inputs) >= mergeFanIn {
		if err := b.mergeInputs(); err != nil {
			return b.stats, err
		}
	}
	var srcs []source
	defer func() {
		for _, s := range srcs {
			s.close()
		}
	}()
	for _, in := range b.inputs {
		s, err := in.open()
		if err != nil {
			return b.stats, err
		}
		srcs = append(srcs, s)
	}
	srcs = append(srcs, &memSource{rows: b.sorted()})
	b.rows, b.chunk = nil, nil
	tw, err := newTreeWriter(w, TreeMeta{
		Version: treeVersion, MaxPly: b.opt.MaxPly, MergeMirrors: b.opt.MergeMirrors,
		AllCopies: b.opt.AllCopies, MinGames: b.opt.MinGames, Examples: b.opt.Examples,
		Games: b.stats.Games, Copies: b.stats.Copies,
	})
	if err != nil {
		return b.stats, err
	}
	g := &grouper{minGames: int64(b.opt.MinGames), out: tw}
	if err := mergeSources(srcs, b.opt.Examples, g.add); err != nil {
		tw.abort()
		return b.stats, err
	}
	if err := g.flush(); err != nil {
		tw.abort()
		return b.stats, err
	}
	if err := tw.close(); err != nil {
		return b.stats, err
	}
	b.stats.Rows, b.stats.Positions = g.rows, g.positions
	return b.stats, nil
}

// input is a spilled run or a tree to merge.
type input struct {
	path string
	tree bool
}

func (in input) open() (source, error) {
	if in.tree {
		return openTreeSource(in.path)
	}
	return openRun(in.path)
}

// mergeInputs merges the first mergeFanIn inputs into one run.
func (b *Builder) mergeInputs() error {
	n := min(mergeFanIn, len(b.inputs))
	var srcs []source
	defer func() {
		for _, s := range srcs {
			s.close()
		}
	}()
	for _, in := range b.inputs[:n] {
		s, err := in.open()
		if err != nil {
			return err
		}
		srcs = append(srcs, s)
	}
	rw, err := newRunWriter(b.opt.TempDir)
	if err != nil {
		return err
	}
	if err := mergeSources(srcs, b.opt.Examples, rw.write); err != nil {
		rw.abort()
		return err
	}
	path, err := rw.close()
	if err != nil {
		return err
	}
	for _, in := range b.inputs[:n] {
		if !in.tree {
			os.Remove(in.path)
		}
	}
	b.inputs = append([]input{{path: path}}, b.inputs[n:]...)
	return nil
}

func (b *Builder) removeRuns() {
	for _, in := range b.inputs {
		if !in.tree {
			os.Remove(in.path)
		}
	}
	b.inputs = nil
}

// Close removes the temporary files and releases the table.
func (b *Builder) Close() error {
	b.closed = true
	b.removeRuns()
	b.rows, b.chunk = nil, nil
	return nil
}

// Errors of this package.
var (
	ErrClosed  = errors.New("explorer: builder already written or closed")
	ErrMerge   = errors.New("explorer: trees cannot be merged")
	ErrCorrupt = errors.New("explorer: corrupt run file")
)

// grouper gathers the rows of one position, decides its ECCO code from
// all of them, and passes them on.
type grouper struct {
	minGames        int64
	out             *treeWriter
	cur             []*entry
	rows, positions int64
}

func (g *grouper) add(e *entry) error {
	if len(g.cur) > 0 && g.cur[0].key != e.key {
		if err := g.flush(); err != nil {
			return err
		}
	}
	g.cur = append(g.cur, e)
	return nil
}

func (g *grouper) flush() error {
	if len(g.cur) == 0 {
		return nil
	}
	var votes entry
	for _, e := range g.cur {
		for _, v := range e.votes {
			votes.addVote(v.code, v.games)
		}
	}
	code := winner(votes.votes)
	wrote := false
	for _, e := range g.cur {
		if e.games() < g.minGames {
			continue
		}
		if err := g.out.write(e, code); err != nil {
			return err
		}
		g.rows++
		wrote = true
	}
	if wrote {
		g.positions++
	}
	g.cur = g.cur[:0]
	return nil
}
