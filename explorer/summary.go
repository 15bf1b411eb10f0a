package explorer

import (
	"fmt"
	"io"
	"path/filepath"
)

// MergeTrees merges the trees at paths (tree.parquet files) into the
// tree of dir and its page, written and committed: explore with trees
// and no games to read.
func MergeTrees(dir string, trees []string, opt Options, page PageOptions) (*Output, error) {
	b := NewBuilder(opt)
	defer b.Close()
	for _, t := range trees {
		if err := b.AddTree(t); err != nil {
			return nil, err
		}
	}
	o, err := WriteOutput(dir, b, page)
	if err != nil {
		return nil, err
	}
	if err := o.Commit(); err != nil {
		return nil, err
	}
	return o, nil
}

// WriteSummary writes what the tree and its page hold, and their paths
// (nothing for a nil Output).
func (o *Output) WriteSummary(w io.Writer) {
	if o == nil {
		return
	}
	st, pg := o.Tree, o.Page
	fmt.Fprintf(w, "%-24s %10d\n", "games counted", st.Games)
	if st.Copies > 0 {
		fmt.Fprintf(w, "%-24s %10d\n", "copies left out", st.Copies)
	}
	if st.Trees > 0 {
		fmt.Fprintf(w, "%-24s %10d\n", "trees merged", st.Trees)
	}
	fmt.Fprintf(w, "%-24s %10d\n", "tree rows", st.Rows)
	fmt.Fprintf(w, "%-24s %10d\n", "tree positions", st.Positions)
	if st.Runs > 0 {
		fmt.Fprintf(w, "%-24s %10d\n", "runs spilled", st.Runs)
	}
	fmt.Fprintf(w, "%-24s %10d  (at least %d games each; %.0f kB)\n", "page positions", pg.Nodes, pg.Threshold, float64(pg.Bytes)/1e3)
	fmt.Fprintf(w, "wrote %s\nwrote %s\n", filepath.Join(o.dir, TreeFile), filepath.Join(o.dir, PageFile))
}
