// Package dedupe finds the copies of a game in a collection: exact
// duplicates, games contained in other games (a copy cut short) and
// left-right mirrored copies, and chooses in each cluster of copies the
// one to keep.
//
// Games reach the index as small values (Game) from any source — the
// validate pipeline, or the rows of a games.parquet dataset — in input
// order, through Add. Finish decides; Verdict then tells, for every game,
// its cluster's kept copy and how the game copies it. The same games
// added in the same order get the same verdicts, whatever their source:
// a reader of datasets adds the rows of games.parquet in row order
// (FromRow), the datasets in the order given, and finds the clusters and
// kept copies the pipeline found (FromReport).
//
// # Kinds
//
// Only games whose whole main line was played (Game.Complete) with at
// least one ply take part; a record that breaks off at a bad move may be
// a different game after it. Two games are copies when:
//
//   - Exact: same start position (placement and side to move; the move
//     counters are ignored) and the same main line; a line from the
//     standard start shorter than MinPlies (an opening that games share)
//     also needs players that could be the same (for each side,
//     a name missing, or the two names the same once normalized by
//     tagnorm.Text, or one containing the other — a name of three
//     characters or more with one of them changed —, or one romanized and
//     the other Han): two games of one event that share a short opening
//     by other players are two games;
//   - Prefix: same start position, and one main line is a strict prefix
//     of the other, the shorter at least MinPlies plies long;
//   - Mirror: the left-right mirror of one game (start position and
//     every move mirrored, file a ↔ i) equals the other, or is such a
//     prefix of it; the shorter at least MinPlies plies long.
//
// # Clusters
//
// All copies of a game form a cluster. Games with identical lines (or
// mirrored identical lines) form a class; a class contained in several
// diverging longer games joins the cluster of the longest of them (then
// the first in input order), so two different games that merely share an
// opening and a short copy of it never merge. In each cluster the kept
// copy is the first game by this rule:
//
//  1. a clean game (no error flag) before one with an error flag;
//  2. the longer main line;
//  3. more non-empty tags among Event, Date, Site, Round, Red, Black,
//     Result (TagNames);
//  4. a declared result before none;
//  5. the earlier game in input order (the order of Add).
//
// Every other member names the kept copy and its Kind relative to it:
// Exact, Prefix (one line is a strict prefix of the other: the kept copy
// may be the shorter one when the longer has an error flag) or Mirror
// (mirrored, equal or prefix).
//
// # Memory
//
// While games are added, the index keeps nothing per game in memory: its
// hashes, length and offset go to one temporary file (46 bytes a game),
// the start position, moves, name and tags to another (2 bytes for the
// standard start position, 92 for another, 2 per ply and the text per
// game: the players' names, and the other tags only with
// Options.FillTags). While Finish decides, it keeps
// BytesPerGame bytes per game, whatever the length of the game (the
// lengths and offsets loaded, and its arrays; the hashes are read back in
// order); once decided, the verdicts go to a third file (17 bytes a game)
// that Verdict reads through a window, and nothing per game stays in
// memory but the names of the clusters' kept copies, the fills and the
// name pairs; and, at most, a cache of 8 MB of the lines compared most
// (repCacheBytes). Hash matches are checked against the moves in the
// second file, so a hash collision can never make two different games
// copies.
package dedupe

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/hashid"
)

// Kind is how a game copies its cluster's kept copy.
type Kind uint8

// Kinds.
const (
	None   Kind = iota // the kept copy, or a game without copies
	Exact              // same start position and main line
	Prefix             // one main line is a strict prefix of the other
	Mirror             // the left-right mirror equals or is a prefix
)

// String returns "", "exact", "prefix" or "mirror".
func (k Kind) String() string {
	switch k {
	case Exact:
		return "exact"
	case Prefix:
		return "prefix"
	case Mirror:
		return "mirror"
	}
	return ""
}

// ParseKind reads a Kind as String writes it (duplicate_kind); any other
// text is None.
func ParseKind(s string) Kind {
	for k := Exact; k <= Mirror; k++ {
		if s == k.String() {
			return k
		}
	}
	return None
}

// TagNames are the tags the kept-copy rule counts and --fill-tags fills,
// in the order of Game.Tags.
var TagNames = [7]string{"Event", "Date", "Site", "Round", "Red", "Black", "Result"}

// DefaultMinPlies is the default Options.MinPlies: shared openings
// shorter than 20 plies never make two games copies.
const DefaultMinPlies = 20

