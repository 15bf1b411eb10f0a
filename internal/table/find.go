package table

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// FindOptions says how Find looks for a table's files.
type FindOptions struct {
	// Partitioned also takes every .parquet file below a directory named
	// as the table (a table partitioned by a column: games/year=1990/…).
	Partitioned bool
	// Skip is a directory passed over ("" for none): a run's own output.
	Skip string
}

// Find returns the files of the table name under the directory root,
// sorted: every NAME.parquet at any depth (the tables of a directory of
// shards), and with opts.Partitioned every .parquet file below a
// directory NAME. Directories whose names start with "." (the temporary
// files of a run in progress) are passed over. No file is an error
// wrapping ErrNotFound.
func Find(root, name string, opts FindOptions) ([]string, error) {
	skip := ""
	if opts.Skip != "" {
		skip, _ = filepath.Abs(opts.Skip)
	}
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if skip != "" {
				if abs, _ := filepath.Abs(path); abs == skip {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if d.Name() == name+".parquet" || (opts.Partitioned && strings.HasSuffix(d.Name(), ".parquet") && under(root, path, name)) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w %s.parquet", root, ErrNotFound, name)
	}
	slices.Sort(out)
	return out, nil
}

// under reports whether path has a directory named name between root
// and itself.
func under(root, path, name string) bool {
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil {
		return false
	}
	return slices.Contains(strings.Split(filepath.ToSlash(rel), "/"), name)
}
