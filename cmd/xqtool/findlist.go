package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/explorer"
)

// findList returns a query of base for each position of the list in
// file, with its name and FEN ("name FEN"). Entries that are not
// positions are named on stderr.
func findList(cmd *cobra.Command, file string, base explorer.Query, mirror bool) ([]explorer.Query, []string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, nil, &exitError{code: 2, err: err}
	}
	entries, err := explorer.ReadPositions(f, file)
	f.Close()
	if err != nil {
		return nil, nil, &exitError{code: 2, err: err}
	}
	queries, names, bad := explorer.Queries(entries, base, mirror)
	for _, e := range bad {
		fmt.Fprintf(cmd.ErrOrStderr(), "xqtool: %s: %s: not a position: %v\n", file, e.Name, e.Err)
	}
	return queries, names, nil
}
