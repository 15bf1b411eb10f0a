package htmlreport

import (
	"bufio"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/xqtool/xqtool/analyze"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/svgboard"
)

// Run describes what the page reports on, beyond its games.
type Run struct {
	// Inputs are the paths the run read (or the report files rendered).
	Inputs []string
}

// page writes HTML through a scratch buffer.
type page struct {
	w   *bufio.Writer
	b   []byte
	err error
}

func (p *page) flush() {
	if p.err == nil {
		_, p.err = p.w.Write(p.b)
	}
	p.b = p.b[:0]
}

func (p *page) raw(s string) {
	p.b = append(p.b, s...)
	if len(p.b) > 1<<15 {
		p.flush()
	}
}

func (p *page) text(s string) { p.b = svgboard.AppendEscaped(p.b, s) }

// inputs writes a run's inputs, each as code.
func (p *page) inputs(in []string) {
	for i, s := range in {
		if i > 0 {
			p.raw(" ")
		}
		p.raw("<code>")
		p.text(s)
		p.raw("</code>")
	}
}

func (p *page) int(n int) { p.b = strconv.AppendInt(p.b, int64(n), 10) }

// json appends s as a JSON string, with <, > and & escaped (safe inside a
// script element) and invalid UTF-8 replaced.
func (p *page) json(s string) {
	q, _ := json.Marshal(s) // a string always marshals
	p.b = append(p.b, q...)
}

// WriteTo writes the page: the run, the chart, the table and the
// diagrams. The same games in the same order give the same bytes.
func (b *Builder) WriteTo(w io.Writer, run Run) error {
	b.dropOK()
	p := &page{w: bufio.NewWriterSize(w, 1<<16)}
	p.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>xqtool report</title>\n")
	p.raw(`<meta name="viewport" content="width=device-width, initial-scale=1">` + "\n<style>" + svgboard.FontFaceCSS() + css + "</style></head>\n<body>\n")
	b.writeRun(p, run)
	b.writeChart(p)
	b.writeTable(p)
	b.writeGames(p)
	p.raw("<script>" + script + "</script>\n</body></html>\n")
	p.flush()
	if p.err != nil {
		return p.err
	}
	return p.w.Flush()
}

func (b *Builder) writeRun(p *page, run Run) {
	p.raw("<h1>xqtool report</h1>\n<header><div><h2>The run</h2><table class=\"run\">\n")
	p.raw("<tr><th>inputs</th><td>")
	p.inputs(run.Inputs)
	p.raw("</td></tr>\n<tr><th>rules</th><td>")
	p.text(strings.Join(b.rules, ", "))
	p.raw("</td></tr>\n")
	for _, c := range []struct {
		name string
		n    int
	}{{"files", len(b.sources) + b.otherFiles}, {"games", b.games}, {"ok", b.ok}, {"warning", b.warnings}, {"error", b.errors}, {"plies", b.plies}} {
		p.raw("<tr><th>")
		p.raw(c.name)
		p.raw("</th><td class=\"num\" id=\"count-")
		p.raw(c.name)
		p.raw("\">")
		p.int(c.n)
		p.raw("</td></tr>\n")
	}
	p.raw("</table></div>\n")
}

// codesByCount returns the codes seen by severity (errors first), then
// most games first, then by name.
func (b *Builder) codesByCount() []flags.Code {
	codes := make([]flags.Code, 0, len(b.byCode))
	for c := range b.byCode {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, func(x, y flags.Code) int {
		if d := x.Severity().Rank() - y.Severity().Rank(); d != 0 {
			return d
		}
		if d := b.byCode[y] - b.byCode[x]; d != 0 {
			return d
		}
		return strings.Compare(string(x), string(y))
	})
	return codes
}

