package main

import (
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/explorer"
	"github.com/xqtool/xqtool/pipeline"
)

func newExploreCmd() *cobra.Command {
	var rf runFlags
	var out, fen, title string
	var opt explorer.Options
	var page explorer.PageOptions
	var memoryMB int
	var bf bookFlags
	var strict bool
	cmd := &cobra.Command{
		Use:     "explore -o DIR [flags] PATH... | explore --fen FEN TREE | explore --book FILE --fen FEN",
		Short:   "Build an opening tree and its explorer page, or ask a tree for a position",
		Long:    help("explore.txt"),
		Example: help("explore.example.txt"),
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if bf.read != "" {
				if fen == "" || len(args) != 0 || out != "" || bf.write != "" {
					return usageErr("explore --book FILE --fen FEN: a position, no PATH, no -o")
				}
				return lookupBook(cmd.OutOrStdout(), fen, bf.read)
			}
			if len(args) == 0 {
				return usageErr("explore: PATH is required (or --book FILE --fen FEN)")
			}
			if bf.write != "" {
				if err := checkBookName(bf.write, true); err != nil {
					return err
				}
			}
			if fen != "" {
				if len(args) != 1 || out != "" {
					return usageErr("explore --fen FEN TREE: one tree, no -o")
				}
				return lookup(cmd.OutOrStdout(), fen, args[0])
			}
			if out == "" {
				return usageErr("explore: -o DIR is required (or --fen FEN TREE)")
			}
			if memoryMB < 0 || opt.MaxPly < 0 || opt.MinGames < 0 || opt.Examples < 0 || opt.Examples > explorer.MaxExamples {
				return usageErr("explore: --memory, --max-ply, --min-games must not be negative, --examples at most %d", explorer.MaxExamples)
			}
			opt.MemoryBudget, opt.TempDir = int64(memoryMB)<<20, rf.tempDir
			page.Title = title
			trees, games := explorer.Inputs(args, out)
			if len(games) == 0 {
				return withBook(cmd.OutOrStdout(), exploreTrees(cmd.OutOrStdout(), out, trees, opt, page), out, bf.write)
			}
			popt, err := rf.options(cmd)
			if err != nil {
				return err
			}
			if !popt.Shard.All() {
				if bf.write != "" {
					return usageErr("explore --write-book: not with --shard (merge the shards' trees, then write the book)")
				}
				out = filepath.Join(out, popt.Shard.Dir())
			}
			if opt.AllCopies {
				popt.Duplicates.Off = true // nothing to decide
			}
			rf.outputs = append(rf.outputs, out)
			sink := explorer.NewSink(out, explorer.SinkOptions{Tree: opt, Page: page, Trees: trees})
			sum, err := rf.run(cmd, games, popt, sink)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			sum.WriteTable(w)
			sink.Output().WriteSummary(w)
			if bf.write != "" {
				if err := writeTreeBook(w, out, bf.write); err != nil {
					return err
				}
			}
			if strict && sum.Errors > 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	rf.register(cmd)
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
	bf.register(fs)
	registerStrict(cmd, &strict, "some game has an error")
	return cmd
}

// exploreTrees merges trees (no games to read).
func exploreTrees(w io.Writer, out string, trees []string, opt explorer.Options, page explorer.PageOptions) error {
	o, err := explorer.MergeTrees(out, trees, opt, page)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	o.WriteSummary(w)
	return nil
}

// lookup prints the moves of the position fen from the tree at path.
func lookup(w io.Writer, fen, path string) error {
	p, err := explorer.ParsePosition(fen)
	if err != nil {
		return usageErr("--fen: %v", err)
	}
	t, err := explorer.OpenTreeAt(path)
	if err != nil {
		return usageErr("%v", err)
	}
	defer t.Close()
	bk, err := t.Lookup(p)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	return bk.WriteTable(w)
}

var _ pipeline.Sink = (*explorer.Sink)(nil)
