package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/players"
)

func newPlayersCmd() *cobra.Command {
	var rf cliflags.Run
	var out, aliases string
	var suggest bool
	var top int
	cmd := &cobra.Command{
		Use:     "players (-o DIR | --suggest) [flags] PATH...",
		Short:   "Resolve player names to one identity per player",
		Long:    help("players.txt"),
		Example: help("players.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (out == "") == !suggest {
				return errors.New("players: give -o DIR or --suggest")
			}
			a, err := cliflags.ReadAliases(aliases)
			if err != nil {
				return err
			}
			opt, err := rf.Options(cmd)
			if err != nil {
				return err
			}
			s := players.NewSink(a)
			s.KeepGames = suggest
			if _, err := rf.Run(cmd, args, opt, s); err != nil {
				return err
			}
			table := s.Table()
			defer table.Close()
			w := cmd.OutOrStdout()
			if suggest {
				sug, err := table.Suggest()
				if err != nil {
					return err
				}
				return players.WriteSuggestions(w, sug)
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			path := filepath.Join(out, dataset.PlayersName+".parquet")
			f, err := output.Open(path, nil)
			if err != nil {
				return err
			}
			if err := players.WritePlayers(f, table.Players(), nil); err != nil {
				f.Abort()
				return err
			}
			if err := f.Commit(); err != nil {
				return err
			}
			table.WriteSummary(w, top)
			fmt.Fprintf(w, "wrote %s\n", path)
			return nil
		},
	}
	rf.Register(cmd)
	cmd.Flags().StringVarP(&out, "output", "o", "", "directory to write players.parquet into")
	cmd.Flags().BoolVar(&suggest, "suggest", false, "print candidate merges with their evidence, as an alias file to review")
	cmd.Flags().StringVar(&aliases, "aliases", "", "alias file (TSV: canonical name, then aliases) applied before the rules")
	cmd.Flags().IntVar(&top, "top", 10, "players listed in the summary")
	return cmd
}
