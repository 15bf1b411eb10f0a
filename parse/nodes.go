package parse

// nodeCell is a node and one child slot. A node's first child is kept in
// the slot of that child's own cell, so a move of a line costs no
// allocation of its own (a second child, a variation, grows Children by
// the usual append, which copies out of the cell).
type nodeCell struct {
	node Node
	kid  [1]*Node
}

// nodeAlloc hands out the Nodes of one record's tree from blocks of cells:
// a tree of n moves costs a few allocations instead of 2n (one Node and
// one one-element Children slice per move).
type nodeAlloc struct {
	cells []nodeCell
	next  int // size of the next block
	limit int // largest block
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
		a.cells = make([]nodeCell, a.next)
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
