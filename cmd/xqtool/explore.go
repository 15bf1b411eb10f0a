package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/explorer"
	"github.com/xqtool/xqtool/internal/cliflags"
)

func newExploreCmd() *cobra.Command {
	var rf cliflags.Run
	var out, fen, title string
	var opt explorer.Options
	var page explorer.PageOptions
	var memoryMB int
	var bf cliflags.Book
	var strict bool
	cmd := &cobra.Command{
		Use:     "explore -o DIR [flags] PATH... | explore --fen FEN TREE | explore --book FILE --fen FEN",
		Short:   "Build an opening tree and its explorer page, or ask a tree for a position",
		Long:    help("explore.txt"),
		Example: help("explore.example.txt"),
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			switch {
			case bf.Read != "" && (fen == "" || len(args) != 0 || out != "" || bf.Write != ""):
				return errors.New("explore --book FILE --fen FEN: a position, no PATH, no -o")
			case bf.Read != "":
				return bf.Lookup(w, fen)
			case len(args) == 0:
				return errors.New("explore: PATH is required (or --book FILE --fen FEN)")
			}
			if err := bf.CheckWrite(); err != nil {
				return err
			}
			if fen != "" {
				if len(args) != 1 || out != "" {
					return errors.New("explore --fen FEN TREE: one tree, no -o")
				}
				p, err := explorer.ParsePosition(fen)
				if err != nil {
					return fmt.Errorf("--fen: %v", err)
				}
				bk, err := explorer.LookupAt(args[0], p)
				if err != nil {
					return err
				}
				return bk.WriteTable(w)
			}
			if out == "" {
				return errors.New("explore: -o DIR is required (or --fen FEN TREE)")
			}
			if memoryMB < 0 || opt.MaxPly < 0 || opt.MinGames < 0 || opt.Examples < 0 || opt.Examples > explorer.MaxExamples {
				return fmt.Errorf("explore: --memory, --max-ply, --min-games must not be negative, --examples at most %d", explorer.MaxExamples)
			}
			opt.MemoryBudget, opt.TempDir = int64(memoryMB)<<20, rf.TempDir
			page.Title = title
			trees, games := explorer.Inputs(args, out)
			if len(games) == 0 { // only trees: merge them
				o, err := explorer.MergeTrees(out, trees, opt, page)
				if err != nil {
					return err
				}
				o.WriteSummary(w)
				return bf.WriteTree(w, out)
			}
			popt, err := rf.Options(cmd)
			if err != nil {
				return err
			}
			if !popt.Shard.All() {
				if bf.Write != "" {
					return errors.New("explore --write-book: not with --shard (merge the shards' trees, then write the book)")
				}
				out = filepath.Join(out, popt.Shard.Dir())
			}
			popt.Duplicates.Off = popt.Duplicates.Off || opt.AllCopies // every copy counts: nothing to decide
			rf.Outputs = append(rf.Outputs, out)
			sink := explorer.NewSink(out, explorer.SinkOptions{Tree: opt, Page: page, Trees: trees})
			sum, err := rf.Run(cmd, games, popt, sink)
			if err != nil {
				return err
			}
			sum.WriteTable(w)
			sink.Output().WriteSummary(w)
			if err := bf.WriteTree(w, out); err != nil {
				return err
			}
			if strict && sum.Errors > 0 {
				return exit1
			}
			return nil
		},
	}
	rf.Register(cmd)
	fs := cmd.Flags()
	fs.StringVarP(&out, "output", "o", "", "directory to write tree.parquet and index.html into")
	fs.StringVar(&fen, "fen", "", "print the moves of this position (placement and side) from the tree")
	fs.IntVar(&opt.MaxPly, "max-ply", explorer.DefaultMaxPly, "plies of each game counted")
	fs.BoolVar(&opt.MergeMirrors, "merge-mirrors", false, "count a position and its left-right mirror as one")
	fs.BoolVar(&opt.AllCopies, "all-copies", false, "count every copy of a game (default: kept copies only)")
	fs.IntVar(&opt.MinGames, "min-games", 1, "leave out the moves played by fewer games (a tree with more than 1 cannot be merged)")
	fs.IntVar(&opt.Examples, "examples", explorer.DefaultExamples, "example games kept per move")
	fs.IntVar(&memoryMB, "memory", explorer.DefaultMemoryBudget>>20, "MB of rows counted in memory before spilling to --temp-dir")
	fs.IntVar(&page.MaxNodes, "page-positions", explorer.DefaultPageNodes, "most positions in index.html")
	fs.Int64Var(&page.MinGames, "page-min-games", explorer.DefaultPageMinGames, "fewest games of a position in index.html (raised to fit --page-positions)")
	fs.StringVar(&title, "title", "", "title of index.html")
	bf.Register(fs)
	registerStrict(cmd, &strict, "some game has an error")
	return cmd
}
