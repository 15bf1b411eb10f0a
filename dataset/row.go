package dataset

import (
	"encoding/binary"
	"strings"

	"github.com/xqtool/xqtool/board"
	"github.com/xqtool/xqtool/flags"
	"github.com/xqtool/xqtool/parse"
	"github.com/xqtool/xqtool/pipeline"
	"github.com/xqtool/xqtool/replay"
	"github.com/xqtool/xqtool/tagnorm"
)

// gameRow is one game as the dataset writes it: everything its rows of
// games.parquet and flags.parquet hold (and, for a dataset completed after
// the pass, its rows of positions.parquet). The sink builds it from the
// game during the pass and keeps it in a spool until the verdicts of
// duplicate detection complete it (cluster, duplicate flag, filled tags).
type gameRow struct {
	num      int
	id       string
	source   string
	index    int
	format   string
	encoding string
	tags     parse.Tags
	// startFEN is the normalized start position, or the FEN as recorded
	// when no position could be built ("" when unknown); hasStart tells
	// which.
	startFEN string
	hasStart bool
	moves    []board.Move
	// checks tells, move by move, whether it gives check (as the replay
	// found): the spool keeps it so that positions written from a spooled
	// row need not look for checks again.
	checks []bool
	result string // declared: 1-0, 0-1, 1/2-1/2 or *
	byPos  string // result_by_position, "" for null
	term   string
	status string
	flags  []flags.Flag
	ecco   [3]string // computed code, opening, variation

	// Set by the verdict.
	clusterID, dupKind, dupOf string
	eventID                   string // the note event_id
	// Set by the annotators' notes (players).
	redID, blackID string
}

// rowOf builds the row of a game. Its strings are copies: the row
// outlives the record.
func rowOf(g *pipeline.Game, buf *gameRow) *gameRow {
	r := g.Report()
	rec := g.Record()
	row := buf
	*row = gameRow{
		num: g.Num(), id: g.ID(), source: strings.Clone(rec.Source), index: rec.Index,
		format: string(rec.Format), encoding: rec.Encoding,
		tags: row.tags[:0], moves: row.moves[:0], checks: row.checks[:0], flags: row.flags[:0],
		result: g.Result(), byPos: r.ResultByPosition, term: r.Termination, status: string(r.Status),
		ecco: [3]string{r.Opening.Code, r.Opening.Opening, r.Opening.Variation},
	}
	for _, t := range g.Tags() {
		row.tags = append(row.tags, parse.Tag{Name: strings.Clone(t.Name), Value: strings.Clone(t.Value)})
	}
	if gm := r.Game; gm != nil && gm.HasStart {
		row.startFEN, row.hasStart = gm.Start.FEN(), true
		for _, p := range gm.Plies {
			row.moves = append(row.moves, p.Move)
			row.checks = append(row.checks, p.Check)
		}
	} else {
		row.startFEN = startFEN(rec, r.ReadErr)
	}
	for _, f := range r.Flags {
		f.Detail = strings.Clone(f.Detail)
		row.flags = append(row.flags, f)
	}
	return row
}

// startFEN is the start position of a record none could be built for: the
// FEN as recorded, the standard one when none was recorded, "" when the
// record could not be read.
func startFEN(rec *parse.Record, readErr error) string {
	if rec.FEN == "" && readErr == nil {
		return board.StartFEN
	}
	return strings.Clone(strings.TrimSpace(rec.FEN))
}

// complete applies a verdict: the cluster columns, the flags it adds, the
// tags it fills, the game's final state.
func (row *gameRow) complete(d pipeline.Dup) {
	row.status = string(d.State)
	row.clusterID = d.ClusterID(row.id)
	row.dupKind = d.Kind.String()
	row.dupOf = d.DuplicateOf()
	row.eventID = d.Note(colEventID)
	row.redID, row.blackID = d.Note(colRedID), d.Note(colBlackID)
	row.flags = append(row.flags, d.Flags...)
	if len(d.Fills) > 0 {
		row.tags = d.FillTags(row.tags)
		row.result = d.Result(row.result)
	}
}

// year is the year of the game's Date tag, 0 when none can be read.
func (row *gameRow) year() int {
	return tagnorm.ParseDate(row.tags.Value(parse.TagDate)).Year
}

