package explorer

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/internal/table"
)

// Inputs sorts the arguments of "xqtool explore": trees (a tree file,
// or a directory holding tree.parquet files at any depth: the trees of
// shards), and the rest, which are the inputs of a pipeline run (records
// or export datasets). A tree file is one that ReadMeta reads. The trees
// under out (the run's own output directory, "" for none) are not
// inputs.
func Inputs(paths []string, out string) (trees, games []string) {
	for _, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			games = append(games, p) // the run reports it
		case !fi.IsDir():
			if strings.HasSuffix(p, ".parquet") {
				if _, err := ReadMeta(p); err == nil {
					trees = append(trees, p)
					continue
				}
			}
			games = append(games, p)
		default:
			if t := treeFiles(p, out); len(t) > 0 {
				trees = append(trees, t...)
			} else {
				games = append(games, p)
			}
		}
	}
	return trees, games
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

// LookupAt returns the moves of the position p in the tree at path
// (OpenTreeAt).
func LookupAt(path string, p board.Position) (*Book, error) {
	t, err := OpenTreeAt(path)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	return t.Lookup(p)
}
