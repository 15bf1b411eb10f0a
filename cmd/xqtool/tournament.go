package main

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/players"
	"github.com/xqtool/xqtool/tournament"
)

func newTournamentCmd() *cobra.Command {
	var rf runFlags
	var htmlPath, out, aliases string
	var limit, minGames int
	var noPlayers bool
	var strict bool
	cmd := &cobra.Command{
		Use:     "tournament [--html FILE] [-o DIR] [flags] PATH...",
		Short:   "Group games into events, build crosstables and check each event",
		Long:    help("tournament.txt"),
		Example: help("tournament.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, err := rf.options(cmd)
			if err != nil {
				return err
			}
			if limit < 0 {
				return usageErr("--html-limit must be 0 or more, got %d", limit)
			}
			a, err := readAliasFile(aliases)
			if err != nil {
				return err
			}
			if noPlayers && a != nil {
				return usageErr("tournament: --aliases and --no-players exclude each other")
			}
			// Players are told apart by their identity (package players,
			// an annotator that finishes before the tournament's).
			topt := tournament.Options{Positions: htmlPath != ""}
			var sinks []pipeline.Sink
			if !noPlayers {
				ps := players.NewSink(a)
				topt.Identity = ps.Player
				sinks = append(sinks, ps)
			}
			t := tournament.NewSink(topt)
			sinks = append(sinks, t)
			abort := func(err error) error {
				for _, s := range sinks {
					s.Abort()
				}
				return err
			}
			if out != "" {
				created, err := output.MkdirAll(out)
				if err != nil {
					return abort(usageErr("%v", err))
				}
				f, err := output.Open(filepath.Join(out, dataset.EventsName+".parquet"), nil)
				if err != nil {
					created.Remove()
					return abort(usageErr("%v", err))
				}
				rf.outputs = append(rf.outputs, f.Path())
				sinks = append(sinks, tournament.NewEventsFile(t, f, created))
			}
			if htmlPath != "" {
				f, err := output.Open(htmlPath, cmd.OutOrStdout())
				if err != nil {
					return abort(usageErr("%v", err))
				}
				if f.Path() != "" {
					rf.outputs = append(rf.outputs, htmlPath)
				}
				sinks = append(sinks, htmlreport.NewEventsPage(f, t, limit, minGames))
			}
			if _, err := rf.run(cmd, args, opt, sinks...); err != nil {
				return err
			}
			if htmlPath != "-" {
				if t.WriteSummary(cmd.OutOrStdout()) && strict {
					return &exitError{code: 1}
				}
			}
			return nil
		},
	}
	rf.register(cmd)
	rf.registerOutput(cmd)
	registerStrict(cmd, &strict, "a check of severity warning fired")
	cmd.Flags().StringVar(&htmlPath, "html", "", "write the events page (crosstables, flags, diagrams) to FILE")
	cmd.Flags().IntVar(&limit, "html-limit", htmlreport.DefaultLimit, "draw the final position of at most N flagged games on the page")
	cmd.Flags().IntVar(&minGames, "min-games", 2, "show on the page the events of at least N games (counted once per cluster of copies), and every flagged one")
	cmd.Flags().StringVarP(&out, "output", "o", "", "write DIR/events.parquet")
	cmd.Flags().StringVar(&aliases, "aliases", "", "alias file of players (TSV: canonical name, then aliases)")
	cmd.Flags().BoolVar(&noPlayers, "no-players", false, "tell players apart by their normalized names, without resolving players")
	return cmd
}