// redResult returns the result from Red's side: +1, 0, −1, ok false when
// unknown. The result decided by the final position wins over the
// declared one.
func (row *gameRow) redResult() (int8, bool) {
	res := row.byPos
	if res == "" {
		res = row.result
	}
	switch res {
	case "1-0":
		return 1, true
	case "0-1":
		return -1, true
	case "1/2-1/2":
		return 0, true
	}
	return 0, false
}

// line returns the row's start position and its moves played again from
// it (appended to buf): what positions.parquet is written from. A game
// without a start position has none.
func (row *gameRow) line(buf []replay.Ply) (board.Position, []replay.Ply, error) {
	if !row.hasStart {
		return board.Position{}, buf, nil
	}
	setup, err := board.ParseFEN(row.startFEN)
	if err != nil {
		return board.Position{}, buf, err
	}
	start, err := board.NewPositionRelaxed(setup, ^board.PositionErrorKinds(0))
	if err != nil {
		return board.Position{}, buf, err
	}
	p := start
	known := len(row.checks) == len(row.moves)
	for i, m := range row.moves {
		capture := p.Piece(m.To())
		p.MakeMove(m)
		check := known && row.checks[i]
		if !known {
			check = p.InCheck()
		}
		buf = append(buf, replay.Ply{Key: p.Key(), Move: m, Capture: capture, Check: check})
	}
	return start, buf, nil
}

// checkBit marks a spooled move that gives check.
const checkBit = 1 << 15

// appendTo encodes the row (without its number, which pipeline.Held
// keeps, and without the verdict's fields) after b.
func (row *gameRow) appendTo(b []byte) []byte {
	for _, s := range []string{row.id, row.source} {
		b = pipeline.AppendString(b, s)
	}
	b = pipeline.AppendUvarint(b, row.index)
	for _, s := range []string{row.format, row.encoding, row.startFEN, row.result, row.byPos, row.term, row.status, row.ecco[0], row.ecco[1], row.ecco[2]} {
		b = pipeline.AppendString(b, s)
	}
	hasStart := 0
	if row.hasStart {
		hasStart = 1
	}
	b = pipeline.AppendUvarint(b, hasStart)
	b = pipeline.AppendUvarint(b, len(row.tags))
	for _, t := range row.tags {
		b = pipeline.AppendString(pipeline.AppendString(b, t.Name), t.Value)
	}
	// A replayed move is 14 bits (board.Move.Valid): the top bit holds
	// whether it gives check.
	b = pipeline.AppendUvarint(b, len(row.moves))
	for i, m := range row.moves {
		v := uint16(m)
		if row.checks[i] {
			v |= checkBit
		}
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	b = pipeline.AppendUvarint(b, len(row.flags))
	for _, f := range row.flags {
		b = pipeline.AppendString(b, string(f.Code))
		b = pipeline.AppendUvarint(b, f.Ply)
		b = pipeline.AppendString(pipeline.AppendString(b, f.Side), f.Detail)
	}
	return b
}

// decode reads what appendTo wrote into row, reusing its slices.
func (row *gameRow) decode(b []byte) error {
	d := pipeline.NewDecoder(b)
	*row = gameRow{tags: row.tags[:0], moves: row.moves[:0], checks: row.checks[:0], flags: row.flags[:0]}
	row.id, row.source = d.String(), d.String()
	row.index = d.Uvarint()
	for _, p := range []*string{&row.format, &row.encoding, &row.startFEN, &row.result, &row.byPos, &row.term, &row.status, &row.ecco[0], &row.ecco[1], &row.ecco[2]} {
		*p = d.String()
	}
	row.hasStart = d.Uvarint() == 1
	for n := d.Uvarint(); n > 0 && !d.Failed(); n-- {
		row.tags = append(row.tags, parse.Tag{Name: d.String(), Value: d.String()})
	}
	n := d.Uvarint()
	moves := d.Bytes(2 * n)
	for i := range len(moves) / 2 {
		v := binary.LittleEndian.Uint16(moves[2*i:])
		row.moves = append(row.moves, board.Move(v&^checkBit))
		row.checks = append(row.checks, v&checkBit != 0)
	}
	for n := d.Uvarint(); n > 0 && !d.Failed(); n-- {
		code := flags.Code(d.String())
		f := flags.Flag{Code: code, Severity: code.Severity(), Ply: d.Uvarint(), Side: d.String(), Detail: d.String()}
		row.flags = append(row.flags, f)
	}
	return d.Err()
}
