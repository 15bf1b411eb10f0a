package htmlreport

import (
	"bufio"
	"io"
	"slices"
	"strconv"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/internal/output"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/svgboard"
	"github.com/xqtool/xqtool/tournament"
)

// eventsCSS adds the crosstables to the report page's style.
const eventsCSS = `
section.event{background:#fff;border:1px solid #ddd;border-radius:4px;padding:12px;margin:12px 0}section.event>h2{margin-top:0}
table.cross{border-collapse:collapse;font-size:12px;margin:6px 0}table.cross th,table.cross td{border:1px solid #ddd;padding:2px 6px;text-align:center}
table.cross th.name,table.cross td.name{text-align:left;white-space:nowrap}table.cross td.self{background:#eee}table.cross td.pts{font-weight:600}
table.cross a{color:inherit;text-decoration:none}table.cross a:hover{text-decoration:underline}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:12px;margin:0 0 8px}dl.meta dt{color:#555}dl.meta dd{margin:0;overflow-wrap:anywhere}
ul.rounds{font-size:12px;padding-left:18px}ul.rounds li{margin:2px 0}
`

// EventsPage collects what the events page draws besides the tournament
// sink's events: nothing during the pass (the tournament sink keeps the
// final positions with Options.Positions), the page written at Finish.
type EventsPage struct {
	pipeline.NopSink
	t        *tournament.Sink
	out      *output.File
	inputs   []string
	limit    int // diagrams drawn at most
	minGames int // events of fewer counted games are left out unless flagged
}

// NewEventsPage returns a sink that writes the page of t's events to out
// when the run is over: events with at least minGames counted games or a
// flag, and diagrams of at most limit flagged games. t must run with
// Options.Positions and come before the page in the run's sinks.
func NewEventsPage(out *output.File, t *tournament.Sink, limit, minGames int) *EventsPage {
	return &EventsPage{t: t, out: out, limit: limit, minGames: minGames}
}

// Start records the run's inputs.
func (s *EventsPage) Start(info pipeline.Info) error { s.inputs = info.Inputs; return nil }

// Finish writes the page.
func (s *EventsPage) Finish(*pipeline.Verdicts) error {
	return WriteEvents(s.out, s.t, Run{Inputs: s.inputs}, s.limit, s.minGames)
}

// Commit completes the page.
func (s *EventsPage) Commit() error { return s.out.Commit() }

// Abort removes the page.
func (s *EventsPage) Abort() { s.out.Abort() }

// WriteEvents writes the events page of a finished tournament sink: the
// run, a table of the events with checks that fired, then each event
// shown (see NewEventsPage) with its crosstable and flagged games, then
// the flagged games with their final position. The same run gives the
// same bytes.
func WriteEvents(w io.Writer, t *tournament.Sink, run Run, limit, minGames int) error {
	p := &page{w: bufio.NewWriterSize(w, 1<<16)}
	p.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>xqtool events</title>\n")
	p.raw(`<meta name="viewport" content="width=device-width, initial-scale=1">` + "\n<style>" + svgboard.FontFaceCSS() + css + eventsCSS + "</style></head>\n<body>\n")
	events := t.Events()
	var shown []*tournament.Event
	for _, e := range events {
		if e.Counted >= minGames || len(e.Flagged) > 0 {
			shown = append(shown, e)
		}
	}
	flagged := t.FlaggedGames()
	p.raw("<h1>xqtool events</h1>\n<table class=\"run\">\n<tr><th>inputs</th><td>")
	p.inputs(run.Inputs)
	p.raw("</td></tr>\n")
	row := func(name, id string, n int) {
		p.raw("<tr><th>")
		p.text(name)
		p.raw("</th><td class=\"num\" id=\"count-")
		p.raw(id)
		p.raw("\">")
		p.int(n)
		p.raw("</td></tr>\n")
	}
	row("events", "events", len(events))
	row("events shown", "shown", len(shown))
	row("flagged games", "flagged", len(flagged))
	byCode := t.Flagged()
	for _, c := range tournament.Checks {
		row(string(c), string(c), byCode[c])
	}
	p.raw("</table>\n<p class=\"hint\">Shown: every event with a flag, and those of at least ")
	p.int(minGames)
	p.raw(" games counted once per cluster of copies (<code>--min-games</code>).</p>\n")
	writeFlaggedEvents(p, events)
	for _, e := range shown {
		writeEvent(p, t, e)
	}
	writeFlaggedGames(p, t, flagged, limit)
	p.raw("</body></html>\n")
	p.flush()
	if p.err != nil {
		return p.err
	}
	return p.w.Flush()
}

