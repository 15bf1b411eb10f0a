package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/explorer"
)

func newFindCmd() *cobra.Command {
	var rf runFlags
	var fen, material, fenList string
	var mirror bool
	var limit int
	cmd := &cobra.Command{
		Use:     "find (--fen FEN | --fen-list FILE | --material SIG) [flags] PATH...",
		Short:   "List the games that reach a position or a material",
		Long:    help("find.txt"),
		Example: help("find.example.txt"),
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var base explorer.Query
			if material != "" {
				m, err := explorer.ParseMaterial(material)
				if err != nil {
					return usageErr("--material: %v", err)
				}
				base.Material, base.HasMaterial = m, true
			}
			var names []string // the positions of --fen-list
			queries := []explorer.Query{base}
			switch {
			case fenList != "":
				var err error
				if queries, names, err = findList(cmd, fenList, base, mirror); err != nil {
					return err
				}
			case fen != "":
				p, err := explorer.ParsePosition(fen)
				if err != nil {
					return usageErr("--fen: %v", err)
				}
				queries[0].Position, queries[0].HasPosition, queries[0].Mirror = p, true, mirror
			case material == "":
				return usageErr("find: --fen, --fen-list or --material is required")
			}
			sink, err := explorer.NewFindSink(queries...)
			if err != nil {
				return usageErr("%v", err)
			}
			opt, err := rf.options(cmd)
			if err != nil {
				return err
			}
			opt.Duplicates.Off = true // every copy is listed
			if _, err := rf.run(cmd, args, opt, sink); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			total := 0
			for i := range queries {
				if names != nil {
					fmt.Fprintf(w, "# %s\n", names[i])
				}
				hits := sink.Hits(i)
				total += len(hits)
				if err := explorer.WriteHits(w, hits, limit); err != nil {
					return err
				}
			}
			fmt.Fprintf(w, "%d games\n", total)
			if total == 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	rf.register(cmd)
	fs := cmd.Flags()
	fs.StringVar(&fen, "fen", "", "the position to find (placement and side to move)")
	fs.StringVar(&material, "material", "", `the material to find, e.g. "RCNK vs RNAAK"`)
	fs.StringVar(&fenList, "fen-list", "", "find each position of FILE (a .fen/.xfen list, or the start positions of a record file)")
	fs.BoolVar(&mirror, "mirror", false, "also find the position's left-right mirror")
	fs.IntVar(&limit, "limit", 0, "print at most N games per position (0: all; all are counted)")
	return cmd
}

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
