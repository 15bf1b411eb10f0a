package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/players"
)

func newPlayersCmd() *cobra.Command {
	var rf runFlags
	var out, aliases string
	var suggest bool
	var top int
	cmd := &cobra.Command{
		Use:   "players (-o DIR | --suggest) [flags] PATH...",
		Short: "Resolve player names to one identity per player",
		Long: `players reads the games under PATH (records, or export datasets: directories
holding games.parquet) and resolves the Red and Black names to players: one
identity per person across titles, places and clubs, traditional and
simplified script, width and romanized names (README, Players). With -o DIR it
writes DIR/players.parquet (player_id, name, spellings with their counts,
games, first and last year, score as Red and as Black) and prints a summary:
names as written and after normalization, players, the names merged by each
rule, the top players by games with their spellings.

--suggest prints instead candidate merges that no rule makes (the same game
under two names, a romanized name matching several Chinese names, names of
one event that read alike or differ by one character), with their evidence,
as an alias file to review: keep the lines that are one person and pass the
file to --aliases (here or to export).

Exit code: 0 done; 2 usage or I/O error, or an alias file that cannot be
read (the error names its line); 130 interrupted.`,
		Example: `  xqtool players -o players/ records/
  xqtool players --suggest records/ > aliases.tsv
  xqtool players --aliases aliases.tsv -o players/ ds/`,
		Args: needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if (out == "") == !suggest {
				return usageErr("players: give -o DIR or --suggest")
			}
			a, err := readAliasFile(aliases)
			if err != nil {
				return err
			}
			opt, err := rf.options(cmd)
			if err != nil {
				return err
			}
			s := players.NewSink(a)
			s.KeepGames = suggest
			if _, err := rf.run(cmd, args, opt, s); err != nil {
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
				return usageErr("%v", err)
			}
			path := filepath.Join(out, dataset.PlayersName+".parquet")
			f, err := output.Open(path, nil)
			if err != nil {
				return usageErr("%v", err)
			}
			if err := players.WritePlayers(f, table.Players(), nil); err != nil {
				f.Abort()
				return err
			}
			if err := f.Commit(); err != nil {
				return usageErr("%v", err)
			}
			printPlayers(w, table, top)
			fmt.Fprintf(w, "wrote %s\n", path)
			return nil
		},
	}
	rf.register(cmd)
	cmd.Flags().StringVarP(&out, "output", "o", "", "directory to write players.parquet into")
	cmd.Flags().BoolVar(&suggest, "suggest", false, "print candidate merges with their evidence, as an alias file to review")
	cmd.Flags().StringVar(&aliases, "aliases", "", "alias file (TSV: canonical name, then aliases) applied before the rules")
	cmd.Flags().IntVar(&top, "top", 10, "players listed in the summary")
	return cmd
}

// readAliasFile reads the alias file at path ("" none).
func readAliasFile(path string) (*players.Aliases, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	defer f.Close()
	a, err := players.ReadAliases(f)
	if err != nil {
		return nil, usageErr("%s: %v", path, err)
	}
	return a, nil
}

// printPlayers writes the summary of a resolution.
func printPlayers(w io.Writer, t *players.Table, top int) {
	raw, norm := t.Spellings()
	row := func(name string, v any) { fmt.Fprintf(w, "%-32s %10v\n", name, v) }
	row("games", t.Games())
	row("names as written", raw)
	row("names after red_norm", norm)
	row("players", len(t.Players()))
	rules := t.Rules()
	for _, r := range []string{players.RuleKey, players.RulePlace, players.RuleBare, players.RulePinyin, players.RuleRoman, players.RuleLiteral, players.RuleAlias} {
		if n := rules[r]; n > 0 {
			row("names by rule "+r, n)
		}
	}
	ps := slices.Clone(t.Players())
	slices.SortStableFunc(ps, func(a, b players.Player) int { return b.Games - a.Games })
	fmt.Fprintf(w, "\ntop players by games:\n")
	for i, p := range ps[:min(top, len(ps))] {
		var sp []string
		for _, s := range p.Spellings {
			sp = append(sp, fmt.Sprintf("%s (%d)", strings.TrimSpace(s.Text), s.Count))
		}
		fmt.Fprintf(w, "%2d. %s  %s  %d games, %s: %s\n", i+1, p.ID, p.Name, p.Games, yearSpan(p), strings.Join(sp, ", "))
	}
}

func yearSpan(p players.Player) string {
	switch {
	case p.FirstYear == 0:
		return "years unknown"
	case p.FirstYear == p.LastYear:
		return fmt.Sprint(p.FirstYear)
	}
	return fmt.Sprintf("%d-%d", p.FirstYear, p.LastYear)
}
