package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/explorer"
)

// findList runs find for each position of the list in file: a line
// "# name FEN" and the games that reach it. Entries that are not
// positions are named on stderr.
func findList(cmd *cobra.Command, file, material string, mirror bool, limit int, dirs []string) error {
	f, err := os.Open(file)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	entries, err := explorer.ReadPositions(f, file)
	f.Close()
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	var base explorer.Query
	if material != "" {
		m, err := explorer.ParseMaterial(material)
		if err != nil {
			return usageErr("--material: %v", err)
		}
		base.Material, base.HasMaterial = m, true
	}
	w := cmd.OutOrStdout()
	total := 0
	for _, e := range entries {
		if e.Err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "xqtool: %s: %s: not a position: %v\n", file, e.Name, e.Err)
			continue
		}
		q := base
		q.Position, q.HasPosition, q.Mirror = e.Position, true, mirror
		fmt.Fprintf(w, "# %s %s\n", e.Name, e.Position.FEN())
		n, err := findIn(w, q, limit, dirs)
		if err != nil {
			return err
		}
		total += n
	}
	return foundGames(w, total)
}

// findIn writes the games of the datasets under dirs that q finds (at
// most limit of each dataset) and returns how many there are.
func findIn(w io.Writer, q explorer.Query, limit int, dirs []string) (int, error) {
	total := 0
	for _, dir := range dirs {
		hits, _, err := explorer.Find(dir, q)
		if err != nil {
			return total, &exitError{code: 2, err: err}
		}
		total += len(hits)
		if err := explorer.WriteHits(w, hits, limit); err != nil {
			return total, err
		}
	}
	return total, nil
}

// foundGames ends find: the count of games, exit 1 when there is none.
func foundGames(w io.Writer, total int) error {
	fmt.Fprintf(w, "%d games\n", total)
	if total == 0 {
		return &exitError{code: 1}
	}
	return nil
}
