package duplicates

import (
	"fmt"
	"os"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/xqtool/xqtool/internal/table"
)

// ReadCopies reads the duplicates.parquet at path (see Find):
// for each game listed, whether it is a copy (its duplicate_kind is set).
// A missing file gives an empty map.
func ReadCopies(path string) (_ map[string]bool, err error) {
	defer table.Recover(path, &err)
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	t, err := table.Open(path, 0)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	idName, kindName := Schema.Field(0).Name, Schema.Field(2).Name
	rows, err := t.Rows([]string{idName, kindName}, nil)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.NextBatch() {
		ids, err := table.Column[*array.String](rows.Batch(), idName)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		kinds, err := table.Column[*array.String](rows.Batch(), kindName)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for i := range ids.Len() {
			out[ids.Value(i)] = table.String(kinds, i) != ""
		}
	}
	return out, rows.Err()
}
