package explorer

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/table"
)

// Inputs sorts the arguments of "xqtool explore": trees (a tree file,
// or a directory holding tree.parquet files at any depth: the trees of
// shards), export datasets (a directory with a games table), and the
// rest, which are records to read. A tree file is one that ReadMeta reads.
// The trees under out (the run's own output directory, "" for none) are
// not inputs.
func Inputs(paths []string, out string) (trees, datasets, records []string) {
	for _, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			records = append(records, p) // the run reports it
		case !fi.IsDir():
			if strings.HasSuffix(p, ".parquet") {
				if _, err := ReadMeta(p); err == nil {
					trees = append(trees, p)
					continue
				}
			}
			records = append(records, p)
		default:
			if t := treeFiles(p, out); len(t) > 0 {
				trees = append(trees, t...)
			} else if dataset.IsDataset(p) {
				datasets = append(datasets, p)
			} else {
				records = append(records, p)
			}
		}
	}
	return trees, datasets, records
}

// treeFiles returns the tree.parquet files under dir, sorted; directories
// starting with "." and the directory skip are passed over.
func treeFiles(dir, skip string) []string {
	files, _ := table.Find(dir, strings.TrimSuffix(TreeFile, ".parquet"), table.FindOptions{Skip: skip})
	return files
}

// OpenTreeAt opens the tree at path: a tree file, or a directory with a
// tree.parquet.
func OpenTreeAt(path string) (*Tree, error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		path = filepath.Join(path, TreeFile)
	}
	return OpenTree(path)
}
