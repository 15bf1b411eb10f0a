package dedupe

import (
	"math/bits"
	"slices"
	"unsafe"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/spill"
)

// finished holds the verdicts: while Finish decides, 13 bytes a game;
// then (storeVerdicts) a temporary file of verdictWidth bytes a game, and
// in memory the names of the kept copies of clusters with more than one
// game, the fills and the name pairs.
type finished struct {
	kind   []Kind
	kept   []int32
	count  []int32 // cluster size, at the kept copy's number
	n      *column[uint32]
	x      *spill.Fixed // the verdicts, once stored
	refs   map[int32]Ref
	fills  map[int32][]Fill
	pairs  map[int32][][2]string
	byKind [4]int
	// clusters counts the clusters of more than one game.
	clusters int
}

// better reports whether game a comes before game b by the kept-copy rule.
func (ix *Index) better(a, b int32) bool {
	ma, mb := ix.meta.at(a), ix.meta.at(b)
	if ca, cb := ma&metaClean != 0, mb&metaClean != 0; ca != cb {
		return ca
	}
	if ix.n.at(a) != ix.n.at(b) {
		return ix.n.at(a) > ix.n.at(b)
	}
	ta, tb := bits.OnesCount16(ma&metaTags), bits.OnesCount16(mb&metaTags)
	if ta != tb {
		return ta > tb
	}
	if ra, rb := ma&metaResult != 0, mb&metaResult != 0; ra != rb {
		return ra
	}
	return a < b
}

// Finish decides the clusters once every game is added. It reads the
// temporary file back (three times: exact copies, prefixes, names) and
// may be called once; later calls return the first call's error.
func (ix *Index) Finish() error {
	if ix.done {
		return ix.err
	}
	ix.done = true
	if ix.err != nil {
		return ix.err
	}
	ix.err = ix.finish()
	if ix.err == nil {
		ix.err = ix.storeVerdicts()
	}
	return ix.err
}