// BytesPerGame is the index's memory per game in its largest state
// (during Finish): 14 bytes loaded from the temporary file (none while
// adding), 19 more while deciding (none once decided). Not counted: at
// most one partly used chunk of 16,384 games per column, the hash tables
// Finish builds (one entry per distinct line; the table of lines is made
// for up to 16,384 at once, hHint), the cache of the lines compared (at
// most 8 MB, repCacheBytes), and 4 bytes per copy of a kept game while
// the clusters' names are read.
const BytesPerGame = 33

// Game is one game as the index sees it.
type Game struct {
	// Source and Index locate the game (its file or dataset source and
	// 0-based index there), and ID is its game_id, as reported in
	// Verdict.KeptRef.
	Source string
	Index  int
	ID     string
	// Start is the start position; only its placement and side to move
	// count.
	Start board.Setup
	// Moves is the main line. The index does not keep the slice.
	Moves []board.Move
	// Complete is true when the whole main line was played: only such
	// games join clusters.
	Complete bool
	// Clean is true when the game has no error flag.
	Clean bool
	// Tags holds the values of TagNames ("" when absent; a value of
	// spaces counts as empty).
	Tags [7]string
	// Result is true when the record declares a result (not "*").
	Result bool
}

// Ref names a game: its source and 0-based index, and its game_id.
type Ref struct {
	Source string
	Index  int
	ID     string
}

func (r Ref) String() string { return r.Source + "#" + strconv.Itoa(r.Index+1) }

// Fill is a tag value of the kept copy taken from another copy.
type Fill struct {
	Name, Value string
	From        Ref
}

// Options configures an Index.
type Options struct {
	// MinPlies is the shortest main line that can be a prefix or mirror
	// copy (0: DefaultMinPlies). Exact copies need one ply.
	MinPlies int
	// FillTags computes Verdict.Fills for the kept copies.
	FillTags bool
	// SameName tells whether two player names are the same name once
	// normalized (script, width, spacing). nil is plain equality, under
	// which no pair is listed. With a normalizer, Verdict.NamePairs lists
	// the Red and Black names of a copy that differ from the kept copy's
	// as written but are the same name.
	SameName func(a, b string) bool
	// TempDir is the directory of the temporary file ("" for os.TempDir).
	TempDir string
}

// Verdict is the outcome for one game.
type Verdict struct {
	Kind Kind
	// Kept is the number (0-based order of Add) of the cluster's kept
	// copy: the game itself when Kind is None.
	Kept int
	// KeptRef names the kept copy when the cluster has other members
	// (Copies > 1).
	KeptRef Ref
	// Copies is the size of the cluster (1: the game has no copy).
	Copies int
	// Plies and KeptPlies are the main-line lengths of the game and of
	// the kept copy (0 for a game that takes no part).
	Plies, KeptPlies int
	// Fills are the tag values the kept copy lacks, taken from the other
	// copies in the kept-copy order (with Options.FillTags; kept copy only).
	Fills []Fill
	// NamePairs are [this copy's name, kept copy's name] pairs that differ
	// as written but are the same by Options.SameName.
	NamePairs [][2]string
}

// ErrNotFinished is returned by Verdict before Finish, ErrFinished by
// Add after it, and ErrClosed by Verdict after Close.
var (
	ErrNotFinished = errors.New("dedupe: index not finished")
	ErrFinished    = errors.New("dedupe: game added after Finish")
	ErrClosed      = errors.New("dedupe: index closed")
)

// meta bits of a game.
const (
	metaComplete = 1 << 8
	metaClean    = 1 << 9
	metaResult   = 1 << 10
	metaStandard = 1 << 11  // the start is the standard placement
	metaTags     = 1<<7 - 1 // bits 0..6: tag i non-empty
)

// Index collects games and decides their clusters. It is not safe for
// concurrent use. Close removes its temporary file.
type Index struct {
	opt  Options
	minN int

	// Per game, from Finish on (columns of fixed-size chunks, never
	// copied as they grow: 14 bytes a game).
	n    column[uint32] // plies
	meta column[uint16]
	off  column[int64] // record offset in the spool, -1 when none
	// added holds the games' values: their hashes (read back in order
	// by Finish), and for the columns until Finish loads them.
	added  entries
	spool  *spool
	err    error
	done   bool
	fin    *finished
	closed bool
}