// writeFlaggedEvents lists the events with checks that fired.
func writeFlaggedEvents(p *page, events []*tournament.Event) {
	p.raw("<h2>Events with checks that fired</h2>\n<table class=\"cross\" id=\"flagged-events\"><tr><th class=\"name\">event</th><th>games</th><th>flags</th></tr>\n")
	for _, e := range events {
		if len(e.Flagged) == 0 {
			continue
		}
		p.raw("<tr><td class=\"name\"><a href=\"#e-")
		p.raw(e.ID)
		p.raw("\">")
		p.text(e.Name)
		p.raw("</a></td><td>")
		p.int(e.Games)
		p.raw("</td><td class=\"name\">")
		p.text(codeCounts(e.Flags))
		p.raw("</td></tr>\n")
	}
	p.raw("</table>\n")
}

// codeCounts formats per-code counts as "code ×n, …" in table order.
func codeCounts(m map[flags.Code]int) string {
	codes := make([]flags.Code, 0, len(m))
	for c := range m {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, func(a, b flags.Code) int { return a.Order() - b.Order() })
	s := ""
	for i, c := range codes {
		if i > 0 {
			s += ", "
		}
		s += string(c) + " ×" + strconv.Itoa(m[c])
	}
	return s
}

// gameLink opens a link to a flagged game's section (#g-NUM), or for a
// game without a section a span whose title names it (source#N); closeLink
// closes it.
func gameLink(p *page, t *tournament.Sink, num int, title string) {
	g := t.GameOf(num)
	if len(g.Flags()) > 0 {
		p.raw("<a href=\"#g-")
		p.int(num)
		p.raw("\" title=\"")
	} else {
		p.raw("<span title=\"")
	}
	p.text(g.Ref())
	if title != "" {
		p.raw(", ")
		p.text(title)
	}
	p.raw("\">")
}

func closeLink(p *page, t *tournament.Sink, num int) {
	if len(t.GameOf(num).Flags()) > 0 {
		p.raw("</a>")
	} else {
		p.raw("</span>")
	}
}

// writeEvent writes one event: its facts, crosstable and flags.
func writeEvent(p *page, t *tournament.Sink, e *tournament.Event) {
	p.raw("<section class=\"event\" id=\"e-")
	p.raw(e.ID)
	p.raw("\" data-format=\"")
	p.raw(string(e.Format))
	p.raw("\"><h2>")
	p.text(e.Name)
	p.raw("</h2>\n<dl class=\"meta\"><dt>event_id</dt><dd><code>")
	p.raw(e.ID)
	p.raw("</code></dd>")
	meta := func(k, v string) {
		if v == "" {
			return
		}
		p.raw("<dt>")
		p.text(k)
		p.raw("</dt><dd>")
		p.text(v)
		p.raw("</dd>")
	}
	if len(e.Names) > 1 {
		s := ""
		for i, n := range e.Names {
			if i > 0 {
				s += "; "
			}
			s += n.Text + " ×" + strconv.Itoa(n.Games)
		}
		meta("spellings", s)
	}
	meta("dates", e.Span.String())
	meta("site", e.Site)
	meta("format", string(e.Format))
	meta("games", strconv.Itoa(e.Games)+" ("+strconv.Itoa(e.Counted)+" counted once per cluster of copies)")
	p.raw("</dl>\n")
	if e.Format == tournament.ByRound {
		writeStandings(p, e)
		writeRounds(p, t, e)
	} else {
		writeTable(p, t, e)
	}
	if len(e.Flagged) > 0 {
		p.raw("<h3>Flags</h3><ul class=\"flags\">")
		for _, num := range e.Flagged {
			g := t.GameOf(num)
			for _, f := range g.Flags() {
				p.flagCode(f)
				p.raw(" <a href=\"#g-")
				p.int(num)
				p.raw("\">")
				p.text(g.Ref())
				p.raw("</a>: ")
				p.text(f.Detail)
				p.raw("</li>")
			}
		}
		p.raw("</ul>\n")
	}
	p.raw("</section>\n")
	p.flush()
}

// writeTable writes a round robin's players × players table.
func writeTable(p *page, t *tournament.Sink, e *tournament.Event) {
	p.raw("<table class=\"cross\"><tr><th>#</th><th class=\"name\">player</th>")
	for i := range e.Players {
		p.raw("<th>")
		p.int(i + 1)
		p.raw("</th>")
	}
	p.raw("<th>points</th></tr>\n")
	for i, pl := range e.Players {
		openPlayerRow(p, pl)
		p.raw("</td>")
		for j := range e.Players {
			if i == j {
				p.raw("<td class=\"self\"></td>")
				continue
			}
			p.raw("<td>")
			for k, c := range e.Cells(i, j) {
				if k > 0 {
					p.raw(" ")
				}
				side := "black"
				if c.Red {
					side = "red"
				}
				gameLink(p, t, c.Num, side)
				p.text(c.Score)
				closeLink(p, t, c.Num)
			}
			p.raw("</td>")
		}
		closePlayerRow(p, pl, "<td class=\"pts\">")
	}
	p.raw("</table>\n")
}