func (ix *Index) finish() error {
	if ix.added.f != nil {
		if err := ix.added.load(ix); err != nil {
			return err
		}
	}
	n := ix.n.len()
	// The arrays of Finish are mapped outside the Go heap (allocChunk):
	// they add their size to the process, not a multiple of it through
	// the collector's target. freeFinish releases them.
	fin := &finished{kind: allocChunk[Kind](n), kept: allocChunk[int32](n), count: allocChunk[int32](n), n: &ix.n}
	defer func() {
		if ix.fin != fin {
			fin.free() // failed
		}
	}()
	for i := range fin.kept {
		fin.kept[i] = int32(i)
		fin.count[i] = 1
	}
	if ix.spool == nil {
		fin.byKind[None] = n
		ix.fin = fin
		return nil
	}
	if err := ix.spool.flush(); err != nil {
		return err
	}
	// 1. Classes: games with the same line, or the mirrored line.
	rep := allocChunk[int32](n) // class representative, -1 when not eligible
	mir := allocChunk[bool](n)  // the game is the mirror of its representative
	defer freeChunk(rep)
	defer freeChunk(mir)
	// H has an entry per distinct line: it is made for the games that
	// take part, up to hHint (a map grown by doubling rehashes each
	// entry again and again), and grows from there.
	eligible := 0
	for i := range int32(n) {
		if ix.off.at(i) >= 0 {
			eligible++
		}
	}
	H := make(map[uint64]int32, min(eligible, hHint)) // line hash → representative
	var a record
	aOf := int32(-1) // the game in a
	// The copies are read in increasing order, the classes' first games
	// wherever they are: those are kept in a small cache, since the
	// copies of a game seldom follow each other (a collection copied
	// whole repeats each of its games a collection later).
	fwd := ix.spool.forward()
	var reps repCache
	pl := playerNames{ix: ix, of: -1}
	others := map[uint64][]int32{} // short line hash → its other classes
	same := func(i, r int32, mirror bool) (bool, error) {
		if ix.n.at(i) != ix.n.at(r) {
			return false, nil
		}
		if aOf != i {
			if err := fwd.moves(ix.off.at(i), ix.n.at(i), ix.standard(i), &a.head); err != nil {
				return false, err
			}
			aOf = i
		}
		b, err := reps.get(ix, r)
		if err != nil {
			return false, err
		}
		return sameStart(b, &a.head, mirror) && hasPrefix(b.moves, a.moves, mirror), nil
	}
	for i := range int32(n) {
		rep[i] = -1
		if ix.off.at(i) < 0 {
			continue
		}
		rep[i] = i
		hs, err := ix.added.hashes(i)
		if err != nil {
			return err
		}
		r, taken := H[hs[0]] // H does not change until this game's class is known
		if taken {
			if eq, err := same(i, r, false); err != nil {
				return err
			} else if eq {
				if int(ix.n.at(i)) < ix.minN && standardStart(&a.head) {
					// A short opening line is a copy only between games
					// whose players could be the same: else it is a new
					// class of that line. (From a set position, the
					// position names the study: the names there are
					// often a book's chapters.)
					if r, err = pl.class(i, r, hs[0], others[hs[0]]); err != nil {
						return err
					}
					if r < 0 {
						others[hs[0]] = append(others[hs[0]], i)
						continue
					}
				}
				rep[i] = r
				continue
			}
		}
		if int(ix.n.at(i)) >= ix.minN {
			if r, ok := H[hs[1]]; ok {
				if eq, err := same(i, r, true); err != nil {
					return err
				} else if eq {
					rep[i], mir[i] = r, true
					continue
				}
			}
		}
		if !taken {
			H[hs[0]] = i
		}
	}
	// 2. Prefixes: each class contained in a longer one points to the
	// longest class containing it (the first such in input order).
	classes := 0 // of minN plies or more
	for i := range int32(n) {
		if rep[i] == i && int(ix.n.at(i)) >= ix.minN {
			classes++
		}
	}
	M := make(map[uint64]int32, classes)    // mirrored line hash → representative
	B := make(map[uint64]uint32, 2*classes) // first minN plies → shortest class length
	for i := range int32(n) {
		if rep[i] != i || int(ix.n.at(i)) < ix.minN {
			continue
		}
		hs, err := ix.added.hashes(i)
		if err != nil {
			return err
		}
		if hs[1] != hs[0] {
			if _, taken := M[hs[1]]; !taken {
				M[hs[1]] = i
			}
		}
		for _, k := range [2]uint64{hs[2], hs[3]} {
			if l, ok := B[k]; !ok || ix.n.at(i) < l {
				B[k] = ix.n.at(i)
			}
		}
	}
	ext := allocChunk[int32](n)
	extMir := allocChunk[bool](n)
	defer freeChunk(ext)
	defer freeChunk(extMir)
	for i := range ext {
		ext[i] = -1
	}
	rd := ix.spool.forward()
	check := func(ci int32, mirror bool) (bool, error) {
		c, err := reps.get(ix, ci) // ci is a class's first game too
		if err != nil {
			return false, err
		}
		return sameStart(&a.head, c, mirror) && hasPrefix(a.moves, c.moves, mirror), nil
	}
	for i := range int32(n) {
		if rep[i] != i || int(ix.n.at(i)) <= ix.minN {
			continue
		}
		hs, err := ix.added.hashes(i)
		if err != nil {
			return err
		}
		if l, ok := B[hs[2]]; !ok || l >= ix.n.at(i) {
			continue
		}
		if err := rd.seek(ix.off.at(i)); err != nil {
			return err
		}
		if err := rd.next(&a, false); err != nil {
			return err
		}
		s := a.setup()
		line, _ := newLineHashes(&s)
		for k, mv := range a.moves[:len(a.moves)-1] {
			line.add(mv)
			if k+1 < ix.minN {
				continue
			}
			h := line.sum()
			for _, t := range [2]struct {
				tab    map[uint64]int32
				mirror bool
			}{{H, false}, {M, true}} {
				ci, ok := t.tab[h]
				if !ok || ci == i || int(ix.n.at(ci)) != k+1 {
					continue
				}
				if ext[ci] >= 0 && ix.n.at(ext[ci]) >= ix.n.at(i) {
					continue
				}
				if ok, err := check(ci, t.mirror); err != nil {
					return err
				} else if ok {
					ext[ci], extMir[ci] = i, t.mirror
				}
			}
		}
	}
	H, M, B = nil, nil, nil
	// 3. Clusters: follow each class to the longest class containing it;
	// a game's orientation is relative to that root.
	root := ext // reused: root of each class representative
	orient := extMir
	for i := range int32(n) {
		if rep[i] != i {
			continue
		}
		r, o := i, false
		for ext[r] >= 0 && ext[r] != r {
			o = o != extMir[r]
			r = ext[r]
		}
		// root and ext share storage: a class already rewritten points
		// at its root with its orientation relative to it, so a chain
		// through it still ends at the right root and orientation.
		root[i], orient[i] = r, o
	}
	for i := range int32(n) {
		if rep[i] < 0 {
			continue
		}
		if rep[i] != i {
			root[i], orient[i] = root[rep[i]], orient[rep[i]] != mir[i]
		} else {
			orient[i] = orient[i] != mir[i]
		}
	}
	best := fin.kept // best[r] for roots r: kept[r] starts as r
	for i := range int32(n) {
		if rep[i] < 0 {
			continue
		}
		if r := root[i]; ix.better(i, best[r]) {
			best[r] = i
		}
	}
	for i := range fin.count {
		fin.count[i] = 0
	}
	for i := range int32(n) {
		k := i
		if rep[i] >= 0 {
			k = best[root[i]]
		}
		rep[i] = k // best shares kept's storage: rep (free now) holds the kept copies until kept is rewritten
	}
	for i := range int32(n) {
		k := rep[i]
		fin.kept[i] = k
		fin.count[k]++
		switch {
		case k == i:
			fin.kind[i] = None
		case root[i] == root[k] && ix.n.at(i) == ix.n.at(k) && orient[i] == orient[k]:
			fin.kind[i] = Exact
		case orient[i] == orient[k]:
			fin.kind[i] = Prefix
		default:
			fin.kind[i] = Mirror
		}
		fin.byKind[fin.kind[i]]++
	}
	return ix.names(fin)
}