// New returns an empty index.
func New(opt Options) *Index {
	minN := opt.MinPlies
	if minN <= 0 {
		minN = DefaultMinPlies
	}
	return &Index{opt: opt, minN: minN}
}

// Len returns the number of games added.
func (ix *Index) Len() int { return ix.added.n }

// Add adds the next game in input order and returns its number (0, 1,
// …). An error writing the temporary file is returned here or by Finish.
func (ix *Index) Add(g *Game) (int, error) {
	if ix.done {
		return 0, ErrFinished
	}
	if ix.err != nil {
		return 0, ix.err
	}
	num := ix.added.n
	var meta uint16
	for i, v := range g.Tags {
		if strings.TrimSpace(v) != "" {
			meta |= 1 << i
		}
	}
	if g.Result {
		meta |= metaResult
	}
	if g.Clean {
		meta |= metaClean
	}
	if !g.Complete || len(g.Moves) == 0 {
		if err := ix.added.add(ix.opt.TempDir, 0, 0, 0, 0, 0, meta, -1); err != nil {
			ix.err = err
			return 0, err
		}
		return num, nil
	}
	meta |= metaComplete
	if ix.spool == nil {
		tags := uint8(spoolNames)
		if ix.opt.FillTags {
			tags = spoolAllTags
		}
		sp, err := newSpool(ix.opt.TempDir, tags)
		if err != nil {
			ix.err = err
			return 0, err
		}
		ix.spool = sp
	}
	std := g.Start.Board == startSetup.Board
	if std {
		meta |= metaStandard
	}
	hl, ml := newLineHashes(&g.Start)
	var b, bm uint64
	for i, mv := range g.Moves {
		hl.add(mv)
		ml.add(mirror(mv))
		if i+1 == ix.minN {
			b, bm = hl.sum(), ml.sum()
		}
	}
	h, m := hl.sum(), ml.sum()
	off, err := ix.spool.write(g, std)
	if err != nil {
		ix.err = err
		return 0, err
	}
	if err := ix.added.add(ix.opt.TempDir, h, m, b, bm, uint32(len(g.Moves)), meta, off); err != nil {
		ix.err = err
		return 0, err
	}
	return num, nil
}

// standard reports whether game i starts from the standard placement
// (its record does not hold the placement).
func (ix *Index) standard(i int32) bool { return ix.meta.at(i)&metaStandard != 0 }

func (ix *Index) push(n uint32, meta uint16, off int64) {
	ix.n.push(n)
	ix.meta.push(meta)
	ix.off.push(off)
}

// Verdict returns the outcome for game num (as returned by Add).
func (ix *Index) Verdict(num int) (Verdict, error) {
	if ix.fin == nil {
		return Verdict{}, ErrNotFinished
	}
	if ix.closed {
		return Verdict{}, ErrClosed
	}
	if num < 0 || num >= ix.added.n {
		return Verdict{}, fmt.Errorf("dedupe: no game %d", num)
	}
	return ix.fin.verdict(num)
}

// Counts returns the number of games of each kind (the copies that are
// not kept; Counts()[None] is the number of kept copies and games
// without copies) and the number of clusters with more than one game.
func (ix *Index) Counts() (byKind [4]int, clusters int) {
	if ix.fin == nil {
		return
	}
	return ix.fin.byKind, ix.fin.clusters
}

// Close removes the temporary file and releases the index's memory;
// Verdict is not available after it (Counts is).
func (ix *Index) Close() error {
	if ix.closed {
		return nil
	}
	ix.closed = true
	ix.off.free()
	ix.meta.free()
	ix.n.free()
	aerr := ix.added.close()
	if ix.fin != nil {
		ix.fin.free()
		if err := ix.fin.x.Close(); err != nil && aerr == nil {
			aerr = err
		}
	}
	if ix.spool != nil {
		if err := ix.spool.close(); err != nil {
			return err
		}
	}
	return aerr
}

// startHashes hashes the placement and side to move of s, and of its
// mirror. The hash of a placement is a sum of one value per occupied
// point, so the mirror is hashed in the same loop. Those of the standard
// placement (most games) are computed once.
func startHashes(s *board.Setup) (h, m uint64) {
	if s.Board == startSetup.Board && uint(s.Side) < uint(len(standardHashes)) {
		hs := &standardHashes[s.Side]
		return hs[0], hs[1]
	}
	return placementHashes(s)
}

