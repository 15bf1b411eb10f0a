package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/xqtool/xqtool/dataset"
	"github.com/xqtool/xqtool/flags"
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
		Use:   "tournament [--html FILE] [-o DIR] [flags] PATH...",
		Short: "Group games into events, build crosstables and check each event",
		Long: `tournament reads every game under PATH like validate, groups the games into
events (the Event tag normalized, and its year: README, Events and
tournaments), tells players apart as export does (package players: titles,
places, scripts and romanizations resolved; --aliases, --no-players), builds each event's crosstable (a players × players table for a
round robin, else the games listed by round) and runs the checks a tournament
record needs: pairing_conflict, result_conflict and date_outside_event
(warnings), repeated_pairing and name_variants (info). Copies of a game count
once. It prints the events by format and, per check, the games flagged and
the events they belong to. --html writes one self-contained page with every
event of at least --min-games games or with a flag: its crosstable, its flags
and the flagged games with a diagram of their final position. -o DIR writes
DIR/events.parquet (export writes it too, beside games.parquet).

Exit code: 0 done (--strict: 1 when a check of severity warning fired), 2 usage or I/O
error or nothing to read, 130 interrupted.`,
		Example: `  xqtool tournament --html events.html records/
  xqtool tournament -o events/ records/`,
		Args: needArgs,
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
				sinks = append(sinks, &eventsFile{t: t, out: f, created: created})
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
				if printEvents(cmd.OutOrStdout(), t) && strict {
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

// eventsFile writes events.parquet when the run is over.
type eventsFile struct {
	pipeline.NopSink
	t       *tournament.Sink
	out     *output.File
	created output.Dirs // removed by Abort
}

func (s *eventsFile) Finish(*pipeline.Verdicts) error {
	return tournament.WriteEvents(s.out, s.t.Events(), nil)
}
func (s *eventsFile) Commit() error { return s.out.Commit() }
func (s *eventsFile) Abort()        { s.out.Abort(); s.created.Remove() }

// printEvents prints the events by format and the checks that fired, and
// reports whether a check of severity warning did.
func printEvents(w io.Writer, t *tournament.Sink) bool {
	row := func(indent int, name string, n ...int) {
		fmt.Fprintf(w, "%*s%-*s", indent, "", labelWidth-indent, name)
		for _, v := range n {
			fmt.Fprintf(w, " %10d", v)
		}
		fmt.Fprintln(w)
	}
	events := t.Events()
	formats := map[tournament.Format]int{}
	games, counted := 0, 0
	evFlagged := map[flags.Code]int{}
	for _, e := range events {
		formats[e.Format]++
		games += e.Games
		counted += e.Counted
		for c := range e.Flags {
			evFlagged[c]++
		}
	}
	row(0, "events", len(events))
	row(2, "round robin", formats[tournament.RoundRobin])
	row(2, "double round robin", formats[tournament.DoubleRoundRobin])
	row(2, "listed by round", formats[tournament.ByRound])
	row(0, "games in events", games)
	row(2, "counted once", counted)
	fmt.Fprintf(w, "%-*s %10s %10s\n", labelWidth, "check", "games", "events")
	byCode := t.Flagged()
	warn := false
	for _, c := range tournament.Checks {
		row(2, string(c), byCode[c], evFlagged[c])
		if byCode[c] > 0 && c.Severity() == flags.Warning {
			warn = true
		}
	}
	return warn
}