// writeChart draws games per code as horizontal bars, each a link that
// filters the table to that code. The bars are HTML, as wide as the
// screen allows.
func (b *Builder) writeChart(p *page) {
	codes := b.codesByCount()
	p.raw("<section id=\"chart\"><h2>Games per flag code</h2>\n")
	if len(codes) == 0 {
		p.raw("<p>No game carries a flag.</p></section></header>\n")
		return
	}
	most := 0 // the longest bar's count (codes come by severity first)
	for _, c := range codes {
		most = max(most, b.byCode[c])
	}
	p.raw("<ul class=\"chart\">\n")
	for _, c := range codes {
		n := b.byCode[c]
		p.raw(`<li><a class="bar" href="#code-`)
		p.text(string(c))
		p.raw(`" title="`)
		p.text(meaning(c))
		p.raw(`"><span class="lbl">`)
		p.text(string(c))
		p.raw(`</span><span class="track"><span style="width:`)
		p.b = strconv.AppendFloat(p.b, max(0.5, float64(n)*100/float64(most)), 'f', 1, 64)
		p.raw(`%;background:`)
		p.raw(barColor(c))
		p.raw(`"></span></span><span class="n">`)
		p.int(n)
		if l := b.listed[c]; l != n {
			p.raw(" (")
			p.int(l)
			p.raw(" listed)")
		}
		p.raw("</span></a></li>\n")
	}
	p.raw("</ul>\n<p class=\"hint\">Bars count every game carrying the code (errors in red, warnings in orange, info in grey); the table lists the games with an error or a warning. Click a bar to filter the table.</p></section></header>\n")
}

// barColor colours a bar by the severity of its code.
func barColor(code flags.Code) string {
	switch code.Severity() {
	case flags.Info:
		return "#90a4ae"
	case flags.Error:
		return "#c62828"
	}
	return "#ef6c00"
}

// PageRows is the number of table rows the page shows at a time; the
// table pages through the rest (the rows are data in the page, drawn by
// its script, so a run of any size opens quickly).
const PageRows = 500

// writeTable writes the filters, an empty table and the rows as JSON data
// that the script sorts, filters and draws a page at a time: {"p": the
// directory all sources share, "s": strings, "r": rows}, each row [source
// (after p), game number, red, black, event, date, result, status,
// codes, anchor of the drawn game or ""], every field but the game number
// an index into the strings. The rows come in page order (errors first,
// then input order), the order the table starts in.
func (b *Builder) writeTable(p *page) {
	p.raw("<section id=\"list\"><h2>Games with an error or a warning</h2>\n")
	codes := make([]flags.Code, 0, len(b.listed))
	for c := range b.listed {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, bySeverity)
	for _, c := range b.codesByCount() {
		p.raw(`<a id="code-`)
		p.text(string(c))
		p.raw(`"></a>`)
	}
	sevs := map[analyze.Status]int{}
	sources := make([]string, 0, len(b.rows))
	for i := range b.rows {
		sevs[b.rows[i].status]++
		sources = append(sources, b.rows[i].source)
	}
	dir := commonDir(sources)
	p.raw("\n<div class=\"filters\"><label>status <select id=\"sev\"><option value=\"\">any</option>")
	for _, s := range []analyze.Status{analyze.StatusError, analyze.StatusWarning} {
		if sevs[s] == 0 {
			continue
		}
		p.raw(`<option value="`)
		p.raw(string(s))
		p.raw(`">`)
		p.raw(string(s))
		p.raw(" (")
		p.int(sevs[s])
		p.raw(")</option>")
	}
	p.raw("</select></label> <label>code <select id=\"code\"><option value=\"\">any</option>")
	for _, c := range codes {
		p.raw(`<option value="`)
		p.text(string(c))
		p.raw(`">`)
		p.text(string(c))
		p.raw(" (")
		p.int(b.listed[c])
		p.raw(")</option>")
	}
	p.raw("</select></label> <label>text <input id=\"text\" type=\"search\" placeholder=\"source, player, event…\"></label> ")
	p.raw("<span><span id=\"shown\">")
	p.int(len(b.rows))
	p.raw("</span> of ")
	p.int(len(b.rows))
	p.raw(" games</span> <span class=\"pager\"><button id=\"prev\" type=\"button\" aria-label=\"previous page\">&lsaquo;</button> <span id=\"pageno\"></span> <button id=\"next\" type=\"button\" aria-label=\"next page\">&rsaquo;</button></span>")
	p.raw(" <button id=\"csv\" type=\"button\" title=\"the games shown, all pages, in this order\">download CSV</button></div>\n")
	if dir != "" {
		p.raw("<p class=\"hint\" id=\"srcdir\">Sources are under <code>")
		p.text(dir)
		p.raw("</code>; point at one for its whole path.</p>\n")
	}
	p.raw("<noscript><p>The table is drawn by the page's script; the report file lists every game.</p></noscript>\n")
	p.raw("<div class=\"tablewrap\"><table id=\"games\"><thead><tr>")
	for i, h := range tableColumns {
		p.raw(`<th data-col="`)
		p.int(i)
		p.raw(`"><button type="button">`)
		p.raw(h)
		p.raw("</button></th>")
	}
	p.raw("</tr></thead>\n<tbody></tbody></table></div></section>\n")
	drawn := map[int]bool{}
	for _, i := range b.selected() {
		drawn[i] = true
	}
	// The data: a table of the distinct strings and the rows as numbers
	// (an index into the table, or the game number), so repeated sources,
	// events, dates and code lists cost a few bytes each. JSON with <, >
	// and & escaped: it cannot end the script element.
	index := map[string]int{}
	var strs []string
	id := func(s string) int {
		i, ok := index[s]
		if !ok {
			i = len(strs)
			index[s] = i
			strs = append(strs, s)
		}
		return i
	}
	cells := make([]int, 0, 10*len(b.rows))
	var anchor []byte
	for _, i := range b.order() {
		r := &b.rows[i]
		anchor = anchor[:0]
		if drawn[i] {
			anchor = strconv.AppendInt(append(anchor, "g-"...), int64(i+1), 10)
		}
		cells = append(cells, id(r.source[len(dir):]), r.index+1, id(r.red), id(r.black), id(r.event), id(r.date),
			id(r.result), id(string(r.status)), id(joinCodes(r.codes)), id(string(anchor)))
	}
	p.raw("<script type=\"application/json\" id=\"rows\">{\"p\":")
	p.json(dir)
	p.raw(",\"s\":[")
	for i, s := range strs {
		if i > 0 {
			p.raw(",")
		}
		p.json(s)
	}
	p.raw("],\n\"r\":[")
	for i := 0; i < len(cells); i += 10 {
		if i > 0 {
			p.raw(",\n")
		}
		p.raw("[")
		for j, c := range cells[i : i+10] {
			if j > 0 {
				p.raw(",")
			}
			p.int(c)
		}
		p.raw("]")
		if len(p.b) > 1<<15 {
			p.flush()
		}
	}
	p.raw("]}</script>\n")
}