// hHint bounds the size Finish makes its table of lines with (about
// 400 KB): past it, the table grows as the lines come.
const hHint = 1 << 14

// names reads the names of the kept copies, the tag fills and the name
// pairs back from the temporary file.
func (ix *Index) names(fin *finished) error {
	// The maps are made at their size: the clusters, and their copies.
	clusters, copies := 0, 0
	for i, k := range fin.kept {
		switch {
		case fin.count[k] < 2:
		case k == int32(i):
			clusters++
		default:
			copies++
		}
	}
	fin.refs = make(map[int32]Ref, clusters)
	rd := ix.spool.forward()
	members := make([]int32, 0, copies)
	var rec record
	// The Red and Black names of the kept copies, for the name pairs.
	var keptNames map[int32][2]string
	if ix.opt.SameName != nil {
		keptNames = make(map[int32][2]string, clusters)
	}
	for i := range int32(len(fin.kept)) {
		k := fin.kept[i]
		if fin.count[k] < 2 {
			continue
		}
		if k == i { // in increasing order: read sequentially
			fin.clusters++
			if err := rd.seek(ix.off.at(k)); err != nil {
				return err
			}
			if err := rd.next(&rec, true); err != nil {
				return err
			}
			fin.refs[k] = rec.ref
			if keptNames != nil {
				keptNames[k] = [2]string{rec.tags[tagRed], rec.tags[tagBlack]}
			}
		} else {
			members = append(members, i)
		}
	}
	if ix.opt.FillTags {
		fin.fills = map[int32][]Fill{}
		slices.SortFunc(members, func(a, b int32) int {
			ka, kb := fin.kept[a], fin.kept[b]
			switch {
			case ka != kb:
				return int(ka - kb)
			case ix.better(a, b):
				return -1
			}
			return 1
		})
		for _, g := range members {
			k := fin.kept[g]
			missing := ^ix.meta.at(k) & metaTags
			for _, f := range fin.fills[k] {
				missing &^= 1 << slices.Index(TagNames[:], f.Name)
			}
			if missing&ix.meta.at(g) == 0 {
				continue
			}
			if err := ix.spool.at(ix.off.at(g), &rec, true); err != nil {
				return err
			}
			for t := range TagNames {
				if missing&ix.meta.at(g)&(1<<t) != 0 {
					fin.fills[k] = append(fin.fills[k], Fill{Name: TagNames[t], Value: rec.tags[t], From: rec.ref})
				}
			}
		}
		for k, fs := range fin.fills {
			slices.SortFunc(fs, func(a, b Fill) int {
				return slices.Index(TagNames[:], a.Name) - slices.Index(TagNames[:], b.Name)
			})
			fin.fills[k] = fs
		}
	}
	if ix.opt.SameName != nil {
		fin.pairs = map[int32][][2]string{}
		// The copies in file order, read forward; the kept copies' names
		// were read with their clusters.
		// Only the names are decoded, as bytes: a name becomes a string
		// when it differs from the kept copy's.
		slices.Sort(members)
		fwd := ix.spool.forward()
		for _, g := range members {
			kn := keptNames[fin.kept[g]]
			if kn == [2]string{} {
				continue // no name of the kept copy to write differently
			}
			if err := fwd.seek(ix.off.at(g)); err != nil {
				return err
			}
			names, err := fwd.names()
			if err != nil {
				return err
			}
			for t, y := range kn {
				x := names[t] // Red, Black
				if string(x) != y && len(x) > 0 && y != "" {
					if x := string(x); ix.opt.SameName(x, y) {
						fin.pairs[g] = append(fin.pairs[g], [2]string{x, y})
					}
				}
			}
		}
	}
	ix.fin = fin
	ix.off.free()
	return ix.added.close()
}

