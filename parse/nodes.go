package parse

// nodeAlloc hands out the Nodes of one record's tree, and the first slot
// of each node's Children, from blocks: a binary tree of n moves then
// costs a few allocations instead of 2n (one Node and one one-element
// Children slice per move). A second child (a variation) grows Children
// by the usual append, which copies out of the block.
type nodeAlloc struct {
	nodes []Node
	kids  []*Node
	block int // size of the next block
}

// newNodeAlloc returns an allocator whose first block holds hint nodes
// (at least 1, at most 256: a hint read from a file is not trusted
// further).
func newNodeAlloc(hint int) nodeAlloc {
	return nodeAlloc{block: min(max(hint, 1), 256)}
}

// node returns a new zero Node.
func (a *nodeAlloc) node() *Node {
	if len(a.nodes) == 0 {
		a.grow()
	}
	n := &a.nodes[0]
	a.nodes = a.nodes[1:]
	return n
}

// addChild appends child to parent.Children.
func (a *nodeAlloc) addChild(parent, child *Node) {
	if parent.Children != nil {
		parent.Children = append(parent.Children, child)
		return
	}
	if len(a.kids) == 0 {
		a.kids = make([]*Node, a.block)
	}
	parent.Children = a.kids[:1:1]
	parent.Children[0] = child
	a.kids = a.kids[1:]
}

func (a *nodeAlloc) grow() {
	if a.block == 0 {
		a.block = 16
	}
	a.nodes = make([]Node, a.block)
	a.block = min(a.block*2, 256)
}