// tableColumns are the table's headings, in the order of a row's fields.
var tableColumns = [...]string{"source", "game", "red", "black", "event", "date", "result", "status", "codes"}

// boardSymbol is the id of the empty board the diagrams share.
const boardSymbol = "xq-board"

// writeGames writes a section per drawn game, in input order, after a
// line that says how many are drawn and, when games have no diagram for
// want of moves, why.
func (b *Builder) writeGames(p *page) {
	sel := b.selected()
	drawable := 0 // games with an error or a warning whose record was read
	for i := range b.rows {
		if !slices.Contains(b.rows[i].codes, flags.UnreadableRecord) {
			drawable++
		}
	}
	views := make([]view, len(sel))
	diagrams, noMoves := 0, 0
	for k, i := range sel {
		views[k] = newView(b.rows[i].game)
		if views[k].diagram != nil {
			diagrams++
		}
		if b.rows[i].game.Moves == nil {
			noMoves++
		}
	}
	p.raw("<section id=\"diagrams\"><h2>The flagged games, board by board</h2>\n<p id=\"drawn\">")
	switch {
	case len(sel) > 0 && noMoves == len(sel):
		p.raw("No diagrams: the report these games come from was written without <code>--with-moves</code>, so it holds no moves to set up the positions from. ")
		p.raw("Their flags and tags follow; for the diagrams, write the report again with <code>validate --with-moves --report FILE</code>, or write the page in the same run with <code>validate --html FILE</code>.")
	default:
		p.raw("Diagrams for ")
		p.int(diagrams)
		p.raw(" of ")
		p.int(drawable)
		p.raw(" games")
		if left := drawable - len(sel); left > 0 {
			p.raw("; ")
			p.int(left)
			p.raw(" left out (at most ")
			p.int(b.limit)
			p.raw(" are drawn: the first game of every code, then the games with an error, then those with a warning, in input order; --html-limit sets it)")
		}
		if n := len(b.rows) - drawable; n > 0 {
			p.raw("; records that could not be read (")
			p.int(n)
			p.raw(") have none")
		}
		if n := len(sel) - diagrams; n > 0 {
			p.raw("; ")
			p.int(n)
			p.raw(" shown without one (each says why)")
		}
		p.raw(".")
	}
	p.raw("</p>\n")
	p.b = append(p.b, svgboard.BackgroundSymbol(boardSymbol)...)
	p.raw("\n")
	for k, i := range sel {
		b.writeGame(p, i, b.rows[i].game, &views[k])
	}
	p.raw("</section>\n")
}