// startSetup is the standard start position, and standardHashes its
// startHashes with each side to move.
var (
	startSetup = func() board.Setup {
		p := board.StartPosition()
		return p.Setup()
	}()
	standardHashes = func() (hs [2][2]uint64) {
		for side := range hs {
			s := startSetup
			s.Side = board.Color(side)
			hs[side][0], hs[side][1] = placementHashes(&s)
		}
		return hs
	}()
)

// placementHashes computes startHashes.
func placementHashes(s *board.Setup) (h, m uint64) {
	h = hashid.Mix(uint64(s.Side) + 0x51)
	m = h
	for sq, p := range s.Board {
		if p.IsEmpty() {
			continue
		}
		h += hashid.Mix(uint64(sq)<<5 | uint64(p))
		m += hashid.Mix(uint64(board.Square(sq).Mirror())<<5 | uint64(p))
	}
	return hashid.Mix(h), hashid.Mix(m)
}

// mirrorSquare is board.Square.Mirror of each square number below 128.
var mirrorSquare = func() (t [128]uint16) {
	for sq := range t {
		t[sq] = uint16(board.Square(sq).Mirror())
	}
	return t
}()

// mirror returns mv.Mirror() through a table (no division): the move
// unchanged when it is not valid.
func mirror(mv board.Move) board.Move {
	from, to := mv>>7, mv&0x7f
	if from >= board.Squares || to >= board.Squares || from == to {
		return mv
	}
	return board.Move(mirrorSquare[from]<<7 | mirrorSquare[to])
}

// lineHash hashes a line (a start position, then its moves one by one)
// two moves to a step: the moves of a pair are mixed into the hash
// together, so that the chain of multiplications that bounds the loop
// is one per two plies. sum is the hash of the line so far, whatever its
// length.
type lineHash struct {
	h       uint64 // the start and the pairs of moves
	pending uint64 // the first move of a pair, spread (when odd)
	odd     bool
}

// newLineHashes returns the line hashes of the start s and of its mirror.
func newLineHashes(s *board.Setup) (h, m lineHash) {
	hs, ms := startHashes(s)
	return lineHash{h: hs}, lineHash{h: ms}
}

// spread is a move's value in a line hash.
func spread(mv board.Move) uint64 { return (uint64(mv) + 1) * 0x9E3779B97F4A7C15 }

// add extends the line by one move.
func (l *lineHash) add(mv board.Move) {
	if !l.odd {
		l.pending, l.odd = spread(mv), true
		return
	}
	l.h, l.odd = hashid.Mix(l.h^l.pending^bits.RotateLeft64(spread(mv), 32)), false
}

// sum returns the hash of the line so far.
func (l *lineHash) sum() uint64 {
	if !l.odd {
		return l.h
	}
	return hashid.Mix(l.h ^ l.pending ^ 0x6F64645F6C696E65) // "odd_line"
}

// MirrorMoves returns the left-right mirror of moves (board.Move.Mirror
// of each).
func MirrorMoves(moves []board.Move) []board.Move {
	out := make([]board.Move, len(moves))
	for i, mv := range moves {
		out[i] = mv.Mirror()
	}
	return out
}

// plain are the types of the values kept outside the Go heap: no
// pointers.
type plain interface {
	~bool | ~uint8 | uint16 | ~int32 | uint32 | uint64 | int64
}

// chunkBits sets the chunk size of a column: 1<<chunkBits values.
const chunkBits = 14

// column is a growing array of fixed-size chunks: adding never copies,
// so memory grows by the values added and nothing else. Where the
// system allows, the chunks are mapped outside the Go heap (allocChunk):
// the garbage collector then neither counts them in its target (which
// would let the heap grow by a multiple of the index) nor scans them.
type column[T plain] struct {
	chunks [][]T
	n      int
}

func (c *column[T]) push(v T) {
	if c.n>>chunkBits == len(c.chunks) {
		c.chunks = append(c.chunks, allocChunk[T](1<<chunkBits))
	}
	c.chunks[c.n>>chunkBits][c.n&(1<<chunkBits-1)] = v
	c.n++
}

func (c *column[T]) at(i int32) T { return c.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }

func (c *column[T]) len() int { return c.n }

// free releases the chunks; the column is empty after it.
func (c *column[T]) free() {
	for _, ch := range c.chunks {
		freeChunk(ch)
	}
	*c = column[T]{}
}
