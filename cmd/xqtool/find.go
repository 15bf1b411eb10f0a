package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/explorer"
	"github.com/xqtool/xqtool/internal/cliflags"
)

func newFindCmd() *cobra.Command {
	var rf cliflags.Run
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
					return fmt.Errorf("--material: %v", err)
				}
				base.Material, base.HasMaterial = m, true
			}
			var names []string // the positions of --fen-list
			queries := []explorer.Query{base}
			switch {
			case fenList != "":
				entries, err := explorer.ReadPositionFile(fenList)
				if err != nil {
					return err
				}
				var bad []explorer.PositionEntry
				queries, names, bad = explorer.Queries(entries, base, mirror)
				for _, e := range bad {
					fmt.Fprintf(cmd.ErrOrStderr(), "xqtool: %s: %s: not a position: %v\n", fenList, e.Name, e.Err)
				}
			case fen != "":
				p, err := explorer.ParsePosition(fen)
				if err != nil {
					return fmt.Errorf("--fen: %v", err)
				}
				queries[0].Position, queries[0].HasPosition, queries[0].Mirror = p, true, mirror
			case material == "":
				return errors.New("find: --fen, --fen-list or --material is required")
			}
			sink, err := explorer.NewFindSink(queries...)
			if err != nil {
				return err
			}
			opt, err := rf.Options(cmd)
			if err != nil {
				return err
			}
			opt.Duplicates.Off = true // every copy is listed
			if _, err := rf.Run(cmd, args, opt, sink); err != nil {
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
				return exit1
			}
			return nil
		},
	}
	rf.Register(cmd)
	fs := cmd.Flags()
	fs.StringVar(&fen, "fen", "", "the position to find (placement and side to move)")
	fs.StringVar(&material, "material", "", `the material to find, e.g. "RCNK vs RNAAK"`)
	fs.StringVar(&fenList, "fen-list", "", "find each position of FILE (a .fen/.xfen list, or the start positions of a record file)")
	fs.BoolVar(&mirror, "mirror", false, "also find the position's left-right mirror")
	fs.IntVar(&limit, "limit", 0, "print at most N games per position (0: all; all are counted)")
	return cmd
}
