package records

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/dedupe"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
)

// pgnTagOrder is the fixed order of the leading tags of written PGN; the
// record's other tags follow in their order.
var pgnTagOrder = []string{
	parse.TagGame, parse.TagEvent, parse.TagSite, parse.TagDate, parse.TagRound, parse.TagRedTeam, parse.TagRed, parse.TagBlackTeam, parse.TagBlack,
	parse.TagResult, parse.TagECCO, parse.TagOpening, parse.TagVariation,
}

// pgnGameName is the value of the Game tag.
const pgnGameName = "Chinese Chess"

// ErrUnreadable is returned by WritePGN and ResolveRecord for a report
// whose record could not be read.
var ErrUnreadable = errors.New("export: record could not be read")

// Markers of comments that keep what could not be written as moves.
const (
	unplayablePrefix = "unplayable: "
	badVarPrefix     = "unplayable variation: "
)

// WritePGN writes the game of r as normalized UTF-8 PGN in notation n.
//
// Tags come in a fixed order (Game, Event, Site, Date, Round, RedTeam, Red,
// BlackTeam, Black, Result, ECCO, Opening, Variation, then the others in
// record order, each name once); FEN is written only when the start is not
// the standard position, and Format for WXF and ICCS. The move tree is
// replayed on the board, so every move — variations included, each
// against its own position — is written in the chosen notation, with move
// numbers, comments {…} and variations ( … ). Moves that cannot be played
// are kept as a comment "unplayable: …" after the last playable move of
// their line (a variation whose first move cannot be played becomes a
// comment "unplayable variation: …"). In comments, carriage returns are
// dropped, "}" is written as "｝"
// and a "[" that starts a line as "［", so the text cannot end the comment
// or look like a tag line.
func WritePGN(w io.Writer, g *pipeline.Game, n Notation) error {
	p, err := NewPGN(g, n)
	if err != nil {
		return err
	}
	return p.Write(w, nil)
}

// PGN is one game as written PGN, held in two parts so that the tags can
// still change before it is written (tags filled from the game's copies,
// known only after the whole input was read): the tags and result, and
// the movetext.
type PGN struct {
	// Tags and Result are the tags and result written.
	Tags   parse.Tags
	Result string
	// FEN is the start position written in the FEN tag ("" for the
	// standard start).
	FEN  string
	n    Notation
	body []byte // the movetext without the result
	col  int    // the width of the body's last line
}

// PlyNote is what a written PGN adds to one position of the main line
// besides the record's own text: engine evaluations, for one (package
// annotate). The note of ply i (i ≥ 1) goes with move i: its NAG after the
// move, its comment at the head of the comment that follows the move; the
// note of ply 0 is written before the first move.
type PlyNote struct {
	// Comment is the text written (made safe as comments are).
	Comment string
	// NAG is a numeric annotation glyph for the move, written $NAG
	// unless the record marks the move with the same one already (0:
	// none).
	NAG int
}

// NewPGN renders the game's movetext in notation n; the game's tags and
// result are copied into the PGN.
func NewPGN(g *pipeline.Game, n Notation) (*PGN, error) {
	return NewAnnotatedPGN(g, n, nil)
}