// writeStandings writes the players by points.
func writeStandings(p *page, e *tournament.Event) {
	p.raw("<table class=\"cross\"><tr><th>#</th><th class=\"name\">player</th><th>games</th><th>+</th><th>=</th><th>−</th><th>points</th></tr>\n")
	for _, pl := range e.Players {
		openPlayerRow(p, pl)
		for _, n := range []int{pl.Games, pl.Wins, pl.Draws, pl.Losses} {
			p.raw("</td><td>")
			p.int(n)
		}
		closePlayerRow(p, pl, "</td><td class=\"pts\">")
	}
	p.raw("</table>\n")
}

// openPlayerRow starts a player's row of a table of an event: the rank
// and the name, its cell left open.
func openPlayerRow(p *page, pl tournament.Player) {
	p.raw("<tr><td>")
	p.int(pl.Rank)
	p.raw("</td><td class=\"name\">")
	p.text(pl.Name)
}

// closePlayerRow ends a player's row with the points cell, opened by
// open.
func closePlayerRow(p *page, pl tournament.Player, open string) {
	p.raw(open)
	p.text(pl.Points())
	p.raw("</td></tr>\n")
}

// writeRounds lists the counted games by round.
func writeRounds(p *page, t *tournament.Sink, e *tournament.Event) {
	name := func(i int) string {
		if i < 0 {
			return "?"
		}
		return e.Players[i].Name
	}
	p.raw("<ul class=\"rounds\">")
	for _, r := range e.Rounds {
		p.raw("<li><b>")
		if r.Name == "" {
			p.raw("no round")
		} else {
			p.raw("round ")
			p.text(r.Name)
		}
		p.raw("</b>: ")
		for k, g := range r.Games {
			if k > 0 {
				p.raw("; ")
			}
			gameLink(p, t, g.Num, "")
			p.text(name(g.Red) + " – " + name(g.Black) + " " + g.Result)
			closeLink(p, t, g.Num)
			if r.Name == "" && g.Date != "" {
				p.raw(" (")
				p.text(g.Date)
				p.raw(")")
			}
		}
		p.raw("</li>")
	}
	p.raw("</ul>\n")
}

// writeFlaggedGames writes a section per flagged game, with a diagram of
// its final position for the first limit.
func writeFlaggedGames(p *page, t *tournament.Sink, nums []int, limit int) {
	p.raw("<section id=\"diagrams\"><h2>Flagged games</h2>\n")
	p.b = append(p.b, svgboard.BackgroundSymbol(boardSymbol)...)
	p.raw("\n")
	for k, num := range nums {
		g := t.GameOf(num)
		p.raw(`<section class="game" id="g-`)
		p.int(num)
		p.raw(`" data-codes="`)
		p.text(joinCodes(flags.Codes(g.Flags())))
		p.raw(`"><h3>`)
		p.text(g.Ref())
		p.raw(" ")
		p.text(g.Red + " – " + g.Black + " " + g.Result)
		p.raw("</h3>\n<div class=\"cols\">")
		if k < limit && g.Final != "" {
			if st, err := board.ParseFEN(g.Final + " w - - 0 1"); err == nil {
				d := svgboard.Diagram{Board: st.Board, Title: "final position of " + g.Ref(), Width: 300, Background: boardSymbol}
				p.raw("<figure>")
				p.b = d.Append(p.b)
				p.raw("<figcaption>final position</figcaption></figure>")
			}
		}
		p.raw("<div class=\"info\"><ul class=\"flags\">")
		for _, f := range g.Flags() {
			p.flagCode(f)
			if f.Side != "" {
				p.raw(" (")
				p.raw(f.Side)
				p.raw(")")
			}
			p.raw(": ")
			p.text(f.Detail)
			p.raw("</li>")
		}
		p.raw("</ul><table class=\"tags\">")
		for _, kv := range [][2]string{{"Event", g.Event}, {"Round", g.Round}, {"Date", g.Date}, {"Site", g.Site}, {"Red", g.Red}, {"Black", g.Black}, {"Result", g.Result}} {
			if kv[1] == "" {
				continue
			}
			p.raw("<tr><th>")
			p.raw(kv[0])
			p.raw("</th><td>")
			p.text(kv[1])
			p.raw("</td></tr>")
		}
		p.raw("</table>")
		if id := g.EventID(); id != "" {
			p.raw("<p><a href=\"#e-")
			p.raw(id)
			p.raw("\">event</a></p>")
		}
		p.raw("</div></div></section>\n")
		p.flush()
	}
	p.raw("</section>\n")
}

// flagCode opens a flag's list item: its severity as the class, its code
// with its meaning as the title.
func (p *page) flagCode(f flags.Flag) {
	p.raw(`<li class="`)
	p.raw(string(f.Severity))
	p.raw(`"><b title="`)
	p.text(meaning(f.Code))
	p.raw(`">`)
	p.text(string(f.Code))
	p.raw("</b>")
}
