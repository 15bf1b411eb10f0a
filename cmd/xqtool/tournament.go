package main

import (
	"errors"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/htmlreport"
	"github.com/xqtool/xqtool/internal/cliflags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/players"
	"github.com/xqtool/xqtool/tournament"
)

func newTournamentCmd() *cobra.Command {
	var rf cliflags.Run
	var htmlPath, out, aliases string
	var limit, minGames int
	var noPlayers, strict bool
	cmd := &cobra.Command{
		Use:     "tournament [--html FILE] [-o DIR] [flags] PATH...",
		Short:   "Group games into events, build crosstables and check each event",
		Long:    help("tournament.txt"),
		Example: help("tournament.example.txt"),
		Args:    needArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opt, err := rf.Options(cmd)
			if err != nil {
				return err
			}
			if err := cliflags.CheckLimit(limit); err != nil {
				return err
			}
			a, err := cliflags.ReadAliases(aliases)
			if err != nil {
				return err
			}
			if noPlayers && a != nil {
				return errors.New("tournament: --aliases and --no-players exclude each other")
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
			if out != "" {
				created, err := output.MkdirAll(out)
				var f *output.File
				if err == nil {
					if f, err = output.Open(filepath.Join(out, dataset.EventsName+".parquet"), nil); err != nil {
						created.Remove()
					}
				}
				if err != nil {
					cliflags.Abort(sinks)
					return err
				}
				rf.Outputs = append(rf.Outputs, f.Path())
				sinks = append(sinks, tournament.NewEventsFile(t, f, created))
			}
			if htmlPath != "" {
				f, err := output.Open(htmlPath, cmd.OutOrStdout())
				if err != nil {
					cliflags.Abort(sinks)
					return err
				}
				if f.Path() != "" {
					rf.Outputs = append(rf.Outputs, htmlPath)
				}
				sinks = append(sinks, htmlreport.NewEventsPage(f, t, limit, minGames))
			}
			if _, err := rf.Run(cmd, args, opt, sinks...); err != nil {
				return err
			}
			if htmlPath != "-" && t.WriteSummary(cmd.OutOrStdout()) && strict {
				return exit1
			}
			return nil
		},
	}
	rf.Register(cmd)
	rf.RegisterOutput(cmd)
	registerStrict(cmd, &strict, "a check of severity warning fired")
	cmd.Flags().StringVar(&htmlPath, "html", "", "write the events page (crosstables, flags, diagrams) to FILE")
	cmd.Flags().IntVar(&limit, "html-limit", htmlreport.DefaultLimit, "draw the final position of at most N flagged games on the page")
	cmd.Flags().IntVar(&minGames, "min-games", 2, "show on the page the events of at least N games (counted once per cluster of copies), and every flagged one")
	cmd.Flags().StringVarP(&out, "output", "o", "", "write DIR/events.parquet")
	cmd.Flags().StringVar(&aliases, "aliases", "", "alias file of players (TSV: canonical name, then aliases)")
	cmd.Flags().BoolVar(&noPlayers, "no-players", false, "tell players apart by their normalized names, without resolving players")
	return cmd
}