// NewAnnotatedPGN is NewPGN with notes on the main line, by ply (see
// PlyNote); notes beyond the main line's playable moves are not written.
func NewAnnotatedPGN(g *pipeline.Game, n Notation, notes []PlyNote) (*PGN, error) {
	r := g.Report()
	rec := g.Record()
	if rec == nil || r.ReadErr != nil {
		return nil, ErrUnreadable
	}
	if n == "" {
		n = Chinese
	}
	p := &PGN{Result: g.Result(), n: n}
	p.Tags = cloneTags(g.Tags())
	if r.Game != nil && r.Game.HasStart {
		if fen := r.Game.Start.FEN(); fen != board.StartFEN {
			p.FEN = fen
		}
	} else if rec.FEN != "" {
		p.FEN = strings.Clone(rec.FEN)
	}
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	pw := &pgnWriter{w: bw, n: n}
	if len(notes) > 0 && r.Game != nil && r.Game.HasStart {
		pw.notes = notes
	}
	if c := pgnComment(pw.noteText(0, rec.Root.Comment)); c != "" {
		pw.token(c)
	}
	if r.Game != nil && r.Game.HasStart {
		if root := &rec.Root; len(root.Children) > 0 {
			pw.moves = resolvedMoves(r.Game.Start, rec)
			pw.line(r.Game.Start, root.Children[0], root.Children[1:], 1)
		}
	} else if len(rec.Root.Children) > 0 {
		pw.token(pgnComment(unplayablePrefix + restOfLine(rec.Root.Children[0])))
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	p.body, p.col = buf.Bytes(), pw.col
	return p, nil
}

// Write writes the game: its tags with fills set (a filled Result tag is
// also the result), the movetext and the result.
func (p *PGN) Write(w io.Writer, fills []dedupe.Fill) error {
	tags, result := p.Tags, p.Result
	if len(fills) > 0 {
		tags = append(parse.Tags(nil), tags...)
		for _, f := range fills {
			tags.Set(f.Name, f.Value)
			if f.Name == parse.TagResult {
				result = f.Value
			}
		}
	}
	bw := bufio.NewWriter(w)
	pw := &pgnWriter{w: bw, n: p.n}
	pw.tags(tags, result, p.FEN)
	bw.WriteByte('\n')
	bw.Write(p.body)
	pw.col = p.col
	pw.token(result)
	bw.WriteString("\n\n")
	return bw.Flush()
}

type pgnWriter struct {
	w     *bufio.Writer
	n     Notation
	moves map[*parse.Node]board.Move // the playable moves of the tree (resolvedMoves)
	col   int                        // bytes on the current movetext line
	notes []PlyNote                  // of the main line, by ply
}

// noteText returns the comment after main-line ply ply (0: before the
// first move): the note's text, then the record's comment c. An engine
// evaluation of an earlier annotation ([%eval …]) is left out of c when
// the note brings its own.
func (pw *pgnWriter) noteText(ply int, c string) string {
	if ply < 0 || ply >= len(pw.notes) || pw.notes[ply].Comment == "" {
		return c
	}
	note := pw.notes[ply].Comment
	if strings.Contains(note, "[%eval ") {
		c = evalCommand.ReplaceAllString(c, "")
	}
	if c = strings.TrimSpace(c); c != "" {
		return note + " " + c
	}
	return note
}

// evalCommand matches an evaluation command of a PGN comment.
var evalCommand = regexp.MustCompile(`\[%eval [^\]]*\]`)

// noteNAG returns the NAG token of main-line ply ply, "" for none or one
// the record already gives (as a token in nags or a glued mark).
func (pw *pgnWriter) noteNAG(ply int, glued string, nags []string) string {
	if ply < 1 || ply >= len(pw.notes) || pw.notes[ply].NAG <= 0 {
		return ""
	}
	nag := pw.notes[ply].NAG
	tok := "$" + strconv.Itoa(nag)
	if slices.Contains(nags, tok) || gluedNAG[glued] == nag {
		return ""
	}
	return tok
}

// gluedNAG are the NAGs of the marks glued to moves.
var gluedNAG = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// resolvedMoves returns the moves of rec's tree that can be played from
// start, by node, as replay.Walk resolves them: a node missing from the
// map cannot be played (nor can anything under it).
func resolvedMoves(start board.Position, rec *parse.Record) map[*parse.Node]board.Move {
	moves := make(map[*parse.Node]board.Move)
	replay.Walk(start, &rec.Root, rec.Notation, func(s replay.Step) {
		if s.Err == nil {
			moves[s.Node] = s.Move
		}
	})
	return moves
}

// pgnMaxLine is the width (in characters) movetext lines are wrapped at.
const pgnMaxLine = 80

// token writes one movetext token, wrapping lines.
func (pw *pgnWriter) token(s string) {
	if pw.col > 0 {
		if pw.col+1+utf8.RuneCountInString(s) > pgnMaxLine {
			pw.w.WriteByte('\n')
			pw.col = 0
		} else {
			pw.w.WriteByte(' ')
			pw.col++
		}
	}
	pw.w.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		pw.col = utf8.RuneCountInString(s[i+1:])
	} else {
		pw.col += utf8.RuneCountInString(s)
	}
}

