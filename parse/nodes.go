package parse

import (
	"math/bits"
	"sync"
	"unsafe"
)

// nodeCell is a node and one child slot. A node's first child is kept in
// the slot of that child's own cell, so a move of a line costs no
// allocation of its own (a second child, a variation, grows Children by
// the usual append, which copies out of the cell).
type nodeCell struct {
	node Node
	kid  [1]*Node
}

// Blocks of 1<<minBlockShift to 1<<maxBlockShift cells come in powers of
// two and are kept for reuse: Record.Release hands a record's blocks back,
// cleared, for the records read after it. Smaller and larger blocks are
// allocated at the size asked and left to the garbage collector.
//
// The free lists are bounded (freeListBytes of cells per size, at least
// two blocks): a block released when its list is full is left to the
// garbage collector, so what is kept does not grow with the corpus, and
// stays small beside the heap the collector aims at.
//
// A free list is a stack: the block released last, whose cells its
// clearing has just brought into the processor's cache, is the next one
// handed out (a queue handed out the block that had waited longest, cold:
// writing the nodes of a record then missed the cache at every move).
const (
	minBlockShift = 4
	maxBlockShift = 12
	freeListBytes = 1024 << 10
)

// blockList is the free list of one block size.
type blockList struct {
	mu     sync.Mutex
	blocks []*[]nodeCell
	max    int
}

func (l *blockList) pop() *[]nodeCell {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.blocks)
	if n == 0 {
		return nil
	}
	b := l.blocks[n-1]
	l.blocks[n-1] = nil
	l.blocks = l.blocks[:n-1]
	return b
}

// push keeps b and reports whether there was room.
func (l *blockList) push(b *[]nodeCell) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.blocks) >= l.max {
		return false
	}
	l.blocks = append(l.blocks, b)
	return true
}

// len returns the number of blocks kept.
func (l *blockList) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.blocks)
}

var blockFree = func() (lists [maxBlockShift + 1]*blockList) {
	for k := minBlockShift; k <= maxBlockShift; k++ {
		n := max(freeListBytes/(int(unsafe.Sizeof(nodeCell{}))<<k), 2)
		lists[k] = &blockList{blocks: make([]*[]nodeCell, 0, n), max: n}
	}
	return lists
}()

// getBlock returns a zeroed block of at least n cells: n exactly when it
// is outside the kept sizes (a record of a few moves, or a huge one),
// else n rounded up to a power of two.
func getBlock(n int) *[]nodeCell {
	k := bits.Len(uint(n - 1))
	if k < minBlockShift || k > maxBlockShift {
		b := make([]nodeCell, n)
		return &b
	}
	if b := blockFree[k].pop(); b != nil {
		return b
	}
	b := make([]nodeCell, 1<<k)
	return &b
}

// putBlock clears the first used cells of b (the others are still zero)
// and keeps it if it is of a kept size and its free list has room. (A
// block of a size getBlock does not round is outside the kept range.)
func putBlock(b *[]nodeCell, used int) {
	k := bits.Len(uint(len(*b) - 1))
	if k < minBlockShift || k > maxBlockShift {
		return
	}
	clear((*b)[:used])
	blockFree[k].push(b)
}

// nodeBlocks are the blocks of a record's tree: first, then more (most
// trees take one block: no slice is allocated for them); free cells are
// left at the end of the last.
type nodeBlocks struct {
	first *[]nodeCell
	more  []*[]nodeCell
	free  int
}

// nodeAlloc hands out the Nodes of one record's tree from blocks of cells:
// a tree of n moves costs a few allocations instead of 2n (one Node and
// one one-element Children slice per move), and none once blocks are
// released and reused.
type nodeAlloc struct {
	cells  []nodeCell
	next   int // size of the next block
	limit  int // largest block
	blocks nodeBlocks
}

// newNodeAlloc returns an allocator whose first block holds first cells,
// and whose blocks then double up to limit (a count read from a file is
// not trusted further).
func newNodeAlloc(first, limit int) nodeAlloc {
	limit = max(limit, 1)
	return nodeAlloc{next: min(max(first, 1), limit), limit: limit}
}

// add returns a new zero Node appended to parent.Children.
func (a *nodeAlloc) add(parent *Node) *Node {
	if len(a.cells) == 0 {
		b := getBlock(a.next)
		if a.blocks.first == nil {
			a.blocks.first = b
		} else {
			a.blocks.more = append(a.blocks.more, b)
		}
		a.cells = *b
		a.next = min(a.next*2, a.limit)
	}
	c := &a.cells[0]
	a.cells = a.cells[1:]
	if parent.Children == nil {
		parent.Children = c.kid[:0]
	}
	parent.Children = append(parent.Children, &c.node)
	return &c.node
}

// giveTo makes rec the owner of the blocks handed out so far.
func (a *nodeAlloc) giveTo(rec *Record) {
	rec.nodes = a.blocks
	rec.nodes.free = len(a.cells)
	a.blocks, a.cells = nodeBlocks{}, nil
}

// Release hands the storage of r's move tree back for reuse by records
// read later, and empties r. Neither r nor any *Node reached from it may
// be used afterwards: their memory may then belong to another record.
// Calling Release is optional (without it the garbage collector frees the
// tree); a pipeline calls it once a record's report is written, to spare
// the allocation of most move trees.
func (r *Record) Release() {
	b := r.nodes
	*r = Record{}
	if b.first == nil {
		return
	}
	last := b.first
	if len(b.more) > 0 {
		putBlock(b.first, len(*b.first))
		for _, blk := range b.more[:len(b.more)-1] {
			putBlock(blk, len(*blk))
		}
		last = b.more[len(b.more)-1]
	}
	putBlock(last, len(*last)-b.free)
}