func (b *Builder) writeGame(p *page, i int, g *Game, v *view) {
	r := &b.rows[i]
	p.raw(`<section class="game" id="g-`)
	p.int(i + 1)
	p.raw(`" data-codes="`)
	p.text(joinCodes(r.codes))
	p.raw(`" data-sev="`)
	p.raw(string(r.status))
	p.raw(`"><h3><a href="#g-`)
	p.int(i + 1)
	p.raw(`">`)
	p.text(g.Source)
	p.raw(" #")
	p.int(g.Index + 1)
	p.raw("</a>")
	if t := gameTitle(g.Tags); t != "" {
		p.raw(" ")
		p.text(t)
	}
	if g.Result != "" {
		p.raw(" <span class=\"result\">")
		p.text(g.Result)
		p.raw("</span>")
	}
	p.raw("</h3>\n<div class=\"cols\">")
	if v.diagram != nil {
		v.diagram.Background = boardSymbol
		p.raw("<figure>")
		p.b = v.diagram.Append(p.b)
		p.raw("<figcaption>")
		p.text(v.caption)
		p.raw("</figcaption></figure>")
	}
	p.raw("<div class=\"info\"><ul class=\"flags\">")
	for _, f := range g.Flags {
		p.raw(`<li class="`)
		p.text(string(f.Severity))
		p.raw(`"`)
		text := flagText(g, f, v)
		if text != f.Detail && f.Detail != "" {
			p.raw(` title="`)
			p.text(f.Detail)
			p.raw(`"`)
		}
		p.raw(`><b title="`)
		p.text(meaning(f.Code))
		p.raw(`">`)
		p.text(string(f.Code))
		p.raw("</b>")
		if f.Ply > 0 {
			p.raw(" at ")
			p.text(plyPlace(g.FEN, f.Ply))
		}
		if text != "" {
			p.raw(": ")
			p.text(text)
		}
		p.raw("</li>")
	}
	p.raw("</ul>")
	if v.note != "" {
		p.raw("<p class=\"note\">")
		p.text(v.note)
		p.raw("</p>")
	}
	names := make([]string, 0, len(g.Tags))
	for k, val := range g.Tags {
		if strings.TrimSpace(val) != "" {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	if len(names) > 0 {
		p.raw("<table class=\"tags\">")
		for _, k := range names {
			p.raw("<tr><th>")
			p.text(k)
			p.raw("</th><td>")
			p.text(g.Tags[k])
			p.raw("</td></tr>")
		}
		p.raw("</table>")
	}
	p.raw("</div></div>\n")
	p.raw("<p class=\"moves own\"><span class=\"lbl\">record (")
	p.text(g.Format)
	p.raw(")</span> ")
	writeLine(p, v.own, v.mark, g.FEN, len(g.Moves))
	p.raw("</p>\n<p class=\"moves chinese\"><span class=\"lbl\">Chinese</span> ")
	writeLine(p, v.chinese, v.mark, g.FEN, len(v.chinese))
	p.raw("</p></section>\n")
	p.flush()
}

// writeLine writes moves with their numbers (the first ply's number and
// side come from the FEN); plies in mark get its class, plies past played
// the class "unplayed".
func writeLine(p *page, moves []string, mark map[int]string, fen string, played int) {
	if len(moves) == 0 {
		p.raw("<em>no moves</em>")
		return
	}
	num, black := fenMoveNumber(fen)
	for i, m := range moves {
		ply := i + 1
		if !black || i == 0 {
			p.raw("<i>")
			p.int(num)
			if black && i == 0 {
				p.raw("…")
			} else {
				p.raw(".")
			}
			p.raw("</i>")
		}
		cls := mark[ply]
		if ply > played && cls == "" {
			cls = "unplayed"
		}
		if cls != "" {
			// Only marked plies are elements: a long line stays short.
			p.raw(`<span data-ply="`)
			p.int(ply)
			p.raw(`" class="`)
			p.raw(cls)
			p.raw(`">`)
			p.text(m)
			p.raw("</span> ")
		} else {
			p.text(m)
			p.raw(" ")
		}
		if black {
			num++
		}
		black = !black
	}
}

// fenMoveNumber returns the full-move number and whether Black moves
// first, from a FEN's side and move-number fields (1 and Red by default).
func fenMoveNumber(fen string) (int, bool) {
	f := strings.Fields(fen)
	black := len(f) > 1 && (f[1] == "b" || f[1] == "B")
	num := 1
	if len(f) > 5 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 && n < 1e6 {
			num = n
		}
	}
	return num, black
}

// joinCodes joins codes with spaces.
func joinCodes(codes []flags.Code) string {
	var b strings.Builder
	for i, c := range codes {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(string(c))
	}
	return b.String()
}