// setup returns the start position.
func (r *head) setup() board.Setup {
	s := board.Setup{Side: board.Color(r.side)}
	for sq, p := range r.board {
		s.Board[sq] = board.Piece(p)
	}
	return s
}

// repCache holds the start positions and moves of the classes' first
// games most recently compared, by game number, in two generations: a
// line found in the older generation moves to the newer, and when the
// newer holds repCacheBytes/2 the older is dropped (its storage reused)
// and the newer becomes the older. The first games compared again and
// again (the originals of a collection copied many times over) stay
// while they fit, in whatever order they come; a line of more than
// repCacheMoves moves is read each time into a slot of its own, not
// cached. The cache holds at most repCacheBytes, whatever the input.
type repCache struct {
	cur, old map[int32]*head
	size     int     // bytes of cur's lines (headBytes)
	spare    []*head // the dropped generation's lines, for reuse
	long     head
	// run reads the lines missed that lie close after each other in the
	// spool (the originals of a collection copied whole are compared in
	// the order of their records) forward, a buffer at a time, not one
	// read each. runOff is the offset of the record it read last,
	// lastOff that of the last line missed (missed: there was one).
	run             *reader
	runOff, lastOff int64
	missed          bool
	streak          int // misses each close after the one before
}

// runStreak is the number of misses, each at most a buffer after the one
// before, after which a run begins: a run costs a buffer's read and (when
// it starts behind the last one) a buffer, a few misses' worth.
const runStreak = 3

// repCacheBytes bounds the cache of first games: 4 MB a generation
// (about 15,000 lines of 70 plies). A variable so that a test can make
// it small.
var repCacheBytes = 8 << 20

const repCacheMoves = 512

// read reads the start and moves of game r into h: with the forward
// reader when the record lies at most a buffer after the last one it
// read, or ends a streak of runStreak misses each close after the one
// before (a run begins); else with one read.
func (c *repCache) read(ix *Index, r int32, h *head) error {
	off, n, std := ix.off.at(r), ix.n.at(r), ix.standard(r)
	near := func(from int64) bool { return off > from && off-from <= seqBuf }
	if c.missed && near(c.lastOff) {
		c.streak++
	} else {
		c.streak = 0
	}
	c.lastOff, c.missed = off, true
	switch {
	case c.run != nil && near(c.runOff):
	case c.streak >= runStreak:
		if c.run == nil || off <= c.runOff {
			c.run = ix.spool.forwardFrom(off) // behind the reader: a new one
		} // else the reader skips ahead, its buffer reused
	default:
		return ix.spool.moves(off, n, std, h)
	}
	c.runOff = off
	return c.run.moves(off, n, std, h)
}

// headBytes is what a cached line costs: its head, the storage of its
// moves and its entry in the map.
func headBytes(h *head) int { return int(unsafe.Sizeof(head{})) + 2*cap(h.moves) + 16 }

// get returns the start and moves of game r, read from the spool unless
// cached. They are valid until the next get.
func (c *repCache) get(ix *Index, r int32) (*head, error) {
	n := ix.n.at(r)
	if n > repCacheMoves {
		return &c.long, ix.spool.moves(ix.off.at(r), n, ix.standard(r), &c.long)
	}
	if h, ok := c.cur[r]; ok {
		return h, nil
	}
	h, ok := c.old[r]
	if ok {
		delete(c.old, r)
	} else {
		if k := len(c.spare); k > 0 {
			h, c.spare = c.spare[k-1], c.spare[:k-1]
		} else {
			h = new(head)
		}
		if err := c.read(ix, r, h); err != nil {
			c.spare = append(c.spare, h)
			return nil, err
		}
	}
	size := headBytes(h)
	if c.cur == nil || c.size+size > repCacheBytes/2 {
		for _, d := range c.old {
			c.spare = append(c.spare, d)
		}
		clear(c.old)
		c.old, c.cur, c.size = c.cur, c.old, 0
		if c.cur == nil {
			c.cur = map[int32]*head{}
		}
	}
	c.cur[r] = h
	c.size += size
	return h, nil
}
