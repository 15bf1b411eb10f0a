package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	dupindex "github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/dedupe/duplicates"
)

func newDedupeCmd() *cobra.Command {
	var out, tmp string
	var minPlies int
	cmd := &cobra.Command{
		Use:     "dedupe [flags] DATASET_DIR...",
		Short:   "Find the copies of games across export datasets (shards, runs)",
		Long:    help("dedupe.txt"),
		Example: help("dedupe.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if minPlies < 1 {
				return fmt.Errorf("--dup-min-plies must be at least 1, got %d", minPlies)
			}
			// The index's memory is live until the end: a lower GC target
			// keeps the peak near it (at 100× the real records: 180 MB
			// instead of 285 MB, ~10% more CPU).
			setGC(50)
			start := time.Now()
			sum, err := duplicates.Find(args, duplicates.Options{MinPlies: minPlies, TempDir: tmp, Output: out})
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			sum.WriteTable(w, time.Since(start))
			if n := len(sum.Repeated); n > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "xqtool: read once: %d games file(s) reached again: %s\n", n, strings.Join(sum.Repeated[:min(n, 5)], "; "))
			}
			for _, p := range sum.Written {
				fmt.Fprintf(w, "wrote %s\n", p)
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write all rows to FILE instead of DIR/duplicates.parquet")
	cmd.Flags().IntVar(&minPlies, "dup-min-plies", dupindex.DefaultMinPlies, "shortest main line that can be a prefix or mirror copy")
	cmd.Flags().StringVar(&tmp, "temp-dir", "", "directory of the temporary file of main lines (default: the system's)")
	return cmd
}