func (pw *pgnWriter) tags(tags parse.Tags, result, fen string) {
	tag := func(name, value string) {
		pw.w.WriteByte('[')
		pw.w.WriteString(name)
		pw.w.WriteString(` "`)
		pw.w.WriteString(pgnTagValue(value))
		pw.w.WriteString("\"]\n")
	}
	for _, name := range pgnTagOrder {
		switch name {
		case parse.TagGame:
			tag(name, pgnGameName)
		case parse.TagResult:
			tag(name, result)
		default:
			if v, ok := tags.Get(name); ok {
				tag(name, v)
			}
		}
	}
	if fen != "" {
		tag(parse.TagFEN, fen)
	}
	switch pw.n {
	case WXF:
		tag(parse.TagFormat, "WXF")
	case ICCS:
		tag(parse.TagFormat, "ICCS")
	}
outer:
	for i, t := range tags {
		name := pgnTagName(t.Name)
		if name == "" || strings.EqualFold(name, parse.TagFEN) || strings.EqualFold(name, parse.TagFormat) {
			continue
		}
		for _, o := range pgnTagOrder {
			if strings.EqualFold(o, name) {
				continue outer
			}
		}
		for _, u := range tags[:i] {
			if strings.EqualFold(pgnTagName(u.Name), name) {
				continue outer
			}
		}
		tag(name, t.Value)
	}
}

// pgnTagName returns a tag name with every character the PGN reader does
// not accept in names replaced by '_' ("" for an empty name).
func pgnTagName(s string) string {
	ok := true
	for i := 0; i < len(s); i++ {
		if !pgnNameByte(s[i]) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	b := []byte(s)
	for i := range b {
		if !pgnNameByte(b[i]) {
			b[i] = '_'
		}
	}
	return string(b)
}

func pgnNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// pgnTagValue keeps a tag value on one line and unable to end the tag
// early.
func pgnTagValue(s string) string {
	if strings.ContainsAny(s, "\r\n\"") {
		s = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ", `"]`, `" ]`).Replace(s)
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

// pgnComment returns {c} with c made safe, or "" for an empty comment.
func pgnComment(c string) string {
	// Control characters other than line ends and tabs cannot stand in
	// PGN text (a reader drops them as damage): they are left out.
	c = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, c))
	if c == "" {
		return ""
	}
	c = strings.ReplaceAll(c, "}", "｝")
	if strings.Contains(c, "\n") {
		lines := strings.Split(c, "\n")
		for i, l := range lines {
			if t := strings.TrimLeft(l, " \t\r\f\v"); strings.HasPrefix(t, "[") {
				lines[i] = l[:len(l)-len(t)] + "［" + t[1:]
			}
		}
		c = strings.Join(lines, "\n")
	}
	if !utf8.ValidString(c) {
		c = strings.ToValidUTF8(c, "\uFFFD")
	}
	return "{" + c + "}"
}

// pgnSuffix returns the annotation marks of a suffix that can be written
// back: !, ?, !!, ??, !?, ?! glued to the move and $N as separate tokens.
func pgnSuffix(s string) (glued string, nags []string) {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '!' || c == '?':
			glued += string(c)
			i++
		case c == '$':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j > i+1 {
				nags = append(nags, s[i:j])
			}
			i = j
		default:
			i++
		}
	}
	if len(glued) > 2 {
		glued = glued[:2]
	}
	return glued, nags
}

// line writes the line that starts with move n (an alternative to the
// moves alts, which are written as variations after it) from position p.
// Every line starts with a move number. ply is the main-line ply of n (0
// for a variation), for the notes.
func (pw *pgnWriter) line(p board.Position, n *parse.Node, alts []*parse.Node, ply int) {
	number := true
	for n != nil {
		m, ok := pw.moves[n]
		if !ok {
			pw.token(pgnComment(unplayablePrefix + restOfLine(n)))
			return
		}
		fm := max(p.FullMove(), 1)
		switch {
		case p.Side() == board.Red:
			pw.token(strconv.Itoa(fm) + ".")
		case number:
			pw.token(strconv.Itoa(fm) + "...")
		}
		number = false
		glued, nags := pgnSuffix(n.Suffix)
		pw.token(formatMove(pw.n, &p, m) + glued)
		for _, g := range nags {
			pw.token(g)
		}
		if nag := pw.noteNAG(ply, glued, nags); nag != "" {
			pw.token(nag)
		}
		comment := n.Comment
		if ply > 0 {
			comment = pw.noteText(ply, comment)
		}
		if c := pgnComment(comment); c != "" {
			pw.token(c)
			number = true
		}
		for _, alt := range alts {
			number = true
			if _, ok := pw.moves[alt]; !ok {
				pw.token(pgnComment(badVarPrefix + restOfLine(alt)))
				continue
			}
			pw.token("(")
			pw.line(p, alt, nil, 0)
			pw.token(")")
		}
		if ply > 0 {
			ply++
		}
		p.MakeMove(m)
		if len(n.Children) == 0 {
			return
		}
		alts = n.Children[1:]
		n = n.Children[0]
	}
}
