package main

import (
	"fmt"
	"os"
	"runtime/debug"
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
		Use:   "dedupe [flags] DATASET_DIR...",
		Short: "Find the copies of games across export datasets (shards, runs)",
		Long: `dedupe reads the games.parquet files of one or many export datasets (a
directory of shards, the shard directories one by one, separate runs,
year partitions) and finds the exact, prefix and mirror copies across all of
them, with the rules and the kept-copy choice of the in-run detection. The
games are taken in the order a single run over one directory reads them
(sources by path, then game number), so the shards of a run give the same
clusters as the whole run.

It writes DATASET_DIR/duplicates.parquet into each directory, one row per game
read from it: game_id, cluster_id (the kept copy's game_id), duplicate_kind
(null for the kept copy, exact, prefix or mirror) and duplicate_of (the kept
copy as source#number). With -o FILE all rows go to FILE.

Memory: a fixed number of bytes per game (~200 of peak RSS measured: the
index, the game ids, the hash tables of the decision) plus ~2.5 MB per games
file; the main lines wait in a temporary file (about 2 bytes per ply) in
--temp-dir.

Exit code: 0 written; 2 usage or I/O error, or a file that is not a games
dataset.`,
		Example: `  xqtool dedupe out/
  xqtool dedupe -o all-duplicates.parquet run1/ run2/`,
		Args: needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if minPlies < 1 {
				return usageErr("--dup-min-plies must be at least 1, got %d", minPlies)
			}
			if os.Getenv("GOGC") == "" {
				// The index's memory is live until the end: a lower GC
				// target keeps the peak near it (at 100× the real
				// records: 180 MB instead of 285 MB, ~10% more CPU).
				debug.SetGCPercent(50)
			}
			start := time.Now()
			sum, err := duplicates.Find(args, duplicates.Options{MinPlies: minPlies, TempDir: tmp, Output: out})
			if err != nil {
				return &exitError{code: 2, err: err}
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
